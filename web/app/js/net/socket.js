// @ts-check
// The live socket of one game and its resync, on the reconnecting base (reconnect.js): connects as a
// seat with its token, or as a spectator, keeps the version of the last message handed to the page,
// reconnects with `?v=<last>`, asks `sync` when an event is not the next version, and resends an
// unanswered decision with the same id after a reconnect (the server answers a repeated id with its
// first answer, so a move is never played twice).
//
// The page gets decoded messages in order through `onMessage`, and the connection's state through
// `onStatus` ('connecting', 'open', 'closed', 'failed').

import { ReconnectingSocket } from './reconnect.js';
import { socketPath } from './early.js';
import { decodeServer, encode } from './wire.js';

/** @typedef {import('../types.js').ServerMessage} ServerMessage */

/** How long before a decision refused as `unavailable` (nothing was stored) is sent again. */
const RETRY_UNAVAILABLE_MS = 1000;

let counter = 0;
/**
 * A fresh id for a client message: unique in this tab, and across reloads thanks to the time.
 * @param {string} prefix
 */
export function freshId(prefix) {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter.toString(36)}`;
}

/** The close code of a connection whose account (or credential) stands no more. */
const REVOKED_CLOSE = 4001;

export class GameSocket extends ReconnectingSocket {
  /**
   * @param {object} o
   * @param {string} o.gameId
   * @param {string | null} o.token
   * @param {(m: ServerMessage) => void} o.onMessage
   * @param {(s: import('./reconnect.js').SocketStatus) => void} [o.onStatus]
   */
  constructor({ gameId, token, onMessage, onStatus }) {
    super(onStatus);
    this.gameId = gameId;
    this.token = token || null;
    this.onMessage = onMessage;
    /** @type {number | null} the version of the last snapshot or event handed to the page */
    this.v = null;
    /** @type {{id: string, decision: string} | null} a decision sent and not answered yet */
    this.pending = null;
    /** @type {number | null} the version a `sync` was sent for, not answered yet */
    this.syncAsked = null;
    /** The seat was closed with its account: the socket watches now. */
    this.revoked = false;
  }

  url() {
    this.syncAsked = null;
    return socketPath(this.gameId, this.token, this.v);
  }

  pingText() {
    return encode.ping(freshId('p'));
  }

  /**
   * A seat closed by the server because its account was closed (4001) is refused from then on: the page
   * watches the game instead, from the version it holds, so it still learns how the game ended.
   * @param {number} code
   */
  dropped(code) {
    if (code === REVOKED_CLOSE && this.token) {
      this.token = null;
      this.pending = null;
      this.revoked = true;
    }
  }

  opened() {
    // An unanswered decision is sent again with the same id: the server applies it at most once.
    if (this.pending) this.send(encode.decide(this.pending.id, this.pending.decision));
  }

  /** @param {string} text */
  received(text) {
    let m;
    try {
      m = decodeServer(text);
    } catch (err) {
      console.warn('unreadable message', err);
      return;
    }
    this.receive(m);
  }

  /**
   * Version rules: an event must be the next version; a snapshot supersedes whatever we hold.
   * @param {ServerMessage} m
   */
  receive(m) {
    if (m.type === 'snapshot') {
      this.v = m.v;
      this.syncAsked = null;
    } else if (m.type === 'event') {
      if (this.v !== null && m.v <= this.v) return; // already drawn
      if (this.v === null || m.v !== this.v + 1) {
        // A gap: never draw it; ask for what we lack (once per gap).
        if (this.v !== null && this.syncAsked !== this.v) {
          this.syncAsked = this.v;
          this.send(encode.sync(this.v));
        }
        return;
      }
      this.v = m.v;
      this.syncAsked = null;
    } else if (m.type === 'accepted' || m.type === 'rejected') {
      if (this.pending && m.id === this.pending.id) {
        if (m.type === 'rejected' && m.code === 'unavailable') {
          const { id, decision } = this.pending;
          setTimeout(() => {
            if (this.pending?.id === id) this.send(encode.decide(id, decision));
          }, RETRY_UNAVAILABLE_MS);
          return;
        }
        this.pending = null;
      }
    }
    this.onMessage(m);
  }

  /**
   * Sends a decision; it stays pending (and is resent on reconnect) until answered.
   * @param {string} decision
   */
  decide(decision) {
    if (this.pending) return null;
    this.pending = { id: freshId('d'), decision };
    this.send(encode.decide(this.pending.id, decision));
    return this.pending.id;
  }

  /**
   * A draw offer or a takeback proposal, or the answer to one: like a command, never resent by itself.
   * @param {'draw' | 'takeback'} type
   * @param {'offer' | 'propose' | 'accept' | 'decline'} action
   */
  offer(type, action) {
    const id = freshId('d');
    return this.send(encode.offer(type, action, id)) ? id : null;
  }

  /**
   * A rematch offer, or the answer to one (never resent by itself).
   * @param {'offer' | 'accept' | 'decline' | 'cancel'} action
   */
  rematch(action) {
    const id = freshId('r');
    return this.send(encode.rematch(action, id)) ? id : null;
  }

  /**
   * A chat line (never resent by itself).
   * @param {string} room
   * @param {string} text
   */
  chat(room, text) {
    return this.send(encode.chat(room, text, freshId('c')));
  }

  /**
   * resign, abort, claim_win or berserk: not idempotent, so never resent by itself.
   * @param {string} type
   */
  command(type) {
    const id = freshId(type[0]);
    return this.send(encode.command(type, id)) ? id : null;
  }
}
