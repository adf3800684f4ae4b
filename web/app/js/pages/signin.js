// @ts-check
// Sign in and sign up: a name and a password (8 to 256 characters), then a code when the account has
// two-step sign-in. Drawn as the game page is: a controller (account/signin.js) holds the fields typed,
// the step and the actions, its view is a pure function of it, every redraw one keyed snabbdom patch.

import { SigninCtrl, view } from '../account/signin.js';
import { t } from '../i18n.js';
import { focusAsked, redrawer } from '../patch.js';

/** The catalog's books this page's words are in. */
export const books = ['account', 'twostep', 'email'];

/**
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { mode }) {
  const up = mode === 'signup';
  document.title = `${t(up ? 'auth.signup' : 'auth.signin')} · Mancala`;
  let gone = false;
  const draw = redrawer(
    main,
    () => view(ctrl),
    () => focusAsked(main, ctrl),
  );
  const ctrl = new SigninCtrl(up, new URLSearchParams(location.search).get('next'), () => !gone && draw());
  draw();
  return () => {
    gone = true;
  };
}
