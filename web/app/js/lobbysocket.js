// @ts-check
// The lobby's live socket (`/api/lobby/ws`) on the reconnecting base (reconnect.js): the seek list (a
// full list first, then additions and removals), this person's own seeks, and `paired` when a game is
// found. A seek lives while its creator's socket is open, so a dropped socket also drops this page's
// own seeks: the page is told (`onOwnLost`). Messages sent while the socket is down wait in an outbox.
// Identity: the session cookie, else the guest name.

import { ReconnectingSocket } from './reconnect.js';
import { decodeLobby, encodeLobby } from './wire.js';

/** @typedef {import('./types.js').Seek} Seek */
/** @typedef {import('./types.js').LobbyMessage} LobbyMessage */
/** @typedef {import('./wire.js').SeekForm} SeekForm */

/**
 * @typedef {object} LobbyHandlers
 * @property {string | null} guestName
 * @property {(seeks: Seek[]) => void} [onSeeks]
 * @property {(seek: Seek) => void} [onCreated]
 * @property {(granted: import('./types.js').SeatGranted) => void} [onPaired]
 * @property {(m: {code: string, message: string}) => void} [onError]
 * @property {(s: import('./reconnect.js').SocketStatus) => void} [onStatus]
 * @property {() => void} [onOwnLost]
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
