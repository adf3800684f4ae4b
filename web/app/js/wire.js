// The wire: every message of the server (WebSocket frames and HTTP bodies) is turned into the page's
// own model here and nowhere else, so a change of the protocol is a change of this file only.
//
// Handles protocol 2 (every event carries the board after it) and 3 (only the last event of a change
// carries `view` and `clock`; a `start` event at version 1 when the second player joins; a board's counts
// are an array in reading order; a step is a string of words, "drop c2"). The model:
//
//   Board    {variant, rows, columns, holes: {a1: 4, ...}, stores: {south, north} (null = hidden),
//             toMove: 'south'|'north'|'both'|null, waiting: [side], turn, choices: {south, north},
//             legal: [decision], outcome: Outcome|null}
//   Game     {id, variant, options, status, players: {south: {name, registered}|null, north},
//             clock: {baseSecs, incrementSecs}|null, autoForced, plies, result: Outcome|null,
//             createdAt, updatedAt, inviteCode: string|null}
//   Clock    {baseSecs, incrementSecs, southMs, northMs, running: [side]}
//   Outcome  {winner: side|null, reason, ratings?: {south, north: {before, after, provisional}}}
//   Seek     {id, name, registered, rating|null, provisional, variant, options, clock, rated, range|null,
//             createdAt}
//   Step     {type: 'lift', hole, count, direction} | {type: 'drop', hole} | {type: 'capture', from, count, to}
//            | {type: 'store_lift', side, count|null} | {type: 'chose', side, array|null}
//            | {type: 'revealed', south, north} | {type: 'pass', side} | {type: 'turn_end', next}
//            | {type: 'game_end', outcome} | {type: 'skipped', steps}
//   Event    {kind: 'move', ply, side, decision|null, auto, steps} | {kind: 'end', outcome}
//            | {kind: 'start', game}
//
// Server messages (decodeServer): {type: 'snapshot', protocol, v, seat, game, board, clock, presence},
// {type: 'event', v, event, board|null, clock|undefined (undefined: unchanged)}, {type: 'accepted', id, v},
// {type: 'rejected', id, code, reason, legal}, {type: 'error', code, message}, {type: 'presence', presence},
// {type: 'pong', id}. Anything else is {type: 'unknown', raw}.

/** The protocol versions this page understands. */
export const PROTOCOLS = [2, 3];

const SIDES = ['south', 'north'];

function side(s) {
  if (s === 'south' || s === 'north') return s;
  throw new Error(`bad side ${JSON.stringify(s)}`);
}

export function outcome(o) {
  if (!o) return null;
  const out = { winner: o.winner === 'south' || o.winner === 'north' ? o.winner : null, reason: String(o.reason) };
  const r = ratingChanges(o.ratings);
  if (r) out.ratings = r;
  return out;
}

/** `OutcomeInfo.ratings` of a rated finished game: {south, north} of {before, after, provisional}. */
export function ratingChanges(w) {
  if (!w || !w.south || !w.north) return null;
  const one = (c) => ({ before: Number(c.before), after: Number(c.after), provisional: !!c.provisional });
  return { south: one(w.south), north: one(w.north) };
}

/** The counts by hole name. Protocol 3 sends an array in reading order (row 1 from column a, then row 2,
 *  and so on: hole i is column letter a + i % columns, row 1 + i / columns); protocol 2 an object by name. */
export function holesByName(w) {
  if (!Array.isArray(w.holes)) return { ...w.holes };
  const out = {};
  w.holes.forEach((n, i) => {
    out[String.fromCharCode(97 + (i % w.columns)) + (1 + Math.floor(i / w.columns))] = n;
  });
  return out;
}

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

function player(p) {
  return p ? { name: p.name, registered: !!p.registered } : null;
}

export function game(w) {
  return {
    id: w.id,
    variant: w.variant,
    options: w.options || {},
    status: w.status,
    players: { south: player(w.players?.south), north: player(w.players?.north) },
    clock: w.clock ? { baseSecs: w.clock.base_secs, incrementSecs: w.clock.increment_secs ?? 0 } : null,
    autoForced: w.auto_forced !== false,
    plies: w.plies ?? 0,
    result: outcome(w.result),
    createdAt: w.created_at,
    updatedAt: w.updated_at,
    inviteCode: w.invite_code ?? null,
    rated: !!w.rated,
  };
}

export function clock(w) {
  if (!w) return null;
  return {
    baseSecs: w.base_secs,
    incrementSecs: w.increment_secs ?? 0,
    southMs: w.south_ms,
    northMs: w.north_ms,
    running: Array.isArray(w.running) ? w.running.map(side) : [],
  };
}

export function presence(w) {
  return { south: !!w?.south, north: !!w?.north, claimWinAt: w?.claim_win_at ?? null };
}

/** A protocol-3 step, one string of words ("lift c2 4 acw", "drop d2", "store_lift south ?"), as the
 *  object protocol 2 sent. */
function stepWords(text) {
  const w = text.split(' ');
  const maybe = (x) => (x === '?' || x === undefined ? null : Number(x));
  switch (w[0]) {
    case 'lift': return { type: 'lift', hole: w[1], count: Number(w[2]), direction: w[3] };
    case 'drop': return { type: 'drop', hole: w[1] };
    case 'capture': return { type: 'capture', from: w[1], count: Number(w[2]), to: w[3] };
    case 'store_lift': return { type: 'store_lift', side: w[1], count: maybe(w[2]) };
    case 'chose': return { type: 'chose', side: w[1], array: maybe(w[2]) };
    case 'revealed': return { type: 'revealed', south: Number(w[1]), north: Number(w[2]) };
    case 'pass': return { type: 'pass', side: w[1] };
    case 'turn_end': return { type: 'turn_end', next: w[1] };
    case 'game_end': return { type: 'game_end', outcome: { winner: w[1] === 'draw' ? null : w[1], reason: w[2] } };
    case 'skipped': return { type: 'skipped', steps: Number(w[1]) };
    default: return { type: w[0] };
  }
}

export function step(raw) {
  const s = typeof raw === 'string' ? stepWords(raw) : raw;
  switch (s.type) {
    case 'lift': return { type: 'lift', hole: s.hole, count: s.count, direction: s.direction === 'cw' ? 'cw' : 'acw' };
    case 'drop': return { type: 'drop', hole: s.hole };
    case 'capture': return { type: 'capture', from: s.from, count: s.count, to: s.to };
    case 'store_lift': return { type: 'store_lift', side: side(s.side), count: s.count ?? null };
    case 'chose': return { type: 'chose', side: side(s.side), array: s.array ?? null };
    case 'revealed': return { type: 'revealed', south: s.south, north: s.north };
    case 'pass': return { type: 'pass', side: side(s.side) };
    case 'turn_end': return { type: 'turn_end', next: s.next };
    case 'game_end': return { type: 'game_end', outcome: outcome(s.outcome) };
    case 'skipped': return { type: 'skipped', steps: s.steps };
    default: return { type: 'unknown', raw: s };
  }
}

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
    case 'end': return { kind: 'end', outcome: outcome(e.outcome) };
    case 'start': return { kind: 'start', game: game(e.game) };
    default: return { kind: 'unknown', raw: e };
  }
}

/** One WebSocket text frame of the server, decoded. Throws on text that is not JSON. */
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
      };
    case 'event': {
      // Protocol 3 leaves `view` and `clock` out of every event of a change but the last: the board
      // then follows from the steps, and the clocks have not changed.
      const hasBoard = m.view !== undefined && m.view !== null;
      return {
        type: 'event',
        v: m.v,
        event: event(m.event),
        board: hasBoard ? board(m.view) : null,
        clock: hasBoard ? clock(m.clock ?? null) : undefined,
      };
    }
    case 'accepted': return { type: 'accepted', id: m.id ?? null, v: m.v ?? null };
    case 'rejected':
      return { type: 'rejected', id: m.id ?? null, code: m.code, reason: m.reason, legal: m.legal || [] };
    case 'error': return { type: 'error', code: m.code, message: m.message };
    case 'presence': return { type: 'presence', presence: presence(m.presence) };
    case 'pong': return { type: 'pong', id: m.id ?? null };
    default: return { type: 'unknown', raw: m };
  }
}

/** Client messages, as the server reads them. */
export const encode = {
  decide: (id, decision) => JSON.stringify({ type: 'decide', id, decision }),
  command: (type, id) => JSON.stringify({ type, id }), // resign, abort, claim_win
  sync: (v) => JSON.stringify({ type: 'sync', v }),
  ping: (id) => JSON.stringify({ type: 'ping', id }),
};

/** The WebSocket path of a game, with a seat token and the version held (either may be absent). */
export function socketPath(gameId, token, v) {
  const q = new URLSearchParams();
  if (token) q.set('token', token);
  if (v !== null && v !== undefined) q.set('v', String(v));
  const qs = q.toString();
  return `/api/games/${encodeURIComponent(gameId)}/ws${qs ? `?${qs}` : ''}`;
}

// ---- HTTP bodies ----

export function seatGranted(w) {
  return {
    game: game(w.game),
    seat: side(w.seat),
    token: w.token,
    inviteCode: w.invite_code ?? null,
  };
}

export function gameList(w) {
  return { games: (w.games || []).map(game), nextCursor: w.next_cursor ?? null };
}

export function recordEntry(r) {
  return { ply: r.ply, side: side(r.side), decision: r.decision ?? null, auto: !!r.auto, at: r.at, clockMs: r.clock_ms ?? null };
}

export function gameDetail(w) {
  return { game: game(w.game), clock: clock(w.clock), record: (w.record || []).map(recordEntry), board: board(w.view) };
}

export function positionAt(w) {
  return { gameId: w.game_id, ply: w.ply, board: board(w.view) };
}

export function variantList(w) {
  return {
    protocol: w.protocol,
    variants: (w.variants || []).map((v) => ({
      id: v.id,
      name: v.name,
      summary: v.summary,
      defaults: {
        width: v.default_options?.width ?? 8,
        turnLimit: v.default_options?.turn_limit ?? null,
        handicap: v.default_options?.handicap ?? { south: false, north: false },
      },
      optionNotes: v.option_notes || [],
      simultaneousChoice: !!v.simultaneous_choice,
      concealedStore: !!v.concealed_store,
    })),
  };
}

export function playerProfile(w) {
  const ratings = {};
  for (const [v, r] of Object.entries(w.ratings || {})) {
    ratings[v] = { rating: r.rating, deviation: r.deviation, provisional: !!r.provisional, games: r.games ?? 0 };
  }
  return { name: w.name, createdAt: w.created_at, games: w.games, wins: w.wins, losses: w.losses, draws: w.draws, ongoing: w.ongoing, ratings };
}

/** `GET /api/players/{name}/ratings/{variant}`: the chart's points, oldest first. */
export function ratingHistory(w) {
  return (Array.isArray(w) ? w : []).map((p) => ({ at: p.at, rating: p.rating, gameId: p.game_id ?? null }));
}

/** `GET /api/leaderboard/{variant}`: NDJSON, one player a line, best first. */
export function leaderboard(text) {
  return text.split('\n').filter((l) => l.trim()).map((l) => {
    const p = JSON.parse(l);
    return { name: p.name, rating: p.rating, deviation: p.deviation, games: p.games };
  });
}

export function account(w) {
  return { name: w.name, createdAt: w.created_at ?? null };
}

export function apiToken(w) {
  return { id: String(w.id), label: w.label, createdAt: w.created_at ?? null, token: w.token ?? null };
}

// ---- the lobby ----

export function seek(w) {
  return {
    id: w.id, // kept as sent: cancel and accept send it back
    name: w.name,
    registered: !!w.registered,
    rating: w.rating ?? null,
    provisional: !!w.provisional,
    variant: w.variant,
    options: w.options || {},
    clock: w.clock ? { baseSecs: w.clock.base_secs, incrementSecs: w.clock.increment_secs ?? 0 } : null,
    rated: !!w.rated,
    range: Array.isArray(w.range) ? [w.range[0], w.range[1]] : null,
    createdAt: w.created_at ?? null,
  };
}

export function challenge(w) {
  return { id: String(w.id), from: w.from, to: w.to, variant: w.variant, clock: w.clock ? { baseSecs: w.clock.base_secs, incrementSecs: w.clock.increment_secs ?? 0 } : null, rated: !!w.rated };
}

/** One frame of the lobby socket, decoded. */
export function decodeLobby(text) {
  const m = JSON.parse(text);
  switch (m.type) {
    case 'seeks': return { type: 'seeks', seeks: (m.seeks || []).map(seek) };
    case 'seek_added': return { type: 'seek_added', seek: seek(m.seek) };
    case 'seek_removed': return { type: 'seek_removed', id: m.id };
    case 'seek_created': return { type: 'seek_created', seek: seek(m.seek) };
    case 'paired': return { type: 'paired', granted: seatGranted(m) };
    case 'challenge': return { type: 'challenge', challenge: challenge(m.challenge || {}) };
    case 'error': return { type: 'error', code: m.code, message: m.message };
    case 'pong': return { type: 'pong' };
    default: return { type: 'unknown', raw: m };
  }
}

function seekBody({ variant, clock: c, rated, range }) {
  const body = { variant };
  if (c) body.clock = { base_secs: c.baseSecs, increment_secs: c.incrementSecs };
  if (rated) body.rated = true;
  if (range) body.range = range;
  return body;
}

/** Client messages of the lobby socket. */
export const encodeLobby = {
  seek: (s) => JSON.stringify({ type: 'seek', ...seekBody(s) }),
  quick: (s) => JSON.stringify({ type: 'quick', ...seekBody({ ...s, range: null }) }),
  cancel: (id) => JSON.stringify({ type: 'cancel', id }),
  accept: (id) => JSON.stringify({ type: 'accept', id }),
  ping: () => JSON.stringify({ type: 'ping' }),
};

/** The body of `POST /api/games` from the page's form values. */
export function createGame({ variant, width, turnLimit, handicap, seat, name, clock: c, opponent }) {
  const body = { variant, seat: seat || 'random' };
  const options = {};
  if (width) options.width = width;
  if (turnLimit !== null && turnLimit !== undefined && turnLimit !== '') options.turn_limit = Number(turnLimit);
  if (handicap) options.handicap = { south: !!handicap.south, north: !!handicap.north };
  if (Object.keys(options).length) body.options = options;
  if (name) body.name = name;
  if (c) body.clock = { base_secs: c.baseSecs, increment_secs: c.incrementSecs };
  if (opponent) body.opponent = opponent;
  return body;
}

/** An HTTP error body `{"error", "message"}` as a sentence (or the status when there is none). */
export function apiError(status, body) {
  if (body && typeof body.message === 'string') return { code: body.error, message: body.message };
  return { code: 'http', message: `the server answered ${status}` };
}

export { SIDES };
