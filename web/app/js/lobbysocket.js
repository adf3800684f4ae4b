// The lobby's live socket (`/api/lobby/ws`): the seek list (a full list first, then additions and
// removals), this person's own seeks, and `paired` when a game is found. A seek lives while its
// creator's socket is open, so a dropped socket also drops this page's own seeks: the page is told
// (`onOwnLost`) and reconnects with backoff. Identity: the session cookie, else the guest name.

import { decodeLobby, encodeLobby } from './wire.js';

export class LobbySocket {
  constructor({ guestName, onSeeks, onCreated, onPaired, onError, onStatus, onOwnLost }) {
    Object.assign(this, { guestName, onSeeks, onCreated, onPaired, onError, onStatus, onOwnLost });
    this.seeks = new Map(); // String(id) -> seek
    this.own = new Set(); // String(id) of this socket's seeks
    this.ws = null;
    this.stopped = false;
    this.retry = 0;
    this.outbox = [];
  }

  start() {
    this.stopped = false;
    this.open();
    this.keepAlive = setInterval(() => this.sendNow(encodeLobby.ping()), 25000);
  }

  stop() {
    this.stopped = true;
    clearInterval(this.keepAlive);
    clearTimeout(this.timer);
    if (this.ws) this.ws.close(1000);
    this.ws = null;
  }

  open() {
    const q = this.guestName ? `?name=${encodeURIComponent(this.guestName)}` : '';
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/lobby/ws${q}`);
    this.ws = ws;
    this.onStatus?.('connecting');
    ws.onopen = () => {
      this.retry = 0;
      this.onStatus?.('open');
      for (const m of this.outbox.splice(0)) ws.send(m);
    };
    ws.onmessage = (e) => {
      let m;
      try { m = decodeLobby(e.data); } catch { return; }
      this.receive(m);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.own.size) {
        this.own.clear();
        this.onOwnLost?.();
      }
      if (this.stopped) return;
      this.onStatus?.('closed');
      const wait = Math.min(10000, 500 * 2 ** this.retry) * (0.8 + Math.random() * 0.4);
      this.retry += 1;
      this.timer = setTimeout(() => this.open(), wait);
    };
  }

  receive(m) {
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
        this.onCreated?.(m.seek);
        break;
      case 'paired':
        this.own.clear();
        this.onPaired?.(m.granted);
        return;
      case 'error':
        this.onError?.(m);
        return;
      default:
        return;
    }
    this.onSeeks?.(this.list());
  }

  /** The seeks, oldest first. */
  list() {
    return [...this.seeks.values()].sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0));
  }

  isOwn(id) {
    return this.own.has(String(id));
  }

  send(text) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
    else this.outbox.push(text);
  }

  sendNow(text) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
  }

  seek(s) { this.send(encodeLobby.seek(s)); }
  quick(s) { this.send(encodeLobby.quick(s)); }
  cancel(id) { this.send(encodeLobby.cancel(id)); }
  accept(id) { this.send(encodeLobby.accept(id)); }
}
