// The live socket of one game and its resync: connects (as a seat with its token, or as a spectator),
// keeps the version of the last message drawn, reconnects with backoff and `?v=<last>`, asks `sync`
// when an event is not the next version, and resends an unanswered decision with the same id after a
// reconnect (the server answers a repeated id with its first answer, so a move is never played twice).
//
// The page gets decoded messages in order through `onMessage`, and the connection's state through
// `onStatus` ('connecting', 'open', 'closed', 'failed').

import { decodeServer, encode, socketPath } from './wire.js';

const BACKOFF_MS = [250, 500, 1000, 2000, 4000, 8000];
/** A connection silent this long (no frame at all, though we ping) is taken for dead. */
const SILENCE_MS = 45000;
const PING_MS = 20000;

let counter = 0;
/** A fresh id for a client message: unique in this tab, and across reloads thanks to the time. */
export function freshId(prefix) {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter.toString(36)}`;
}

export class GameSocket {
  constructor({ gameId, token, onMessage, onStatus }) {
    this.gameId = gameId;
    this.token = token || null;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.v = null; // the version of the last snapshot or event handed to the page
    this.ws = null;
    this.failures = 0;
    this.stopped = false;
    this.pending = null; // {id, decision}: a decision sent and not answered yet
    this.syncAsked = null; // the version a `sync` was sent for, not answered yet
    this.lastHeard = 0;
    this.timer = null;
    this.pinger = null;
    this.wake = () => { if (!this.stopped && (!this.ws || this.ws.readyState > 1)) this.connect(); };
  }

  start() {
    window.addEventListener('online', this.wake);
    document.addEventListener('visibilitychange', this.wake);
    this.connect();
  }

  stop() {
    this.stopped = true;
    window.removeEventListener('online', this.wake);
    document.removeEventListener('visibilitychange', this.wake);
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close(1000);
    this.ws = null;
  }

  connect() {
    clearTimeout(this.timer);
    if (this.ws) {
      this.ws.onclose = null;
      this.ws.close();
    }
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}${socketPath(this.gameId, this.token, this.v)}`);
    this.ws = ws;
    this.syncAsked = null;
    this.onStatus('connecting');
    ws.onopen = () => {
      this.lastHeard = Date.now();
      this.onStatus('open');
      // An unanswered decision is sent again with the same id: the server applies it at most once.
      if (this.pending) ws.send(encode.decide(this.pending.id, this.pending.decision));
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.keepAlive(), PING_MS);
    };
    ws.onmessage = (e) => {
      this.lastHeard = Date.now();
      this.failures = 0;
      let m;
      try {
        m = decodeServer(e.data);
      } catch (err) {
        console.warn('unreadable message', err);
        return;
      }
      this.receive(m);
    };
    ws.onclose = (e) => {
      clearInterval(this.pinger);
      if (this.ws !== ws || this.stopped) return;
      this.failures += 1;
      this.onStatus(this.failures > 3 ? 'failed' : 'closed', e.code);
      const base = BACKOFF_MS[Math.min(this.failures - 1, BACKOFF_MS.length - 1)];
      this.timer = setTimeout(() => this.connect(), base + Math.random() * base * 0.5);
    };
  }

  keepAlive() {
    if (!this.ws || this.ws.readyState !== 1) return;
    if (Date.now() - this.lastHeard > SILENCE_MS) {
      // Half-open (a phone that slept, a NAT that forgot us): start again.
      this.connect();
      return;
    }
    this.ws.send(encode.ping(freshId('p')));
  }

  /** Version rules: an event must be the next version; a snapshot supersedes whatever we hold. */
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
          // Nothing was stored: the same id again, a little later.
          const { id, decision } = this.pending;
          setTimeout(() => { if (this.pending?.id === id) this.send(encode.decide(id, decision)); }, 1000);
          return;
        }
        this.pending = null;
      }
    }
    this.onMessage(m);
  }

  send(text) {
    if (this.ws && this.ws.readyState === 1) {
      this.ws.send(text);
      return true;
    }
    return false;
  }

  /** Sends a decision; it stays pending (and is resent on reconnect) until answered. */
  decide(decision) {
    if (this.pending) return null;
    this.pending = { id: freshId('d'), decision };
    this.send(encode.decide(this.pending.id, decision));
    return this.pending.id;
  }

  /** resign, abort or claim_win: not idempotent, so never resent by itself. */
  command(type) {
    const id = freshId(type[0]);
    return this.send(encode.command(type, id)) ? id : null;
  }
}
