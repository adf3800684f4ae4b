// @ts-check
// An engine's value in words, for the side that decides: "+1.50" counters ahead, or a win or a loss in
// so many moves. Shared by the analysis board and a finished game's review.

import { t } from './i18n.js';

/** @typedef {{counters?: number, win_in?: number, loss_in?: number}} Value */

/** @param {Value} v */
export function valueText(v) {
  if (v.win_in !== undefined) return t('analysis.win_in', { count: v.win_in });
  if (v.loss_in !== undefined) return t('analysis.loss_in', { count: v.loss_in });
  const c = v.counters || 0;
  return `${c > 0 ? '+' : ''}${c.toFixed(2)}`;
}
