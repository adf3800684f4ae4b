// The lobby's and the ratings' messages without a browser: wire.js decodes the lobby socket's frames
// (the seek list, additions, removals, `paired` as a SeatGranted), the rating changes of a result, the
// chart's points and the leaderboard's NDJSON, profilewire.js a player's ratings; the game model keeps
// the rating changes when a later message repeats the outcome without them.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeLobby, encodeLobby } from '../app/js/net/lobbywire.js';
import { decodeServer } from '../app/js/net/wire.js';
import { leaderboard, ratingHistory } from '../app/js/net/sitewire.js';
import { playerProfile } from '../app/js/net/profilewire.js';
import { apply, initial } from '../app/js/gamestate.js';

const SEEK = {
  id: 7,
  name: 'Amara',
  registered: true,
  rating: 1512,
  provisional: true,
  variant: 'kubuguza',
  clock: { base_secs: 300, increment_secs: 3 },
  rated: true,
  range: [1300, 1700],
  created_at: 10,
};
const GAME = {
  id: 'g7Kq2ZtR4m',
  variant: 'kubuguza',
  options: {},
  status: 'ongoing',
  rated: true,
  players: { south: { name: 'Amara', registered: true }, north: { name: 'bongani', registered: true } },
  clock: { base_secs: 300, increment_secs: 3 },
  auto_forced: true,
  plies: 0,
  result: null,
  created_at: 1,
  updated_at: 1,
};

test('lobby frames', () => {
  const list = decodeLobby(JSON.stringify({ type: 'seeks', seeks: [SEEK] }));
  assert.equal(list.type, 'seeks');
  assert.deepEqual(list.seeks[0], {
    id: 7,
    name: 'Amara',
    registered: true,
    rating: 1512,
    provisional: true,
    variant: 'kubuguza',
    options: {},
    clock: { baseSecs: 300, incrementSecs: 3, days: null },
    rated: true,
    range: [1300, 1700],
    createdAt: 10,
  });
  assert.equal(
    decodeLobby(JSON.stringify({ type: 'seek_added', seek: { ...SEEK, rating: undefined, range: undefined } })).seek
      .rating,
    null,
  );
  assert.deepEqual(decodeLobby('{"type":"seek_removed","id":7}'), { type: 'seek_removed', id: 7 });
  const paired = decodeLobby(
    JSON.stringify({
      type: 'paired',
      game: GAME,
      seat: 'north',
      token: 'T0k3nT0k3n',
      ws_path: '/api/games/g7Kq2ZtR4m/ws',
    }),
  );
  assert.equal(paired.granted.game.id, 'g7Kq2ZtR4m');
  assert.equal(paired.granted.game.rated, true);
  assert.equal(paired.granted.seat, 'north');
  assert.equal(paired.granted.token, 'T0k3nT0k3n');
  assert.deepEqual(decodeLobby('{"type":"error","code":"paused","message":"pairing paused until 12:00"}'), {
    type: 'error',
    code: 'paused',
    message: 'pairing paused until 12:00',
  });
  assert.deepEqual(
    JSON.parse(encodeLobby.quick({ variant: 'kubuguza', clock: { baseSecs: 300, incrementSecs: 3 }, rated: true })),
    { type: 'quick', variant: 'kubuguza', clock: { base_secs: 300, increment_secs: 3 }, rated: true },
  );
  assert.deepEqual(JSON.parse(encodeLobby.seek({ variant: 'azigo', clock: null, rated: false, range: [1400, 1600] })), {
    type: 'seek',
    variant: 'azigo',
    range: [1400, 1600],
  });
  // A correspondence clock goes as its days alone.
  assert.deepEqual(
    JSON.parse(
      encodeLobby.quick({ variant: 'njombwa', clock: { baseSecs: 0, incrementSecs: 0, days: 3 }, rated: false }),
    ),
    { type: 'quick', variant: 'njombwa', clock: { days: 3 } },
  );
  assert.deepEqual(JSON.parse(encodeLobby.accept(7)), { type: 'accept', id: 7 });
});

test('ratings of a player, the chart and the leaderboard', () => {
  const p = playerProfile({
    name: 'Amara',
    created_at: 1,
    games: 3,
    wins: 2,
    losses: 1,
    draws: 0,
    ongoing: 0,
    ratings: { kubuguza: { rating: 1662, deviation: 290, provisional: true, games: 3 } },
  });
  assert.deepEqual(p.ratings.kubuguza, { rating: 1662, deviation: 290, provisional: true, games: 3 });
  assert.deepEqual(playerProfile({ name: 'x', games: 0 }).ratings, {});
  assert.deepEqual(ratingHistory([{ at: 5, rating: 1662, game_id: 'g7Kq2ZtR4m' }]), [
    { at: 5, rating: 1662, gameId: 'g7Kq2ZtR4m' },
  ]);
  assert.deepEqual(
    leaderboard(
      '{"name":"a","rating":1800,"deviation":60,"games":40}\n{"name":"b","rating":1700,"deviation":70,"games":30}\n',
    ),
    [
      { name: 'a', rating: 1800, deviation: 60, games: 40 },
      { name: 'b', rating: 1700, deviation: 70, games: 30 },
    ],
  );
});

test('the rating change of a result is kept by the game model', () => {
  const ratings = {
    south: { before: 1500, after: 1662, provisional: true },
    north: { before: 1500, after: 1338, provisional: true },
  };
  const s = initial();
  const view = {
    variant: 'kubuguza',
    rows: 4,
    columns: 8,
    holes: [],
    to_move: 'south',
    turn: 1,
    legal: [],
    outcome: null,
  };
  apply(
    s,
    decodeServer(
      JSON.stringify({
        type: 'snapshot',
        protocol: 3,
        v: 1,
        seat: 'south',
        game: GAME,
        view,
        clock: null,
        presence: {},
      }),
    ),
  );
  // The end event brings the changes; the final view repeats the outcome without them.
  apply(
    s,
    decodeServer(
      JSON.stringify({
        type: 'event',
        v: 2,
        event: { kind: 'end', outcome: { winner: 'south', reason: 'resignation', ratings } },
        view: { ...view, to_move: null, outcome: { winner: 'south', reason: 'resignation' } },
        clock: null,
      }),
    ),
  );
  assert.equal(s.game.status, 'finished');
  assert.deepEqual(s.game.result, { winner: 'south', reason: 'resignation', ratings });
  // A casual game has none.
  const c = initial();
  apply(
    c,
    decodeServer(
      JSON.stringify({
        type: 'snapshot',
        protocol: 3,
        v: 1,
        seat: 'south',
        game: { ...GAME, rated: false },
        view: { ...view, outcome: { winner: null, reason: 'aborted' } },
        clock: null,
        presence: {},
      }),
    ),
  );
  assert.equal(c.game.result.ratings, undefined);
});
