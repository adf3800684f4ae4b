// @ts-check
// What moderation shows a signed-in person on every page: a moderator's warning, until acknowledged
// (`GET /api/account`'s `warnings`, `POST /api/account/warnings/{id}/acknowledge`), and for a moderator a
// link to `/mod` in the header (session.js's header draws it). The warnings are a controller (those not yet
// acknowledged) and a pure view patched by snabbdom in a `div#warnings` put before `main`.

import { api, call } from '../net/api.js';
import { showModLink } from '../session.js';
import { loadBook, t } from '../i18n.js';
import { redrawerAt } from '../redraw.js';
import { h } from '../vendor/snabbdom.js';
import { moderationStyle } from './style.js';

/** @typedef {import('../types.js').Account['warnings'][number]} Warning */

export class NoticesCtrl {
  /** @param {() => void} redraw */
  constructor(redraw) {
    this.redraw = redraw;
    /** @type {Warning[]} the warnings shown, not yet acknowledged */
    this.warnings = [];
  }

  /** @param {Warning[]} warnings */
  show(warnings) {
    this.warnings = warnings;
    this.redraw();
  }

  /**
   * The person has read `w`: the server is told, then it goes (it stays if the server did not hear).
   * @param {Warning} w
   */
  async acknowledge(w) {
    await call('POST', `/api/account/warnings/${encodeURIComponent(w.id)}/acknowledge`);
    this.warnings = this.warnings.filter((x) => x.id !== w.id);
    this.redraw();
  }
}

/** @param {NoticesCtrl} ctrl */
export const view = (ctrl) =>
  h(
    'div#warnings',
    ctrl.warnings.map((w) =>
      h('div.warning-notice', { key: w.id, attrs: { role: 'alert', 'data-warning': w.id } }, [
        h('strong', t('warning.title')),
        h('p', w.text),
        h('button', { attrs: { type: 'button' }, on: { click: () => ctrl.acknowledge(w) } }, t('warning.ack')),
      ]),
    ),
  );

/** @type {NoticesCtrl | null} */
let notices = null;

/** The controller, its view put before `main` the first time. */
function mounted() {
  if (notices) return notices;
  const root = document.createElement('div');
  document.getElementById('main')?.before(root);
  const draw = redrawerAt(root, () => view(ctrl));
  const ctrl = new NoticesCtrl(() => draw());
  notices = ctrl;
  return ctrl;
}

/** Asks the account once and shows what it holds. */
export async function start() {
  let account;
  try {
    account = await api.account();
  } catch {
    return;
  }
  if (!account.moderator && !account.warnings.length) return;
  await loadBook('moderation');
  moderationStyle();
  if (account.moderator) showModLink();
  mounted().show(account.warnings);
}
