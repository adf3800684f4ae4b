// @ts-check
// What the game page asks over HTTP beside its socket (lichess's round `xhr`): the full record, whether
// a game whose socket never opens exists at all, and the players' current ratings.

import { api } from '../net/api.js';
import { errorText } from '../ui.js';

/** @typedef {import('./ctrl.js').GameCtrl} GameCtrl */
/** @typedef {import('../types.js').Side} Side */

/**
 * Fetches the game's record and merges it with the moves seen live.
 * @param {GameCtrl} ctrl
 */
export async function fetchRecord(ctrl) {
  const s = ctrl.s;
  ctrl.recordAsked = true;
  s.needRecord = false;
  try {
    const d = await api.game(ctrl.id);
    /** @type {Map<number, import('../types.js').MoveEntry>} */
    const known = new Map(d.record.map((r) => [r.ply, r]));
    // The record says the decisions (revealed ones too); the moves seen live also know their steps.
    for (const mv of s.moves) {
      const r = known.get(mv.ply);
      known.set(mv.ply, r ? { ...r, decision: r.decision ?? mv.decision, steps: mv.steps ?? null } : mv);
    }
    s.moves = [...known.values()].sort((a, b) => a.ply - b.ply);
  } catch (e) {
    ctrl.message = errorText(e, 'game');
  } finally {
    ctrl.recordAsked = false;
  }
  if (s.needRecord) fetchRecord(ctrl);
  ctrl.redraw();
}

/**
 * A socket that never opens: a game that does not exist (or a bad id) is said so and not retried.
 * @param {GameCtrl} ctrl
 */
export async function checkExists(ctrl) {
  if (ctrl.checked) return;
  ctrl.checked = true;
  try {
    const d = await api.game(ctrl.id);
    // Offline, a finished game kept by the service worker: its replay from the record, without a socket.
    if (!ctrl.s.game && d.game.status === 'finished') {
      ctrl.socket?.stop();
      const presence = { south: false, north: false, claimWinAt: null, abortAt: null, watching: 0 };
      const none = { drawOffer: null, takebackOffer: null, rematchOffer: null, rematch: null, chat: [] };
      ctrl.receive({
        type: 'snapshot',
        protocol: 3,
        v: 0,
        seat: null,
        game: d.game,
        board: d.board,
        clock: d.clock,
        presence,
        ...none,
      });
    }
  } catch (e) {
    const err = /** @type {import('../net/api.js').ApiError} */ (e);
    if (err.status === 404 || err.status === 400) {
      ctrl.socket?.stop();
      ctrl.status = 'gone';
      ctrl.message = errorText(err, 'game');
      ctrl.redraw();
    }
  }
}

/**
 * The current ratings of the registered players, fetched once per pair of players.
 * @param {GameCtrl} ctrl
 */
export function fetchRatings(ctrl) {
  const g = ctrl.s.game;
  if (!g) return;
  const key = `${g.players.south?.name}|${g.players.north?.name}`;
  if (key === ctrl.ratingsFor) return;
  ctrl.ratingsFor = key;
  for (const side of /** @type {Side[]} */ (['south', 'north'])) {
    const p = g.players[side];
    if (!p?.registered) continue;
    api
      .player(p.name)
      .then((prof) => {
        ctrl.ratingOf[side] = prof.ratings[g.variant] || null;
        ctrl.redraw();
      })
      .catch(() => {});
  }
}
