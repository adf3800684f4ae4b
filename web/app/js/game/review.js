// @ts-check
// The post-game review of a finished game (`GET /api/games/{id}/review`), asked when the reader presses
// "Review": the server computes it in the background and answers 202 with its progress and a
// `Retry-After` until it is ready, so this asks again after that many seconds, then keeps the review.
//
// A marked decision is explained on demand (from the move list, or "next mistake" / "previous
// mistake"): the board goes to the position before it, and the server's engine is asked what the better
// decision does there and what the opponent then does after the played one: the positions' texts
// (`POST /api/analysis` of the game before and after the decision, with the smallest budget: the text and,
// after it, the opponent's best reply are used), then `POST /api/preview` of the better decision, of the
// played one and of that reply, whose steps and capture reasons the sentences are made of. Everything
// shown (values, marks, accuracies, captures, reasons) is the server's; its view is view/review.js.

import { ApiError, api } from '../net/api.js';
import { errorText, learnStyle } from '../ui.js';
import * as wire from '../net/wire.js';

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
/**
 * What a decision does, as `POST /api/preview` answers (the steps decoded).
 * @typedef {{decision: string, steps: import('../types.js').Step[], captured: number, lastHole: string | null}} Done
 */
/**
 * A marked decision explained: the better decision's preview, the played one's, and the opponent's best
 * reply to the played one (null when the turn went on, or the game ended), once the server answered
 * (`error` when it could not: the counters lost are still shown, they are the review's).
 * @typedef {{state: 'asking' | 'ready' | 'error', better: Done | null, played: Done | null, reply: (Done & {side: string}) | null}} Explained
 */

/**
 * The review's part of the game page: what the explanation needs of the page around it.
 * @typedef {object} Host
 * @property {(ply: number) => void} go shows the board after `ply` decisions
 * @property {() => import('../types.js').Game | null} game the game's summary
 */

/** @param {any} p a preview answer @returns {Done} */
const done = (p) => ({
  decision: String(p.decision),
  steps: (p.events || []).map(wire.step),
  captured: Number(p.captured) || 0,
  lastHole: p.last_hole || null,
});

/**
 * A finished game's review: 202 (`body` the progress) while the server computes it, with the seconds
 * to wait before asking again; 200 (`body` the review) once it is ready. (Here rather than in api.js: only
 * a finished game's page, which loads this module, asks for it.)
 * @param {string} id
 * @returns {Promise<{status: number, retryAfter: number, body: any}>}
 */
async function fetchReview(id) {
  let res;
  try {
    res = await fetch(`/api/games/${encodeURIComponent(id)}/review`, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'offline', 'the server cannot be reached');
  }
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    const e = wire.apiError(res.status, body);
    throw new ApiError(res.status, e.code, e.message);
  }
  const wait = Number(res.headers.get('retry-after'));
  return { status: res.status, retryAfter: wait > 0 ? Math.min(wait, 60) : 2, body };
}

export class ReviewCtrl {
  /**
   * @param {string} id
   * @param {() => void} redraw
   * @param {Host} host
   */
  constructor(id, redraw, host) {
    this.id = id;
    this.redraw = redraw;
    this.host = host;
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
    /** @type {number | null} the ply of the marked decision explained (the board shows the position before it) */
    this.focus = null;
    /** @type {Map<number, Explained>} */
    this.explained = new Map();
  }

  /** Asks for the review (again after an error). */
  start() {
    if (this.state === 'waiting' || this.state === 'ready') return;
    // The review's style (its marks, graph, explanation and the board's marks) is the lessons' sheet.
    learnStyle();
    this.state = 'waiting';
    this.error = '';
    this.redraw();
    this.ask();
  }

  async ask() {
    try {
      const r = await fetchReview(this.id);
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

  /**
   * The plies of the marked decisions of `side` (both sides when null), in order.
   * @param {string | null} side
   */
  marked(side) {
    return (this.data?.decisions || []).filter((d) => d.judged?.mark && (!side || d.side === side)).map((d) => d.ply);
  }

  /**
   * The marked decision after (`1`) or before (`-1`) the one explained, else after or before the ply the
   * board shows (from the end of the game, the next is the first); none past the ends.
   * @param {1 | -1} dir
   * @param {string | null} side
   * @param {number} shown the ply the replay shows
   * @param {number} end the game's last ply
   */
  neighbour(dir, side, shown, end) {
    const from = this.focus ?? (dir < 0 ? shown + 1 : shown === end ? 0 : shown);
    const list = this.marked(side);
    return (dir > 0 ? list.find((p) => p > from) : list.reverse().find((p) => p < from)) ?? null;
  }

  /**
   * Explains marked decision `ply`: the board goes to the position before it, and the server is asked
   * what the better decision and the played one do there (once).
   * @param {number} ply
   */
  explain(ply) {
    const d = this.data?.decisions[ply - 1];
    if (!d?.judged?.mark) return;
    this.focus = ply;
    this.host.go(ply - 1);
    if (!this.explained.has(ply)) this.fetch(ply, d.decision, d.judged.best);
    this.redraw();
  }

  /** The explanation of the decision explained, if any. */
  current() {
    return this.focus === null ? null : this.explained.get(this.focus) || null;
  }

  /**
   * The board's drawing of the decision explained, on the position before it (`shown`): the better
   * decision's hole (and an arrow to where its last counter falls) and the played one's.
   * @param {number} shown
   * @returns {{marks: Record<string, string>, arrows: {from: string, to: string}[]} | null}
   */
  drawing(shown) {
    const d = this.focus === null ? null : this.data?.decisions[this.focus - 1];
    if (!d?.judged || shown !== d.ply - 1) return null;
    const hole = (/** @type {string} */ x) => (/^[a-t][1-4]/.test(x) ? x.split(':')[0] : '');
    const [best, played] = [hole(d.judged.best), hole(d.decision)];
    /** @type {Record<string, string>} */
    const marks = {};
    if (played) marks[played] = 'danger';
    if (best) marks[best] = 'goal';
    const to = this.current()?.better?.lastHole;
    return { marks, arrows: best && to && to !== best ? [{ from: best, to }] : [] };
  }

  /** The board left the position before the decision explained: the explanation closes. @param {number} shown */
  follow(shown) {
    if (this.focus !== null && shown !== this.focus - 1) this.focus = null;
  }

  /**
   * @param {number} ply
   * @param {string} played
   * @param {string} best
   */
  async fetch(ply, played, best) {
    /** @type {Explained} */
    const e = { state: 'asking', better: null, played: null, reply: null };
    this.explained.set(ply, e);
    const g = this.host.game();
    const variant = this.data?.variant || g?.variant || '';
    const options = variant === 'njombwa' && g ? { width: g.options.width } : undefined;
    /** @param {string} position @param {string} decision */
    const preview = async (position, decision) => done(await api.preview({ variant, options, position, decision }));
    try {
      const [before, after] = await Promise.all(
        [ply - 1, ply].map((n) => api.analysis({ game: this.id, ply: n, nodes: 2000 }).catch(() => null)),
      );
      if (!before) throw new Error('no position');
      const mover = this.data?.decisions[ply - 1]?.side;
      const answer = after && after.side !== mover && after.best?.length ? after : null;
      const [b, p, r] = await Promise.all([
        preview(before.position, best),
        preview(before.position, played),
        answer ? preview(answer.position, answer.best[0]) : null,
      ]);
      Object.assign(e, { better: b, played: p, reply: r && answer ? { ...r, side: answer.side } : null });
      e.state = 'ready';
    } catch {
      e.state = 'error';
    }
    if (!this.stopped) this.redraw();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}
