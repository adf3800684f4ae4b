// @ts-check
// The read-only tournament socket (`/api/tournaments/{id}/ws`) on the reconnecting base: each frame
// decoded (net/tournamentwire.js) and handed to the page's controller, which dispatches it by its type
// (handlers.js). It sends nothing but the keep-alive.

import { ReconnectingSocket } from '../net/reconnect.js';
import { decodeTournament } from '../net/tournamentwire.js';

/** @typedef {NonNullable<ReturnType<typeof decodeTournament>>} TournamentMessage */

export class TournamentSocket extends ReconnectingSocket {
  /**
   * @param {string} id
   * @param {(m: TournamentMessage) => void} onMessage
   * @param {(s: import('../net/reconnect.js').SocketStatus) => void} onStatus
   */
  constructor(id, onMessage, onStatus) {
    super(onStatus);
    this.id = id;
    this.onMessage = onMessage;
  }
  url() {
    return `/api/tournaments/${encodeURIComponent(this.id)}/ws`;
  }
  /** @param {string} text */
  received(text) {
    const m = decodeTournament(text);
    if (m) this.onMessage(m);
  }
}
