// @ts-check
// A board outside a game: a lesson's board or a rules diagram. It draws a board the server sent (the
// engine's view), the marks and arrows of the lesson or diagram, and animates the steps the server
// returned (a check's or a diagram's sowing) with the game page's step interpreter, so it knows no
// rule either. The page says which holes are playable (from `board.legal`) and what a click does.

import { Animator } from './anim.js';
import { BoardView } from './board.js';
import { t } from '../i18n.js';
import { prefs } from '../prefs.js';
import { shownHoles } from './steps.js';
import { el, sideName, variantName } from '../ui.js';
import * as wire from '../net/wire.js';

/** @typedef {import('../types.js').Board} Board */
/** @typedef {{holes?: {hole: string, kind: string}[], arrows?: {from: string, to: string}[]}} Marks */

/**
 * The marks of a lesson or diagram by hole.
 * @param {Marks | null | undefined} marks
 * @returns {Record<string, string>}
 */
function markByHole(marks) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const m of marks?.holes || []) out[m.hole] = m.kind;
  return out;
}

export class Diagram {
  /**
   * @param {{onHole?: (name: string) => void, onHover?: (name: string | null) => void, label?: string, markWords?: () => Record<string, string>}} [opts]
   *   `markWords`: what the marks mean, in words (a lesson's), said with a marked hole's name
   */
  constructor(opts = {}) {
    this.box = el('div', { class: 'board-box' });
    this.caption = el('p', { class: 'caption muted small', 'aria-live': 'polite' });
    this.view = new BoardView(this.box, {
      onHole: (name) => {
        // A click during a sowing ends it, as on the game page.
        if (this.anim.busy) this.anim.finish();
        else opts.onHole?.(name);
      },
      onHover: opts.onHover,
      // A board a person plays on (a lesson, a puzzle, the analysis board), not one to look at.
      fit: !!opts.onHole,
    });
    this.label = opts.label || '';
    this.markWords = opts.markWords;
    /** @type {'south' | 'north'} the side drawn at the bottom (a puzzle's solver) */
    this.side = 'south';
    /** @type {Board | null} */
    this.board = null;
    /** @type {Record<string, string>} */
    this.marks = {};
    /** @type {{from: string, to: string}[]} */
    this.arrows = [];
    /** @type {Set<string>} */
    this.playable = new Set();
    /** @type {Record<string, string>} */
    this.extra = {};
    /** @type {import('./steps.js').Frame | null} */
    this.frame = null;
    this.anim = new Animator((f) => {
      this.frame = f;
      this.caption.textContent = f ? f.caption : '';
      this.draw();
    });
  }

  /**
   * Shows `board` (a board of the server, decoded by wire.board) with its marks; nothing playable.
   * @param {import('../net/wire.js').WireBoard} wireBoard
   * @param {Marks | null} [marks]
   */
  show(wireBoard, marks = null) {
    this.anim.finish();
    this.board = wire.board(wireBoard);
    this.marks = markByHole(marks);
    this.arrows = marks?.arrows || [];
    this.playable = new Set();
    this.extra = {};
    this.draw();
  }

  /**
   * The holes that can be played now, and marks drawn over the others (a preview's last hole).
   * @param {Set<string>} playable
   * @param {Record<string, string>} [extra]
   */
  set(playable, extra = {}) {
    this.playable = playable;
    this.extra = extra;
    this.draw();
  }

  /**
   * Sows `events` (the server's step strings) from the board shown, then shows `after`.
   * @param {string[]} events
   * @param {import('../net/wire.js').WireBoard} after the board after them, as the server sent it
   * @returns {Promise<void>}
   */
  sow(events, after) {
    const before = this.board;
    const next = wire.board(after);
    return new Promise((done) => {
      const finish = () => {
        this.board = next;
        this.frame = null;
        this.draw();
        done();
      };
      if (!before) {
        finish();
        return;
      }
      // Marks and arrows of the position before are about it, not the sowing.
      this.marks = {};
      this.arrows = [];
      const speed = /** @type {import('./anim.js').Speed} */ (prefs.speed);
      this.anim.play(before, { steps: events.map(wire.step) }, speed, finish);
    });
  }

  /**
   * Shows one frame of a sowing stepped through by hand (demo.js), or the board itself (null) with a
   * caption.
   * @param {import('./steps.js').Frame | null} f
   * @param {string} [caption]
   */
  showFrame(f, caption = '') {
    this.frame = f;
    this.caption.textContent = f ? f.caption : caption;
    this.draw();
  }

  draw() {
    const b = this.board;
    if (!b) return;
    const f = this.frame;
    // The browser tests read the board once no sowing is being shown.
    this.box.setAttribute('data-busy', f ? 'true' : 'false');
    this.view.draw({
      rows: b.rows,
      columns: b.columns,
      holes: f ? f.holes : shownHoles(b),
      side: this.side,
      narrow: this.box.clientWidth < 640,
      stores: f ? f.stores : b.stores,
      playable: f ? new Set() : this.playable,
      marks: f ? f.marks : { ...this.marks, ...this.extra },
      arrows: f ? [] : this.arrows,
      markWords: this.markWords?.(),
      selected: null,
      label: this.label || t('game.board_label', { game: variantName(b.variant), side: sideName(this.side) }),
    });
  }
}
