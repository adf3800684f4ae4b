// The bytes a player's game socket receives, per decision and per game (BENCHMARKS.md, "Socket bytes per
// game"): games of random legal decisions against computer level 2, every text message counted as it
// arrives, and what permessage-deflate would make of them (the same messages through one raw deflate
// stream with a sync flush each, as RFC 7692 with context takeover sends them; and each on its own).
//
//   node --experimental-websocket web/tests/bench/socket_bytes.mjs [--server URL] [--games 3] [kubuguza njombwa azigo]
//
// Needs a running server (e.g. `target/debug/mancala-server --addr 127.0.0.1:8191`).

import { parseArgs } from 'node:util';
import { constants, createDeflateRaw, deflateRawSync } from 'node:zlib';

const { values: o, positionals } = parseArgs({
  options: { server: { type: 'string', default: 'http://127.0.0.1:8191' }, games: { type: 'string', default: '3' } },
  allowPositionals: true,
});
const variants = positionals.length ? positionals : ['kubuguza', 'njombwa', 'azigo'];

/** What deflate makes of `texts`: with context takeover (one stream), and each message alone. */
async function deflated(texts) {
  const stream = createDeflateRaw({ level: 6 });
  let shared = 0;
  for (const text of texts) {
    stream.write(text);
    const out = await new Promise((resolve) => {
      /** @type {Buffer[]} */
      const parts = [];
      const take = (/** @type {Buffer} */ b) => parts.push(b);
      stream.on('data', take);
      stream.flush(constants.Z_SYNC_FLUSH, () => {
        stream.off('data', take);
        resolve(Buffer.concat(parts));
      });
    });
    shared += out.length - 4; // RFC 7692 drops the flush's empty block (00 00 ff ff)
  }
  const alone = texts.reduce((n, t) => n + deflateRawSync(t, { level: 6 }).length, 0);
  return { shared, alone };
}

/** One game: its plies and every text message South's socket received. */
async function game(variant, seed) {
  const r = await fetch(`${o.server}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variant, seat: 'south', opponent: 'bot:2', name: 'meter' }),
  });
  const g = await r.json();
  const ws = new WebSocket(`${o.server.replace('http', 'ws')}/api/games/${g.game.id}/ws?token=${g.token}`);
  /** @type {string[]} */
  const texts = [];
  let plies = 0;
  let n = 0;
  let rng = seed;
  const pick = (/** @type {number} */ k) => {
    rng = (rng * 1103515245 + 12345) % 2147483648;
    return rng % k;
  };
  return new Promise((resolve) => {
    ws.onmessage = (e) => {
      texts.push(String(e.data));
      const m = JSON.parse(String(e.data));
      if (m.type === 'event') plies = m.v - 1;
      const v = m.view;
      if (v?.outcome) {
        ws.close();
        resolve({ plies, texts });
      } else if (v?.legal?.length) {
        const msg = JSON.stringify({ type: 'decide', id: `d${++n}`, decision: v.legal[pick(v.legal.length)] });
        // Under the server's 20 messages a second per player.
        setTimeout(() => ws.send(msg), 80);
      }
    };
  });
}

for (const variant of variants) {
  let plies = 0;
  let bytes = 0;
  let shared = 0;
  let alone = 0;
  for (let i = 0; i < Number(o.games); i++) {
    const g = await game(variant, i + 1);
    const d = await deflated(g.texts);
    plies += g.plies;
    bytes += g.texts.reduce((k, t) => k + Buffer.byteLength(t), 0);
    shared += d.shared;
    alone += d.alone;
  }
  const games = Number(o.games);
  console.log(
    `${variant}: ${games} games, ${(plies / games).toFixed(0)} plies a game; ` +
      `${(bytes / games / 1024).toFixed(1)} KiB a game, ${(bytes / plies).toFixed(0)} bytes a ply; ` +
      `deflate with context takeover ${((shared / bytes) * 100).toFixed(0)} %, each message alone ${((alone / bytes) * 100).toFixed(0)} %`,
  );
}
