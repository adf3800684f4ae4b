// @ts-check
// A puzzle said in words in the page's language: its goal ("South to play and win", "North to play and
// capture 9", Azigo's "South to play and gain 6 counters", a defence's "South to play and lose nothing" or
// "South to play and save 5 counters",
// built from the goal's kind and count rather than the server's English sentence), its themes' names, and
// the streak's line.

import { t } from '../i18n.js';
import { sideName } from '../ui.js';

/** @param {{solver: string, goal: {kind: string, counters?: number | null}}} p the server's puzzle */
export function goalText(p) {
  const side = sideName(p.solver);
  const n = p.goal.counters ?? 0;
  if (p.goal.kind === 'win') return t('puzzle.goal.win', { side });
  if (p.goal.kind === 'score') return t('puzzle.goal.score', { side, count: n });
  if (p.goal.kind === 'hold') return t('puzzle.goal.hold', { side });
  if (p.goal.kind === 'save') return t('puzzle.goal.save', { side, count: n });
  return t('puzzle.goal.capture', { side, n: String(n) });
}

/** @param {string} theme a theme's name in the API (`relay_capture`) */
export const themeName = (theme) => t(`puzzle.theme.${theme}`);

/**
 * Where the streak stands, or where it ended (a miss).
 * @param {{phase: string, run: number, best: number}} ctrl the puzzle page's controller
 */
export function streakLine(ctrl) {
  if (ctrl.phase === 'wrong') return t('puzzle.streak.ended', { count: ctrl.run, best: String(ctrl.best) });
  return t('puzzle.streak.now', { count: ctrl.run, best: String(ctrl.best) });
}
