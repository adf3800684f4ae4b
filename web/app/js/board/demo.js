// @ts-check
// A sowing to watch on a lesson's or a rules diagram's board, with the controls of a player: play,
// pause, one step back or forward, and again from the start. The frames come from the step interpreter
// (steps.js) applied to the board shown before the sowing, so the page works out no rule; the board the
// engine sent for after the sowing ends it.

import { SPEEDS } from './anim.js';
import { t } from '../i18n.js';
import { prefs } from '../prefs.js';
import { isLap, replay } from './steps.js';
import { el } from '../ui.js';
import * as wire from '../net/wire.js';

/** @typedef {import('./diagram.js').Diagram} Diagram */
/** @typedef {import('./diagram.js').Marks} Marks */

export class Demo {
  /**
   * @param {Diagram} diagram the board to sow on
   * @param {{board: import('../net/wire.js').WireBoard, marks?: Marks | null}} from the board (as the server sent it) and marks before
   * @param {{events: string[], board: import('../net/wire.js').WireBoard}} sowing the engine's steps and the board after them
   * @param {{label: string, onEnd?: () => void}} opts `label`: the first button's words; `onEnd`: the
   *   sowing was watched to its end
   */
  constructor(diagram, from, sowing, { label, onEnd }) {
    this.diagram = diagram;
    this.from = from;
    this.after = sowing.board;
    this.steps = sowing.events.map(wire.step);
    this.onEnd = onEnd || (() => {});
    /** @type {ReturnType<typeof replay> | null} */
    this.frames = null;
    this.k = 0;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.timer = undefined;
    /** @param {string} cls @param {string} words @param {() => void} act */
    const button = (cls, words, act) =>
      /** @type {HTMLButtonElement} */ (el('button', { type: 'button', class: cls, onclick: act }, words));
    this.play = button('demo-play', label, () => (this.timer ? this.pause() : this.start()));
    this.back = button('demo-back', t('demo.back'), () => this.go(this.k - 1));
    this.next = button('demo-next', t('demo.next'), () => this.go(this.k + 1));
    this.status = el('output', { class: 'demo-status muted small', 'aria-live': 'polite' });
    this.el = el('div', { class: 'demo actions', role: 'group', 'aria-label': t('demo.controls') }, this.play);
  }

  /** Plays from where it is, or from the start when it is at the end or has not begun. */
  start() {
    if (!this.frames || this.k >= this.frames.length) {
      this.diagram.show(this.from.board, this.from.marks);
      const board = this.diagram.board;
      if (!board) return;
      this.frames = replay(board, { steps: this.steps });
      this.k = 0;
      this.el.replaceChildren(this.play, this.back, this.next, this.status);
    }
    const speed = SPEEDS[/** @type {import('./anim.js').Speed} */ (prefs.speed)] || SPEEDS.normal;
    if (!speed.step) {
      this.go(this.frames.length);
      return;
    }
    // As a move on the game page: one step at the chosen speed, the whole sowing within its longest time.
    const every = Math.max(16, Math.min(speed.step, speed.max / Math.max(1, this.frames.length)));
    this.timer = setInterval(() => this.go(this.k + 1, true), every);
    this.go(this.k + 1, true);
  }

  pause() {
    clearInterval(this.timer);
    this.timer = undefined;
    this.redraw();
  }

  /**
   * Shows the board after the first `k` steps (the engine's board after the last one).
   * @param {number} k
   * @param {boolean} [playing] a tick of the running sowing (a button pauses it)
   */
  go(k, playing = false) {
    const frames = this.frames;
    if (!frames) return;
    if (!playing && this.timer) this.pause();
    this.k = Math.max(0, Math.min(frames.length, k));
    if (this.k >= frames.length) {
      clearInterval(this.timer);
      this.timer = undefined;
      this.diagram.show(this.after);
      this.diagram.showFrame(null, frames.frame(frames.length).caption);
      this.onEnd();
    } else if (this.k === 0) {
      this.diagram.show(this.from.board, this.from.marks);
      this.diagram.showFrame(null);
    } else {
      this.diagram.showFrame(frames.frame(this.k));
    }
    this.redraw();
  }

  /** The buttons and the counter as they stand. */
  redraw() {
    const n = this.frames?.length || 0;
    const end = this.k >= n;
    this.play.textContent = this.timer ? t('demo.pause') : end ? t('demo.again') : t('demo.play');
    this.play.setAttribute('aria-pressed', this.timer ? 'true' : 'false');
    this.back.disabled = this.k <= 0;
    this.next.disabled = end;
    this.status.textContent = this.frames ? status(this.frames, this.steps, this.k) : '';
  }

  /** Stops the sowing (the page is left). */
  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

/**
 * Where the sowing stands, as a player says it: how many laps it goes round, which lap is sown, how many
 * it went round; nothing for steps that sow nothing (passes).
 * @param {ReturnType<typeof replay>} frames
 * @param {import('../types.js').Step[]} steps
 * @param {number} k the steps shown
 */
function status(frames, steps, k) {
  const laps = frames.laps;
  if (!laps) return '';
  if (k >= frames.length) return t('demo.done', { count: laps });
  if (k === 0) return t('demo.laps', { count: laps });
  return t('demo.lap', { lap: Math.max(1, steps.slice(0, k).filter(isLap).length), laps });
}
