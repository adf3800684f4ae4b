// @ts-check
// A tournament page's controller (`/tournament/{id}`), as the game page's game/ctrl.js: it holds the
// state (the tournament as last seen, the socket's state, the action under way, the refusal shown, the
// password being typed), the actions a person takes (Join, Withdraw or Pause, going to their game), and
// `redraw`, which pages/tournament.js turns into one keyed patch of the view (view/*.js). The read-only
// socket's messages reach it through the table of handlers.js. When the director pairs this person
// (`me.game`), the seat is kept as the lobby keeps a pairing's and the page goes to the game, once per
// game (opened.js); the countdowns are redrawn every second.

import { t } from '../i18n.js';
import { keepSeat } from '../prefs.js';
import { go } from '../router.js';
import { onChange, ready } from '../session.js';
import { tournamentApi } from '../net/tournamentwire.js';
import { HANDLERS } from './handlers.js';
import { markOpened, opened } from './opened.js';
import { TournamentSocket } from './socket.js';
import { refusal, tournamentName } from './words.js';

/** @typedef {import('../net/tournamentwire.js').TournamentView} TournamentView */
/** @typedef {import('./socket.js').TournamentMessage} TournamentMessage */
/** @typedef {import('./words.js').Refusal} Refusal */

export class TournamentCtrl {
  /**
   * @param {string} id
   * @param {() => void} redraw patches the page from this state
   */
  constructor(id, redraw) {
    this.id = id;
    this.redraw = redraw;
    /** @type {TournamentView | null} the newest view seen (by its version) */
    this.view = null;
    /** @type {'loading' | 'shown' | 'missing' | 'failed'} the first read over HTTP */
    this.load = 'loading';
    /** @type {import('../net/reconnect.js').SocketStatus | null} */
    this.status = null;
    /** a Join or Withdraw on its way */
    this.busy = false;
    /** @type {Refusal | null} what was refused, shown under the actions */
    this.error = null;
    /** the password typed for a private tournament (asked at every join: the server checks it each time) */
    this.password = '';
    this.stopped = false;
    /** whether the socket was started (after the first view and the session's check) */
    this.started = false;
    this.socket = new TournamentSocket(
      id,
      (m) => this.receive(m),
      (st) => {
        this.status = st;
        this.redraw();
      },
    );
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.tick = undefined;
    /** @type {(() => void) | undefined} */
    this.unsubscribe = undefined;
  }

  // ---- the socket ----

  /** @param {TournamentMessage} m */
  receive(m) {
    const handle = /** @type {(c: TournamentCtrl, m: TournamentMessage) => void} */ (HANDLERS[m.type]);
    handle(this, m);
    this.redraw();
  }

  /**
   * A view of the tournament (the first read, the socket's, an action's answer): an older one than shown
   * is dropped, since an action's answer and the socket can cross. A pairing not opened yet goes to its game.
   * @param {TournamentView} v
   */
  take(v) {
    if (this.stopped || (this.view && v.version < this.view.version)) return;
    this.view = v;
    this.load = 'shown';
    document.title = `${tournamentName(v)} · Mancala`;
    const g = v.me?.game;
    if (g && !(g.game.id in opened())) {
      // Paired: the seat as the lobby keeps it, and to the board.
      keepSeat(g.game.id, g.token, g.seat);
      markOpened(g.game.id, this.id);
      go(`/game/${encodeURIComponent(g.game.id)}`);
    }
  }

  /** @param {string} code the socket's refusal: only a revoked session (signed out elsewhere) is said. */
  refusedBySocket(code) {
    if (code !== 'revoked') return;
    this.socket.stop();
    this.error = { text: t('tour.revoked'), said: '' };
  }

  // ---- what the viewer may do ----

  join() {
    this.act(() => tournamentApi.join(this.id, this.password || undefined));
  }

  withdraw() {
    this.act(() => tournamentApi.withdraw(this.id));
  }

  /** @param {string} value */
  typePassword(value) {
    this.password = value;
  }

  /** The link to this person's game: its seat kept, and marked opened so that the page does not send them again. */
  openMyGame() {
    const g = this.view?.me?.game;
    if (!g) return;
    keepSeat(g.game.id, g.token, g.seat);
    markOpened(g.game.id, this.id);
  }

  /** @param {() => Promise<TournamentView>} f */
  async act(f) {
    if (this.busy) return;
    this.error = null;
    this.busy = true;
    this.redraw();
    try {
      const v = await f();
      this.busy = false;
      this.take(v);
    } catch (e) {
      this.busy = false;
      this.error = refusal(e, 'tournament');
    }
    this.redraw();
  }

  // ---- life ----

  start() {
    tournamentApi
      .get(this.id)
      .then((v) => {
        this.take(v);
        this.redraw();
        if (!this.stopped)
          ready().then(() => {
            if (this.stopped) return;
            this.started = true;
            this.socket.start();
          });
      })
      .catch((e) => {
        if (this.stopped) return;
        this.load = e && typeof e === 'object' && 'status' in e && e.status === 404 ? 'missing' : 'failed';
        this.error = { ...refusal(e, 'tournament'), said: '' };
        this.redraw();
      });
    this.unsubscribe = onChange(() => {
      // Signed in or out (a session found expired): the socket's identity changed; ask again.
      if (this.stopped) return;
      this.redraw();
      if (this.started) this.socket.connect();
    });
    // The countdowns.
    this.tick = setInterval(() => this.redraw(), 1000);
  }

  stop() {
    this.stopped = true;
    clearInterval(this.tick);
    this.socket.stop();
    this.unsubscribe?.();
  }
}
