// @ts-check
// The lesson steps met: kept in the browser (`mancala.learn`, for guests and as a cache), and on the
// account when signed in (`/api/account/learn`). Once signed in, the steps this browser met as a guest
// are sent to the account the first time the progress is read, so nothing learnt is lost by signing in.

import { api } from './net/api.js';
import { me, ready } from './session.js';

const KEY = 'mancala.learn';

/** @returns {string[]} */
function local() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(v) ? v.filter((s) => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

/** @param {string[]} steps */
function keep(steps) {
  try {
    localStorage.setItem(KEY, JSON.stringify([...new Set(steps)]));
  } catch {
    /* private mode: not kept */
  }
}

/**
 * Every step met, here or on the account.
 * @returns {Promise<Set<string>>}
 */
export async function stepsDone() {
  const here = local();
  await ready();
  if (!me()) return new Set(here);
  try {
    const { steps } = await api.learnProgress();
    const there = new Set(steps);
    // What this browser met before signing in goes to the account (one step a request, few in practice).
    for (const s of here.filter((x) => !there.has(x)).slice(0, 200)) {
      await api.learnStep(s).then(
        () => there.add(s),
        () => {},
      );
    }
    keep([...here, ...there]);
    return new Set([...here, ...there]);
  } catch {
    return new Set(here);
  }
}

/**
 * A step met: kept here, and on the account when signed in.
 * @param {string} step
 */
export function markDone(step) {
  keep([...local(), step]);
  if (me()) api.learnStep(step).catch(() => {});
}
