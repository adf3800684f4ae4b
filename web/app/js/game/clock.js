// @ts-check
// The game page's clocks (as lichess's round has a clock ctrl): the server's clock state and when it
// arrived, the ticking (a redraw every 250 ms while one runs), the warning when the viewer's own clock
// goes low, and what the player bars read. A message's clock replaces what was ticked locally.

/** @typedef {import('../types.js').Side} Side */

/** Under this, a clock is drawn low and the viewer's own warns once a turn. */
export const LOW_MS = 10000;

export class ClockCtrl {
  /**
   * @param {{redraw: () => void, seat: () => Side | null, onLow: () => void, alsoTicking: () => boolean}} o
   *   `alsoTicking`: whether something else counts down on the page (the claim's countdown)
   */
  constructor(o) {
    this.o = o;
    /** @type {import('../types.js').Clock | null} null: a game without a clock */
    this.state = null;
    /** when it arrived (performance.now()) */
    this.at = 0;
    /** the viewer's running clock was low at the last tick */
    this.warned = false;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.interval = undefined;
  }

  /** @param {import('../types.js').Clock | null} state @param {number} now */
  set(state, now) {
    this.state = state;
    this.at = now;
  }

  /** Milliseconds left on `side`'s clock (null: no clock). @param {Side} side @param {number} [now] */
  millis(side, now = performance.now()) {
    const c = this.state;
    if (!c) return null;
    const base = side === 'south' ? c.southMs : c.northMs;
    // The server starts the clock only once the sowing just made has been shown (`heldMs`), so the
    // shown clock holds still as long and never jumps back up at the next message.
    return c.running.includes(side) ? base - Math.max(0, now - this.at - (c.heldMs ?? 0)) : base;
  }

  /** @param {Side} side */
  isRunning(side) {
    return !!this.state?.running.includes(side);
  }

  /** @param {Side} side */
  isLow(side) {
    const left = this.millis(side);
    return left !== null && left < LOW_MS;
  }

  tick() {
    if (this.state?.running.length || this.o.alsoTicking()) this.o.redraw();
    const seat = this.o.seat();
    const low = !!seat && this.isRunning(seat) && this.isLow(seat);
    if (low && !this.warned) this.o.onLow();
    this.warned = low;
  }

  start() {
    this.stop();
    this.interval = setInterval(() => this.tick(), 250);
  }

  stop() {
    clearInterval(this.interval);
  }
}
