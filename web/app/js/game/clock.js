// @ts-check
// The game page's clocks, as lichess's round has a clock controller beside its main one: the clock
// state the server last sent and when it arrived, the local ticking from it (a redraw every quarter
// second while a clock runs, which redraws the player bars only: view/players.js memoises them), the
// low-time warning of the viewer's own clock, and what the player bars read (time left, running, low).
// The server's clock is the truth: a message that carries one replaces what was ticked locally.

/** @typedef {import('../types.js').Side} Side */
/** @typedef {import('../types.js').Clock} Clock */

/** How often the clocks are redrawn while one runs. */
const TICK_MS = 250;
/** Under this, a clock is drawn as low and the viewer's own warns once a turn. */
export const LOW_MS = 10000;

export class ClockCtrl {
  /**
   * @param {{
   *   redraw: () => void,
   *   seat: () => Side | null,
   *   onLow: () => void,
   *   alsoTicking: () => boolean,
   * }} opts `seat`: the viewer's seat (its clock warns); `onLow`: the warning (a sound);
   *   `alsoTicking`: whether something else on the page counts down too (the claim's countdown)
   */
  constructor(opts) {
    this.opts = opts;
    /** @type {Clock | null} the server's clock state, null in a game without a clock */
    this.state = null;
    /** when it arrived (performance.now()) */
    this.at = 0;
    /** whether the viewer's running clock was already under LOW_MS at the last tick */
    this.warned = false;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.interval = undefined;
  }

  /**
   * The clock state of a snapshot or an event (null: the game has no clock).
   * @param {Clock | null} state
   * @param {number} now performance.now() when it arrived
   */
  set(state, now) {
    this.state = state;
    this.at = now;
  }

  /**
   * Milliseconds left on `side`'s clock at `now`, or null without a clock.
   * @param {Side} side
   * @param {number} [now]
   * @returns {number | null}
   */
  millis(side, now = performance.now()) {
    const c = this.state;
    if (!c) return null;
    const base = side === 'south' ? c.southMs : c.northMs;
    return c.running.includes(side) ? base - (now - this.at) : base;
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

  /** Whether any clock runs now (the page ticks only then). */
  ticking() {
    return !!this.state?.running.length;
  }

  /** One tick: a redraw when anything counts down, and the warning when the viewer's clock goes low. */
  tick() {
    if (this.ticking() || this.opts.alsoTicking()) this.opts.redraw();
    const seat = this.opts.seat();
    const low = !!seat && this.isRunning(seat) && this.isLow(seat);
    if (low && !this.warned) this.opts.onLow();
    this.warned = low;
  }

  start() {
    this.stop();
    this.interval = setInterval(() => this.tick(), TICK_MS);
  }

  stop() {
    clearInterval(this.interval);
    this.interval = undefined;
  }
}
