// @ts-check
// The home page's controller (as lichess's lobby ctrl): all the page's state and the actions on it. The
// lobby: the guest's name, casual or rated, quick pairing and the seek it is waiting on, the live seek
// list and this socket's own seeks (lobbysocket.js keeps them), the seek form's fields, the lobby's
// message; the create form's fields and its message; the lists of games (waiting and live from the lobby
// socket, finished fetched, this browser's unfinished ones); "your turn"; the variants. Every field of
// the forms is state here, so a redraw keeps what is being typed. Actions change the state and redraw.

import { api } from '../net/api.js';
import { LobbySocket } from '../net/lobbysocket.js';
import { go } from '../router.js';
import { keepSeat, mySeats, prefs } from '../prefs.js';
import { has, loadBook, t } from '../i18n.js';
import { clockOf } from '../clocks.js';
import { errorText } from '../ui.js';
import { me, ready } from '../session.js';
import { PlaybanCtrl } from '../playban.js';
import { loadDaily } from '../puzzle/card.js';
import { lobbyHandlers } from './handlers.js';

/** @typedef {import('../types.js').Game} Game */
/** @typedef {import('../types.js').Seek} Seek */
/** @typedef {import('../types.js').VariantInfo} VariantInfo */
/** @typedef {import('../net/lobbywire.js').SeekForm} SeekForm */

/** What a guest's name may be (the server's rule for names). */
export const NAME_PATTERN = '[A-Za-z0-9_.\\-]{1,24}';
const NAME_RE = new RegExp(`^(?:${NAME_PATTERN})$`);

export class HomeCtrl {
  /** @param {() => void} redraw */
  constructor(redraw) {
    this.redraw = redraw;
    this.stopped = false;
    /** @type {VariantInfo[] | null} null while loading */
    this.variants = null;
    // A guest plays under this name everywhere on the page: quick pairing, seeks, Join and the form.
    this.name = prefs.name || '';
    this.rated = false;
    /** @type {SeekForm | null} pressed, no answer yet */
    this.pendingQuick = null;
    this.cancelPending = false;
    this.lobbyError = '';
    /** @type {import('../net/reconnect.js').SocketStatus | ''} */
    this.conn = '';
    this.seekForm = { variant: 'kubuguza', clock: '300+3', rated: false, min: '', max: '' };
    this.form = {
      variant: 'kubuguza',
      width: '8',
      south: false,
      north: false,
      turnLimit: '',
      clock: '',
      seat: 'random',
      opponent: '',
      previews: false,
      busy: false,
    };
    this.error = '';
    /** @type {{waiting: Game[], live: Game[]} | null} null until the lobby socket sends them */
    this.games = null;
    /** @type {Game[] | null} */
    this.finished = null;
    /** @type {Game[]} this browser's unfinished games */
    this.mine = [];
    /** @type {import('../types.js').Playing['games'] | null} null: not signed in, or not known yet */
    this.yourTurn = null;
    this.canNotify = 'Notification' in window && Notification.permission === 'default';
    // The ban for leaving games: a controller of its own (playban.js), drawn with the page.
    this.ban = new PlaybanCtrl(() => this.redraw());
    /** @type {import('../puzzle/card.js').Daily | null} the day's puzzle, once it is in */
    this.daily = null;
    this.finishedTimer = 0;
    this.stopYourTurn = () => {};
    this.socket = new LobbySocket({ guestName: null, ...lobbyHandlers(this) });
  }

  start() {
    loadDaily().then((daily) => {
      this.daily = daily;
      this.redraw();
    });
    Promise.all([api.variants(), loadBook('summaries').catch(() => {})])
      .then(([{ variants }]) => this.fill(variants))
      .catch((e) => {
        this.error = errorText(e);
        this.redraw();
      });
    ready().then((name) => {
      if (this.stopped) return;
      this.socket.guestName = name ? null : prefs.name || null;
      this.socket.start();
      this.ban.refresh(this.socket.guestName);
      if (!name) this.rated = this.seekForm.rated = false;
      this.redraw();
    });
    this.loadMine();
    this.fetchFinished();
    if (me()) this.watchYourTurn();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.finishedTimer);
    this.stopYourTurn();
    this.socket.stop();
    this.ban.stop();
  }

  /** @param {VariantInfo[]} variants */
  fill(variants) {
    this.variants = variants;
    this.form.variant = variants.some((v) => v.id === 'kubuguza') ? 'kubuguza' : variants[0]?.id || '';
    // "New opponent" after a game: quick pairing again with its settings (`?pair=VARIANT.CLOCK[.rated]`,
    // the clock as CLOCKS writes it).
    const pair = new URLSearchParams(location.search).get('pair')?.split('.') || [];
    const clock = /^(\d+\+\d+|\d+d)$/.test(pair[1] || '') ? clockOf(pair[1]) : null;
    if (clock && variants.some((v) => v.id === pair[0])) {
      history.replaceState(null, '', '/');
      this.rated = pair[2] === 'rated' && !!me();
      this.quick(pair[0], clock);
    }
    this.redraw();
  }

  /** The computer's levels of the game chosen in the create form. */
  levels() {
    return this.variants?.find((v) => v.id === this.form.variant)?.computer ?? [];
  }

  /**
   * A field of the create form changed; a new game keeps the chosen level when it has it.
   * @param {keyof HomeCtrl['form']} field
   * @param {string | boolean} value
   */
  setForm(field, value) {
    Object.assign(this.form, { [field]: value });
    if (field === 'variant' && !this.levels().some((c) => c.opponent === this.form.opponent)) this.form.opponent = '';
    this.redraw();
  }

  /**
   * @param {keyof HomeCtrl['seekForm']} field
   * @param {string | boolean} value
   */
  setSeek(field, value) {
    Object.assign(this.seekForm, { [field]: value });
    this.redraw();
  }

  /** @param {string} name */
  setName(name) {
    this.name = name;
    if (NAME_RE.test(name) || name === '') prefs.name = name;
  }

  /** @param {boolean} rated */
  setRated(rated) {
    this.rated = rated && !!me();
    this.redraw();
  }

  /** The hero's "play the computer": the easiest level chosen in the create form. */
  playComputer() {
    if (this.levels().some((c) => c.opponent === 'bot:easy')) this.form.opponent = 'bot:easy';
    this.redraw();
    document.getElementById('play-computer')?.scrollIntoView({ behavior: 'smooth' });
    document.getElementById('opponent')?.focus();
  }

  nameValid() {
    return this.name === '' || NAME_RE.test(this.name);
  }

  /**
   * The lobby socket goes by the guest name typed now: a new name reconnects it (before a message that
   * makes a seek, so the seek is under that name). False when the name is not a valid one.
   */
  nameReady() {
    if (me()) return true;
    if (!this.nameValid()) {
      this.lobbyError = t('form.name_rule');
      this.redraw();
      return false;
    }
    prefs.name = this.name;
    const want = this.name || null;
    if (want !== this.socket.guestName) {
      this.socket.guestName = want;
      this.socket.own.clear();
      this.socket.connect();
    }
    return true;
  }

  /**
   * @param {string} variant
   * @param {import('../types.js').TimeControl} clock
   */
  quick(variant, clock) {
    this.lobbyError = '';
    if (!this.nameReady()) return;
    this.pendingQuick = { variant, clock, rated: this.rated };
    this.cancelPending = false;
    this.socket.quick(this.pendingQuick);
    this.redraw();
  }

  cancelQuick() {
    this.cancelPending = true;
    this.redraw();
  }

  /** @param {number | string} id */
  cancel(id) {
    this.socket.cancel(id);
  }

  /** @param {number | string} id */
  accept(id) {
    this.lobbyError = '';
    if (this.nameReady()) this.socket.accept(id);
    this.redraw();
  }

  /** Is this seek this person's (this socket's, or the account's from another tab)? @param {Seek} seek */
  isMine(seek) {
    if (this.socket.isOwn(seek.id)) return true;
    const name = me();
    return !!name && seek.registered && seek.name.toLowerCase() === name.toLowerCase();
  }

  postSeek() {
    const f = this.seekForm;
    this.lobbyError = '';
    const min = f.min === '' ? null : Number(f.min);
    const max = f.max === '' ? null : Number(f.max);
    if ((min === null) !== (max === null)) this.lobbyError = t('lobby.range_both');
    else if (min !== null && max !== null && min > max) this.lobbyError = t('lobby.range_order');
    else if (this.nameReady()) {
      this.socket.seek({
        variant: f.variant,
        clock: clockOf(f.clock),
        rated: f.rated && !!me(),
        range: min === null || max === null ? null : [min, max],
      });
    }
    this.redraw();
  }

  // What the lobby socket says (handlers.js routes each message here).

  /** @param {Seek} seek */
  created(seek) {
    if (this.pendingQuick && this.cancelPending) this.socket.cancel(seek.id);
    this.pendingQuick = null;
    this.cancelPending = false;
    this.redraw();
  }

  /** @param {import('../types.js').SeatGranted} granted */
  paired(granted) {
    keepSeat(granted.game.id, granted.token, granted.seat);
    go(`/game/${granted.game.id}`);
  }

  /** @param {{code: string}} m */
  refused(m) {
    this.pendingQuick = null;
    if (m.code === 'playban') this.ban.refresh(this.socket.guestName);
    this.lobbyError = has(`lobby.error.${m.code}`) ? t(`lobby.error.${m.code}`) : t('error.unknown');
    this.redraw();
  }

  ownLost() {
    this.lobbyError = t('lobby.dropped');
    this.redraw();
  }

  /** @param {import('../net/reconnect.js').SocketStatus} st */
  status(st) {
    this.conn = st;
    this.redraw();
  }

  /**
   * @param {{waiting: Game[], live: Game[]}} games
   * @param {import('../types.js').GameListName | null} left
   */
  gamesChanged(games, left) {
    this.games = games;
    if (left === 'live') this.refreshFinished();
    this.redraw();
  }

  // The other lists.

  fetchFinished() {
    api
      .games({ status: 'finished', limit: 10 })
      .then((f) => {
        this.finished = f.games;
        this.redraw();
      })
      .catch(() => {
        // The list stays as it was; the next game that ends fetches it again.
      });
  }

  /** Again (at most once a second) when a game leaves the live list, since it most likely ended. */
  refreshFinished() {
    if (this.finishedTimer) return;
    this.finishedTimer = window.setTimeout(() => {
      this.finishedTimer = 0;
      this.fetchFinished();
    }, 1000);
  }

  /** The unfinished games this browser holds a seat in (the newest few), to resume. */
  loadMine() {
    Promise.allSettled(
      mySeats()
        .slice(0, 8)
        .map((x) => api.game(x.gameId)),
    ).then((rs) => {
      this.mine = rs.flatMap((r) =>
        r.status === 'fulfilled' && r.value.game.status !== 'finished' ? [r.value.game] : [],
      );
      if (this.mine.length) this.redraw();
    });
  }

  /** "Your turn" for a signed-in person (yourturn.js). */
  watchYourTurn() {
    import('../yourturn.js').then((m) => {
      if (this.stopped) return;
      m.start();
      this.stopYourTurn = m.onPlaying((p) => {
        this.yourTurn = p.games.filter((g) => g.myTurn);
        this.redraw();
      });
    });
  }

  askNotify() {
    Notification.requestPermission().finally(() => {
      this.canNotify = false;
      this.redraw();
    });
  }

  /** @param {Game} g */
  async join(g) {
    try {
      const seat = await api.join(g.id, me() ? undefined : this.name || undefined);
      keepSeat(g.id, seat.token, seat.seat);
      go(`/game/${g.id}`);
    } catch (e) {
      this.error = errorText(e, 'join');
      this.redraw();
    }
  }

  async create() {
    const f = this.form;
    this.error = '';
    if (!me() && this.name && !this.nameValid()) {
      this.error = t('form.name_rule');
      this.redraw();
      return;
    }
    if (!me()) prefs.name = this.name;
    f.busy = true;
    this.redraw();
    try {
      const granted = await api.create({
        variant: f.variant,
        width: f.variant === 'njombwa' ? Number(f.width) : null,
        handicap: f.variant === 'azigo' ? { south: f.south, north: f.north } : null,
        turnLimit: f.turnLimit,
        seat: f.seat,
        name: me() ? undefined : this.name || undefined,
        clock: clockOf(f.clock),
        opponent: f.opponent || undefined,
        previews: !f.opponent && f.previews,
      });
      keepSeat(granted.game.id, granted.token, granted.seat);
      go(`/game/${granted.game.id}`);
    } catch (err) {
      this.error = errorText(err, 'create');
    } finally {
      f.busy = false;
      if (!this.stopped) this.redraw();
    }
  }
}
