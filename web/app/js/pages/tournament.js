// @ts-check
// A tournament (`/tournament/{id}`): its header (kind, games, a medley's game now and the next change,
// clock, status with the countdown to its start or end, or the round), Join and Withdraw (Pause in an
// arena; a password field when it is private), the standings (an arena's score sheet and streak, a Swiss's
// tie-breaks), its games (each a link to watch it) and byes. The read-only socket keeps it live and
// reconnects after a drop. When the director pairs this person (`me.game`), the seat is kept as the lobby
// keeps a pairing's and the page goes to the game, once per game: coming back to the page while that game
// goes on shows a link to it instead, and the next game is opened when it comes.

import { t, has } from '../i18n.js';
import { keepSeat } from '../prefs.js';
import { ReconnectingSocket } from '../reconnect.js';
import { go } from '../router.js';
import { me, onChange, ready } from '../session.js';
import { decodeTournament, tournamentApi } from '../tournamentwire.js';
import { errorText, h, timeControl, variantName } from '../ui.js';
import { at, countdown, kindText, lockMark, pageStyle, serverError, timeText, variantsText } from './tournaments.js';

/** @typedef {import('../tournamentwire.js').TournamentView} TournamentView */
/** @typedef {import('../tournamentwire.js').StandingLine} StandingLine */

export const books = ['tournaments'];

/**
 * The games this tab has already opened for this person, each with its tournament (so that coming back
 * does not send them again, and the finished game's page links back to the tournament: game/view/rematch.js).
 */
const OPENED = 'mancala.tournament.games';

/** @returns {Record<string, string>} game id → tournament id */
function opened() {
  try {
    const v = JSON.parse(sessionStorage.getItem(OPENED) || '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

/** @param {string} game @param {string} tournament */
function markOpened(game, tournament) {
  const all = { [game]: tournament, ...opened() };
  try {
    sessionStorage.setItem(OPENED, JSON.stringify(Object.fromEntries(Object.entries(all).slice(0, 100))));
  } catch {
    /* private mode: the page opens the game again on a later visit */
  }
}

/**
 * Half-points as points: 5 → "2½".
 * @param {number} n
 */
export const halves = (n) => `${n >= 2 || n === 0 ? Math.floor(n / 2) : ''}${n % 2 ? '½' : ''}`;

/**
 * Quarter-points as points: 7 → "1¾".
 * @param {number} n
 */
const quarters = (n) => {
  const whole = Math.floor(n / 4);
  const rest = ['', '¼', '½', '¾'][n % 4];
  return `${whole || !rest ? whole : ''}${rest}`;
};

class TournamentSocket extends ReconnectingSocket {
  /**
   * @param {string} id
   * @param {(v: TournamentView) => void} onView
   * @param {() => void} onRevoked
   * @param {(s: import('../reconnect.js').SocketStatus) => void} onStatus
   */
  constructor(id, onView, onRevoked, onStatus) {
    super(onStatus);
    this.id = id;
    this.onView = onView;
    this.onRevoked = onRevoked;
  }
  url() {
    return `/api/tournaments/${encodeURIComponent(this.id)}/ws`;
  }
  /** @param {string} text */
  received(text) {
    const m = decodeTournament(text);
    if (m?.type === 'tournament') this.onView(m.tournament);
    else if (m?.type === 'error' && m.code === 'revoked') {
      this.stop();
      this.onRevoked();
    }
  }
}

/**
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { id }) {
  pageStyle();
  document.title = `${t('tour.title')} · Mancala`;
  const title = h('h1', { id: 't-name' }, t('common.loading'));
  const facts = h('p', { class: 'tfacts', id: 't-facts' });
  // Not a live region: its countdown changes every second.
  const status = h('p', { class: 'tstatus', id: 't-status' });
  const medley = h('p', { class: 'small', id: 't-medley', hidden: true });
  const conn = h('span', { class: 'conn', id: 't-conn' });
  const actions = h('div', { class: 'tactions', id: 't-actions' });
  const mygame = h('p', { class: 'tmygame', id: 't-mygame', hidden: true });
  const error = h('p', { class: 'error', role: 'alert', id: 't-error' });
  const standings = h('div', { class: 'tstandings', id: 't-standings' });
  const games = h('ul', { class: 'tgames', id: 't-games' });
  const byes = h('p', { class: 'small muted', id: 't-byes', hidden: true });
  // How the points of the standings are scored, and berserk where the arena allows it.
  const scoring = h('div', { class: 'tscoring small', id: 't-scoring' });
  main.append(
    h(
      'div',
      { class: 'tour' },
      h(
        'section',
        { class: 'panel thead' },
        h('div', { class: 'row spread' }, title, conn),
        facts,
        status,
        medley,
        actions,
        mygame,
        error,
      ),
      h(
        'section',
        { class: 'panel', 'aria-labelledby': 't-h-standings' },
        h('h2', { id: 't-h-standings' }, t('tour.standings')),
        standings,
        scoring,
      ),
      h(
        'section',
        { class: 'panel', 'aria-labelledby': 't-h-games' },
        h('h2', { id: 't-h-games' }, t('tour.games')),
        games,
        byes,
      ),
    ),
  );

  /** @type {TournamentView | null} */
  let shown = null;
  let stopped = false;
  let busy = false;
  /** Whether the socket was started (after the first view and the session's check). */
  let started = false;
  /** @type {HTMLInputElement | null} kept across redraws so that a typed password stays */
  let passwordField = null;

  /** @param {TournamentView} v */
  function take(v) {
    if (stopped || (shown && v.version < shown.version)) return;
    shown = v;
    const g = v.me?.game;
    if (g && !(g.game.id in opened())) {
      // Paired: the seat as the lobby keeps it, and to the board.
      keepSeat(g.game.id, g.token, g.seat);
      markOpened(g.game.id, id);
      go(`/game/${encodeURIComponent(g.game.id)}`);
      return;
    }
    draw();
  }

  function draw() {
    const v = shown;
    if (!v) return;
    document.title = `${v.name} · Mancala`;
    title.replaceChildren(v.name, ...(v.private ? [' ', lockMark()] : []));
    facts.replaceChildren(
      ...[
        kindText(v),
        variantsText(v.variants),
        timeControl(v.clock),
        t(v.rated ? 'tour.rated' : 'tour.casual'),
        v.bots ? t('tour.bots_allowed') : '',
        v.berserk ? t('tour.berserk_allowed') : '',
        v.createdBy ? t('tour.by', { name: v.createdBy }) : t('tour.scheduled'),
      ]
        .filter(Boolean)
        .flatMap((x, i) => (i ? [h('span', { class: 'sep', 'aria-hidden': 'true' }, ' · '), x] : [x])),
    );
    drawTime();
    drawActions();
    drawStandings();
    drawScoring();
    drawGames();
  }

  function drawScoring() {
    const v = shown;
    if (!v) return;
    const lines =
      v.kind === 'arena'
        ? [
            t('tour.scoring.arena'),
            t('tour.scoring.streak'),
            t('tour.scoring.early'),
            t(v.berserk ? 'tour.scoring.berserk' : 'tour.scoring.no_berserk'),
          ]
        : [t('tour.scoring.swiss')];
    scoring.replaceChildren(
      h('h3', {}, t('tour.scoring.title')),
      h(
        'ul',
        {},
        lines.map((l) => h('li', {}, l)),
      ),
    );
  }

  /** The countdowns (every second). */
  function drawTime() {
    const v = shown;
    if (!v) return;
    const upcoming = v.status === 'upcoming' && v.startsAt > Date.now();
    status.replaceChildren(
      timeText(v),
      ...(upcoming ? [' ', h('span', { class: 'muted small' }, at(v.startsAt))] : []),
    );
    status.dataset.status = v.status;
    const isMedley = v.variants.length > 1 && v.status === 'running';
    medley.hidden = !isMedley;
    if (isMedley) {
      const now = v.variantNow || v.variants[0];
      const next = v.variants[(v.variants.indexOf(now) + 1) % v.variants.length];
      medley.textContent =
        v.nextVariantAt && v.status === 'running'
          ? t('tour.medley_now_next', {
              game: variantName(now),
              next: variantName(next),
              time: countdown(v.nextVariantAt),
            })
          : t('tour.medley_now', { game: variantName(now) });
    }
  }

  function drawActions() {
    const v = shown;
    if (!v) return;
    const place = v.me;
    const g = place?.game;
    mygame.hidden = !g;
    if (g) {
      mygame.replaceChildren(
        `${t('tour.your_game')} `,
        h(
          'a',
          {
            href: `/game/${encodeURIComponent(g.game.id)}`,
            id: 't-mygame-link',
            onclick: () => {
              keepSeat(g.game.id, g.token, g.seat);
              markOpened(g.game.id, id);
            },
          },
          t('tour.go_to_game'),
        ),
      );
    }
    if (v.status === 'finished') {
      actions.replaceChildren();
      return;
    }
    if (!me()) {
      actions.replaceChildren(
        h(
          'p',
          {},
          h(
            'a',
            { href: `/signin?next=${encodeURIComponent(location.pathname)}`, id: 't-signin' },
            t('tour.signin_join'),
          ),
          ` ${t('tour.accounts_only')}`,
        ),
      );
      return;
    }
    const active = !!place?.joined && !place.withdrawn;
    /** @type {(HTMLElement | string)[]} */
    const items = [];
    if (active) {
      items.push(
        h(
          'button',
          { type: 'button', id: 't-withdraw', disabled: busy, onclick: () => act(() => tournamentApi.withdraw(id)) },
          t(v.kind === 'arena' ? 'tour.pause' : 'tour.withdraw'),
        ),
        h('span', { class: 'muted small' }, t(v.kind === 'arena' ? 'tour.joined_arena' : 'tour.joined_swiss')),
      );
    } else {
      // The password is asked again on a return: the server checks it at every join.
      if (v.private) {
        passwordField ||= /** @type {HTMLInputElement} */ (
          h('input', {
            id: 't-password',
            type: 'password',
            autocomplete: 'off',
            'aria-label': t('tour.password'),
            placeholder: t('tour.password'),
          })
        );
        items.push(passwordField);
      }
      items.push(
        h(
          'button',
          {
            type: 'button',
            class: 'primary',
            id: 't-join',
            disabled: busy,
            onclick: () => act(() => tournamentApi.join(id, passwordField?.value || undefined)),
          },
          t(place?.joined ? 'tour.rejoin' : 'tour.join'),
        ),
      );
      if (place?.withdrawn)
        items.push(h('span', { class: 'muted small' }, t(v.kind === 'arena' ? 'tour.paused' : 'tour.withdrawn')));
    }
    actions.replaceChildren(...items);
  }

  /** @param {() => Promise<TournamentView>} f */
  async function act(f) {
    error.textContent = '';
    busy = true;
    drawActions();
    try {
      const v = await f();
      busy = false;
      take(v);
    } catch (e) {
      busy = false;
      error.replaceChildren(...serverError(e, 'tournament'));
      drawActions();
    }
  }

  function drawStandings() {
    const v = shown;
    if (!v) return;
    if (!v.standings.length) {
      standings.replaceChildren(h('p', { class: 'muted' }, t('tour.nobody')));
      return;
    }
    const arena = v.kind === 'arena';
    const myName = (me() || '').toLowerCase();
    const head = [
      h('th', { scope: 'col', class: 'num' }, '#'),
      h('th', { scope: 'col' }, t('tour.player')),
      h('th', { scope: 'col', class: 'num' }, t('tour.rating')),
      ...(arena
        ? [h('th', { scope: 'col', class: 'sheet-col' }, t('tour.sheet'))]
        : [
            h('th', { scope: 'col', class: 'num', title: t('tour.buchholz_long') }, t('tour.buchholz')),
            h('th', { scope: 'col', class: 'num', title: t('tour.cut1_long') }, t('tour.cut1')),
            h('th', { scope: 'col', class: 'num', title: t('tour.sb_long') }, t('tour.sb')),
            h('th', { scope: 'col', class: 'num' }, t('tour.wins')),
          ]),
      h('th', { scope: 'col', class: 'num' }, t('tour.score')),
    ];
    /** @param {StandingLine} l */
    const row = (l) =>
      h(
        'tr',
        {
          'data-player': l.name,
          class: [l.name.toLowerCase() === myName ? 'mine' : '', l.withdrawn ? 'withdrawn' : ''].join(' ').trim(),
        },
        h('td', { class: 'num' }, String(l.rank)),
        h(
          'td',
          { class: 'pname-cell' },
          h('a', { href: `/@/${encodeURIComponent(l.name)}` }, l.name),
          l.bot ? h('span', { class: 'bot-mark', title: t('tour.bot_long') }, t('tour.bot')) : null,
          l.withdrawn
            ? h('span', { class: 'muted small' }, ` ${t(arena ? 'tour.paused_mark' : 'tour.withdrawn_mark')}`)
            : null,
        ),
        h('td', { class: 'num rating' }, String(l.rating)),
        ...(arena
          ? [
              h(
                'td',
                { class: 'sheet', 'aria-label': t('tour.sheet_label', { points: (l.sheet || []).join(' ') }) },
                (l.sheet || []).map((p) => h('span', { class: p >= 4 ? 'double' : '' }, String(p))),
                l.fire ? h('span', { class: 'fire', title: t('tour.fire'), 'aria-label': t('tour.fire') }, '×2') : null,
              ),
            ]
          : [
              h('td', { class: 'num' }, halves(l.tieBreaks?.buchholz ?? 0)),
              h('td', { class: 'num' }, halves(l.tieBreaks?.buchholzCut1 ?? 0)),
              h('td', { class: 'num' }, quarters(l.tieBreaks?.sonnebornBerger ?? 0)),
              h('td', { class: 'num' }, String(l.tieBreaks?.wins ?? 0)),
            ]),
        h('td', { class: 'num score' }, h('strong', {}, arena ? String(l.score) : halves(l.score))),
      );
    standings.replaceChildren(
      h(
        'div',
        { class: 'table-scroll' },
        h(
          'table',
          { class: 'ratings standings', id: 'standings' },
          h('thead', {}, h('tr', {}, head)),
          h('tbody', {}, v.standings.map(row)),
        ),
      ),
    );
  }

  function drawGames() {
    const v = shown;
    if (!v) return;
    games.replaceChildren(
      ...(v.games.length
        ? v.games.map((g) => {
            const result = !g.over
              ? t('tour.playing')
              : g.winner === 'south'
                ? '1–0'
                : g.winner === 'north'
                  ? '0–1'
                  : '½–½';
            const why = g.over && g.reason ? (has(`reason.${g.reason}`) ? t(`reason.${g.reason}`) : g.reason) : '';
            return h(
              'li',
              { 'data-game': g.id },
              h(
                'a',
                { href: `/game/${encodeURIComponent(g.id)}`, class: 'game-link' },
                h(
                  'span',
                  { class: 'muted small tround' },
                  t(v.kind === 'swiss' ? 'tour.round_n' : 'tour.wave_n', { n: g.round }),
                ),
                ' ',
                h('strong', {}, `${g.south} – ${g.north}`),
              ),
              h('span', { class: `tresult${g.over ? '' : ' live'}` }, result),
              why ? h('span', { class: 'muted small' }, why) : null,
              v.variants.length > 1 ? h('span', { class: 'muted small' }, variantName(g.variant)) : null,
            );
          })
        : [h('li', { class: 'muted' }, t('tour.no_games'))]),
    );
    byes.hidden = !v.byes.length;
    byes.textContent = v.byes.map((b) => t('tour.bye', { round: b.round, name: b.name })).join(' · ');
  }

  const socket = new TournamentSocket(
    id,
    take,
    () => {
      error.textContent = t('tour.revoked');
    },
    (st) => {
      conn.textContent = st === 'connecting' ? t('conn.connecting') : st === 'open' ? '' : t('conn.closed');
      conn.dataset.state = st;
    },
  );
  tournamentApi
    .get(id)
    .then((v) => {
      take(v);
      if (!stopped)
        ready().then(() => {
          if (stopped) return;
          started = true;
          socket.start();
        });
    })
    .catch((e) => {
      if (stopped) return;
      title.textContent =
        e && typeof e === 'object' && 'status' in e && e.status === 404 ? t('tour.not_found') : t('tour.title');
      error.textContent = errorText(e, 'tournament');
    });
  const unsubscribe = onChange(() => {
    // Signed in or out (a session found expired): the socket's identity changed; ask again.
    if (stopped) return;
    drawActions();
    if (started) socket.connect();
  });
  const tick = setInterval(drawTime, 1000);
  return () => {
    stopped = true;
    clearInterval(tick);
    socket.stop();
    unsubscribe();
  };
}
