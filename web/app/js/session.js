// @ts-check
// Who is signed in (header.js shows it). The session itself is an HttpOnly cookie the page cannot
// read; the name is kept in localStorage (`mancala.account`) as a hint set on sign-in and cleared on
// sign-out, and checked against `GET /api/account` once per page load. A guest's page therefore asks
// nothing (no 401 on every visit), and a session that expired clears the hint on the next load.

import { api } from './net/api.js';

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
