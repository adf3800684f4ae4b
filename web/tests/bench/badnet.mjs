// Live play on a bad network (BENCHMARKS.md, "Live play on a bad network"): a phone plays timed games
// against a computer level while its game socket's every message is held `--delay` ms each way (Playwright's
// WebSocket routing, between the page and the real server: DevTools' network emulation does not slow
// WebSocket frames), and once a game the network is cut for `--cut` seconds (the socket closed and new
// ones refused, as a phone that loses its network closes its sockets). Measured: the decisions clicked against those the server stored (none may be
// lost), when the page said the connection was gone and when it said it was back, the time from the
// network's return to the socket open again, and whether South's clock as shown ever went up while it
// ran by more than the increment (a jump backwards).
//
//   node web/tests/bench/badnet.mjs [--games 3] [--moves 12] [--delay 1000] [--cut 10] [--variant kubuguza]
//
// Needs target/debug/mancala-server (or MANCALA_SERVER_BIN) and Chromium, as the browser tests.

import { parseArgs } from 'node:util';
import { PHONE, api, createGame, launch, person, startServer, until } from '../harness.js';
import { playRandomTurn } from './turn.mjs';

const { values: o } = parseArgs({
  options: {
    games: { type: 'string', default: '3' },
    moves: { type: 'string', default: '12' },
    delay: { type: 'string', default: '1000' },
    cut: { type: 'string', default: '10' },
    variant: { type: 'string', default: 'kubuguza' },
  },
});
const delay = Number(o.delay);

/** In the page: South's clock as shown and the connection's words, sampled every animation frame. */
function instrument() {
  /** @type {{at: number, ms: number, running: boolean}[]} */
  const clock = [];
  /** @type {{at: number, state: string, words: string}[]} */
  const conn = [];
  window.__badnet = { clock, conn };
  const ms = (/** @type {string} */ text) => {
    const parts = text.trim().split(':').map(Number);
    return parts.some(Number.isNaN) ? NaN : parts.reduce((a, b) => a * 60 + b, 0) * 1000;
  };
  const frame = () => {
    const el = document.querySelector('[data-clock="south"]');
    if (el)
      clock.push({ at: performance.now(), ms: ms(el.textContent || ''), running: el.classList.contains('running') });
    const c = document.getElementById('conn');
    const state = c?.getAttribute('data-state') || '';
    if (c && conn[conn.length - 1]?.state !== state)
      conn.push({ at: performance.now(), state, words: (c.textContent || '').trim() });
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

const server = await startServer(['--games-per-minute', '0']);
const browser = await launch();
const rows = [];
try {
  for (let g = 0; g < Number(o.games); g += 1) {
    const p = await person(browser, server, { device: PHONE, name: 'bench' });
    await p.context.addInitScript(instrument);
    // The cut closes the page's socket and refuses new ones until the network is back, as a phone
    // that loses its network closes its sockets; messages in flight are lost with it.
    let cutUntil = 0;
    /** @type {Set<import('playwright-core').WebSocketRoute>} */
    const open = new Set();
    await p.page.routeWebSocket(/\/api\/games\/.*\/ws/, (ws) => {
      if (Date.now() < cutUntil) {
        ws.close();
        return;
      }
      const up = ws.connectToServer();
      open.add(ws);
      const live = () => Date.now() >= cutUntil && open.has(ws);
      ws.onMessage((m) => setTimeout(() => live() && up.send(m), delay));
      up.onMessage((m) => setTimeout(() => live() && ws.send(m), delay));
      ws.onClose(() => {
        open.delete(ws);
        up.close();
      });
    });
    const id = await createGame(p.page, {
      variant: o.variant,
      seat: 'south',
      opponent: 'bot:easy',
      clock: '300+3',
      name: 'bench',
    });
    let clicked = 0;
    let back = null;
    let cutAt = null;
    for (let m = 0; m < Number(o.moves); m += 1) {
      const turn = await playRandomTurn(p.page, 90000);
      if (turn === 'over') break;
      if (turn === 'played') clicked += 1;
      if (m === 3) {
        // The cut, right after a decision: its answer and the reply are on their way.
        cutAt = await p.page.evaluate(() => performance.now());
        cutUntil = Date.now() + Number(o.cut) * 1000;
        for (const ws of [...open]) ws.close();
        await new Promise((r) => setTimeout(r, Number(o.cut) * 1000));
        back = await p.page.evaluate(() => performance.now());
      }
    }
    // Every click the page sent is the server's: the last one may still be on its way (the delay).
    let southMoves = 0;
    await until(
      async () => {
        const served = await api(server, `/api/games/${id}`);
        southMoves = served.record.filter((/** @type {any} */ r) => r.side === 'south' && !r.auto).length;
        return southMoves >= clicked;
      },
      'the clicks stored',
      20000,
    ).catch(() => {});
    const seen = await p.page.evaluate(() => window.__badnet);
    const gone = seen.conn.find((c) => c.state !== 'open' && c.at > cutAt);
    const again = seen.conn.find((c) => c.state === 'open' && c.at > back);
    // A jump backwards: South's shown time rising by more than a tick while it ran (the increment comes
    // when South's clock stops, so it is never counted).
    let jumps = 0;
    for (let i = 1; i < seen.clock.length; i += 1) {
      const [a, b] = [seen.clock[i - 1], seen.clock[i]];
      // The increment (3 s) shows when the server's answer to South's decision arrives, South's clock
      // seen running until then; any other rise is the shown clock going back.
      const rise = b.ms - a.ms;
      if (a.running && b.running && rise > 1000 && Math.abs(rise - 3000) > 1000) {
        jumps += 1;
        if (process.env.TRACE) console.error('jump', Math.round(a.at), a.ms, '->', Math.round(b.at), b.ms);
      }
    }
    rows.push({
      clicked,
      stored: southMoves,
      gone_after_cut_ms: gone ? Math.round(gone.at - cutAt) : null,
      gone_words: gone?.words ?? null,
      back_after_return_ms: again ? Math.round(again.at - back) : null,
      clock_jumps_back: jumps,
    });
    await p.context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(JSON.stringify({ ...o, rows }, null, 1));
