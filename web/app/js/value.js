// @ts-check
// An engine's value in words, with its unit: counters ahead or behind, or a win or a loss in so many
// moves. Shared by the analysis board and a finished game's review; the words are in the book `value`,
// which both load.

import { t } from './i18n.js';
import { other, sideName } from './ui.js';

/** @typedef {{counters?: number, win_in?: number, loss_in?: number}} Value */

/**
 * A count of counters, to a tenth (the catalog writes it as the language does: "37.8", "37,8").
 * @param {number} x
 */
export const counters = (x) => ({ count: Math.round(Math.abs(x) * 10) / 10 });

/** A value this close to nothing reads as even. */
const EVEN = 0.05;

/**
 * A value for the side that decides, short, as a list of moves shows it: "4.5 counters ahead",
 * "2 counters behind", "even", "wins in 5 moves", "loses in 2 moves".
 * @param {Value} v
 */
export function valueText(v) {
  if (v.win_in !== undefined) return t('value.win_in', { count: v.win_in });
  if (v.loss_in !== undefined) return t('value.loss_in', { count: v.loss_in });
  const c = v.counters || 0;
  if (Math.abs(c) < EVEN) return t('value.even');
  return t(c > 0 ? 'value.ahead' : 'value.behind', counters(c));
}

/**
 * A value for `side` as a sentence that names who is ahead: "South is 4.5 counters ahead", "North wins
 * in 5 moves", "The position is even".
 * @param {Value} v
 * @param {'south' | 'north'} side
 */
export function valueSentence(v, side) {
  if (v.win_in !== undefined) return t('value.side_wins', { side: sideName(side), count: v.win_in });
  if (v.loss_in !== undefined) return t('value.side_wins', { side: sideName(other(side)), count: v.loss_in });
  const c = v.counters || 0;
  if (Math.abs(c) < EVEN) return t('value.side_even');
  return t('value.side_ahead', { side: sideName(c > 0 ? side : other(side)), ...counters(c) });
}
