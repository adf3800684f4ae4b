// @ts-check
// The one reconnecting WebSocket under the game's and the lobby's sockets: opens the connection,
// reconnects after a drop with a growing, jittered back-off (and at once when the browser says it is
// online again or the tab becomes visible), keeps the connection alive with pings and takes one
// silent past SILENCE_MS for dead (a phone that slept, a NAT that forgot us). A subclass says where
// to connect (`url`), what a ping is (`pingText`) and handles `opened`, `received` and `dropped`.

import { claimEarly, openSocket } from './early.js';

/** Back-off before the n-th retry in a row; the last one repeats. */
const BACKOFF_MS = [250, 500, 1000, 2000, 4000, 8000];
/** A connection silent this long (no frame at all, though we ping) is taken for dead. */
const SILENCE_MS = 45000;
const PING_MS = 20000;

/** @typedef {'connecting' | 'open' | 'closed' | 'failed'} SocketStatus */

/**
 * A player's seat in a live game: a dead connection found in 12 s (pings every 5 s), and a refused one
 * tried again every 2 to 3 s, so that a network back after a cut is found within 3 s even where the
 * browser does not say `online`: a clock runs meanwhile. A few bytes a second, for the players only.
 */
export const SEAT_TIMING = { pingMs: 5000, silenceMs: 12000, backoffCapMs: 2000 };
/** Everyone else: pings every 20 s, dead after 45 s of silence, the back-off growing to 8 s. */
export const DEFAULT_TIMING = { pingMs: PING_MS, silenceMs: SILENCE_MS, backoffCapMs: Infinity };

export class ReconnectingSocket {
  /** @param {(status: SocketStatus) => void} [onStatus] */
  constructor(onStatus) {
    this.onStatus = onStatus || (() => {});
    /** How often the connection is pinged, when it is taken for dead, and the longest back-off. */
    this.timing = DEFAULT_TIMING;
    /** @type {WebSocket | {readyState: number, send: (text: string) => void, close?: (code?: number) => void} | null} */
    this.ws = null;
    /** Connections in a row that closed before a message arrived. */
    this.failures = 0;
    this.stopped = false;
    this.lastHeard = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.pinger = undefined;
    this.wake = () => {
      if (this.stopped || document.visibilityState === 'hidden') return;
      if (!this.ws || this.ws.readyState > 1) {
        this.failures = 0;
        this.connect();
      }
    };
  }

  /** Where to connect (a path of this host). @returns {string} */
  url() {
    throw new Error("url() is the subclass's");
  }

  /** The keep-alive message. @returns {string} */
  pingText() {
    return '{"type":"ping"}';
  }

  /** The connection is open. */
  opened() {}

  /** A text frame arrived. @param {string} _text */
  received(_text) {}

  /**
   * The connection closed (it is retried).
   * @param {number} _code the close code (4001: what the connection stood for was revoked)
   */
  dropped(_code) {}

  start() {
    this.stopped = false;
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
    if (this.ws && this.ws.close) this.ws.close(1000);
    this.ws = null;
  }

  /**
   * (Re)connects now, dropping the current connection if any. The first connection may be the one the
   * page's HTML opened (early.js): it is taken with what it has heard so far, handed on in order.
   */
  connect() {
    clearTimeout(this.timer);
    const old = this.ws;
    if (old instanceof WebSocket) {
      old.onclose = null;
      old.close();
    }
    const path = this.url();
    const early = old ? null : claimEarly(path);
    const ws = early ? early.ws : openSocket(path);
    this.ws = ws;
    this.onStatus('connecting');
    ws.onopen = () => {
      this.lastHeard = Date.now();
      this.onStatus('open');
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.keepAlive(), this.timing.pingMs);
      this.opened();
    };
    /** @param {string} text */
    const heard = (text) => {
      this.lastHeard = Date.now();
      this.failures = 0;
      this.received(text);
    };
    ws.onmessage = (e) => heard(String(e.data));
    ws.onclose = (e) => {
      clearInterval(this.pinger);
      if (this.ws !== ws) return;
      this.ws = null;
      this.dropped(e.code);
      if (this.stopped) return;
      this.failures += 1;
      this.onStatus(this.failures > 3 ? 'failed' : 'closed');
      if (this.stopped) return; // stopped by the status's listener
      const base = Math.min(BACKOFF_MS[Math.min(this.failures - 1, BACKOFF_MS.length - 1)], this.timing.backoffCapMs);
      this.timer = setTimeout(() => this.connect(), base + Math.random() * base * 0.5);
    };
    if (early && ws.readyState === WebSocket.OPEN) {
      ws.onopen(new Event('open'));
      for (const text of early.heard) {
        if (this.ws !== ws) break; // a frame heard made the page reconnect or stop
        heard(text);
      }
    }
  }

  /**
   * Pings, silence and back-off from now on; a running pinger takes the new pace at once.
   * @param {{pingMs: number, silenceMs: number, backoffCapMs: number}} timing
   */
  pace(timing) {
    if (timing.pingMs === this.timing.pingMs && timing.silenceMs === this.timing.silenceMs) {
      this.timing = timing;
      return;
    }
    this.timing = timing;
    if (this.pinger !== undefined && this.ws && this.ws.readyState === 1) {
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.keepAlive(), timing.pingMs);
    }
  }

  keepAlive() {
    if (!this.ws || this.ws.readyState !== 1) return;
    if (Date.now() - this.lastHeard > this.timing.silenceMs) {
      this.connect();
      return;
    }
    this.ws.send(this.pingText());
  }

  /**
   * Sends now if the connection is open.
   * @param {string} text
   * @returns {boolean} whether it was sent
   */
  send(text) {
    if (this.ws && this.ws.readyState === 1) {
      this.ws.send(text);
      return true;
    }
    return false;
  }

  get open() {
    return !!this.ws && this.ws.readyState === 1;
  }
}
