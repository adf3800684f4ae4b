// The clock-versus-animation benchmark (BENCHMARKS.md, "The clock waits for the eye"): plays timed games
// in Chromium against a computer level, as South, clicking a playable hole at each turn, and measures,
// for every message that hands South the move (the event whose board offers South decisions: "Your
// move." shows and South's clock may run), the time from that message's arrival in the page to the
// moment the board draws its final position (every hole's count, read from the holes' accessible names
// each animation frame, equal to the message's board), and what of that time South's clock is charged:
// the clock holds still `held_ms` from the message (the sowing's allowance, BENCHMARKS.md "The clock
// waits for the sowing"), so a sowing drawn within it costs nothing, one drawn later costs the rest.
//
//   node web/tests/bench/clock.mjs [--games 3] [--moves 15] [--variant njombwa] [--level 4]
//     [--clock 900+10] [--speed normal] [--device desktop|phone]
//
// Needs target/debug/mancala-server (or MANCALA_SERVER_BIN) and Chromium, as the browser tests.

import { parseArgs } from 'node:util';
import { DESKTOP, PHONE, createGame, launch, person, startServer, until } from '../harness.js';
import { playRandomTurn } from './turn.mjs';

const { values: o } = parseArgs({
  options: {
    games: { type: 'string', default: '3' },
    moves: { type: 'string', default: '15' },
    variant: { type: 'string', default: 'njombwa' },
    level: { type: 'string', default: '4' },
    clock: { type: 'string', default: '900+10' },
    speed: { type: 'string', default: 'normal' },
    device: { type: 'string', default: 'desktop' },
  },
});

/** In the page, before its scripts: when each event message arrived, and when its board was drawn. */
function instrument() {
  /** @type {{at: number, holes: string, held: number, drawn: number | null}[]} */
  const seen = [];
  window.__clockBench = seen;
  const Real = window.WebSocket;
  window.WebSocket = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        const at = performance.now();
        let m;
        try {
          m = JSON.parse(e.data);
        } catch {
          return;
        }
        const v = m.type === 'event' ? m.view : null;
        if (!v || !v.legal?.length || v.outcome) return;
        const names = v.holes.map(
          (_, i) => String.fromCharCode(97 + (i % v.columns)) + (1 + Math.floor(i / v.columns)),
        );
        const held = m.clock?.held_ms ?? 0;
        seen.push({ at, holes: names.map((n, i) => `${n}=${v.holes[i]}`).join(' '), held, drawn: null });
      });
    }
  };
  const board = () =>
    [...document.querySelectorAll('svg.board .hole')]
      .map((g) => g.getAttribute('aria-label') || '')
      .map((l) => `${l.split(' ')[0]}=${parseInt(l.split(' ')[1], 10)}`)
      .sort((a, b) => {
        // Reading order: row, then column, as the message's holes.
        const [ca, ra] = [a.charCodeAt(0), Number(a.slice(1).split('=')[0])];
        const [cb, rb] = [b.charCodeAt(0), Number(b.slice(1).split('=')[0])];
        return ra - rb || ca - cb;
      })
      .join(' ');
  const frame = () => {
    const waiting = seen.filter((s) => s.drawn === null);
    if (waiting.length) {
      const now = board();
      for (const s of waiting) if (s.holes === now) s.drawn = performance.now();
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

const server = await startServer(['--games-per-minute', '0']);
const browser = await launch();
const delays = [];
/** the time South's clock ran while the board was still sowing, per message */
const charged = [];
try {
  for (let g = 0; g < Number(o.games); g += 1) {
    const device = o.device === 'phone' ? PHONE : DESKTOP;
    const p = await person(browser, server, { device, name: 'bench', speed: o.speed });
    await p.context.addInitScript(instrument);
    await createGame(p.page, {
      variant: o.variant,
      seat: 'south',
      opponent: `bot:${['random', 'easy', 'medium', 'hard'][Number(o.level) - 1] || o.level}`,
      clock: o.clock,
      name: 'bench',
    });
    for (let m = 0; m < Number(o.moves); m += 1) {
      if ((await playRandomTurn(p.page, 60000)) === 'over') break;
      // Wait until the board the last message brought is drawn before the next click.
      await until(
        () => p.page.evaluate(() => window.__clockBench.every((s) => s.drawn !== null)),
        'the board drawn',
        60000,
      );
    }
    const seen = await p.page.evaluate(() => window.__clockBench);
    for (const s of seen) {
      if (s.drawn === null) continue;
      delays.push(s.drawn - s.at);
      charged.push(Math.max(0, s.drawn - s.at - s.held));
      if (process.env.TRACE) console.error(`delay ${Math.round(s.drawn - s.at)} held ${s.held}`);
    }
    await p.context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
delays.sort((a, b) => a - b);
charged.sort((a, b) => a - b);
const q = (f, xs = delays) => xs[Math.min(xs.length - 1, Math.floor(f * xs.length))];
console.log(
  JSON.stringify({
    ...o,
    messages: delays.length,
    median_ms: Math.round(q(0.5)),
    p90_ms: Math.round(q(0.9)),
    max_ms: Math.round(delays[delays.length - 1] ?? 0),
    over_700: delays.filter((d) => d > 700).length,
    charged_median_ms: Math.round(q(0.5, charged) ?? 0),
    charged_p90_ms: Math.round(q(0.9, charged) ?? 0),
    charged_max_ms: Math.round(charged[charged.length - 1] ?? 0),
    charged_total_s: Math.round(charged.reduce((a, b) => a + b, 0)) / 1000,
  }),
);
