// The game page's model, and how each decoded server message changes it. Pure: no DOM, no socket.
//
// `board` is the last board the server sent, or (protocol 3, an event of a change that carries no
// board) the board that the event's steps lead to; until the change's last event arrives, no decision
// is offered (`awaitingBoard`). A move whose steps cannot be followed (steps left out) leaves the board
// as it was, marked stale, until the board arrives.

import { after } from './steps.js';

export function initial() {
  return {
    seat: null,
    game: null,
    board: null,
    clock: null,
    clockAt: 0, // when the clock state arrived (performance.now())
    presence: { south: false, north: false, claimWinAt: null },
    awaitingBoard: false,
    moves: [], // {ply, side, decision, auto}
    needRecord: false, // the move list must be fetched again (after a snapshot)
    protocol: null,
  };
}

function finish(s, outcome) {
  if (!s.game || !outcome) return;
  // The rating changes may come with one of the places the outcome is sent (the game's result, the
  // end event, the final view) and not another: what was seen is kept.
  const ratings = outcome.ratings || s.game.result?.ratings;
  s.game = { ...s.game, status: 'finished', result: ratings ? { ...outcome, ratings } : outcome };
}

/**
 * Applies one message (already checked for its version by the socket) and returns what to animate:
 * {before, move} for a move event, else null.
 */
export function apply(s, m, now) {
  switch (m.type) {
    case 'snapshot':
      s.protocol = m.protocol;
      s.seat = m.seat;
      s.game = m.game;
      s.board = m.board;
      s.clock = m.clock;
      s.clockAt = now;
      s.presence = m.presence;
      s.awaitingBoard = false;
      s.needRecord = true;
      if (m.board.outcome) finish(s, m.board.outcome);
      return null;
    case 'presence':
      s.presence = m.presence;
      return null;
    case 'event':
      return applyEvent(s, m, now);
    default:
      return null;
  }
}

function applyEvent(s, m, now) {
  const e = m.event;
  const before = s.board;
  let animate = null;
  if (e.kind === 'start') {
    s.game = e.game;
  } else if (e.kind === 'move') {
    s.moves = s.moves.filter((x) => x.ply < e.ply);
    s.moves.push({ ply: e.ply, side: e.side, decision: e.decision, auto: e.auto });
    if (s.game) s.game = { ...s.game, plies: Math.max(s.game.plies, e.ply), status: s.game.status === 'waiting' ? 'ongoing' : s.game.status };
    if (before) animate = { before, move: e };
    if (!m.board && before) {
      const next = after(before, e);
      // Until the change's last event brings the board, nobody is asked to decide.
      s.board = next ? { ...before, holes: next.holes, stores: next.stores, legal: [] } : { ...before, legal: [] };
      s.awaitingBoard = true;
    }
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
  if (m.clock !== undefined) {
    s.clock = m.clock;
    s.clockAt = now;
  }
  return animate;
}

/** Milliseconds left on `side`'s clock at `now`. */
export function clockLeft(s, side, now) {
  if (!s.clock) return null;
  const base = side === 'south' ? s.clock.southMs : s.clock.northMs;
  return s.clock.running.includes(side) ? base - (now - s.clockAt) : base;
}

/** Whether both sides have made a decision of their own (abort is no longer possible then). */
export function bothMoved(s) {
  const own = (side) => s.moves.some((m) => m.side === side && !m.auto);
  return own('south') && own('north');
}

/** The legal decisions grouped: by hole (`a1`, `a1:cw` under `a1`), and the others (store, opening, pass). */
export function decisions(legal) {
  const byHole = new Map();
  const others = [];
  for (const d of legal) {
    const hole = d.split(':')[0];
    if (/^[a-t][1-4]$/.test(hole)) {
      if (!byHole.has(hole)) byHole.set(hole, []);
      byHole.get(hole).push(d);
    } else {
      others.push(d);
    }
  }
  return { byHole, others };
}
