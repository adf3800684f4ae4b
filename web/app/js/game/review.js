// @ts-check
// The post-game review of a finished game (`GET /api/games/{id}/review`), asked when the reader presses
// "Review": the server computes it in the background and answers 202 with its progress and a
// `Retry-After` until it is ready, so this asks again after that many seconds, then keeps the review.
// Everything shown (values, marks, accuracies) is the server's; its view is view/review.js.

import { api } from '../api.js';
import { errorText } from '../ui.js';

/** @typedef {{counters?: number, win_in?: number, loss_in?: number}} Value */
/**
 * @typedef {object} Judgement
 * @property {Value} before
 * @property {Value} after
 * @property {string} best
 * @property {number} loss
 * @property {'inaccuracy' | 'mistake' | 'blunder' | null} mark
 * @property {number | null} accuracy
 * @property {number} choices
 */
/** @typedef {{ply: number, side: string, decision: string, judged: Judgement | null}} ReviewedDecision */
/**
 * @typedef {object} Review
 * @property {string} game_id
 * @property {string} variant
 * @property {{inaccuracy: number, mistake: number, blunder: number, proven: number}} thresholds
 * @property {ReviewedDecision[]} decisions
 * @property {{south: number | null, north: number | null}} accuracy
 * @property {(number | null)[]} graph
 */

export class ReviewCtrl {
  /**
   * @param {string} id
   * @param {() => void} redraw
   */
  constructor(id, redraw) {
    this.id = id;
    this.redraw = redraw;
    /** @type {'idle' | 'waiting' | 'ready' | 'error'} */
    this.state = 'idle';
    /** @type {Review | null} */
    this.data = null;
    /** @type {{done: number, of: number} | null} the server's progress while it computes */
    this.progress = null;
    this.error = '';
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    this.stopped = false;
  }

  /** Asks for the review (again after an error). */
  start() {
    if (this.state === 'waiting' || this.state === 'ready') return;
    this.state = 'waiting';
    this.error = '';
    this.redraw();
    this.ask();
  }

  async ask() {
    try {
      const r = await api.review(this.id);
      if (this.stopped) return;
      if (r.status === 202) {
        this.progress = { done: r.body.done, of: r.body.of };
        this.timer = setTimeout(() => this.ask(), r.retryAfter * 1000);
      } else {
        this.data = /** @type {Review} */ (r.body);
        this.state = 'ready';
      }
    } catch (e) {
      if (this.stopped) return;
      this.state = 'error';
      this.error = errorText(e, 'review');
    }
    this.redraw();
  }

  /**
   * The mark of decision `ply` (1-based), once the review is in.
   * @param {number} ply
   */
  mark(ply) {
    return this.data?.decisions[ply - 1]?.judged?.mark ?? null;
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}
