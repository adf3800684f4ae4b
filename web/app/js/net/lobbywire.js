// @ts-check
// The lobby socket's messages, decoded and encoded (wire.js does the game's): seeks, challenges, the live
// game lists. Only the pages with the lobby load it.

import { clockBody, game, seatGranted, timeControl } from './wire.js';

/** @typedef {import('../types.js').Seek} Seek */
/** @typedef {import('../types.js').LobbyMessage} LobbyMessage */
/** @typedef {import('../types.js').TimeControl} TimeControl */
/** @typedef {import('./wire.js').Json} Json a value parsed from the server's JSON, checked field by field here */

/**
 * @param {Json} w
 * @returns {Seek}
 */
export function seek(w) {
  return {
    id: w.id,
    name: w.name,
    registered: !!w.registered,
    rating: w.rating ?? null,
    provisional: !!w.provisional,
    variant: w.variant,
    options: w.options || {},
    clock: timeControl(w.clock),
    rated: !!w.rated,
    range: Array.isArray(w.range) ? [w.range[0], w.range[1]] : null,
    createdAt: w.created_at ?? null,
  };
}

/**
 * @param {Json} w
 * @returns {import('../types.js').Challenge}
 */
export function challenge(w) {
  return {
    id: String(w.id),
    from: w.from,
    to: w.to,
    variant: w.variant,
    clock: timeControl(w.clock),
    rated: !!w.rated,
  };
}

/**
 * The name of a live game list of the lobby socket.
 * @param {unknown} w
 * @returns {import('../types.js').GameListName}
 */
function gameListName(w) {
  return w === 'live' ? 'live' : 'waiting';
}

/**
 * One frame of the lobby socket, decoded.
 * @param {string} text
 * @returns {LobbyMessage}
 */
export function decodeLobby(text) {
  const m = JSON.parse(text);
  switch (m.type) {
    case 'seeks':
      return { type: 'seeks', seeks: (m.seeks || []).map(seek) };
    case 'seek_added':
      return { type: 'seek_added', seek: seek(m.seek) };
    case 'seek_removed':
      return { type: 'seek_removed', id: m.id };
    case 'seek_created':
      return { type: 'seek_created', seek: seek(m.seek) };
    case 'games':
      return { type: 'games', waiting: (m.waiting || []).map(game), live: (m.live || []).map(game) };
    case 'game_added':
      return { type: 'game_added', list: gameListName(m.list), game: game(m.game) };
    case 'game_changed':
      return { type: 'game_changed', list: gameListName(m.list), game: game(m.game) };
    case 'game_removed':
      return { type: 'game_removed', list: gameListName(m.list), id: String(m.id) };
    case 'paired':
      return { type: 'paired', granted: seatGranted(m) };
    case 'challenge':
      return { type: 'challenge', challenge: challenge(m.challenge || {}) };
    case 'error':
      return { type: 'error', code: String(m.code), message: String(m.message) };
    case 'pong':
      return { type: 'pong' };
    default:
      return { type: 'unknown', raw: m };
  }
}

/**
 * @typedef {object} SeekForm
 * @property {string} variant
 * @property {TimeControl | null} clock
 * @property {boolean} rated
 * @property {[number, number] | null} [range]
 */

/** @param {SeekForm} s */
function seekBody({ variant, clock: c, rated, range }) {
  /** @type {Record<string, unknown>} */
  const body = { variant };
  if (c) body.clock = clockBody(c);
  if (rated) body.rated = true;
  if (range) body.range = range;
  return body;
}

/** Client messages of the lobby socket. */
export const encodeLobby = {
  /** @param {SeekForm} s */
  seek: (s) => JSON.stringify({ type: 'seek', ...seekBody(s) }),
  /** @param {SeekForm} s */
  quick: (s) => JSON.stringify({ type: 'quick', ...seekBody({ ...s, range: null }) }),
  /** @param {number | string} id */
  cancel: (id) => JSON.stringify({ type: 'cancel', id }),
  /** @param {number | string} id */
  accept: (id) => JSON.stringify({ type: 'accept', id }),
  ping: () => JSON.stringify({ type: 'ping' }),
};
