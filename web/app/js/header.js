// @ts-check
// The header's corner (`#who` of index.html): the signed-in name (a link to the player's page), for a
// moderator the link to `/mod`, the account and sign out; or the sign in and sign up links. A controller
// (who, whether a moderator) and a pure view patched by snabbdom in place of `#who`, redrawn when the
// session changes. Moderation's notices (moderation/notices.js) say when the account is a moderator.

import { t } from './i18n.js';
import { redrawerAt } from './redraw.js';
import { me, onChange, ready, signout } from './session.js';
import { h } from './vendor/snabbdom.js';

export class HeaderCtrl {
  /**
   * @param {(href: string) => void} go
   * @param {() => void} redraw
   */
  constructor(go, redraw) {
    this.go = go;
    this.redraw = redraw;
    this.name = me();
    /** Whether the account is a moderator (its link's words are in the `moderation` book, loaded then). */
    this.moderator = false;
  }

  /** @param {string | null} name */
  signedIn(name) {
    this.name = name;
    this.moderator = false; // said again by the notices of the account now signed in
    this.redraw();
  }

  async signout() {
    await signout();
    this.go('/');
  }
}

/** @param {HeaderCtrl} ctrl */
export function view(ctrl) {
  if (!ctrl.name) {
    return h('span#who.who', [
      h('a#signin-link', { attrs: { href: '/signin' } }, t('auth.signin')),
      h('a#signup-link', { attrs: { href: '/signup' } }, t('auth.signup')),
    ]);
  }
  return h('span#who.who', [
    ctrl.moderator ? h('a#mod-link.small', { attrs: { href: '/mod' } }, t('mod.link')) : null,
    h('a#me.me', { attrs: { href: `/@/${encodeURIComponent(ctrl.name)}` } }, ctrl.name),
    h('a.small', { attrs: { href: '/account' } }, t('account.title')),
    h(
      'button#signout.ghost.small',
      { attrs: { type: 'button' }, on: { click: () => ctrl.signout() } },
      t('auth.signout'),
    ),
  ]);
}

/** @type {HeaderCtrl | null} */
let header = null;

/**
 * Draws the corner in place of `box` (`span#who.who`) and keeps it drawn.
 * @param {HTMLElement} box
 * @param {(href: string) => void} go
 */
export function mountHeader(box, go) {
  const draw = redrawerAt(box, () => view(ctrl));
  const ctrl = new HeaderCtrl(go, () => draw());
  header = ctrl;
  onChange((name) => ctrl.signedIn(name));
  draw();
  ready();
}

/** Shows the link to `/mod` (the `moderation` book loaded): the account signed in is a moderator. */
export function showModLink() {
  if (!header || header.moderator) return;
  header.moderator = true;
  header.redraw();
}
