// @ts-check
// The HTTP answers that only pages other than the game page read, made typed (the variants and their
// computer levels, a list of games, a player's rating history, a leaderboard, the account's API tokens,
// its blocks, the games waiting for it, a ban for leaving games), and the body of a new game. Apart from wire.js, whose every byte the game page loads: api.js loads this
// module with the first call that needs it, as it loads profilewire.js.

import { clockBody, game } from './wire.js';

/** @typedef {import('../types.js').TimeControl} TimeControl */
/** @typedef {import('./wire.js').Json} Json a value parsed from the server's JSON, checked field by field here */

/**
 * The body of `GET /api/blocks`: the account's blocks, oldest first.
 * @param {Json} w
 * @returns {{name: string, createdAt: number}[]}
 */
export function blockList(w) {
  const list = Array.isArray(w?.blocks) ? w.blocks : [];
  return list.map((/** @type {Json} */ b) => ({ name: String(b.name), createdAt: Number(b.created_at) }));
}

/**
 * A ban for leaving games (`GET /api/lobby/playban`).
 * @typedef {object} Playban
 * @property {boolean} banned
 * @property {number} secondsLeft
 * @property {{outcome: string, count: number}[]} outcomes
 */

/**
 * The server's answer, checked: anything unreadable is "not banned" (the server refuses anyway).
 * @param {Json} json
 * @returns {Playban}
 */
export function playban(json) {
  const banned = json?.banned === true && Number.isFinite(json?.seconds_left);
  const outcomes = Array.isArray(json?.outcomes)
    ? json.outcomes
        .filter((/** @type {Json} */ o) => typeof o?.outcome === 'string' && Number.isFinite(o?.count))
        .map((/** @type {Json} */ o) => ({ outcome: o.outcome, count: o.count }))
    : [];
  return { banned, secondsLeft: banned ? Math.max(0, Math.ceil(json.seconds_left)) : 0, outcomes };
}

/**
 * The body of `GET /api/account/playing`: the games waiting for the account's decision.
 * @param {Json} w
 * @returns {import('../types.js').Playing}
 */
export function playing(w) {
  return {
    myTurn: w.my_turn,
    games: w.games.map((/** @type {Json} */ g) => ({
      id: g.game.id,
      variant: g.game.variant,
      myTurn: g.my_turn,
      timeLeftMs: g.time_left_ms ?? null,
    })),
  };
}

/**
 * @param {Json} w
 * @returns {{games: import('../types.js').Game[], nextCursor: string | null}}
 */
export function gameList(w) {
  return { games: (w.games || []).map(game), nextCursor: /** @type {string | null} */ (w.next_cursor ?? null) };
}

/**
 * @param {Json} w
 * @returns {{protocol: number, variants: import('../types.js').VariantInfo[]}}
 */
export function variantList(w) {
  return {
    protocol: w.protocol,
    variants: (w.variants || []).map((/** @type {Json} */ v) => ({
      id: v.id,
      name: v.name,
      summary: v.summary,
      defaults: {
        width: v.default_options?.width ?? 8,
        turnLimit: v.default_options?.turn_limit ?? null,
        handicap: v.default_options?.handicap ?? { south: false, north: false },
      },
      optionNotes: v.option_notes || [],
      simultaneousChoice: !!v.simultaneous_choice,
      concealedStore: !!v.concealed_store,
      computer: (v.computer || []).map((/** @type {Json} */ c) => ({
        level: Number(c.level),
        opponent: String(c.opponent),
        elo: typeof c.elo === 'number' ? c.elo : null,
        sameAs: typeof c.same_as === 'number' ? c.same_as : null,
      })),
    })),
  };
}

/**
 * `GET /api/players/{name}/ratings/{variant}`: the chart's points, oldest first.
 * @param {Json} w
 * @returns {{at: number, rating: number, gameId: string | null}[]}
 */
export function ratingHistory(w) {
  return (Array.isArray(w) ? w : []).map((p) => ({ at: p.at, rating: p.rating, gameId: p.game_id ?? null }));
}

/**
 * `GET /api/leaderboard/{variant}`: NDJSON, one player a line, best first.
 * @param {string} text
 * @returns {{name: string, rating: number, deviation: number, games: number}[]}
 */
export function leaderboard(text) {
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const p = JSON.parse(l);
      return { name: p.name, rating: p.rating, deviation: p.deviation, games: p.games };
    });
}

/**
 * @param {Json} w
 * @returns {{id: string, label: string, createdAt: number | null, token: string | null}}
 */
export function apiToken(w) {
  return { id: String(w.id), label: w.label, createdAt: w.created_at ?? null, token: w.token ?? null };
}

/**
 * @typedef {object} CreateForm
 * @property {string} variant
 * @property {number | null} [width]
 * @property {string | number | null} [turnLimit]
 * @property {{south: boolean, north: boolean} | null} [handicap]
 * @property {string} [seat]
 * @property {string} [name]
 * @property {TimeControl | null} [clock]
 * @property {string} [opponent]
 * @property {boolean} [previews] let the players preview moves (a casual game between people)
 */

/**
 * The body of `POST /api/games` from the page's form values.
 * @param {CreateForm} f
 */
export function createGame({ variant, width, turnLimit, handicap, seat, name, clock: c, opponent, previews }) {
  /** @type {Record<string, unknown>} */
  const body = { variant, seat: seat || 'random' };
  /** @type {Record<string, unknown>} */
  const options = {};
  if (width) options.width = width;
  if (turnLimit !== null && turnLimit !== undefined && turnLimit !== '') options.turn_limit = Number(turnLimit);
  if (handicap) options.handicap = { south: !!handicap.south, north: !!handicap.north };
  if (Object.keys(options).length) body.options = options;
  if (name) body.name = name;
  if (c) body.clock = clockBody(c);
  if (opponent) body.opponent = opponent;
  if (previews) body.previews = true;
  return body;
}
