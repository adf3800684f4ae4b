// Who is signed in, as the header shows it. The session itself is an HttpOnly cookie the page cannot
// read; the name is kept in localStorage (`mancala.account`) as a hint set on sign-in and cleared on
// sign-out, and checked against `GET /api/account` once per page load. A guest's page therefore asks
// nothing (no 401 on every visit), and a session that expired clears the hint on the next load.

import { api } from './api.js';
import { h } from './ui.js';

const KEY = 'mancala.account';
const listeners = new Set();

function hint() {
  try { return JSON.parse(localStorage.getItem(KEY) || 'null'); } catch { return null; }
}
function setHint(name) {
  try {
    if (name) localStorage.setItem(KEY, JSON.stringify(name));
    else localStorage.removeItem(KEY);
  } catch { /* private mode */ }
}

let current = hint();
let checked = null;

/** The signed-in account's name, or null (a guest). */
export function me() {
  return current;
}

/** Resolves once the hint was checked with the server; the signed-in name or null. */
export function ready() {
  if (!checked) {
    checked = current
      ? api.account().then((a) => set(a.name), (e) => { if (e.status === 401) set(null); return current; })
      : Promise.resolve(null);
  }
  return checked;
}

function set(name) {
  const changed = name !== current;
  current = name;
  setHint(name);
  if (changed) for (const f of listeners) f(name);
  return name;
}

/** Calls `f(name)` whenever the signed-in account changes; returns the unsubscribe. */
export function onChange(f) {
  listeners.add(f);
  return () => listeners.delete(f);
}

export async function signin(name, password) {
  const a = await api.signin(name, password);
  checked = Promise.resolve(a.name);
  return set(a.name);
}

export async function signup(name, password) {
  const a = await api.signup(name, password);
  checked = Promise.resolve(a.name);
  return set(a.name);
}

export async function signout() {
  try { await api.signout(); } finally { set(null); }
}

/** The header's corner: the signed-in name (a link to the player's page), the account and sign out;
 *  or the sign in and sign up links. */
export function mountHeader(box, go) {
  const draw = () => {
    if (current) {
      box.replaceChildren(
        h('a', { href: `/@/${encodeURIComponent(current)}`, id: 'me', class: 'me' }, current),
        h('a', { href: '/account', class: 'small' }, 'Account'),
        h('button', { type: 'button', class: 'ghost small', id: 'signout', onclick: async () => { await signout(); go('/'); } }, 'Sign out'));
    } else {
      box.replaceChildren(h('a', { href: '/signin', id: 'signin-link' }, 'Sign in'), h('a', { href: '/signup', id: 'signup-link' }, 'Sign up'));
    }
  };
  onChange(draw);
  draw();
  ready();
}
