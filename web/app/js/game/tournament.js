// @ts-check
// A tournament's game, followed from its game page (loaded only for a game this tab's tournament page
// opened, tournament/opened.js): the tournament's socket while the page is open gives a line with its
// name, the time to its end (or its round) and the player's place and points; and, once the game is over,
// the player's next pairing is opened at once, as lichess's arena does, so a player who stays on her
// finished game is taken to the next one instead of being counted gone from it.

import { h } from '../vendor/snabbdom.js';
import { loadBook, t } from '../i18n.js';
import { go } from '../router.js';
import { keepSeat } from '../prefs.js';
import { me } from '../session.js';
import { TournamentSocket } from '../tournament/socket.js';
import { markOpened, opened } from '../tournament/opened.js';
import { halves, timeText, tournamentName } from '../tournament/words.js';

/** @typedef {import('../net/tournamentwire.js').TournamentView} TournamentView */

export class TournamentFollow {
  /**
   * @param {string} game this page's game
   * @param {string} tournament the tournament it belongs to
   * @param {() => boolean} over whether this page's game is over (the next pairing may be opened)
   * @param {() => void} redraw
   */
  constructor(game, tournament, over, redraw) {
    this.game = game;
    this.tournament = tournament;
    this.over = over;
    this.redraw = redraw;
    /** @type {TournamentView | null} */
    this.view = null;
    this.stopped = false;
    this.socket = new TournamentSocket(
      tournament,
      (m) => {
        if (m.type !== 'tournament') return;
        this.view = m.tournament;
        this.next();
        this.redraw();
      },
      () => {},
    );
    loadBook('tournaments').then(() => {
      if (!this.stopped) this.socket.start();
    });
  }

  /** The game page's news: the game is over, so a pairing already made may be opened now. */
  changed() {
    this.next();
  }

  /** Opens the player's next game of the tournament once this one is over (once: opened() remembers). */
  next() {
    const g = this.view?.me?.game;
    if (this.stopped || !g || g.game.id === this.game || g.game.id in opened() || !this.over()) return;
    keepSeat(g.game.id, g.token, g.seat);
    markOpened(g.game.id, this.tournament);
    go(`/game/${encodeURIComponent(g.game.id)}`);
  }

  /** The tournament's line on the game page: its name (a link), its time, the player's place. */
  line() {
    const v = this.view;
    if (!v) return h('p#tour-line', { attrs: { hidden: true } });
    const mine = v.standings.find((l) => l.name === me());
    const arena = v.kind === 'arena';
    const place = mine
      ? t('tour.your_place', {
          rank: mine.rank,
          count: v.standings.length,
          score: arena ? String(mine.score) : halves(mine.score),
        })
      : '';
    return h('p#tour-line.small', [
      h('a', { attrs: { href: `/tournament/${encodeURIComponent(this.tournament)}` } }, tournamentName(v)),
      ` · ${timeText(v)}`,
      place ? ` · ${place}` : '',
    ]);
  }

  stop() {
    this.stopped = true;
    this.socket.stop();
  }
}
