// @ts-check
// The "Report" dialog: a player reported from their profile, from a game (the opponent) or from a chat
// line (the line's number goes with it, so the moderator reads the words). A modal <dialog> of its own
// under `body`, so any page can open it: a controller (what is reported, the fields, sent or not) and a
// pure view patched by snabbdom. Once sent, the dialog says so and its only button is "Close"; the
// outcome is never told (docs/moderation.md).

import { call } from '../net/api.js';
import { loadBook, t } from '../i18n.js';
import { field, focusAsked, redrawer } from '../patch.js';
import { errorText } from '../ui.js';
import { h } from '../vendor/snabbdom.js';
import { moderationStyle } from './style.js';

const REASONS = ['cheat', 'insult', 'leave', 'boost', 'name', 'other'];

/** @typedef {{player: string, game?: string | null, line?: number | null, text?: string | null, reason?: string}} Reported */

export class ReportCtrl {
  /**
   * @param {Reported} what
   * @param {() => void} redraw
   */
  constructor(what, redraw) {
    this.what = what;
    this.redraw = redraw;
    this.reason = what.reason || (what.line ? 'insult' : 'other');
    this.text = '';
    this.sending = false;
    this.sent = false;
    this.status = '';
    /** A selector under `body` to focus after the next redraw (the text first, Close once sent). */
    this.focusNext = '#report-text';
    /** @type {HTMLDialogElement | null} the dialog, once in the document */
    this.dialog = null;
  }

  /** @param {HTMLDialogElement} dialog */
  opened(dialog) {
    this.dialog = dialog;
    dialog.showModal();
  }

  close() {
    this.dialog?.close();
  }

  /** The dialog closed (Close, Cancel, Escape): it leaves the document. */
  closed() {
    this.dialog?.remove();
  }

  async send() {
    this.sending = true;
    this.redraw();
    try {
      const body = { player: this.what.player, reason: this.reason, text: this.text };
      if (this.what.game) Object.assign(body, { game: this.what.game });
      if (this.what.line) Object.assign(body, { line: this.what.line });
      await call('POST', '/api/reports', body);
      this.sent = true;
      this.status = t('report.sent');
      this.focusNext = '#report-close';
    } catch (err) {
      this.status = t('report.error', { reason: errorText(err) });
    }
    this.sending = false;
    this.redraw();
  }
}

/** @param {ReportCtrl} ctrl */
export function view(ctrl) {
  const { what, sent } = ctrl;
  return h(
    'dialog#report-dialog.report-dialog',
    {
      attrs: { 'aria-labelledby': 'report-title' },
      hook: { insert: (v) => ctrl.opened(/** @type {HTMLDialogElement} */ (v.elm)) },
      on: { close: () => ctrl.closed() },
    },
    [
      h(
        'form',
        {
          attrs: { method: 'dialog' },
          on: {
            submit: (/** @type {SubmitEvent} */ e) => {
              e.preventDefault();
              ctrl.send();
            },
          },
        },
        [
          h('h2#report-title', t('report.title', { name: what.player })),
          what.text ? h('p.muted.small', t('report.quoted', { text: what.text })) : null,
          h('label', [
            t('report.reason'),
            ' ',
            field(
              'select#report-reason',
              { attrs: { name: 'reason', disabled: sent } },
              ctrl.reason,
              (v) => (ctrl.reason = v),
              REASONS.map((r) => h('option', { attrs: { value: r } }, t(`report.reason.${r}`))),
            ),
          ]),
          h('label.block', [
            t('report.text'),
            h('br'),
            field(
              'textarea#report-text',
              { attrs: { name: 'text', maxlength: 500, rows: 3, required: true, disabled: sent } },
              ctrl.text,
              (v) => (ctrl.text = v),
            ),
          ]),
          h('p', [
            h(
              'button#report-send',
              { attrs: { type: 'submit', hidden: sent, disabled: ctrl.sending } },
              t('report.send'),
            ),
            ' ',
            h(
              'button#report-close.ghost',
              { attrs: { type: 'button' }, on: { click: () => ctrl.close() } },
              t(sent ? 'report.close' : 'report.cancel'),
            ),
          ]),
          h('p#report-status.small', { attrs: { role: 'status' } }, ctrl.status),
        ],
      ),
    ],
  );
}

/**
 * Opens the dialog to report `player`, about `game` and its chat line `line` (with its `text`) when given.
 * @param {Reported} what
 */
export async function openReport(what) {
  await loadBook('moderation');
  moderationStyle();
  document.getElementById('report-dialog')?.remove();
  const draw = redrawer(
    document.body,
    () => view(ctrl),
    () => focusAsked(document.body, ctrl),
  );
  const ctrl = new ReportCtrl(what, () => draw());
  draw();
}
