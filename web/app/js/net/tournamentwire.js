// @ts-check
// Tournaments (arena and Swiss) over the wire: the HTTP calls of `/api/tournaments…` and the messages of
// the read-only tournament socket, decoded into the types below (wire.js does the game's). Only the
// tournament pages load it, so the game page does not carry it.

import { call } from './api.js';
import { seatGranted, timeControl } from './wire.js';

/** @typedef {import('./wire.js').Json} Json a value parsed from the server's JSON, checked field by field here */
/** @typedef {import('../types.js').TimeControl} TimeControl */
/** @typedef {'arena' | 'swiss'} TournamentKind */
/** @typedef {'upcoming' | 'running' | 'finished'} TournamentStatus */

/**
 * A tournament as the lists show it.
 * @typedef {object} TournamentSummary
 * @property {string} id
 * @property {string} name
 * @property {TournamentKind} kind
 * @property {TournamentStatus} status
 * @property {string[]} variants one, or a medley's rotation
 * @property {TimeControl} clock
 * @property {boolean} rated
 * @property {boolean} bots
 * @property {boolean} berserk an arena whose players may berserk
 * @property {boolean} private joining needs a password
 * @property {string | null} createdBy null: the server's schedule
 * @property {number} startsAt unix ms
 * @property {number | null} endsAt an arena's end (unix ms)
 * @property {number | null} rounds a Swiss's number of rounds
 * @property {number | null} round a Swiss's round being played (0 before the first)
 * @property {number} players
 */

/**
 * A line of the standings, best first.
 * @typedef {object} StandingLine
 * @property {number} rank
 * @property {string} name
 * @property {boolean} bot
 * @property {number} rating
 * @property {number} score Swiss: half-points; arena: points
 * @property {number[] | null} sheet arena: the points of each finished game
 * @property {boolean} fire arena: on a streak now
 * @property {{buchholz: number, buchholzCut1: number, sonnebornBerger: number, wins: number} | null} tieBreaks
 *   Swiss: Buchholz and cut-1 in half-points, Sonneborn-Berger in quarter-points, wins in games
 * @property {number} games
 * @property {boolean} withdrawn
 */

/**
 * @typedef {object} TournamentGame
 * @property {string} id
 * @property {number} round
 * @property {string} variant
 * @property {string} south
 * @property {string} north
 * @property {boolean} over
 * @property {'south' | 'north' | null} winner
 * @property {string | null} reason
 */

/**
 * @typedef {TournamentSummary & {
 *   version: number,
 *   variantNow: string | null,
 *   nextVariantAt: number | null,
 *   standings: StandingLine[],
 *   games: TournamentGame[],
 *   byes: {round: number, name: string}[],
 *   me: {joined: boolean, withdrawn: boolean, game: import('../types.js').SeatGranted | null} | null,
 * }} TournamentView
 */

/**
 * @param {Json} w
 * @returns {TournamentSummary}
 */
export function summary(w) {
  return {
    id: String(w.id),
    name: String(w.name),
    kind: w.kind === 'swiss' ? 'swiss' : 'arena',
    status: w.status === 'running' || w.status === 'finished' ? w.status : 'upcoming',
    variants: Array.isArray(w.variants) ? w.variants.map(String) : [],
    clock: timeControl(w.clock) || { baseSecs: 0, incrementSecs: 0 },
    rated: !!w.rated,
    bots: !!w.bots,
    berserk: !!w.berserk,
    private: !!w.private,
    createdBy: w.created_by ?? null,
    startsAt: Number(w.starts_at) || 0,
    endsAt: w.ends_at ?? null,
    rounds: w.rounds ?? null,
    round: w.round ?? null,
    players: w.players ?? 0,
  };
}

/**
 * @param {Json} l
 * @returns {StandingLine}
 */
function standing(l) {
  const tb = l.tie_breaks;
  return {
    rank: l.rank,
    name: String(l.name),
    bot: !!l.bot,
    rating: l.rating,
    score: l.score ?? 0,
    sheet: Array.isArray(l.sheet) ? l.sheet.map(Number) : null,
    fire: !!l.fire,
    tieBreaks: tb
      ? {
          buchholz: tb.buchholz ?? 0,
          buchholzCut1: tb.buchholz_cut1 ?? 0,
          sonnebornBerger: tb.sonneborn_berger ?? 0,
          wins: tb.wins ?? 0,
        }
      : null,
    games: l.games ?? 0,
    withdrawn: !!l.withdrawn,
  };
}

/**
 * @param {Json} g
 * @returns {TournamentGame}
 */
function tournamentGame(g) {
  return {
    id: String(g.id),
    round: g.round ?? 0,
    variant: String(g.variant),
    south: String(g.south),
    north: String(g.north),
    over: !!g.over,
    winner: g.winner === 'south' || g.winner === 'north' ? g.winner : null,
    reason: g.reason ?? null,
  };
}

/**
 * @param {Json} w
 * @returns {TournamentView}
 */
export function view(w) {
  return {
    ...summary(w),
    version: Number(w.version) || 0,
    variantNow: w.variant_now ?? null,
    nextVariantAt: w.next_variant_at ?? null,
    standings: (w.standings || []).map(standing),
    games: (w.games || []).map(tournamentGame),
    byes: (w.byes || []).map((/** @type {Json} */ b) => ({ round: b.round, name: String(b.name) })),
    me: w.me
      ? { joined: !!w.me.joined, withdrawn: !!w.me.withdrawn, game: w.me.game ? seatGranted(w.me.game) : null }
      : null,
  };
}

/**
 * The form of a new tournament, as the page collects it.
 * @typedef {object} TournamentForm
 * @property {string} name
 * @property {TournamentKind} kind
 * @property {string[]} variants
 * @property {{baseSecs: number, incrementSecs: number}} clock
 * @property {number} startsIn minutes from now (0: at once)
 * @property {number} length an arena's minutes, or a Swiss's rounds
 * @property {boolean} rated
 * @property {boolean} bots
 * @property {boolean} berserk an arena's players may berserk
 * @property {string} password '' for none
 */

/**
 * The body of `POST /api/tournaments`.
 * @param {TournamentForm} f
 * @param {number} now unix ms
 */
export function createBody(f, now) {
  return {
    name: f.name.trim(),
    kind: f.kind,
    variants: f.variants,
    clock: { base_secs: f.clock.baseSecs, increment_secs: f.clock.incrementSecs },
    ...(f.startsIn > 0 ? { starts_at: now + f.startsIn * 60000 } : {}),
    ...(f.kind === 'arena' ? { minutes: f.length } : { rounds: f.length }),
    rated: f.rated,
    bots: f.bots,
    ...(f.berserk ? { berserk: true } : {}),
    ...(f.password ? { password: f.password } : {}),
  };
}

/** @param {string} s */
const enc = (s) => encodeURIComponent(s);

export const tournamentApi = {
  /** @returns {Promise<{upcoming: TournamentSummary[], running: TournamentSummary[], finished: TournamentSummary[]}>} */
  list: async () => {
    const w = (await call('GET', '/api/tournaments')) || {};
    return {
      upcoming: (w.upcoming || []).map(summary),
      running: (w.running || []).map(summary),
      finished: (w.finished || []).map(summary),
    };
  },
  /** @param {TournamentForm} form */
  create: async (form) => view(await call('POST', '/api/tournaments', createBody(form, Date.now()))),
  /** @param {string} id */
  get: async (id) => view(await call('GET', `/api/tournaments/${enc(id)}`)),
  /** @param {string} id @param {string} [password] */
  join: async (id, password) =>
    view(await call('POST', `/api/tournaments/${enc(id)}/join`, password ? { password } : {})),
  /** @param {string} id */
  withdraw: async (id) => view(await call('POST', `/api/tournaments/${enc(id)}/withdraw`)),
};

/**
 * One frame of the tournament socket.
 * @param {string} text
 * @returns {{type: 'tournament', tournament: TournamentView} | {type: 'error', code: string, message: string} | null}
 */
export function decodeTournament(text) {
  let w;
  try {
    w = JSON.parse(text);
  } catch {
    return null;
  }
  if (w?.type === 'tournament' && w.tournament) return { type: 'tournament', tournament: view(w.tournament) };
  if (w?.type === 'error') return { type: 'error', code: String(w.code), message: String(w.message || '') };
  return null;
}
