// @ts-check
// A guest's puzzle progress, kept in this browser (`mancala.puzzles`): the puzzles solved and missed (so
// "next" does not offer one again: the most recent are sent as its `exclude`) and the best streak. An account's progress is the server's
// (`/api/puzzles/history`); its browser keeps the same list too, which costs nothing and spares a
// signed-out visit the puzzles already seen.

const KEY = 'mancala.puzzles';
/** The most puzzle ids kept: the oldest go first. */
const KEPT = 2000;

/** @typedef {{solved: string[], missed: string[], streakBest: number}} Progress */

/** @returns {Progress} */
export function progress() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || '{}');
    const ids = (/** @type {unknown} */ x) =>
      Array.isArray(x) ? x.filter((s) => typeof s === 'string' && /^[0-9a-f]{16}$/.test(s)) : [];
    return {
      solved: ids(v.solved),
      missed: ids(v.missed),
      streakBest: Number.isInteger(v.streakBest) && v.streakBest > 0 ? v.streakBest : 0,
    };
  } catch {
    return { solved: [], missed: [], streakBest: 0 };
  }
}

/** @param {Progress} p */
function keep(p) {
  try {
    localStorage.setItem(
      KEY,
      JSON.stringify({ solved: p.solved.slice(-KEPT), missed: p.missed.slice(-KEPT), streakBest: p.streakBest }),
    );
  } catch {
    /* private mode: not kept */
  }
}

/**
 * A puzzle finished: solved, or missed. The first result stays, as the server records only the first.
 * @param {string} id
 * @param {boolean} solved
 */
export function markPuzzle(id, solved) {
  const p = progress();
  if (p.solved.includes(id) || p.missed.includes(id)) return;
  (solved ? p.solved : p.missed).push(id);
  keep(p);
}

/** The most ids `next`'s `exclude` takes (the server's `EXCLUDE_MAX`, docs/puzzles.md). */
const EXCLUDE_MAX = 100;

/**
 * The puzzles this browser finished most recently, for `next`'s `exclude`: the last half of the maximum
 * of each list, so neither the solved nor the missed crowd the other out.
 * @returns {string[]}
 */
export function recentlyFinished() {
  const p = progress();
  return [...p.solved.slice(-EXCLUDE_MAX / 2), ...p.missed.slice(-EXCLUDE_MAX / 2)];
}

/**
 * A streak's length reached: kept when it is the best.
 * @param {number} run
 * @returns {number} the best now
 */
export function streakReached(run) {
  const p = progress();
  if (run > p.streakBest) {
    p.streakBest = run;
    keep(p);
  }
  return p.streakBest;
}
