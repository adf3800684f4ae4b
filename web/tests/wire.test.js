// The page's protocol logic without a browser: wire.js decodes protocol 3 messages, the socket
// keeps versions strictly in order (a gap asks `sync` and is not drawn; a snapshot supersedes), and
// the game model follows a protocol-3 change whose first events carry no board by applying their
// steps. The messages are the examples of docs/protocol.md.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { decodeServer, PROTOCOL } from '../app/js/net/wire.js';
import { GameSocket } from '../app/js/net/socket.js';
import { apply, initial } from '../app/js/gamestate.js';

const KUBUGUZA_START = {
  a1: 0,
  a2: 4,
  a3: 4,
  a4: 0,
  b1: 0,
  b2: 4,
  b3: 4,
  b4: 0,
  c1: 0,
  c2: 4,
  c3: 4,
  c4: 0,
  d1: 0,
  d2: 4,
  d3: 4,
  d4: 0,
  e1: 0,
  e2: 4,
  e3: 4,
  e4: 0,
  f1: 0,
  f2: 4,
  f3: 4,
  f4: 0,
  g1: 0,
  g2: 4,
  g3: 4,
  g4: 0,
  h1: 0,
  h2: 4,
  h3: 4,
  h4: 0,
};
const view = (holes, extra = {}) => ({
  variant: 'kubuguza',
  rows: 4,
  columns: 8,
  holes,
  stores: { south: null, north: null },
  to_move: 'south',
  turn: 1,
  choices: { south: 'pending', north: 'pending' },
  legal: [],
  outcome: null,
  ...extra,
});
const summary = (status) => ({
  id: 'g7Kq2ZtR4m',
  variant: 'kubuguza',
  options: { width: 8, turn_limit: null, handicap: { south: false, north: false } },
  status,
  players: {
    south: { name: 'amina', registered: true },
    north: status === 'waiting' ? null : { name: 'kwame', registered: false },
  },
  clock: null,
  auto_forced: true,
  plies: 0,
  result: null,
  created_at: 1,
  updated_at: 1,
});
/** A board as protocol 3 sends it: the counts in reading order (a1, b1, …, h1, a2, …). */
const inReadingOrder = (holes) => {
  const out = [];
  for (let row = 1; row <= 4; row++)
    for (let col = 0; col < 8; col++) out.push(holes[String.fromCharCode(97 + col) + row]);
  return out;
};
const snapshot = (v, status = 'ongoing') =>
  JSON.stringify({
    type: 'snapshot',
    protocol: 3,
    v,
    seat: 'north',
    game: summary(status),
    view: view(inReadingOrder(KUBUGUZA_START)),
    clock: null,
    presence: { south: true, north: true },
  });
const A2 = ['lift a2 4 acw', 'drop a1', 'drop b1', 'drop c1', 'drop d1', 'turn_end north'];
const move = (v, ply, side, decision, steps, board) =>
  JSON.stringify({
    type: 'event',
    v,
    event: { kind: 'move', ply, side, decision, auto: false, steps },
    ...(board ? { view: board } : {}),
  });

test("the page speaks the server's protocol version", () => {
  const lib = readFileSync(new URL('../../protocol/src/lib.rs', import.meta.url), 'utf8');
  assert.equal(PROTOCOL, Number(/pub const PROTOCOL_VERSION: u32 = (\d+);/.exec(lib)[1]));
});

test('protocol 3: a board in reading order is decoded by hole name', () => {
  const m = decodeServer(snapshot(1));
  assert.deepEqual(m.board.holes, KUBUGUZA_START);
  const counts = inReadingOrder(KUBUGUZA_START).map((n, i) => n + i); // all different: the order shows
  const by3 = decodeServer(JSON.stringify({ ...JSON.parse(snapshot(1)), view: view(counts) })).board.holes;
  assert.equal(by3.a1, 0);
  assert.equal(by3.h1, 7);
  assert.equal(by3.a2, 4 + 8);
  assert.equal(by3.h4, 31);
});

test("protocol 3: steps are strings of words, decoded as the model's objects", () => {
  const words = [
    'lift c2 4 cw',
    'drop d2',
    'capture d3 5 store:north',
    'capture d3 5 c2 opposition d2 d3 d4',
    'store_lift south ?',
    'chose north 2',
    'revealed 2 1',
    'pass south',
    'turn_end north',
    'game_end draw turn-limit',
    'skipped 12',
  ];
  const m = decodeServer(move(2, 1, 'south', 'c2', words));
  assert.deepEqual(m.event.steps, [
    { type: 'lift', hole: 'c2', count: 4, direction: 'cw' },
    { type: 'drop', hole: 'd2' },
    { type: 'capture', from: 'd3', count: 5, to: 'store:north', reason: null },
    {
      type: 'capture',
      from: 'd3',
      count: 5,
      to: 'c2',
      reason: { rule: 'opposition', holes: ['d2', 'd3', 'd4'] },
    },
    { type: 'store_lift', side: 'south', count: null },
    { type: 'chose', side: 'north', array: 2 },
    { type: 'revealed', south: 2, north: 1 },
    { type: 'pass', side: 'south' },
    { type: 'turn_end', next: 'north' },
    { type: 'game_end', outcome: { winner: null, reason: 'turn-limit' } },
    { type: 'skipped', steps: 12 },
  ]);
});

test('protocol 3: an event without a board is decoded as such, its clock as unchanged', () => {
  const m = decodeServer(move(2, 1, 'south', 'a2', A2));
  assert.equal(m.type, 'event');
  assert.equal(m.board, null);
  assert.equal(m.clock, undefined);
  const last = decodeServer(move(2, 1, 'south', 'a2', A2, view(inReadingOrder(KUBUGUZA_START))));
  assert.equal(last.clock, null, 'the last event of a game without a clock: no clock');
  const start = decodeServer(
    JSON.stringify({
      type: 'event',
      v: 1,
      event: { kind: 'start', game: summary('ongoing') },
      view: view(inReadingOrder(KUBUGUZA_START)),
    }),
  );
  assert.equal(start.event.kind, 'start');
  assert.equal(start.event.game.players.north.name, 'kwame');
});

function socket() {
  const sent = [];
  const got = [];
  const s = new GameSocket({ gameId: 'g7Kq2ZtR4m', token: null, onMessage: (m) => got.push(m) });
  s.ws = { readyState: 1, send: (t) => sent.push(JSON.parse(t)) };
  const feed = (text) => s.receive(decodeServer(text));
  return { s, sent, got, feed };
}

test('a seat closed with its account (4001) watches from its version; another close keeps the seat', () => {
  const s = new GameSocket({ gameId: 'g7Kq2ZtR4m', token: 'seat-token', onMessage: () => {} });
  s.receive(decodeServer(snapshot(4)));
  s.dropped(1006);
  assert.match(s.url(), /token=seat-token/, 'a drop keeps the seat');
  s.dropped(4001);
  assert.equal(s.revoked, true);
  assert.doesNotMatch(s.url(), /token=/, 'the seat is refused from then on');
  assert.match(s.url(), /v=4/, 'from the version the page holds');
});

test('versions: the next event is drawn, a gap asks sync once and is not drawn, a snapshot supersedes', () => {
  const { s, sent, got, feed } = socket();
  feed(snapshot(0, 'waiting'));
  feed(
    JSON.stringify({
      type: 'event',
      v: 1,
      event: { kind: 'start', game: summary('ongoing') },
      view: view(inReadingOrder(KUBUGUZA_START)),
    }),
  );
  assert.equal(s.v, 1);
  feed(move(3, 2, 'north', 'h3', []));
  feed(move(4, 3, 'south', 'b2', []));
  assert.equal(s.v, 1, 'events after a gap are not taken');
  assert.deepEqual(sent, [{ type: 'sync', v: 1 }], 'one sync for the gap');
  feed(move(2, 1, 'south', 'a2', A2, view(inReadingOrder(KUBUGUZA_START))));
  feed(move(2, 1, 'south', 'a2', A2, view(inReadingOrder(KUBUGUZA_START))));
  assert.equal(s.v, 2);
  assert.equal(got.filter((m) => m.type === 'event').length, 2, 'a repeated version is drawn once');
  feed(snapshot(9));
  assert.equal(s.v, 9, 'a snapshot supersedes');
  feed(move(10, 9, 'north', 'h3', []));
  assert.equal(s.v, 10);
});

test('a decision stays pending until answered by id; unavailable is retried with the same id', async () => {
  const { s, sent, feed } = socket();
  feed(snapshot(0));
  const id = s.decide('a2');
  assert.equal(s.decide('b2'), null, 'one decision at a time');
  feed(JSON.stringify({ type: 'accepted', id: 'other', v: 1 }));
  assert.equal(s.pending.id, id, 'another id does not answer it');
  feed(JSON.stringify({ type: 'rejected', id, code: 'unavailable', reason: 'the database is away' }));
  await new Promise((r) => setTimeout(r, 1100));
  assert.deepEqual(
    sent.map((m) => [m.type, m.id]),
    [
      ['decide', id],
      ['decide', id],
    ],
  );
  feed(JSON.stringify({ type: 'accepted', id, v: 1 }));
  assert.equal(s.pending, null);
});

test('protocol 3: the board follows the steps of events without one, and nothing is offered until the last', () => {
  const s = initial();
  apply(s, decodeServer(snapshot(5)));
  apply(s, decodeServer(move(6, 1, 'south', 'a2', A2)));
  assert.equal(s.awaitingBoard, true);
  assert.deepEqual(s.board.legal, []);
  assert.deepEqual(Object.fromEntries(Object.entries(s.board.holes).filter(([, n]) => n !== 4 && n !== 0)), {
    a1: 1,
    b1: 1,
    c1: 1,
    d1: 1,
  });
  assert.equal(s.board.holes.a2, 0);
  const after = view(inReadingOrder({ ...KUBUGUZA_START, a1: 1, b1: 1, c1: 1, d1: 1, a2: 0 }), {
    to_move: 'north',
    legal: ['h3'],
  });
  apply(s, decodeServer(move(7, 2, 'north', null, ['chose north ?'], after)));
  assert.equal(s.awaitingBoard, false);
  assert.deepEqual(s.board.legal, ['h3']);
  assert.deepEqual(
    s.moves.map((m) => m.ply),
    [1, 2],
  );
});

test('the reveal lays out both Ikibuguzo arrays (the board of docs/protocol.md)', () => {
  const s = initial();
  const two = Object.fromEntries(Object.keys(KUBUGUZA_START).map((k) => [k, 2]));
  apply(
    s,
    decodeServer(
      JSON.stringify({
        type: 'snapshot',
        protocol: 3,
        v: 1,
        seat: null,
        game: { ...summary('ongoing'), variant: 'ikibuguzo' },
        view: view(inReadingOrder(two), {
          variant: 'ikibuguzo',
          to_move: 'both',
          waiting: ['north'],
          choices: { south: 'hidden', north: 'pending' },
        }),
        clock: null,
        presence: { south: true, north: true },
      }),
    ),
  );
  apply(s, decodeServer(move(2, 2, 'north', 'opening:1', ['chose north 1', 'revealed 2 1', 'turn_end south'])));
  const want = {
    a1: 4,
    a2: 0,
    a3: 0,
    a4: 17,
    b1: 4,
    b2: 0,
    b3: 3,
    b4: 0,
    c1: 4,
    c2: 0,
    c3: 0,
    c4: 0,
    d1: 4,
    d2: 0,
    d3: 3,
    d4: 0,
    e1: 4,
    e2: 0,
    e3: 0,
    e4: 0,
    f1: 4,
    f2: 0,
    f3: 3,
    f4: 0,
    g1: 4,
    g2: 0,
    g3: 0,
    g4: 6,
    h1: 4,
    h2: 0,
    h3: 0,
    h4: 0,
  };
  assert.deepEqual(s.board.holes, want);
});
