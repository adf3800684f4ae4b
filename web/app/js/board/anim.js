// @ts-check
// The sowing animation: a move's steps shown one at a time from the board before it (lap by lap: the
// lifted hole, each drop, each capture), at the speed the viewer chose, with skip. A turn sent with
// steps left out (`skipped`) is shown up to the cut, then the board after it.

import { replay } from './steps.js';

/** @typedef {import('./steps.js').Frame} Frame */
/** @typedef {'slow' | 'normal' | 'fast' | 'off'} Speed */

/**
 * Milliseconds per step and the longest a whole move may take, per speed.
 * @type {Record<Speed, {step: number, max: number}>}
 */
export const SPEEDS = {
  slow: { step: 320, max: 15000 },
  normal: { step: 160, max: 6000 },
  fast: { step: 60, max: 2000 },
  off: { step: 0, max: 0 },
};

/**
 * @typedef {object} Run
 * @property {() => void} done
 * @property {number} raf
 * @property {number} start when the first step was shown (performance.now())
 * @property {number} duration how long the whole move takes
 * @property {ReturnType<typeof setTimeout>} [hold]
 */

export class Animator {
  /** @param {(f: Frame | null) => void} onFrame null: the animation ended */
  constructor(onFrame) {
    this.onFrame = onFrame;
    /** @type {Run | null} */
    this.run = null;
  }

  get busy() {
    return this.run !== null;
  }

  /**
   * Plays `move` from `before`; `done()` is called at the end or when skipped or superseded.
   * `maxMs` shortens the whole move to at most that long; `holdMs` holds its last frame (default: a moment).
   * @param {Parameters<typeof replay>[0]} before
   * @param {Parameters<typeof replay>[1]} move
   * @param {Speed} speed
   * @param {() => void} done
   * @param {{maxMs?: number, holdMs?: number}} [limits]
   */
  play(before, move, speed, done, { maxMs = Infinity, holdMs } = {}) {
    this.finish();
    const s = SPEEDS[speed] || SPEEDS.normal;
    const r = replay(before, move);
    if (!s.step || r.length === 0 || maxMs <= 0) {
      done();
      return;
    }
    /** @type {Run} */
    const run = { done, raf: 0, start: performance.now(), duration: Math.min(r.length * s.step, s.max, maxMs) };
    this.run = run;
    /** @param {number} now */
    const tick = (now) => {
      if (this.run !== run) return;
      const k = Math.min(r.length, Math.floor(((now - run.start) / run.duration) * r.length) + 1);
      const f = r.frame(k);
      this.onFrame(f);
      if (!f.exact || k >= r.length) {
        // Hold the last frame a moment, then hand back to the board of the model.
        run.raf = 0;
        run.hold = setTimeout(
          () => {
            if (this.run === run) this.finish();
          },
          holdMs ?? Math.min(400, s.step * 3),
        );
        return;
      }
      run.raf = requestAnimationFrame(tick);
    };
    run.raf = requestAnimationFrame(tick);
  }

  /** Ends the current animation at once (skip, or a newer move arrived). */
  finish() {
    const run = this.run;
    if (!run) return;
    this.run = null;
    cancelAnimationFrame(run.raf);
    clearTimeout(run.hold);
    this.onFrame(null);
    run.done();
  }
}
