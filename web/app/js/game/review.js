// @ts-check
// The post-game review of a finished game (`GET /api/games/{id}/review`), asked when the reader presses
// "Review": the server computes it in the background and answers 202 with its progress and a
// `Retry-After` until it is ready, so this asks again after that many seconds, then keeps the review.
//
// A marked decision is explained on demand (from the move list, or "next mistake" / "previous
// mistake"): the board goes to the position before it (brought whole into view), and the server is asked
// for the two lines that explain it (`GET /api/games/{id}/review/{ply}`): the better decision and the
// played one, each followed by the engine's best play for a few turns, every turn with its board, steps
// and captures. The sentences are made of those figures, so each adds up on the page; the reader can walk
// either line on the board turn by turn (sown at the chosen speed) and stays on it until "Back to the
// game". Everything shown (values, marks, accuracies, captures, reasons) is the server's; its view is
// view/review.js.

import { call } from '../net/api.js';
import { explanation, fetchReview } from '../net/reviewwire.js';
import { errorText, learnStyle } from '../ui.js';

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
/** @typedef {import('../types.js').Board} Board */
/** @typedef {import('../types.js').Step} Step */
/** @typedef {{decision: string, steps: Step[], captured: number}} LineDecision */
/** One side's turn of a line: the board before it, its decisions and what they captured. @typedef {{side: string, board: Board, decisions: LineDecision[], captured: number}} Turn */
/**
 * A decision and the engine's best play after it: its turns, the board at its end, the counters the
 * mover (`mine`) and the opponent (`theirs`) captured along it, and `net = mine − theirs`.
 * @typedef {{first: string, turns: Turn[], board: Board, mine: number, theirs: number, net: number, over: boolean}} Line
 */
/**
 * A marked decision explained: the better line and the played one once the server answered (`error`
 * when it could not: the mark is still shown, it is the review's), the turns they were followed for,
 * and what the played one gives away over them.
 * @typedef {{state: 'asking' | 'ready' | 'error', better: Line | null, played: Line | null, turns: number, gives: number}} Explained
 */

/**
 * The review's part of the game page: what the explanation needs of the page around it.
 * @typedef {object} Host
 * @property {(ply: number) => void} go shows the board after `ply` decisions
 * @property {(before: Board, move: import('../types.js').MoveEvent) => void} sow sows a move on the board
 * @property {() => void} still stops a sowing under way
 * @property {() => void} reveal brings the whole board into view
 */

/**
 * Brings the board whole into view, its top player's line included, below the page's sticky header
 * (after the redraw under way).
 * @param {HTMLElement} box the board's box
 */
export function revealBoard(box) {
  requestAnimationFrame(() => {
    const top = box.closest('.board-col')?.firstElementChild;
    if (!top) return;
    // A header that scrolled away (not sticky on a phone) covers nothing.
    const header = Math.max(0, document.querySelector('header')?.getBoundingClientRect().bottom ?? 0);
    const from = top.getBoundingClientRect().top;
    const to = box.getBoundingClientRect().bottom;
    if (from < header || to > window.innerHeight) window.scrollBy({ top: from - header - 4 });
  });
}

/**
 * The hole where a turn's first decision drops its last counter, if it drops any.
 * @param {Turn | undefined} turn
 */
export function lastHole(turn) {
  const drops = (turn?.decisions[0]?.steps || []).filter((s) => s.type === 'drop');
  const last = drops[drops.length - 1];
  return last && last.type === 'drop' ? last.hole : null;
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
    /** @type {{line: 'better' | 'played', turn: number} | null} the line walked on the board, after `turn` of its turns */
    this.walk = null;
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
        this.progress = r.progress;
        this.timer = setTimeout(() => this.ask(), r.retryAfter * 1000);
      } else {
        this.data = r.review;
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
    this.walk = null;
    this.host.go(ply - 1);
    if (!this.explained.has(ply)) this.fetch(ply);
    this.redraw();
    this.host.reveal();
  }

  /** The explanation of the decision explained, if any. */
  current() {
    return this.focus === null ? null : this.explained.get(this.focus) || null;
  }

  /**
   * The board's drawing of the decision explained, on the position before it (`shown`): the better
   * decision's hole (and an arrow to where its last counter falls) and the played one's; no mark while a
   * line is walked.
   * @param {number} shown
   * @returns {{marks: Record<string, string>, arrows: {from: string, to: string}[]} | null}
   */
  drawing(shown) {
    const d = this.focus === null ? null : this.data?.decisions[this.focus - 1];
    if (!d?.judged || shown !== d.ply - 1) return null;
    if (this.walk) return { marks: {}, arrows: [] };
    const hole = (/** @type {string} */ x) => (/^[a-t][1-4]/.test(x) ? x.split(':')[0] : '');
    const [best, played] = [hole(d.judged.best), hole(d.decision)];
    /** @type {Record<string, string>} */
    const marks = {};
    if (played) marks[played] = 'danger';
    if (best) marks[best] = 'goal';
    const to = lastHole(this.current()?.better?.turns[0]);
    return { marks, arrows: best && to && to !== best ? [{ from: best, to }] : [] };
  }

  /** The board left the position before the decision explained: the explanation closes. @param {number} shown */
  follow(shown) {
    if (this.focus !== null && shown !== this.focus - 1) {
      this.focus = null;
      this.walk = null;
    }
  }

  /** The line walked, if any. */
  walked() {
    const e = this.current();
    return this.walk && e ? e[this.walk.line] : null;
  }

  /** The board of the line walked, after the turns sown so far; null when no line is walked. */
  walkBoard() {
    const l = this.walked();
    if (!l || !this.walk) return null;
    return this.walk.turn < l.turns.length ? l.turns[this.walk.turn].board : l.board;
  }

  /**
   * Walks a line from the position before the decision explained, sowing its first turn.
   * @param {'better' | 'played'} which
   */
  startWalk(which) {
    this.walk = { line: which, turn: 0 };
    this.step(1);
  }

  /**
   * One turn further along the line walked (sown at the chosen speed), or one back (shown at once).
   * @param {1 | -1} dir
   */
  step(dir) {
    const l = this.walked();
    if (!l || !this.walk) return;
    const k = this.walk.turn;
    if (dir > 0 && k < l.turns.length) {
      const turn = l.turns[k];
      this.walk.turn = k + 1;
      // The sowing is watched: the whole board in view, whatever the reader scrolled to.
      this.host.reveal();
      this.host.sow(turn.board, {
        kind: 'move',
        ply: 0,
        side: /** @type {'south' | 'north'} */ (turn.side),
        decision: turn.decisions[0]?.decision ?? '',
        auto: false,
        steps: turn.decisions.flatMap((d) => d.steps),
      });
    } else if (dir < 0 && k > 0) {
      this.walk.turn = k - 1;
      this.host.still();
    }
    this.redraw();
  }

  /** Leaves the line walked: the board shows the position before the decision explained again. */
  endWalk() {
    this.walk = null;
    this.host.still();
    this.redraw();
  }

  /** Asks the server for the lines that explain decision `ply` (once). @param {number} ply */
  async fetch(ply) {
    /** @type {Explained} */
    const e = { state: 'asking', better: null, played: null, turns: 0, gives: 0 };
    this.explained.set(ply, e);
    try {
      Object.assign(e, explanation(await call('GET', `/api/games/${encodeURIComponent(this.id)}/review/${ply}`)));
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
