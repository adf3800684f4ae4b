// @ts-check
// The game page's move preview, loaded only once a player of a game that allows previews rests the
// pointer on a hole (spectators and other games never load it): the server's answer for the hole's
// decision, asked once per ply and decision after a short rest (a pointer that passes, or clicks at
// once, asks nothing), kept on the controller for the board and the line under it.

import { call } from '../net/api.js';
import { previewDecision, previewMarks, previewText } from '../board/preview.js';
import { learnStyle } from '../ui.js';
import { loadBook } from '../i18n.js';

/** @typedef {{hole: string, plies: number, text: string, marks: Record<string, string>}} Shown */

/** How long the pointer rests on a hole before its preview is asked. */
const REST_MS = 150;

/**
 * @param {import('./ctrl.js').GameCtrl} ctrl
 * @returns {(name: string | null) => Promise<void>} asks a hole's preview; `null` (the hole left, or a
 *   decision sent) drops the question in flight, whose answer would be of a position gone by (the server
 *   may already refuse the decision there).
 */
export function previewer(ctrl) {
  // The line's words and the tinted hole are the lessons' (their book and style sheet).
  learnStyle();
  const words = loadBook('learn');
  /** @type {Map<string, import('../board/preview.js').MovePreview>} */
  const cache = new Map();
  let at = -1;
  const plies = () => ctrl.s.game?.plies ?? 0;
  /** @type {AbortController | null} */
  let inflight = null;
  return async (name) => {
    if (!name) return inflight?.abort();
    await new Promise((r) => setTimeout(r, REST_MS));
    // Played, left, or no longer the viewer's turn meanwhile: nothing to ask.
    const decision = ctrl.hovered === name ? previewDecision(ctrl.legal(), name) : null;
    if (!decision) return;
    const ply = plies();
    if (at !== ply) {
      cache.clear();
      at = ply;
    }
    let p = cache.get(decision);
    if (!p) {
      const asked = (inflight = new AbortController());
      try {
        const body = { token: ctrl.seatToken() || '', decision };
        p = /** @type {import('../board/preview.js').MovePreview} */ (
          await call('POST', `/api/games/${encodeURIComponent(ctrl.id)}/preview`, body, false, asked.signal)
        );
      } catch {
        return; // no preview is no harm: the move can still be played
      } finally {
        if (inflight === asked) inflight = null;
      }
      if (at === ply) cache.set(decision, p);
    }
    await words.catch(() => {});
    if (ctrl.hovered !== name || plies() !== ply) return;
    ctrl.preview = { hole: name, plies: ply, text: previewText(p), marks: previewMarks(p) };
    ctrl.redraw();
  };
}
