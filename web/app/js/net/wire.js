// @ts-check
// The wire of the game socket and of the game's HTTP bodies: each message is turned into the page's own
// model (types.js) here and nowhere else. The lobby's and the tournaments' messages have their own
// decoders (lobbywire.js, tournamentwire.js), which use this file's shared pieces (a game, a seat, a
// clock).
//
// Protocol 3 (`PROTOCOL_VERSION` of protocol/src/lib.rs): only the last event of a change carries `view`
// and `clock`; a `start` event at version 1 when the second player joins; a board's counts are an array
// in reading order; a step is a string of words ("drop c2").

/** @typedef {import('../types.js').Side} Side */
/** @typedef {import('../types.js').Board} Board */
/** @typedef {import('../types.js').Game} Game */
/** @typedef {import('../types.js').Clock} Clock */
/** @typedef {import('../types.js').Outcome} Outcome */
/** @typedef {import('../types.js').Step} Step */
/** @typedef {import('../types.js').GameEvent} GameEvent */
/** @typedef {import('../types.js').ServerMessage} ServerMessage */
/** @typedef {import('../types.js').SeatGranted} SeatGranted */
/** @typedef {import('../types.js').TimeControl} TimeControl */
// `any`, not `unknown`: a decoder reads the fields it checks without a cast at each one; nothing outside
// the net/ modules is given a Json, only what the decoders made of it.
/** @typedef {any} Json a value parsed from the server's JSON, checked field by field here */

/**
 * A rule set's options as the server sends them (and the preview and analysis take them back).
 * @typedef {{width?: number, turn_limit?: number, handicap?: {south?: boolean, north?: boolean}}} RuleOptions
 */

/**
 * A board as the server sends it (`BoardView`), before `board` decodes it: the lesson, rules, puzzle and
 * analysis answers carry boards this way, and their diagrams decode a board when they show it.
 * @typedef {object} WireBoard
 * @property {string} variant
 * @property {number} rows
 * @property {number} columns
 * @property {number[]} holes the counts in reading order
 * @property {{south?: number | null, north?: number | null}} [stores]
 * @property {Side | 'both' | null} [to_move]
 * @property {string[]} [waiting]
 * @property {number} [turn]
 * @property {{south?: string, north?: string}} [choices]
 * @property {string[]} [legal]
 * @property {Json} [outcome] decoded by `outcome`
 */

/** The protocol version this page speaks. */
export const PROTOCOL = 3;

/**
 * @param {Json} s
 * @returns {Side}
 */
function side(s) {
  if (s === 'south' || s === 'north') return s;
  throw new Error(`bad side ${JSON.stringify(s)}`);
}

/**
 * @param {Json} o
 * @returns {Outcome | null}
 */
export function outcome(o) {
  if (!o) return null;
  /** @type {Outcome} */
  const out = { winner: o.winner === 'south' || o.winner === 'north' ? o.winner : null, reason: String(o.reason) };
  const r = ratingChanges(o.ratings);
  if (r) out.ratings = r;
  if (o.late === 'south' || o.late === 'north') out.late = o.late;
  return out;
}

/**
 * `OutcomeInfo.ratings` of a rated finished game: {south, north} of {before, after, provisional}.
 * @param {Json} w
 */
export function ratingChanges(w) {
  if (!w || !w.south || !w.north) return null;
  /** @param {Json} c */
  const one = (c) => ({ before: Number(c.before), after: Number(c.after), provisional: !!c.provisional });
  return { south: one(w.south), north: one(w.north) };
}

/**
 * The counts by hole name, from the array in reading order (row 1 from column a, then row 2, and so
 * on: hole i is column letter a + i % columns, row 1 + i / columns).
 * @param {Json} w
 * @returns {Record<string, number>}
 */
export function holesByName(w) {
  /** @type {Record<string, number>} */
  const out = {};
  (Array.isArray(w.holes) ? w.holes : []).forEach((/** @type {number} */ n, /** @type {number} */ i) => {
    out[String.fromCharCode(97 + (i % w.columns)) + (1 + Math.floor(i / w.columns))] = n;
  });
  return out;
}

/**
 * @param {Json} w
 * @returns {Board}
 */
export function board(w) {
  const stores = w.stores || {};
  return {
    variant: w.variant,
    rows: w.rows,
    columns: w.columns,
    holes: holesByName(w),
    stores: { south: stores.south ?? null, north: stores.north ?? null },
    toMove: w.to_move ?? null,
    waiting: Array.isArray(w.waiting) ? w.waiting.map(side) : [],
    turn: w.turn,
    choices: { south: w.choices?.south ?? 'pending', north: w.choices?.north ?? 'pending' },
    legal: Array.isArray(w.legal) ? [...w.legal] : [],
    outcome: outcome(w.outcome),
  };
}

/** @param {Json} p */
function player(p) {
  return p ? { name: String(p.name), registered: !!p.registered } : null;
}

/**
 * @param {Json} c
 * @returns {TimeControl | null}
 */
export function timeControl(c) {
  return c ? { baseSecs: c.base_secs ?? 0, incrementSecs: c.increment_secs ?? 0, days: c.days ?? null } : null;
}

/**
 * A time control as a request sends it: days per move, or base and increment.
 * @param {import('../types.js').TimeControl} c
 */
export const clockBody = (c) =>
  c.days ? { days: c.days } : { base_secs: c.baseSecs, increment_secs: c.incrementSecs };

/**
 * @param {Json} w
 * @returns {Game}
 */
export function game(w) {
  return {
    id: w.id,
    variant: w.variant,
    options: w.options || {},
    status: w.status,
    players: { south: player(w.players?.south), north: player(w.players?.north) },
    clock: timeControl(w.clock),
    autoForced: w.auto_forced !== false,
    plies: w.plies ?? 0,
    result: outcome(w.result),
    createdAt: w.created_at,
    updatedAt: w.updated_at,
    inviteCode: w.invite_code ?? null,
    rated: !!w.rated,
    previews: !!w.previews,
    berserk: w.berserk ? { south: !!w.berserk.south, north: !!w.berserk.north } : null,
  };
}

/**
 * @param {Json} w
 * @returns {Clock | null}
 */
export function clock(w) {
  if (!w) return null;
  return {
    baseSecs: w.base_secs,
    incrementSecs: w.increment_secs ?? 0,
    days: w.days ?? null,
    southMs: w.south_ms,
    northMs: w.north_ms,
    running: Array.isArray(w.running) ? w.running.map(side) : [],
    heldMs: w.held_ms ?? 0,
  };
}

/** @param {Json} w */
export function presence(w) {
  return {
    south: !!w?.south,
    north: !!w?.north,
    claimWinAt: w?.claim_win_at ?? null,
    abortAt: w?.abort_at ?? null,
    watching: w?.watching ?? 0,
  };
}

/**
 * One step, a string of words ("lift c2 4 acw", "drop d2", "store_lift south ?").
 * @param {string} text
 * @returns {Step}
 */
export function step(text) {
  const w = String(text).split(' ');
  /** @param {string | undefined} x */
  const maybe = (x) => (x === '?' || x === undefined ? null : Number(x));
  switch (w[0]) {
    case 'lift':
      return { type: 'lift', hole: w[1], count: Number(w[2]), direction: w[3] === 'cw' ? 'cw' : 'acw' };
    case 'drop':
      return { type: 'drop', hole: w[1] };
    case 'capture':
      // The words after the target say why (absent from an older sender's steps).
      return {
        type: 'capture',
        from: w[1],
        count: Number(w[2]),
        to: w[3],
        reason: w[4] ? { rule: w[4], holes: w.slice(5) } : null,
      };
    case 'store_lift':
      return { type: 'store_lift', side: side(w[1]), count: maybe(w[2]) };
    case 'chose':
      return { type: 'chose', side: side(w[1]), array: maybe(w[2]) };
    case 'revealed':
      return { type: 'revealed', south: Number(w[1]), north: Number(w[2]) };
    case 'pass':
      return { type: 'pass', side: side(w[1]) };
    case 'turn_end':
      return { type: 'turn_end', next: w[1] };
    case 'game_end':
      return {
        type: 'game_end',
        outcome: { winner: w[1] === 'south' || w[1] === 'north' ? w[1] : null, reason: w[2] },
      };
    case 'skipped':
      return { type: 'skipped', steps: Number(w[1]) };
    default:
      return { type: 'unknown', raw: text };
  }
}

/**
 * @param {Json} e
 * @returns {GameEvent}
 */
export function event(e) {
  switch (e.kind) {
    case 'move':
      return {
        kind: 'move',
        ply: e.ply,
        side: side(e.side),
        decision: e.decision ?? null,
        auto: !!e.auto,
        steps: (e.steps || []).map(step),
      };
    case 'end':
      return { kind: 'end', outcome: outcome(e.outcome) };
    case 'start':
      return { kind: 'start', game: game(e.game) };
    case 'takeback':
      return { kind: 'takeback', by: side(e.by), ply: e.ply };
    case 'berserk':
      return { kind: 'berserk', side: side(e.side) };
    default:
      return { kind: 'unknown', raw: e };
  }
}

/**
 * One WebSocket text frame of the server, decoded. Throws on text that is not JSON.
 * @param {string} text
 * @returns {ServerMessage}
 */
export function decodeServer(text) {
  const m = JSON.parse(text);
  switch (m.type) {
    case 'snapshot':
      return {
        type: 'snapshot',
        protocol: m.protocol,
        v: m.v,
        seat: m.seat === 'south' || m.seat === 'north' ? m.seat : null,
        game: game(m.game),
        board: board(m.view),
        clock: clock(m.clock),
        presence: presence(m.presence),
        drawOffer: m.draw_offer ? side(m.draw_offer) : null,
        takebackOffer: m.takeback_offer ? side(m.takeback_offer) : null,
        rematchOffer: m.rematch_offer ? side(m.rematch_offer) : null,
        rematch: m.rematch ? nextGame(m.rematch) : null,
        chat: (m.chat || []).map(chatLine),
      };
    case 'event': {
      // Only the last event of a change carries `view` and `clock`: before it the board follows from
      // the steps, and the clocks have not changed.
      const hasBoard = m.view !== undefined && m.view !== null;
      return {
        type: 'event',
        v: m.v,
        event: event(m.event),
        board: hasBoard ? board(m.view) : null,
        clock: hasBoard ? clock(m.clock ?? null) : undefined,
      };
    }
    case 'accepted':
      return { type: 'accepted', id: m.id ?? null, v: m.v ?? null };
    case 'rejected':
      return {
        type: 'rejected',
        id: m.id ?? null,
        code: String(m.code),
        reason: String(m.reason),
        legal: m.legal || [],
      };
    case 'error':
      return { type: 'error', code: String(m.code), message: String(m.message) };
    case 'presence':
      return { type: 'presence', presence: presence(m.presence) };
    case 'draw_offer':
    case 'takeback_offer':
      return { type: m.type, by: m.by ? side(m.by) : null };
    case 'rematch_offer':
      return { type: 'rematch_offer', by: m.by ? side(m.by) : null };
    case 'rematch':
      return { type: 'rematch', next: nextGame(m.next) };
    case 'chat':
      return { type: 'chat', line: chatLine(m.line) };
    case 'pong':
      return { type: 'pong', id: m.id ?? null };
    default:
      return { type: 'unknown', raw: m };
  }
}

/** Client messages, as the server reads them. */
export const encode = {
  /** @param {string} id @param {string} decision */
  decide: (id, decision) => JSON.stringify({ type: 'decide', id, decision }),
  /** resign, abort, claim_win or berserk. @param {string} type @param {string} id */
  command: (type, id) => JSON.stringify({ type, id }),
  /** A draw or a takeback: offer (propose), accept or decline. @param {string} type @param {string} action @param {string} id */
  offer: (type, action, id) => JSON.stringify({ type, id, action }),
  /** offer, accept, decline or cancel a rematch. @param {string} action @param {string} id */
  rematch: (action, id) => JSON.stringify({ type: 'rematch', id, action }),
  /** a chat line. @param {string} room @param {string} text @param {string} id */
  chat: (room, text, id) => JSON.stringify({ type: 'chat', id, room, text }),
  /** @param {number} v */
  sync: (v) => JSON.stringify({ type: 'sync', v }),
  /** @param {string} id */
  ping: (id) => JSON.stringify({ type: 'ping', id }),
};

// ---- HTTP bodies ----

/**
 * @param {Json} w
 * @returns {SeatGranted}
 */
export function seatGranted(w) {
  return { game: game(w.game), seat: side(w.seat), token: w.token, inviteCode: w.invite_code ?? null };
}

/**
 * @param {Json} l
 * @returns {import('../types.js').ChatLine}
 */
function chatLine(l) {
  return {
    room: String(l.room),
    by: String(l.by),
    side: l.side ? side(l.side) : null,
    text: String(l.text),
    at: l.at,
    n: typeof l.n === 'number' ? l.n : null,
  };
}

/**
 * @param {Json} w
 * @returns {import('../types.js').NextGame}
 */
function nextGame(w) {
  return { game: String(w.game), seat: w.seat ? seatGranted(w.seat) : null };
}

/**
 * @param {Json} r
 * @returns {import('../types.js').RecordEntry}
 */
export function recordEntry(r) {
  return {
    ply: r.ply,
    side: side(r.side),
    decision: r.decision ?? null,
    auto: !!r.auto,
    at: r.at,
    clockMs: r.clock_ms ?? null,
  };
}

/**
 * @param {Json} w
 * @returns {{game: Game, clock: Clock | null, record: import('../types.js').RecordEntry[], board: Board}}
 */
export function gameDetail(w) {
  return { game: game(w.game), clock: clock(w.clock), record: (w.record || []).map(recordEntry), board: board(w.view) };
}

/** @param {Json} w */
export function positionAt(w) {
  return { gameId: String(w.game_id), ply: Number(w.ply), board: board(w.view) };
}

/**
 * @param {Json} w
 * @returns {import('../types.js').Account}
 */
export function account(w) {
  const warnings = (w.warnings || []).map((/** @type {Json} */ x) => ({ id: x.id, text: x.text, at: x.at }));
  return { name: w.name, createdAt: w.created_at ?? null, moderator: w.moderator === true, warnings };
}

/**
 * An HTTP error body `{"error", "message"}`: its code and the server's sentence (or the status).
 * @param {number} status
 * @param {Json} body
 * @returns {{code: string, message: string}}
 */
export function apiError(status, body) {
  if (body && typeof body.message === 'string') return { code: String(body.error), message: body.message };
  return { code: 'http', message: `the server answered ${status}` };
}
