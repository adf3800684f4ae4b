// @ts-check
// Who is signed in, and the header's corner that shows it. The session itself is an HttpOnly cookie the page cannot
// read; the name is kept in localStorage (`mancala.account`) as a hint set on sign-in and cleared on
// sign-out, and checked against `GET /api/account` once per page load. A guest's page therefore asks
// nothing (no 401 on every visit), and a session that expired clears the hint on the next load.

import { api } from './net/api.js';
import { t } from './i18n.js';
import { redrawerAt } from './redraw.js';
import { h } from './vendor/snabbdom.js';

const KEY = 'mancala.account';
/** @type {Set<(name: string | null) => void>} */
const listeners = new Set();

/** @returns {string | null} */
function hint() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || 'null');
  } catch {
    return null;
  }
}
/** @param {string | null} name */
function setHint(name) {
  try {
    if (name) localStorage.setItem(KEY, JSON.stringify(name));
    else localStorage.removeItem(KEY);
  } catch {
    /* private mode */
  }
}

let current = hint();
/** @type {Promise<string | null> | null} */
let checked = null;

/** The signed-in account's name, or null (a guest). */
export function me() {
  return current;
}

/**
 * Resolves once the hint was checked with the server; the signed-in name or null.
 * @returns {Promise<string | null>}
 */
export function ready() {
  if (!checked) {
    checked = current
      ? api.account().then(
          (a) => set(a.name),
          (e) => {
            if (e.status === 401) set(null);
            return current;
          },
        )
      : Promise.resolve(null);
  }
  return checked;
}

/** @param {string | null} name */
function set(name) {
  const changed = name !== current;
  current = name;
  setHint(name);
  if (changed) for (const f of listeners) f(name);
  return name;
}

/**
 * Calls `f(name)` whenever the signed-in account changes; returns the unsubscribe.
 * @param {(name: string | null) => void} f
 */
export function onChange(f) {
  listeners.add(f);
  return () => {
    listeners.delete(f);
  };
}

/** @param {string} name @param {string} password */
export async function signin(name, password) {
  const a = await api.signin(name, password);
  checked = Promise.resolve(a.name);
  return set(a.name);
}

/** @param {string} name @param {string} password */
export async function signup(name, password) {
  const a = await api.signup(name, password);
  checked = Promise.resolve(a.name);
  return set(a.name);
}

export async function signout() {
  try {
    await api.signout();
  } finally {
    set(null);
  }
}

/**
 * The header's corner (`#who` of index.html): its controller is who is signed in (`current`) and whether
 * the account is a moderator (moderation/notices.js says so, the `moderation` book loaded: its `/mod`
 * link); `draw` patches `headerView` in place of `span#who`, on every change of either.
 */
const header = { moderator: false, draw: () => {} };

/**
 * The signed-in name (a link to the player's page), the `/mod` link, the account and sign out; or the
 * sign in and sign up links.
 * @param {(href: string) => void} go
 */
export const headerView = (go) =>
  h(
    'span#who.who',
    current
      ? [
          header.moderator ? h('a#mod-link.small', { attrs: { href: '/mod' } }, t('mod.link')) : null,
          h('a#me.me', { attrs: { href: `/@/${encodeURIComponent(current)}` } }, current),
          h('a.small', { attrs: { href: '/account' } }, t('account.title')),
          h(
            'button#signout.ghost.small',
            { attrs: { type: 'button' }, on: { click: () => signout().then(() => go('/')) } },
            t('auth.signout'),
          ),
        ]
      : [
          h('a#signin-link', { attrs: { href: '/signin' } }, t('auth.signin')),
          h('a#signup-link', { attrs: { href: '/signup' } }, t('auth.signup')),
        ],
  );

/**
 * Draws the header's corner in place of `box` (`span#who.who`) and keeps it drawn.
 * @param {HTMLElement} box
 * @param {(href: string) => void} go
 */
export function mountHeader(box, go) {
  header.draw = redrawerAt(box, () => headerView(go));
  onChange(() => {
    header.moderator = false; // said again by the notices of the account now signed in
    header.draw();
  });
  header.draw();
  ready();
}

/** The account signed in is a moderator: the header links `/mod`. */
export function showModLink() {
  header.moderator = true;
  header.draw();
}
