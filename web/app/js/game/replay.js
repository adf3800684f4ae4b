// @ts-check
// The replay of a finished game on its page: which ply is shown, and its board from
// `GET /api/games/{id}/position?ply=N` (kept once fetched), so what is shown is what the server says.
// The arrow keys step through it (Home/End for the start and the end). Its view is view/replay.js; it
// holds the game's post-game review (review.js).

import { api } from '../net/api.js';
import { errorText } from '../ui.js';
import { ReviewCtrl, revealBoard } from './review.js';

/** @typedef {import('../types.js').Board} Board */

export class ReplayCtrl {
  /**
   * @param {string} id
   * @param {number} plies
   * @param {() => void} redraw
   * @param {() => void} leave called before another ply is shown (a sowing shown ends)
   * @param {{show: (a: {before: Board, move: import('../types.js').MoveEvent}, ply: number) => void, board: {container: HTMLElement} | null}} page
   *   the game page: sows a move on its board, whose box is brought into view
   */
  constructor(id, plies, redraw, leave, page) {
    this.leave = leave;
    this.id = id;
    this.plies = plies;
    this.ply = plies;
    this.redraw = redraw;
    /** @type {Map<number, Board>} */
    this.cache = new Map();
    this.asked = 0;
    /** @type {Board | null} the board of the ply shown, null at the end (the game's own board) */
    this.at = null;
    /** @type {number | null} the ply whose board is shown */
    this.shown = plies;
    this.error = '';
    /** the post-game review, asked when the reader wants it */
    this.review = new ReviewCtrl(id, redraw, {
      go: (n) => this.go(n),
      sow: (before, move) => page.show({ before, move }, 0),
      still: leave,
      reveal: () => {
        if (page.board) revealBoard(page.board.container);
      },
    });
    /** @param {KeyboardEvent} e */
    this.keys = (e) => {
      const t = e.target;
      if (t instanceof Element && (t.closest('input:not([type=range]), select, textarea') || t.closest('.board')))
        return;
      /** @type {Record<string, number>} */
      const to = { ArrowLeft: this.ply - 1, ArrowRight: this.ply + 1, Home: 0, End: this.plies };
      if (!(e.key in to)) return;
      e.preventDefault();
      this.go(to[e.key]);
    };
    document.addEventListener('keydown', this.keys);
  }

  /** The board shown: a line of the review walked on it, else the ply's. */
  get board() {
    return this.review.walkBoard() || this.at;
  }

  /** @param {number} n */
  async go(n) {
    n = Math.max(0, Math.min(this.plies, n));
    this.leave();
    this.ply = n;
    this.review.follow(n);
    this.error = '';
    const mine = ++this.asked;
    if (n === this.plies) {
      this.at = null;
      this.shown = n;
      this.redraw();
      return;
    }
    this.redraw();
    try {
      let b = this.cache.get(n);
      if (!b) {
        b = (await api.position(this.id, n)).board;
        this.cache.set(n, b);
      }
      if (mine !== this.asked) return;
      this.at = b;
      this.shown = n;
    } catch (e) {
      this.error = errorText(e, 'position');
    }
    this.redraw();
  }

  /** The game got longer (a finished game does not, but a late event may land). @param {number} plies */
  setPlies(plies) {
    if (plies === this.plies) return;
    this.plies = plies;
    this.go(plies);
  }

  stop() {
    document.removeEventListener('keydown', this.keys);
    this.review.stop();
  }
}
