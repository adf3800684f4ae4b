// @ts-check
// The game page's model, and how each decoded server message changes it. Pure: no DOM, no socket.
//
// `board` is the last board the server sent, or (an event of a change that carries no board) the board
// that the event's steps lead to; until the change's last event arrives, no decision is offered
// (`awaitingBoard`). A move whose steps cannot be followed (steps left out) leaves the board as it was
// until the board arrives. The clocks are not in it: game/clock.js keeps them and ticks them.

import { after } from './board/steps.js';

/** @typedef {import('./types.js').Side} Side */
/** @typedef {import('./types.js').Board} Board */
/** @typedef {import('./types.js').MoveEvent} MoveEvent */
/** @typedef {import('./types.js').Outcome} Outcome */
/** @typedef {import('./types.js').ServerMessage} ServerMessage */

/**
 * @typedef {object} GameState
 * @property {Side | null} seat this browser's seat, null for a spectator
 * @property {import('./types.js').Game | null} game
 * @property {Board | null} board
 * @property {import('./types.js').Presence} presence
 * @property {import('./types.js').Side | null} drawOffer the player whose draw offer is pending
 * @property {import('./types.js').Side | null} takebackOffer the player whose takeback proposal is pending
 * @property {import('./types.js').Side | null} rematchOffer after the end, whose rematch offer is pending
 * @property {import('./types.js').NextGame | null} rematch the rematch, once made
 * @property {import('./types.js').ChatLine[]} chat the chat lines this viewer reads
 * @property {boolean} awaitingBoard
 * @property {import('./types.js').MoveEntry[]} moves
 * @property {boolean} needRecord the move list must be fetched again (after a snapshot)
 * @property {number | null} protocol
 */

/** A move to animate: the board before it and the move. @typedef {{before: Board, move: MoveEvent}} Sowing */

/** @returns {GameState} */
export function initial() {
  return {
    seat: null,
    game: null,
    board: null,
    presence: { south: false, north: false, claimWinAt: null, abortAt: null, watching: 0 },
    drawOffer: null,
    takebackOffer: null,
    rematchOffer: null,
    rematch: null,
    chat: [],
    awaitingBoard: false,
    moves: [],
    needRecord: false,
    protocol: null,
  };
}

/**
 * @param {GameState} s
 * @param {Outcome | null} outcome
 */
function finish(s, outcome) {
  if (!s.game || !outcome) return;
  // The rating changes may come with one of the places the outcome is sent (the game's result, the
  // end event, the final view) and not another: what was seen is kept.
  const ratings = outcome.ratings || s.game.result?.ratings;
  s.game = { ...s.game, status: 'finished', result: ratings ? { ...outcome, ratings } : outcome };
}

/**
 * Applies one message (already checked for its version by the socket) and returns what to animate.
 * @param {GameState} s
 * @param {ServerMessage} m
 * @returns {Sowing | null}
 */
export function apply(s, m) {
  switch (m.type) {
    case 'snapshot':
      s.protocol = m.protocol;
      s.seat = m.seat;
      s.game = m.game;
      s.board = m.board;
      s.presence = m.presence;
      s.drawOffer = m.drawOffer;
      s.takebackOffer = m.takebackOffer;
      s.rematchOffer = m.rematchOffer;
      s.rematch = m.rematch;
      s.chat = m.chat;
      s.awaitingBoard = false;
      s.needRecord = true;
      if (m.board.outcome) finish(s, m.board.outcome);
      return null;
    case 'presence':
      s.presence = m.presence;
      return null;
    case 'draw_offer':
      s.drawOffer = m.by;
      return null;
    case 'takeback_offer':
      s.takebackOffer = m.by;
      return null;
    case 'rematch_offer':
      s.rematchOffer = m.by;
      return null;
    case 'rematch':
      s.rematch = m.next;
      return null;
    case 'chat':
      s.chat.push(m.line);
      return null;
    case 'event':
      return applyEvent(s, m);
    default:
      return null;
  }
}

/**
 * @param {GameState} s
 * @param {Extract<ServerMessage, {type: 'event'}>} m
 * @returns {Sowing | null}
 */
function applyEvent(s, m) {
  const e = m.event;
  const before = s.board;
  /** @type {Sowing | null} */
  let animate = null;
  if (e.kind === 'start') {
    s.game = e.game;
  } else if (e.kind === 'move') {
    s.moves = s.moves.filter((x) => x.ply < e.ply);
    s.moves.push({ ply: e.ply, side: e.side, decision: e.decision, auto: e.auto, steps: e.steps });
    revealChoices(s, e);
    if (s.game) {
      const status = s.game.status === 'waiting' ? 'ongoing' : s.game.status;
      s.game = { ...s.game, plies: Math.max(s.game.plies, e.ply), status };
    }
    if (before) animate = { before, move: e };
    if (!m.board && before) {
      const next = after(before, e);
      // Until the change's last event brings the board, nobody is asked to decide.
      s.board = next ? { ...before, holes: next.holes, stores: next.stores, legal: [] } : { ...before, legal: [] };
      s.awaitingBoard = true;
    }
  } else if (e.kind === 'takeback') {
    // The record is back after `ply`; the event brings the board (no steps to play).
    s.moves = s.moves.filter((x) => x.ply <= e.ply);
    if (s.game) s.game = { ...s.game, plies: e.ply };
  } else if (e.kind === 'berserk') {
    // Half the player's time is gone: the event brings the clocks (game/clock.js); the summary marks the player.
    if (s.game?.berserk) s.game = { ...s.game, berserk: { ...s.game.berserk, [e.side]: true } };
  } else if (e.kind === 'end') {
    finish(s, e.outcome);
    if (!m.board && before) {
      s.board = { ...before, legal: [], toMove: null, outcome: e.outcome };
      s.awaitingBoard = true;
    }
  }
  if (m.board) {
    s.board = m.board;
    s.awaitingBoard = false;
    if (m.board.outcome) finish(s, m.board.outcome);
  }
  return animate;
}

/**
 * Ikibuguzo's secret choices, once the `revealed` step names both arrays: the move list says them.
 * @param {GameState} s
 * @param {MoveEvent} e
 */
function revealChoices(s, e) {
  for (const step of e.steps) {
    if (step.type !== 'revealed') continue;
    s.moves = s.moves.map((m) =>
      m.decision === null && !m.auto
        ? { ...m, decision: `opening:${m.side === 'south' ? step.south : step.north}` }
        : m,
    );
  }
}

/**
 * Whether both sides have made a decision of their own (abort is no longer possible then).
 * @param {GameState} s
 */
export function bothMoved(s) {
  /** @param {Side} side */
  const own = (side) => s.moves.some((m) => m.side === side && !m.auto);
  return own('south') && own('north');
}

/**
 * The legal decisions grouped: by hole (`a1`, `a1:cw` under `a1`; `store` too, the store on the board),
 * and the others (store, opening, pass).
 * @param {string[]} legal
 */
export function decisions(legal) {
  /** @type {Map<string, string[]>} */
  const byHole = new Map();
  /** @type {string[]} */
  const others = [];
  for (const d of legal) {
    const hole = d.split(':')[0];
    const onBoard = /^[a-t][1-4]$/.test(hole);
    if (onBoard || d === 'store') byHole.set(hole, [...(byHole.get(hole) || []), d]);
    if (!onBoard) others.push(d);
  }
  return { byHole, others };
}
