// The slow-network benchmark (BENCHMARKS.md, "Pages on a slow mobile network"): each page opened fresh
// (no cache) in Chromium as a phone on DevTools' emulation of a slow 3G network (400 ms round trip,
// 400 kbit/s each way) with a 4x slower CPU, as the people these games belong to often see it. For each
// page: when its words are on screen (the main element holds the page's own text, not "Loading…"), when
// it is usable (a lesson's board, a puzzle's board or a game's board drawn), how many requests and how
// many bytes were moved. Medians of `--runs` visits.
//
//   node web/tests/bench/slow.mjs [--runs 3] [--latency 400] [--kbits 400] [--cpu 4] [--only lesson,puzzles]
//                                 [--timeline]
//
// `--only` keeps the pages whose address contains one of the words; `--timeline` prints, for each page's
// first visit, when each request was sent and when its answer was in (ms after the navigation began), to
// see which requests wait for the modules.
//
// Needs target/debug/mancala-server (or MANCALA_SERVER_BIN) and Chromium, as the browser tests.

import { parseArgs } from 'node:util';
import { PHONE, launch, person, startServer } from '../harness.js';

const { values: o } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    latency: { type: 'string', default: '400' },
    kbits: { type: 'string', default: '400' },
    cpu: { type: 'string', default: '4' },
    only: { type: 'string', default: '' },
    timeline: { type: 'boolean', default: false },
  },
});

/** In the page, before its scripts: the first moment the main element shows words, and a board. */
function instrument() {
  window.__slow = { words: null, usable: null };
  const look = () => {
    const main = document.getElementById('main');
    const text = (main?.textContent || '').trim();
    if (window.__slow.words === null && text.length > 20 && !/^Loading|^Chargement/.test(text))
      window.__slow.words = performance.now();
    if (window.__slow.usable === null && document.querySelector('svg.board .hole'))
      window.__slow.usable = performance.now();
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
}

/** One visit of `path`: {words, usable, requests, kB, timeline}. */
async function visit(browser, server, path) {
  const p = await person(browser, server, { device: PHONE });
  await p.context.addInitScript(instrument);
  const cdp = await p.context.newCDPSession(p.page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const rate = (Number(o.kbits) * 1000) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: Number(o.latency),
    downloadThroughput: rate,
    uploadThroughput: rate,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(o.cpu) });
  let requests = 0;
  let bytes = 0;
  /** @type {Map<string, {url: string, sent: number, done: number | null}>} by request id, CDP's seconds */
  const seen = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    seen.set(e.requestId, { url: e.request.url.replace(server.base, ''), sent: e.timestamp, done: null });
  });
  cdp.on('Network.webSocketWillSendHandshakeRequest', (e) => {
    seen.set(e.requestId, { url: 'websocket', sent: e.timestamp, done: null });
  });
  cdp.on('Network.webSocketFrameReceived', (e) => {
    const r = seen.get(e.requestId);
    if (r && r.done === null) r.done = e.timestamp;
  });
  cdp.on('Network.loadingFinished', (e) => {
    requests += 1;
    bytes += e.encodedDataLength;
    const r = seen.get(e.requestId);
    if (r) r.done = e.timestamp;
  });
  await p.page.goto(path, { waitUntil: 'load', timeout: 120000 });
  const wantsBoard = /^\/(game|puzzles|learn\/)/.test(path);
  await p.page.waitForFunction(
    (board) => window.__slow.words !== null && (!board || window.__slow.usable !== null),
    wantsBoard,
    { timeout: 120000 },
  );
  const { words, usable } = await p.page.evaluate(() => window.__slow);
  await p.context.close();
  const all = [...seen.values()];
  const start = Math.min(...all.map((r) => r.sent));
  const ms = (/** @type {number | null} */ t) => (t === null ? '–' : String(Math.round((t - start) * 1000)));
  const timeline = all.map((r) => `${ms(r.sent).padStart(6)} ${ms(r.done).padStart(6)}  ${r.url}`);
  return { words, usable: wantsBoard ? usable : null, requests, kB: bytes / 1000, timeline };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const server = await startServer();
const browser = await launch();
try {
  // A game to watch: created through the API, against the computer, one decision in.
  const created = await (
    await fetch(`${server.base}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variant: 'njombwa', seat: 'south', opponent: 'bot:easy' }),
    })
  ).json();
  const every = ['/', '/learn', '/learn/njombwa/capture', '/rules/njombwa', '/puzzles', `/game/${created.game.id}`];
  const words = o.only ? o.only.split(',') : [];
  const pages = every.filter((p) => !words.length || words.some((w) => p.includes(w)));
  console.log(`| page | words on screen | usable | requests | kB moved |`);
  console.log(`|---|---|---|---|---|`);
  for (const path of pages) {
    const runs = [];
    for (let i = 0; i < Number(o.runs); i += 1) runs.push(await visit(browser, server, path));
    if (o.timeline)
      console.log(`${path}: usable ${Math.round(runs[0].usable)} ms\n  sent   done\n${runs[0].timeline.join('\n')}`);
    const s = (ms) => (ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`);
    const usable = runs[0].usable === null ? null : median(runs.map((r) => r.usable));
    console.log(
      `| \`${path.replace(created.game.id, '{id}')}\` | ${s(median(runs.map((r) => r.words)))} | ${s(usable)} | ${median(
        runs.map((r) => r.requests),
      )} | ${median(runs.map((r) => r.kB)).toFixed(0)} |`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
