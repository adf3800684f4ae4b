// @ts-check
// The step interpreter: applies a move's steps (lift, drop, capture, store_lift, revealed, ...) to hole
// counts, one at a time, as the terminal client's tui/anim.rs does. Used to animate a move and, in
// protocol 3, to follow the board through the events of a change that carry no board of their own.

import { has, t } from '../i18n.js';
import { sideName } from '../ui.js';

/** @typedef {'lifted' | 'dropped' | 'captured'} Mark */
/**
 * @typedef {object} Frame the board after the first k steps of a move
 * @property {Record<string, number>} holes
 * @property {{south: number | null, north: number | null}} stores
 * @property {Record<string, Mark>} marks
 * @property {string} caption
 * @property {boolean} exact
 */

/**
 * Ikibuguzo's opening arrays, South's side (North's are point-symmetric).
 * @type {Record<number, Record<string, number>>}
 */
const ARRAYS = {
  1: { b1: 6, h1: 17, c2: 3, e2: 3, g2: 3 },
  2: { a1: 4, b1: 4, c1: 4, d1: 4, e1: 4, f1: 4, g1: 4, h1: 4 },
};

/** @param {string} name */
function mirror(name) {
  const col = name.charCodeAt(0) - 97;
  const row = Number(name.slice(1));
  return String.fromCharCode(97 + 7 - col) + String(5 - row);
}

/**
 * Lays out the arrays (0: none): each side with one has its 16 holes emptied and filled.
 * @param {Record<string, number>} holes
 * @param {number} south
 * @param {number} north
 */
function layOut(holes, south, north) {
  for (const name of Object.keys(holes)) if (+name[1] < 3 ? south : north) holes[name] = 0;
  for (const [hole, n] of Object.entries(ARRAYS[south] || {})) holes[hole] = n;
  for (const [hole, n] of Object.entries(ARRAYS[north] || {})) holes[mirror(hole)] = n;
}

/**
 * The holes to draw: while Ikibuguzo's arrays are secret, the viewer's own chosen array on his side.
 * @param {import('../types.js').Board} b
 */
export function shownHoles(b) {
  const [s, n] = [b.choices.south, b.choices.north].map((c) => +c.split(':')[1] || 0);
  if (!(s || n) || (s && n)) return b.holes;
  const holes = { ...b.holes };
  layOut(holes, s, n);
  return holes;
}

/**
 * Why a capture happened, in words (after a comma), from the rule and holes the server named; nothing
 * for a reason this page has no words for.
 * @param {import('../types.js').CaptureReason | null} reason
 */
function why(reason) {
  if (!reason || !has(`why.${reason.rule}`)) return '';
  const [last, inner, outer] = reason.holes;
  return `, ${t(`why.${reason.rule}`, { last, inner, outer })}`;
}

/**
 * Where a capture goes, in words: a hole, a store, off the board.
 * @param {string} to
 */
function where(to) {
  if (to === 'off') return t('sow.off');
  if (to === 'store:south' || to === 'store:north') return t('sow.store_of', { side: sideName(to.slice(6)) });
  return to;
}

/** A lap's first step. @param {import('../types.js').Step} s */
export const isLap = (s) => s.type === 'lift' || s.type === 'store_lift';

/**
 * A cursor over a move's steps from a board: `frame(k)` is the board after the first k steps, with
 * the marks to draw (origin of the lap, last drop, captures) and a caption.
 *
 * `exact` is false once a step cannot be followed (a `skipped` step of a very long turn): the counts
 * after it are not the real ones, and the board of the event must be shown instead.
 * @param {{holes: Record<string, number>, stores: {south: number | null, north: number | null}}} before
 * @param {{steps: import('../types.js').Step[]}} move
 */
export function replay(before, move) {
  const steps = move.steps;
  const laps = steps.filter(isLap).length;
  /** @param {number} lap */
  const of = (lap) => (laps > 1 ? t('sow.lap', { lap, laps }) : '');
  /**
   * @param {number} k
   * @returns {Frame}
   */
  const frame = (k) => {
    const holes = { ...before.holes };
    const stores = { ...before.stores };
    /** @type {Record<string, Mark>} */
    let marks = {};
    let lap = 0;
    /** @type {string | null} */
    let origin = null;
    let caption = '';
    let lapCaption = '';
    let exact = true;
    for (const s of steps.slice(0, k)) {
      marks = {};
      switch (s.type) {
        case 'lift':
          lap += 1;
          holes[s.hole] = 0;
          origin = s.hole;
          caption = lapCaption = of(lap) + t(s.direction === 'cw' ? 'sow.lift_cw' : 'sow.lift', s);
          break;
        case 'drop':
          holes[s.hole] = (holes[s.hole] || 0) + 1;
          marks[s.hole] = 'dropped';
          caption = lapCaption ? t('sow.to', { lap: lapCaption, hole: s.hole }) : '';
          break;
        case 'capture': {
          holes[s.from] = Math.max(0, (holes[s.from] || 0) - s.count);
          if (s.to === 'store:south' || s.to === 'store:north') {
            const who = s.to === 'store:south' ? 'south' : 'north';
            const had = stores[who];
            if (had !== null) stores[who] = had + s.count;
          } else if (s.to !== 'off') {
            holes[s.to] = (holes[s.to] || 0) + s.count;
          }
          marks[s.from] = 'captured';
          caption = `${t('sow.capture', { count: s.count, hole: s.from })} → ${where(s.to)}${why(s.reason)}`;
          break;
        }
        case 'store_lift':
          lap += 1;
          if (stores[s.side] !== null) stores[s.side] = 0;
          origin = null;
          caption = lapCaption = of(lap) + t('sow.store', { count: s.count ?? '?' });
          break;
        case 'revealed':
          layOut(holes, s.south, s.north);
          caption = t('sow.revealed', { south: s.south, north: s.north });
          break;
        case 'chose':
          caption = s.array
            ? t('sow.chose_array', { side: sideName(s.side), array: s.array })
            : t('sow.chose', { side: sideName(s.side) });
          break;
        case 'pass':
          caption = t('sow.pass', { side: sideName(s.side) });
          break;
        case 'skipped':
          exact = false;
          caption = t('sow.skipped', { count: s.steps });
          break;
        default:
          break;
      }
      if (origin && !marks[origin]) marks[origin] = 'lifted';
    }
    return { holes, stores, marks, caption, exact };
  };
  return { length: steps.length, laps, frame };
}

/**
 * The board after all of a move's steps, or null when the steps cannot say (steps left out).
 * @param {Parameters<typeof replay>[0]} before
 * @param {Parameters<typeof replay>[1]} move
 */
export function after(before, move) {
  const f = replay(before, move).frame(move.steps.length);
  return f.exact ? { holes: f.holes, stores: f.stores } : null;
}
