// @ts-check
// The lobby's live socket (`/api/lobby/ws`) on the reconnecting base (reconnect.js): the seek list (a
// full list first, then additions and removals), this person's own seeks, and `paired` when a game is
// found. A seek lives while its creator's socket is open, so a dropped socket also drops this page's
// own seeks: the page is told (`onOwnLost`). It also keeps the live game lists (games waiting for an
// opponent, games being played: the whole lists once, then games added, changed and removed) and gives
// them to the page (`onGames`). Messages sent while the socket is down wait in an outbox.
// Identity: the session cookie, else the guest name.

import { ReconnectingSocket } from './reconnect.js';
import { decodeLobby, encodeLobby } from './lobbywire.js';

/** @typedef {import('../types.js').Seek} Seek */
/** @typedef {import('../types.js').Game} Game */
/** @typedef {import('../types.js').GameListName} GameListName */
/** @typedef {import('../types.js').LobbyMessage} LobbyMessage */
/** @typedef {import('./lobbywire.js').SeekForm} SeekForm */

/**
 * @typedef {object} LobbyHandlers
 * @property {string | null} guestName
 * @property {(seeks: Seek[]) => void} [onSeeks]
 * @property {(seek: Seek) => void} [onCreated]
 * @property {(granted: import('../types.js').SeatGranted) => void} [onPaired]
 * @property {(m: {code: string, message: string}) => void} [onError]
 * @property {(s: import('./reconnect.js').SocketStatus) => void} [onStatus]
 * @property {() => void} [onOwnLost]
 * @property {(lists: {waiting: Game[], live: Game[]}, left: GameListName | null) => void} [onGames] the
 *   lists, newest first, each time they change; `left`: the list a game just left, if one did
 */

export class LobbySocket extends ReconnectingSocket {
  /** @param {LobbyHandlers} handlers */
  constructor(handlers) {
    super(handlers.onStatus);
    this.guestName = handlers.guestName;
    this.handlers = handlers;
    /** @type {Map<string, Seek>} */
    this.seeks = new Map();
    /** @type {Set<string>} the ids of this socket's seeks */
    this.own = new Set();
    /** @type {string[]} */
    this.outbox = [];
    /** @type {Record<GameListName, Map<string, Game>>} */
    this.games = { waiting: new Map(), live: new Map() };
  }

  url() {
    return `/api/lobby/ws${this.guestName ? `?name=${encodeURIComponent(this.guestName)}` : ''}`;
  }

  pingText() {
    return encodeLobby.ping();
  }

  opened() {
    for (const m of this.outbox.splice(0)) this.send(m);
  }

  dropped() {
    if (this.own.size) {
      this.own.clear();
      this.handlers.onOwnLost?.();
    }
  }

  /** @param {string} text */
  received(text) {
    let m;
    try {
      m = decodeLobby(text);
    } catch {
      return;
    }
    this.receive(m);
  }

  /** @param {LobbyMessage} m */
  receive(m) {
    const h = this.handlers;
    switch (m.type) {
      case 'seeks':
        this.seeks = new Map(m.seeks.map((s) => [String(s.id), s]));
        break;
      case 'seek_added':
        this.seeks.set(String(m.seek.id), m.seek);
        break;
      case 'seek_removed':
        this.seeks.delete(String(m.id));
        this.own.delete(String(m.id));
        break;
      case 'seek_created':
        this.own.add(String(m.seek.id));
        this.seeks.set(String(m.seek.id), m.seek);
        h.onCreated?.(m.seek);
        break;
      case 'games':
        this.games = { waiting: byId(m.waiting), live: byId(m.live) };
        return this.gamesChanged(null);
      case 'game_added':
      case 'game_changed':
        this.games[m.list].set(m.game.id, m.game);
        return this.gamesChanged(null);
      case 'game_removed':
        this.games[m.list].delete(m.id);
        return this.gamesChanged(m.list);
      case 'paired':
        this.own.clear();
        h.onPaired?.(m.granted);
        return;
      case 'error':
        h.onError?.(m);
        return;
      default:
        return;
    }
    h.onSeeks?.(this.list());
  }

  /** @param {GameListName | null} left */
  gamesChanged(left) {
    this.handlers.onGames?.({ waiting: newest(this.games.waiting), live: newest(this.games.live) }, left);
  }

  /** The seeks, oldest first. */
  list() {
    return [...this.seeks.values()].sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0));
  }

  /** @param {number | string} id */
  isOwn(id) {
    return this.own.has(String(id));
  }

  /** Sends now, or once the socket is open again. @param {string} text */
  post(text) {
    if (!this.send(text)) this.outbox.push(text);
  }

  /** @param {SeekForm} s */
  seek(s) {
    this.post(encodeLobby.seek(s));
  }
  /** @param {SeekForm} s */
  quick(s) {
    this.post(encodeLobby.quick(s));
  }
  /** @param {number | string} id */
  cancel(id) {
    this.post(encodeLobby.cancel(id));
  }
  /** @param {number | string} id */
  accept(id) {
    this.post(encodeLobby.accept(id));
  }
}

/** @param {Game[]} games */
const byId = (games) => new Map(games.map((g) => [g.id, g]));

/**
 * A list's games newest first, as the server orders them.
 * @param {Map<string, Game>} games
 */
const newest = (games) =>
  [...games.values()].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
