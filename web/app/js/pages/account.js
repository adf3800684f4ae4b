// @ts-check
// The account page: the signed-in name, changing the password (every other session is signed out), the
// email address, the API tokens for scripts and bots (create one, shown once; revoke), the players it
// blocks, two-step sign-in, download my data and close my account. Drawn as the game page is: a
// controller (account/ctrl.js, with its parts email.js and twostep.js) holds the state, every field typed
// and the actions, the views (account/view/*.js) are pure functions of it, every redraw one keyed
// snabbdom patch.

import { AccountCtrl } from '../account/ctrl.js';
import { view } from '../account/view/main.js';
import { t } from '../i18n.js';
import { focusAsked, redrawer } from '../patch.js';

/** The catalog's books this page's words are in. */
export const books = ['account', 'blocks', 'twostep', 'email'];

/** @param {HTMLElement} main */
export function mount(main) {
  document.title = `${t('account.title')} · Mancala`;
  const draw = redrawer(
    main,
    () => view(ctrl),
    () => focusAsked(main, ctrl),
  );
  const ctrl = new AccountCtrl(() => !ctrl.gone && draw());
  draw();
  ctrl.start();
  return () => ctrl.stop();
}
