// @ts-check
// A move preview as the pages show it (a lesson, the game page): which decision a hovered hole
// previews, the line that says what it does and the hole tinted where it ends. Everything shown is read
// off the server's answer (the engine played the decision); nothing here knows a rule.

import { decisions } from '../gamestate.js';
import { t } from '../i18n.js';
import { decisionText } from '../ui.js';

/**
 * @typedef {object} MovePreview the server's answer (`POST /api/preview`, `POST /api/games/{id}/preview`)
 * @property {string} decision
 * @property {number} captured
 * @property {number} laps
 * @property {string | null} [last_hole]
 */

/**
 * The decision a hovered hole previews among the `legal` ones: its anticlockwise sowing where both
 * ways are legal; null when the hole is not playable.
 * @param {string[]} legal
 * @param {string} hole
 */
export function previewDecision(legal, hole) {
  const options = decisions(legal).byHole.get(hole) || [];
  return options.find((d) => !d.includes(':')) || options[0] || null;
}

/**
 * What the preview says: the decision, where the last counter falls, the laps and the captures.
 * @param {MovePreview} p
 */
export function previewText(p) {
  return t('learn.preview', {
    hole: decisionText(p.decision),
    end: p.last_hole || '—',
    laps: t('learn.laps', { count: p.laps }),
    captured: t('learn.captures', { count: p.captured }),
  });
}

/**
 * The board's marks of a preview: its last hole tinted.
 * @param {MovePreview | null} p
 * @returns {Record<string, string>}
 */
export function previewMarks(p) {
  return p?.last_hole ? { [p.last_hole]: 'preview' } : {};
}
