// @ts-check
// A game's socket address, and its connection opened as soon as the page's HTML arrives. On a slow
// network the page's modules take seconds to come, and the socket's handshake and the game's
// snapshot would take a round trip or two more after them: the HTML names this module first, as an
// `async` module whose only import is prefs.js, so on a game's address (`/game/{id}`) it opens the
// game's socket while the rest of the modules are still on their way, and keeps what the server says
// meanwhile. The game's socket (reconnect.js) claims the connection and its frames, in order, when the
// page starts; a connection nobody claims (the visitor left, or the page opened another address) is
// closed.

import { adoptSeatFragment, seatToken } from '../prefs.js';

/** An early connection not claimed by then is closed. */
const UNCLAIMED_MS = 20000;

/**
 * The WebSocket path of a game, with a seat token and the version held (either may be absent).
 * @param {string} gameId
 * @param {string | null} token
 * @param {number | null} v
 */
export function socketPath(gameId, token, v) {
  const q = new URLSearchParams();
  if (token) q.set('token', token);
  if (v !== null && v !== undefined) q.set('v', String(v));
  const qs = q.toString();
  return `/api/games/${encodeURIComponent(gameId)}/ws${qs ? `?${qs}` : ''}`;
}

/**
 * A new WebSocket to `path` on this page's host, over TLS when the page is.
 * @param {string} path
 */
export function openSocket(path) {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return new WebSocket(`${proto}//${location.host}${path}`);
}

/** @typedef {{path: string, ws: WebSocket, heard: string[]}} Early */

/** @type {Early | null} */
let early = null;

/** Opens the game's socket if this page is a game's, as the game page will (its seat, no version). */
function openEarly() {
  if (typeof location === 'undefined' || typeof WebSocket === 'undefined') return;
  const m = /^\/game\/([^/]+)$/.exec(location.pathname);
  if (!m) return;
  let id;
  try {
    id = decodeURIComponent(m[1]);
  } catch {
    return; // not an address the router reads either
  }
  adoptSeatFragment(id);
  const path = socketPath(id, seatToken(id), null);
  /** @type {WebSocket} */
  let ws;
  try {
    ws = openSocket(path);
  } catch {
    return;
  }
  /** @type {string[]} */
  const heard = [];
  ws.onmessage = (e) => heard.push(String(e.data));
  early = { path, ws, heard };
  setTimeout(() => {
    if (early?.ws !== ws) return;
    early = null;
    ws.close(1000);
  }, UNCLAIMED_MS);
}

/**
 * The early connection to `path`, once: the socket (connecting or open) and the frames it has received
 * so far, in order. Null when there is none to that address, it was claimed, or it has closed.
 * @param {string} path
 * @returns {{ws: WebSocket, heard: string[]} | null}
 */
export function claimEarly(path) {
  const e = early;
  if (!e || e.path !== path || e.ws.readyState > WebSocket.OPEN) return null;
  early = null;
  e.ws.onmessage = null;
  return { ws: e.ws, heard: e.heard };
}

openEarly();
