// The slow-network benchmark (BENCHMARKS.md, "Pages on a slow mobile network"): each page opened fresh
// (no cache) in Chromium as a phone on DevTools' emulation of a slow 3G network (400 ms round trip,
// 400 kbit/s each way) with a 4x slower CPU, as the people these games belong to often see it. For each
// page: when its words are on screen (the main element holds the page's own text, not "Loading…"), when
// it is usable (a lesson's board, a puzzle's board or a game's board drawn), how many requests and how
// many bytes were moved. Medians of `--runs` visits.
//
//   node web/tests/bench/slow.mjs [--runs 3] [--latency 400] [--kbits 400] [--cpu 4] [--only lesson,puzzles]
//                                 [--timeline] [--h2] [--compare BIN]
//
// `--only` keeps the pages whose address contains one of the words; `--timeline` prints, for each page's
// first visit, when each request was sent and when its answer was in (ms after the navigation began), to
// see which requests wait for the modules. `--h2` measures every page twice, side by side: straight from
// the server (HTTP/1.1, as before) and through an HTTP/2 TLS proxy (`h2proxy.mjs`), as the site is served
// behind Caddy; each visit of a page alternates the two, so the machine's load falls on both alike.
// `--compare BIN` measures another build's server alongside, visit for visit ("before", then this
// build's): a debug build reads `web/app/` from the worktree it was built in, so a binary built in
// another worktree (main's) serves that worktree's client.
//
// Needs target/debug/mancala-server (or MANCALA_SERVER_BIN) and Chromium, as the browser tests.

import { parseArgs } from 'node:util';
import { PHONE, launch, person, startServer } from '../harness.js';
import { startH2Proxy } from './h2proxy.mjs';

const { values: o } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    latency: { type: 'string', default: '400' },
    kbits: { type: 'string', default: '400' },
    cpu: { type: 'string', default: '4' },
    only: { type: 'string', default: '' },
    timeline: { type: 'boolean', default: false },
    h2: { type: 'boolean', default: false },
    compare: { type: 'string', default: '' },
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

/**
 * One visit of `path` on `site` (the server, or the HTTP/2 proxy in front of it: `{base}`): {words,
 * usable, requests, kB, h2 (how many answers came over HTTP/2), timeline}.
 */
async function visit(browser, site, path) {
  const p = await person(browser, site, { device: PHONE });
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
  let h2 = 0;
  /** @type {Map<string, {url: string, sent: number, done: number | null}>} by request id, CDP's seconds */
  const seen = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    seen.set(e.requestId, { url: e.request.url.replace(site.base, ''), sent: e.timestamp, done: null });
  });
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.protocol === 'h2') h2 += 1;
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
  return { words, usable: wantsBoard ? usable : null, requests, kB: bytes / 1000, h2, timeline };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const before = o.compare ? await startServer([], undefined, { bin: o.compare }) : null;
const server = await startServer();
const browser = await launch(o.h2 ? ['--ignore-certificate-errors'] : []);
/** A game to watch on `base`: created through the API, against the computer, one decision in. */
const gameOn = async (/** @type {string} */ base) => {
  const r = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variant: 'njombwa', seat: 'south', opponent: 'bot:easy' }),
  });
  return /** @type {{game: {id: string}}} */ (await r.json()).game.id;
};
/**
 * The ways a page is reached: each server straight (HTTP/1.1), and with `--h2` through a proxy; `game`
 * is the game watched on that server.
 * @type {Array<{name: string, base: string, game: string}>}
 */
const sites = [];
/** @type {Array<{stop: () => Promise<unknown>}>} */
const proxies = [];
const s = (/** @type {number | null} */ ms) => (ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`);
try {
  for (const [label, srv] of /** @type {const} */ ([
    ['before ', before],
    ['', server],
  ])) {
    if (!srv) continue;
    const game = await gameOn(srv.base);
    sites.push({ name: `${label}h1`, base: srv.base, game });
    if (!o.h2) continue;
    const proxy = await startH2Proxy(srv.base);
    proxies.push(proxy);
    sites.push({ name: `${label}h2`, base: proxy.base, game });
  }
  const every = ['/', '/learn', '/learn/njombwa/capture', '/rules/njombwa', '/puzzles', '/game/{id}'];
  const words = o.only ? o.only.split(',') : [];
  const pages = every.filter((p) => !words.length || words.some((w) => p.includes(w)));
  const names = sites.map((x) => x.name).join(' / ');
  const all = sites.length > 1 ? ` (${names})` : '';
  console.log(`| page | words on screen${all} | usable${all} | requests${all} | kB moved${all} |`);
  console.log(`|---|---|---|---|---|`);
  for (const page of pages) {
    /** @type {Array<Array<Awaited<ReturnType<typeof visit>>>>} the visits, by site */
    const runs = sites.map(() => []);
    for (let i = 0; i < Number(o.runs); i += 1)
      for (const [k, site] of sites.entries())
        runs[k].push(await visit(browser, site, page.replace('{id}', site.game)));
    for (const [k, site] of sites.entries()) {
      const first = runs[k][0];
      if (site.name.endsWith('h2') && first.h2 === 0) throw new Error(`${page}: no answer came over HTTP/2`);
      if (o.timeline)
        console.log(
          `${page} (${site.name}): usable ${Math.round(first.usable ?? 0)} ms\n  sent   done\n${first.timeline.join('\n')}`,
        );
    }
    const col = (/** @type {(r: Awaited<ReturnType<typeof visit>>) => number | null} */ f, fmt) =>
      runs.map((rs) => (f(rs[0]) === null ? '–' : fmt(median(rs.map(f))))).join(' / ');
    const kB = (/** @type {number} */ x) => x.toFixed(0);
    const cells = [
      col((r) => r.words, s),
      col((r) => r.usable, s),
      col((r) => r.requests, String),
      col((r) => r.kB, kB),
    ];
    console.log(`| \`${page}\` | ${cells.join(' | ')} |`);
  }
} finally {
  await browser.close();
  for (const p of proxies) await p.stop();
  await server.stop();
  await before?.stop();
}
