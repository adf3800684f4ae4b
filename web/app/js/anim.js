// The sowing animation: a move's steps shown one at a time from the board before it (lap by lap: the
// lifted hole, each drop, each capture), at the speed the viewer chose, with skip. A turn sent with
// steps left out (`skipped`) is shown up to the cut, then the board after it.

import { replay } from './steps.js';

/** Milliseconds per step and the longest a whole move may take, per speed. */
export const SPEEDS = {
  slow: { step: 320, max: 15000 },
  normal: { step: 160, max: 6000 },
  fast: { step: 60, max: 2000 },
  off: { step: 0, max: 0 },
};

export class Animator {
  constructor(onFrame) {
    this.onFrame = onFrame; // ({holes, stores, marks, caption} | null) => void; null: the animation ended
    this.run = null;
  }

  get busy() {
    return this.run !== null;
  }

  /** Plays `move` from `before`; `done()` is called at the end or when skipped or superseded. */
  play(before, move, speed, done) {
    this.finish();
    const s = SPEEDS[speed] || SPEEDS.normal;
    const r = replay(before, move);
    if (!s.step || r.length === 0) {
      done();
      return;
    }
    const duration = Math.min(r.length * s.step, s.max);
    const start = performance.now();
    const run = { done, raf: 0 };
    this.run = run;
    const tick = (now) => {
      if (this.run !== run) return;
      const k = Math.min(r.length, Math.floor(((now - start) / duration) * r.length) + 1);
      const f = r.frame(k);
      if (!f.exact || k >= r.length) {
        this.onFrame(f);
        // Hold the last frame a moment, then hand back to the board of the model.
        run.raf = 0;
        run.hold = setTimeout(() => { if (this.run === run) this.finish(); }, Math.min(400, s.step * 3));
        return;
      }
      this.onFrame(f);
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
