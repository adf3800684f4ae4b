// @ts-check
// The game page's controller, as lichess's round ctrl: it holds the state (the model of gamestate.js
// plus what only this page knows: the seat's selection, the confirmation asked, the animation frame,
// the replay), the actions a person takes (play a hole, join, flip, replay…), and `redraw`, which the
// page (pages/game.js) turns into one keyed patch of the view (view/*.js). Socket messages reach it
// through the table of handlers.js. What a player asks of the game beside a decision (resign, offers,
// the rematch…) is commands.js's (`this.commands`). What it asks over HTTP beside the socket (xhr.js) is
// loaded on demand, once the socket has answered or failed: the first view waits for the socket only.

import { api } from '../net/api.js';
import { Animator, SPEEDS } from '../board/anim.js';
import { BoardView } from '../board/board.js';
import { apply, bothMoved, decisions, initial } from '../gamestate.js';
import { adoptSeatFragment, keepSeat, prefs, seatToken } from '../prefs.js';
import { GameSocket } from '../net/socket.js';
import { DEFAULT_TIMING, SEAT_TIMING } from '../net/reconnect.js';
import { shownHoles } from '../board/steps.js';
import { has, loadBook, t } from '../i18n.js';
import { errorText, other, shownName, sideName, variantName } from '../ui.js';
import { ClockCtrl } from './clock.js';
import { Commands } from './commands.js';
import { HANDLERS } from './handlers.js';
import { lastMoveMarks } from './marks.js';
import { lazy } from '../redraw.js';

/** @typedef {import('../types.js').Side} Side */
/** @typedef {import('../types.js').ServerMessage} ServerMessage */
/** @typedef {import('../gamestate.js').Sowing} Sowing */
/** @typedef {import('../board/anim.js').Speed} Speed */
/** @typedef {import('./commands.js').Command} Command */

/** What the page asks over HTTP beside its socket: the record, the ratings, whether the game exists. */
const xhr = lazy(() => import('./xhr.js'));

/**
 * Runs `ask` with xhr.js once it is in; false when it could not be loaded (the network went).
 * @param {(x: typeof import('./xhr.js')) => unknown} ask
 */
async function asked(ask) {
  const x = await xhr.load();
  if (!x) return false;
  ask(x);
  return true;
}

export class GameCtrl {
  /**
   * @param {string} id
   * @param {() => void} redraw patches the page from this state
   */
  constructor(id, redraw) {
    this.id = id;
    this.redraw = redraw;
    adoptSeatFragment(id);
    this.s = initial();
    this.flipped = false;
    /** @type {string | null} a hole with several decisions, waiting for the direction */
    this.selected = null;
    /** @type {import('../board/steps.js').Frame | null} the animation frame shown instead of the model's board */
    this.frame = null;
    /** @type {Command | null} a command awaiting its confirmation */
    this.confirm = null;
    /** @type {string} the element to focus after the next patch (a CSS selector) */
    this.focusNext = '';
    this.message = '';
    /** messages said so far (a refusal whose words arrive late does not cover a newer one) */
    this.said = 0;
    /** @type {import('../net/reconnect.js').SocketStatus | 'gone' | 'done'} 'done': the seat closed with its account, after the end */
    this.status = 'connecting';
    /** @type {Speed} */
    this.speed = /** @type {Speed} */ (prefs.speed in SPEEDS ? prefs.speed : 'normal');
    /** @type {{south: import('../types.js').Rating | null, north: import('../types.js').Rating | null}} */
    this.ratingOf = { south: null, north: null };
    this.ratingsFor = '';
    /** @type {import('./replay.js').ReplayCtrl | null} the replay of a finished game */
    this.replay = null;
    /** @type {typeof import('./finished.js') | null} finished.js, imported once the game has ended */
    this.finished = null;
    /** @type {typeof import('./chat.js') | null} chat.js, imported when the chat is opened */
    this.chat = null;
    this.chatOpen = false;
    this.loadingFinished = false;
    /** @type {import('./tournament.js').TournamentFollow | null} the tournament this game belongs to */
    this.tournament = null;
    this.stopped = false;
    /** @type {GameSocket | null} */
    this.socket = null;
    /** Resign, abort, claim, berserk, offers, the rematch: sent over the socket. */
    this.commands = new Commands(this);
    this.recordAsked = false;
    this.checked = false;
    this.seatLinkOpen = false;
    /** @type {string} the copy button that says "Copied" */
    this.copied = '';
    /** @type {Sowing[]} moves waiting to be sown */
    this.queue = [];
    /** @type {Map<number, Sowing>} moves seen live, by ply (sown again from the move list) */
    this.seen = new Map();
    /** @type {number | null} the ply sown again, while it is */
    this.again = null;
    /** @type {import('../types.js').MoveEvent | null} the move being sown */
    this.sowing = null;
    this.animator = new Animator((f) => {
      this.frame = f;
      this.redraw();
    });
    /** @type {BoardView | null} */
    this.board = null;
    /** @type {(() => void) | undefined} stops watching the board's size */
    this.unobserve = undefined;
    this.clock = new ClockCtrl({
      redraw: () => this.redraw(),
      seat: () => this.s.seat,
      onLow: () => this.noise('low'),
      // The claim's and the first decisions' countdowns tick with the clocks.
      alsoTicking: () => {
        const s = this.s;
        return s.game?.status === 'ongoing' && ((!!s.presence.claimWinAt && !!s.seat) || !!s.presence.abortAt);
      },
    });
    /** @type {((e: KeyboardEvent) => void) | undefined} */
    this.keys = undefined;
    /** @type {string | null} the hole the pointer rests on (or long-pressed) */
    this.hovered = null;
    /** @type {import('./preview.js').Shown | null} the last preview received */
    this.preview = null;
    /** @type {Promise<(name: string | null) => void> | null} game/preview.js, loaded once a player may preview */
    this.previewer = null;
  }

  // ---- what the viewer may do ----

  /** The seat's legal decisions now (none while a decision is on its way or the board is pending). */
  legal() {
    const s = this.s;
    return s.seat && !s.awaitingBoard && s.board && !this.socket?.pending ? s.board.legal : [];
  }

  /**
   * Whether the viewer may preview a move now: a game that allows previews (never a rated one), the
   * viewer's turn, the current position shown.
   */
  canPreview() {
    const g = this.s.game;
    return !!g && g.previews && !g.rated && g.status === 'ongoing' && !!this.seatToken() && !this.replaying();
  }

  /**
   * The pointer rests on a hole (or a long press), or leaves it (null).
   * @param {string | null} name
   */
  hover(name) {
    const shown = !!this.shownPreview();
    this.hovered = name;
    if (name && this.canPreview()) {
      this.previewer ||= import('./preview.js').then((m) => m.previewer(this));
      this.previewer.then((ask) => ask(name));
    } else this.previewer?.then((ask) => ask(null));
    if (shown) this.redraw();
  }

  /** The preview shown now: the hovered hole's, at the current ply, on the viewer's turn. */
  shownPreview() {
    const pv = this.preview;
    if (!pv || pv.plies !== (this.s.game?.plies ?? 0) || pv.hole !== this.hovered || !this.canPreview()) return null;
    return this.legal().length ? pv : null;
  }

  /** Whether the replay shows another position than the current one. */
  replaying() {
    return !!this.replay && this.replay.ply !== this.s.game?.plies && !!this.replay.board;
  }

  /**
   * A hole clicked: a legal one is played at once, even while a move is being sown (which then ends);
   * any other click on the board ends the sowing.
   * @param {string} name
   */
  clickHole(name) {
    const ds = decisions(this.legal()).byHole.get(name);
    if (this.animator.busy) {
      this.skip();
      if (!ds) return;
    }
    if (this.replay && this.replay.ply !== this.s.game?.plies) return;
    if (!ds) return;
    if (ds.length === 1) {
      this.decide(ds[0]);
    } else {
      this.selected = this.selected === name ? null : name;
      if (this.selected) this.focusNext = '#choices button[data-decision]';
      this.redraw();
    }
  }

  /** @param {string} d */
  decide(d) {
    if (!this.socket) return;
    if (this.selected) this.focusNext = `svg.board .hole[data-hole="${this.selected}"]`;
    this.selected = null;
    this.message = '';
    this.hover(null);
    this.socket.decide(d);
    this.redraw();
  }

  /**
   * Plays a sound, unless the page's sound is off (its module is loaded with the first one).
   * @param {string} name
   */
  noise(name) {
    if (prefs.sound)
      import('../sound.js').then(
        (m) => m.play(name),
        () => {},
      );
  }

  /** Opens the chat: its module and words are loaded the first time. */
  openChat() {
    this.chatOpen = true;
    if (!this.chat)
      Promise.all([import('./chat.js'), loadBook('chat'), loadBook('blocks')]).then(
        ([m]) => (this.chat = m) && this.redraw(),
      );
    this.redraw();
  }

  /** Closes a confirmation or a direction choice (No, Escape). */
  cancel() {
    if (this.confirm) this.focusNext = `[data-command="${this.confirm}"]`;
    else if (this.selected) this.focusNext = `svg.board .hole[data-hole="${this.selected}"]`;
    this.confirm = null;
    this.selected = null;
    this.redraw();
  }

  flip() {
    this.flipped = !this.flipped;
    this.redraw();
  }

  /** @param {string} value */
  setSpeed(value) {
    if (!(value in SPEEDS)) return;
    this.speed = /** @type {Speed} */ (value);
    prefs.speed = value;
  }

  /** Ends every animation at once. */
  skip() {
    this.queue.length = 0;
    this.animator.finish();
  }

  /** @param {string} name the guest name typed (empty for a signed-in person) */
  async join(name) {
    try {
      const seat = await api.join(this.id, name || undefined);
      keepSeat(this.id, seat.token, seat.seat);
      this.connect();
    } catch (e) {
      this.message = errorText(e, 'join');
      this.redraw();
    }
  }

  openSeatLink() {
    this.seatLinkOpen = true;
    this.redraw();
  }

  /**
   * Copies a field's text; its button says "Copied" a moment.
   * @param {HTMLInputElement} field
   * @param {string} which
   */
  async copy(field, which) {
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      // Not a secure context (a LAN address over http): the old way.
      field.select();
      document.execCommand('copy');
    }
    this.copied = which;
    this.redraw();
    setTimeout(() => {
      if (this.copied === which) this.copied = '';
      this.redraw();
    }, 1500);
  }

  // ---- the socket ----

  connect() {
    this.socket?.stop();
    this.socket = new GameSocket({
      gameId: this.id,
      token: seatToken(this.id),
      onStatus: (st) => {
        this.status = st;
        // A socket that closes before any message may name no game: asked once over HTTP.
        if ((st === 'closed' || st === 'failed') && !this.s.game) asked((x) => x.checkExists(this));
        // A seat closed with its account after the game's end has nothing more to hear; before it, the
        // socket watches to learn the end.
        if (st === 'closed' && this.socket?.revoked && this.s.game?.status === 'finished') {
          this.socket.stop();
          this.status = 'done';
        }
        this.redraw();
      },
      onMessage: (m) => this.receive(m),
    });
    this.socket.start();
  }

  /** @param {ServerMessage} m */
  receive(m) {
    const handle = /** @type {(c: GameCtrl, m: ServerMessage) => void} */ (HANDLERS[m.type]);
    handle(this, m);
    this.redraw();
  }

  /**
   * A snapshot, an event or a presence: the model changes; a move is queued to be sown.
   * @param {ServerMessage} m
   */
  applyState(m) {
    const s = this.s;
    const myTurn = this.legal().length > 0;
    const sowing = apply(s, m);
    if ((m.type === 'snapshot' || m.type === 'event') && m.clock !== undefined)
      this.clock.set(m.clock, performance.now());
    if (sowing) this.noise(sowing.move.steps.some((x) => x.type === 'capture') ? 'capture' : 'move');
    if (!myTurn && m.type === 'event' && this.legal().length) this.noise('turn');
    if (m.type === 'snapshot' && s.seat) keepSeat(this.id, seatToken(this.id) || '', s.seat, s.game?.variant);
    this.socket?.pace(s.seat && s.game?.status === 'ongoing' ? SEAT_TIMING : DEFAULT_TIMING);
    if (s.needRecord && !this.recordAsked) {
      this.recordAsked = true;
      asked((x) => x.fetchRecord(this)).then((ok) => ok || (this.recordAsked = false));
    }
    for (const ply of this.seen.keys()) if (ply > (s.game?.plies ?? 0)) this.seen.delete(ply);
    if (sowing && s.board) {
      // Only a move that sows can be sown again (not a secret choice, a pass).
      if (sowing.move.steps.some((x) => x.type === 'lift' || x.type === 'store_lift'))
        this.seen.set(sowing.move.ply, sowing);
      if (this.again !== null) this.animator.finish();
      this.queue.push(sowing);
      this.animateNext();
    }
    if (s.game?.status === 'finished') this.tournament?.changed();
    if (s.game?.status === 'finished' && !this.replay && !s.awaitingBoard) this.startReplay();
    else if (this.replay && s.game) this.replay.setPlies(s.game.plies);
    asked((x) => x.fetchRatings(this));
  }

  /** @param {string} text */
  say(text) {
    this.message = text;
    this.said += 1;
  }

  /**
   * The server refused a message: its code said in a sentence, from a book of their own (most visits
   * never need one), unless something else was said meanwhile.
   * @param {string} code
   */
  refused(code) {
    const n = ++this.said;
    loadBook('refused').then(() => {
      if (n !== this.said) return;
      this.message = t(has(`refused.${code}`) ? `refused.${code}` : 'error.unknown');
      this.redraw();
    });
  }

  /** Whether the board is still sowing moves it was sent (the result waits for it). */
  sowingLeft() {
    return this.animator.busy || this.queue.length > 0;
  }

  // Moves are sown one after the other at the viewer's speed, timed games too: the server starts the
  // clock of the side to move only once the sowing has been shown at the normal speed (`held_ms`), so
  // a slow sowing costs only what it takes beyond that. A catch-up shows only the last two.
  animateNext() {
    if (this.animator.busy || !this.queue.length) return;
    this.queue.splice(0, Math.max(0, this.queue.length - 2));
    const a = /** @type {Sowing} */ (this.queue.shift());
    this.sowing = a.move;
    this.again = null;
    this.animator.play(a.before, a.move, this.speed, () => setTimeout(() => this.animateNext(), 0));
  }

  /** @param {number} ply a move seen live, sown again */
  sowAgain(ply) {
    const a = this.seen.get(ply);
    if (a) this.show(a, ply);
  }

  /**
   * Sows a move in full (a move of the list, a review's better decision), even with the animation off.
   * @param {Sowing} a
   * @param {number} ply its line in the move list (0: none)
   */
  show(a, ply) {
    this.skip();
    this.again = ply;
    this.sowing = a.move;
    const speed = this.speed === 'off' ? 'normal' : this.speed;
    this.animator.play(a.before, a.move, speed, () => {
      this.again = null;
      this.redraw();
    });
  }

  // ---- what the views read ----

  /** @param {Side} side @returns {string} the player's name (the side's before anyone sits) */
  nameOf(side) {
    const name = this.s.game?.players[side]?.name;
    return name ? shownName(name) : sideName(side);
  }

  /** This browser's seat token for the game, or null. */
  seatToken() {
    return seatToken(this.id);
  }

  /** The side drawn at the bottom. @returns {Side} */
  bottomSide() {
    const viewer = this.s.seat || 'south';
    return this.flipped ? other(viewer) : viewer;
  }

  /** Whether the abort button applies (nobody has made two decisions of their own yet). */
  canAbort() {
    return this.s.game?.status === 'waiting' || !bothMoved(this.s);
  }

  title() {
    const g = this.s.game;
    if (!g) return t('game.title');
    const width = g.variant === 'njombwa' && g.options.width !== 8 ? ` 4x${g.options.width}` : '';
    return `${variantName(g.variant)}${width}`;
  }

  /** The board region's drawing, or null before the first board. */
  boardState() {
    const s = this.s;
    if (!s.board || !this.board) return null;
    const replaying = this.replaying();
    const b = replaying && this.replay?.board ? this.replay.board : s.board;
    const frame = this.frame;
    // The viewer's legal holes are playable even while a move is being sown.
    const { byHole } = decisions(replaying ? [] : this.legal());
    const side = this.bottomSide();
    const review = replaying ? this.replay?.review.drawing(this.replay.ply) : null;
    return {
      rows: b.rows,
      columns: b.columns,
      holes: frame ? frame.holes : shownHoles(b),
      side,
      narrow: this.board.container.clientWidth < 640,
      stores: frame ? frame.stores : b.stores,
      playable: new Set(byHole.keys()),
      marks: frame ? frame.marks : review?.marks || { ...lastMoveMarks(this), ...this.shownPreview()?.marks },
      arrows: frame ? [] : review?.arrows,
      selected: this.selected,
      label: t('game.board_label', { game: variantName(b.variant), side: sideName(side) }),
    };
  }

  /** @param {HTMLElement} el */
  mountBoard(el) {
    this.board = new BoardView(el, {
      onHole: (name) => this.clickHole(name),
      onHover: (name) => this.hover(name),
      fit: true,
    });
    this.drawBoard();
  }

  drawBoard() {
    const state = this.boardState();
    if (state && this.board) this.board.draw(state);
  }

  // ---- life ----

  start() {
    this.connect();
    this.clock.start();
    this.followTournament();
    /** @param {KeyboardEvent} e */
    this.keys = (e) => {
      if (e.key === 'Escape' && (this.selected || this.confirm)) this.cancel();
    };
    document.addEventListener('keydown', this.keys);
  }

  /** A game this tab's tournament page opened (tournament/opened.js's key): its tournament followed. */
  followTournament() {
    let tour = null;
    try {
      tour = JSON.parse(sessionStorage.getItem('mancala.tournament.games') || '{}')[this.id];
    } catch {
      return;
    }
    if (typeof tour !== 'string') return;
    import('./tournament.js').then((m) => {
      if (this.stopped) return;
      const over = () => this.s.game?.status === 'finished';
      this.tournament = new m.TournamentFollow(this.id, tour, over, () => this.redraw());
    });
  }

  /** Imports what a finished game needs (once), then starts its replay at the game's last ply. */
  startReplay() {
    if (this.finished) {
      const plies = this.s.game?.plies ?? 0;
      this.replay ||= new this.finished.ReplayCtrl(
        this.id,
        plies,
        () => this.redraw(),
        () => this.skip(),
        this,
      );
      return;
    }
    if (this.loadingFinished) return;
    this.loadingFinished = true;
    Promise.all([import('./finished.js'), loadBook('finished'), loadBook('value')]).then(
      ([m]) => {
        this.finished = m;
        if (this.stopped) return;
        this.startReplay();
        this.redraw();
      },
      () => {
        this.loadingFinished = false;
        this.say(t('error.offline'));
      },
    );
  }

  stop() {
    this.stopped = true;
    this.socket?.stop();
    this.tournament?.stop();
    this.skip();
    this.replay?.stop();
    this.clock.stop();
    if (this.keys) document.removeEventListener('keydown', this.keys);
  }
}
