// @ts-check
// The puzzle page's controller (`/puzzles`, `/puzzles/{id}`, `/puzzles/daily`, `/puzzles/streak`): the
// state of the puzzle shown and the actions on it. The board offers the decisions of the server's
// `legal` list (never worked out here); each choice goes to the server's judge with the choices so far
// (`POST /api/puzzles/{id}/attempt`), is sown from the server's preview, and so are the replies the
// judge answers. Once the line is over, right or wrong, the whole solution can be stepped through.
// The view (puzzle/view/*.js) is a pure function of this state; pages/puzzles.js patches it on
// every `redraw`.

import { puzzleApi } from './api.js';
import { Diagram } from '../board/diagram.js';
import { decisions as byHole } from '../gamestate.js';
import { go } from '../router.js';
import { me, ready } from '../session.js';
import { errorText } from '../ui.js';
import { knownGames } from './known.js';
import { Line } from './line.js';
import { GAMES } from './view/main.js';
import { markPuzzle, progress, recentlyFinished, streakReached } from './progress.js';

/** @typedef {'next' | 'one' | 'daily' | 'streak'} Mode */
/**
 * `loading` a puzzle is asked for; `play` the solver's choice is awaited; `busy` a choice is judged and
 * sown; `right` / `wrong` the line is over; `none` no puzzle to show (`noneKey` says why).
 * @typedef {'loading' | 'play' | 'busy' | 'right' | 'wrong' | 'none'} Phase
 */

/** @param {string} d a decision's hole, if it is one (`b2:cw` → `b2`) */
const holeOf = (d) => (/^[a-t][1-4]$/.test(d.split(':')[0]) ? d.split(':')[0] : null);

/** @typedef {import('../net/puzzlewire.js').PuzzleView} PuzzleView */
/** @typedef {import('../net/puzzlewire.js').AttemptAnswer} AttemptAnswer */

export class PuzzleCtrl {
  /**
   * @param {{mode: Mode, id?: string, game?: string, theme?: string}} route
   * @param {() => void} redraw
   */
  constructor(route, redraw) {
    /** @type {Mode} */
    this.mode = route.mode;
    this.id = route.id || '';
    this.game = route.game || '';
    this.theme = route.theme || '';
    this.redraw = redraw;
    /** @type {PuzzleView | null} the server's puzzle */
    this.puzzle = null;
    /** @type {Phase} */
    this.phase = 'loading';
    this.noneKey = '';
    /** @type {string[]} the solver's choices judged right so far */
    this.given = [];
    /** @type {Line | null} */
    this.line = null;
    /** How many decisions of the line are on the board. */
    this.at = 0;
    /** @type {string | null} a hole whose two directions are offered */
    this.selected = null;
    /** @type {AttemptAnswer | null} the answer that ended the line (`right` or `wrong`) */
    this.answer = null;
    /** @type {{at: number, played: string, expected: string} | null} where the wrong choice was made */
    this.miss = null;
    /** The puzzle is being tried again after a miss. */
    this.retried = false;
    /** The game the page chose for the player (the one they know best), while it is the filter's. */
    this.known = '';
    /** @type {{at: number, ply: import('./line.js').Ply} | null} a right answer off the solution's line, on the board */
    this.offLine = null;
    /** Puzzles solved in a row in this streak run. */
    this.run = 0;
    this.best = progress().streakBest;
    /** @type {'up' | 'down' | null} */
    this.voted = null;
    this.voteError = '';
    this.error = '';
    /** @type {import('../net/puzzlewire.js').PuzzleHistory | null} the account's puzzle history, once asked */
    this.history = null;
    this.historyError = '';
    this.signedIn = false;
    /** A CSS selector of the element to focus after the next patch. */
    this.focusNext = '';
    this.gone = false;
    /** Counts the puzzles shown, so an answer about an earlier one is dropped. */
    this.shown = 0;
    this.stepping = false;
    this.diagram = new Diagram({ onHole: (name) => this.pickHole(name) });
  }

  start() {
    const signed = ready().then((name) => {
      this.signedIn = !!name;
      if (this.signedIn) this.loadHistory();
      this.redraw();
    });
    // "Puzzles for you" and the streak start with the game the player knows best, unless the address
    // names one; the game filter shows it, and "All games" is a choice away.
    if ((this.mode === 'next' || this.mode === 'streak') && !this.game && !this.theme) {
      signed
        .then(() => knownGames())
        .then(
          (games) => {
            if (!this.gone && !this.game && GAMES.includes(games[0])) {
              this.game = games[0];
              this.known = games[0];
            }
          },
          () => {},
        )
        .then(() => (this.gone ? undefined : this.load()));
      return;
    }
    this.load();
  }

  stop() {
    this.gone = true;
    this.diagram.anim.finish();
  }

  /** Whether the streak's attempts are the account's run on the server. */
  serverStreak() {
    return this.mode === 'streak' && !!me();
  }

  /**
   * Asks for the puzzle the mode shows: the one named, the daily, the next near the rating, the streak's.
   * @returns {Promise<void>}
   */
  async load() {
    const n = ++this.shown;
    this.phase = 'loading';
    this.puzzle = null;
    this.error = '';
    this.redraw();
    const filter = { game: this.game || undefined, theme: this.theme || undefined };
    let p;
    try {
      if (this.mode === 'one') p = await puzzleApi.one(this.id);
      else if (this.mode === 'daily') p = (await puzzleApi.daily()).puzzle;
      else if (this.mode === 'streak')
        p = await puzzleApi.streak({ ...filter, after: this.run ? this.id || undefined : undefined });
      else {
        // A guest's progress is this browser's: the server leaves out the puzzles it names as finished.
        const exclude = me() ? undefined : recentlyFinished().join(',') || undefined;
        p = await puzzleApi.next({ ...filter, exclude });
      }
    } catch (e) {
      if (this.gone || n !== this.shown) return;
      const status = e && typeof e === 'object' && 'status' in e ? e.status : 0;
      if (status === 404 && this.known && this.game === this.known && !this.run) {
        // Nothing left in the game the page chose: fall back to every game.
        this.game = this.known = '';
        return this.load();
      }
      this.phase = 'none';
      this.noneKey =
        status === 404
          ? this.mode === 'one'
            ? 'puzzle.none.unknown'
            : this.mode === 'streak' && this.run
              ? 'puzzle.none.streak_complete'
              : 'puzzle.none.left'
          : '';
      this.error = status === 404 ? '' : errorText(e, 'puzzle');
      this.redraw();
      return;
    }
    if (this.gone || n !== this.shown) return;
    this.show(p);
  }

  /** @param {PuzzleView} p the server's puzzle */
  show(p) {
    this.puzzle = p;
    this.id = p.id;
    this.line = new Line(p);
    this.given = [];
    this.at = 0;
    this.selected = null;
    this.answer = null;
    this.miss = null;
    this.retried = false;
    this.offLine = null;
    this.voted = null;
    this.voteError = '';
    this.error = '';
    this.phase = 'play';
    this.diagram.side = p.solver === 'north' ? 'north' : 'south';
    this.diagram.show(p.board);
    this.offer();
    // After "Next puzzle" (whose button goes away) the focus goes to the board; not on arrival.
    if (this.shown > 1) this.focusNext = 'svg.board .hole[tabindex="0"]';
    this.redraw();
  }

  /** The legal decisions of the board on show while the solver is to choose, else none. */
  legal() {
    if (this.phase !== 'play' || !this.line) return [];
    return /** @type {string[]} */ (this.line.boardAt(this.at)?.legal || []);
  }

  /** Marks the playable holes (and, after a miss, the choice expected and the one played). */
  offer() {
    const holes = byHole(this.legal()).byHole;
    /** @type {Record<string, string>} */
    const marks = {};
    // The last decision sown stays marked, as the game page marks the last move.
    const last = this.line && this.at > 0 ? this.line.plies[this.at - 1] : null;
    const from = last ? holeOf(last.decision) : null;
    if (from) marks[from] = 'last-from';
    if (this.miss && this.at === this.miss.at && this.phase === 'wrong') {
      const played = holeOf(this.miss.played);
      const expected = holeOf(this.miss.expected);
      if (played) marks[played] = 'danger';
      if (expected) marks[expected] = 'goal';
    }
    this.diagram.set(new Set(holes.keys()), marks);
  }

  /** @param {string} name a hole clicked, tapped or chosen with Enter */
  pickHole(name) {
    const options = byHole(this.legal()).byHole.get(name) || [];
    if (!options.length) return;
    if (options.length > 1) {
      // Both directions are legal here: the solver says which.
      this.selected = name;
      this.focusNext = '#puzzle-choices button';
      this.redraw();
      return;
    }
    this.decide(options[0]);
  }

  cancel() {
    if (!this.selected) return;
    const hole = this.selected;
    this.selected = null;
    this.focusNext = `svg.board .hole[data-hole="${hole}"]`;
    this.redraw();
  }

  /**
   * Plays one of the solver's choices: judged by the server while its sowing is asked for and shown.
   * @param {string} d
   */
  async decide(d) {
    const line = this.line;
    if (this.phase !== 'play' || !line) return;
    const n = this.shown;
    const i = this.at;
    const given = [...this.given, d];
    this.phase = 'busy';
    this.selected = null;
    this.error = '';
    this.offer();
    this.redraw();
    const judged = puzzleApi.attempt(this.id, given, this.serverStreak());
    judged.catch(() => {});
    const mine = () => !this.gone && n === this.shown;
    let answer;
    try {
      const ply = await line.try(i, d);
      if (!mine()) return;
      await this.diagram.sow(ply.events, ply.board);
      answer = await judged;
      if (!mine()) return;
      if (answer.result === 'wrong') return this.missed(answer, i, d);
      this.retried = false;
      line.plies.length = i;
      line.plies.push(ply);
      this.at = i + 1;
      this.given = given;
      for (const r of answer.reply) {
        const reply = await line.ply(this.at, r.decision);
        if (!mine()) return;
        await this.diagram.sow(reply.events, reply.board);
        this.at += 1;
      }
      if (answer.board) {
        // The judge's board of the next choice holds the solver's legal decisions (a preview's board
        // after the opponent's reply is the opponent's view, with nothing to play).
        line.plies[this.at - 1].board = answer.board;
        this.diagram.show(answer.board);
      }
    } catch (e) {
      if (!mine()) return;
      // Back to the position before the choice, to choose again.
      this.phase = 'play';
      this.error = errorText(e, 'puzzle');
      this.diagram.show(line.boardAt(this.at));
      this.offer();
      this.redraw();
      return;
    }
    if (!mine()) return;
    if (answer.result === 'right' && answer.by_alternative) {
      // Another right answer: the line keeps the solution's decisions only, the board the one played.
      this.offLine = { at: i, ply: line.plies[i] };
      line.plies.length = i;
    }
    if (answer.result === 'right') this.solved(answer);
    else {
      this.phase = 'play';
      this.offer();
      this.focusNext = 'svg.board .hole[tabindex="0"]';
      this.redraw();
    }
  }

  /** @param {AttemptAnswer} answer */
  solved(answer) {
    this.answer = answer;
    this.phase = 'right';
    markPuzzle(this.id, true);
    if (this.mode === 'streak') {
      this.run = answer.streak ? answer.streak.run : this.run + 1;
      this.best = Math.max(streakReached(this.run), answer.streak?.best || 0);
    }
    this.afterEnd();
  }

  /**
   * The choice at ply `i` was not the solution's: the board goes back to the position before it, the
   * expected choice ringed green and the one played red.
   * @param {AttemptAnswer} answer
   * @param {number} i
   * @param {string} played
   */
  missed(answer, i, played) {
    this.answer = answer;
    this.phase = 'wrong';
    this.miss = { at: i, played, expected: String(answer.expected || '') };
    markPuzzle(this.id, false);
    if (this.mode === 'streak') {
      this.best = Math.max(streakReached(this.run), answer.streak?.best || 0);
    }
    this.at = i;
    this.diagram.show(/** @type {Line} */ (this.line).boardAt(i));
    this.afterEnd();
  }

  /**
   * "Try again" after a miss: the same puzzle from the position before the wrong decision, the right
   * decisions before it kept. The server records an account's first attempt only (its rating moved
   * then), so a success now is judged and shown but moves no rating.
   */
  retry() {
    if (this.phase !== 'wrong' || !this.miss || !this.line) return;
    this.at = this.miss.at;
    this.miss = null;
    this.answer = null;
    this.retried = true;
    this.phase = 'play';
    this.diagram.show(this.line.boardAt(this.at));
    this.offer();
    this.focusNext = 'svg.board .hole[tabindex="0"]';
    this.redraw();
  }

  afterEnd() {
    this.offer();
    this.focusNext = '#puzzle-next';
    if (this.answer?.recorded) this.loadHistory();
    this.redraw();
  }

  /** The whole solution, once the line is over. @returns {{side: string, decision: string}[]} */
  solution() {
    return this.answer?.solution || [];
  }

  /**
   * Shows the solution after `j` of its decisions: the next one is sown, any other jump is drawn at once.
   * @param {number} j
   */
  async step(j) {
    const line = this.line;
    const sol = this.solution();
    if (!line || !sol.length || j < 0 || j > sol.length || this.stepping) return;
    if (this.diagram.anim.busy) this.diagram.anim.finish();
    const n = this.shown;
    this.stepping = true;
    // From another right answer's board, every step is drawn from the solution's line.
    const offLine = this.offLine;
    this.offLine = null;
    try {
      if (j === this.at + 1 && !offLine) {
        const ply = await line.ply(this.at, sol[this.at].decision);
        if (n !== this.shown || this.gone) return;
        this.at = j;
        this.diagram.marks = {};
        this.redraw();
        await this.diagram.sow(ply.events, ply.board);
      } else {
        for (let k = 0; k < j; k += 1) await line.ply(k, sol[k].decision);
        if (n !== this.shown || this.gone) return;
        this.at = j;
        this.diagram.show(line.boardAt(j));
      }
    } catch (e) {
      this.error = errorText(e, 'puzzle');
    } finally {
      this.stepping = false;
    }
    if (n !== this.shown || this.gone) return;
    this.offer();
    this.redraw();
  }

  /** The position on the board, as text: what the analysis board opens. */
  positionShown() {
    if (this.offLine) return this.offLine.ply.position;
    return this.line ? this.line.positionAt(Math.min(this.at, this.line.plies.length)) : '';
  }

  /** The next puzzle: of the streak, or near the rating (from a named or the daily puzzle: the page's). */
  next() {
    if (this.mode === 'one' || this.mode === 'daily') {
      go('/puzzles');
      return;
    }
    if (this.mode === 'streak' && this.phase === 'wrong') this.run = 0;
    this.load();
  }

  /** @param {string} game @param {string} theme */
  filter(game, theme) {
    this.game = game;
    this.theme = theme;
    if (this.mode === 'streak') this.run = 0;
    this.load();
  }

  /** @param {boolean} up */
  async vote(up) {
    const id = this.puzzle?.id;
    if (!id) return;
    this.voteError = '';
    try {
      await puzzleApi.vote(id, up);
      if (this.puzzle?.id !== id) return;
      this.voted = up ? 'up' : 'down';
    } catch (e) {
      this.voteError = errorText(e, 'puzzle_vote');
    }
    this.redraw();
  }

  async loadHistory() {
    try {
      this.history = await puzzleApi.history(10);
      this.historyError = '';
    } catch (e) {
      this.historyError = errorText(e, 'puzzle');
    }
    if (!this.gone) this.redraw();
  }

  /** @param {KeyboardEvent} e ← → step through the solution once the line is over; Escape cancels */
  onKey(e) {
    const target = e.target;
    if (target instanceof Element && target.closest('input, select, textarea')) return;
    if (e.key === 'Escape') this.cancel();
    if (this.phase !== 'right' && this.phase !== 'wrong') return;
    if (e.key === 'ArrowLeft' && !(target instanceof Element && target.closest('svg.board'))) this.step(this.at - 1);
    if (e.key === 'ArrowRight' && !(target instanceof Element && target.closest('svg.board'))) this.step(this.at + 1);
  }
}
