// @ts-check
// "Forgot your password?" (`/forgot`), and the page of an email confirmation link (`/email/{token}`: one
// route for both keeps the router small). Drawn as the game page is: a controller (account/forgot.js)
// holds the state and the field typed, its view is a pure function of it, patched by snabbdom.

import { ConfirmCtrl, ForgotCtrl, confirmView, forgotView } from '../account/forgot.js';
import { t } from '../i18n.js';
import { redrawer } from '../patch.js';

/** The catalog's books this page's words are in. */
export const books = ['account', 'email'];

/**
 * `/forgot`, or with `token` the page of an email confirmation link (`/email/{token}`).
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { token }) {
  document.title = `${t(token ? 'confirm.title' : 'forgot.title')} · Mancala`;
  let gone = false;
  const redraw = () => !gone && draw();
  const ctrl = token ? new ConfirmCtrl(token, redraw) : new ForgotCtrl(redraw);
  const draw = redrawer(main, () =>
    ctrl instanceof ConfirmCtrl ? confirmView(ctrl) : forgotView(/** @type {ForgotCtrl} */ (ctrl)),
  );
  draw();
  ctrl.start();
  return () => {
    gone = true;
  };
}
