// @ts-check
// The page of a password reset link (`/reset/{token}`, printed by the operator's `mancala-server admin
// reset-password NAME` or mailed from `/forgot`): the player chooses a new password once; every session of
// the account is then signed out, and the page sends them to sign in with it. Drawn as the game page is:
// a controller (account/forgot.js) holds the fields typed, its view is a pure function of it.

import { ResetCtrl, resetView } from '../account/forgot.js';
import { t } from '../i18n.js';
import { redrawer } from '../patch.js';

/** The catalog's books this page's words are in. */
export const books = ['account', 'reset'];

/**
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { token }) {
  document.title = `${t('reset.title')} · Mancala`;
  let gone = false;
  const draw = redrawer(main, () => resetView(ctrl));
  const ctrl = new ResetCtrl(token, () => !gone && draw());
  draw();
  return () => {
    gone = true;
  };
}
