// Offline reading (BENCHMARKS.md, "Offline reading"): a phone visits /rules/kubuguza once with the
// service worker allowed and waits until the worker says the reading pages of its language are kept;
// then the bytes the worker keeps are counted (each cache's entries, their bodies as stored), the
// server process is stopped, and /rules/njombwa is opened `--runs` times without it: the time from
// navigation to the rules' first diagram drawn.
//
//   node web/tests/bench/offline.mjs [--runs 10]
//
// Needs target/debug/mancala-server (or MANCALA_SERVER_BIN) and Chromium, as the browser tests.

import { parseArgs } from 'node:util';
import { PHONE, launch, person, startServer, until } from '../harness.js';

const { values: o } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });

const server = await startServer();
const browser = await launch();
try {
  const { page } = await person(browser, server, { device: PHONE, worker: true });
  await page.goto('/rules/kubuguza');
  await until(
    () => page.evaluate(() => !!navigator.serviceWorker.controller && document.documentElement.dataset.kept === 'en'),
    'the reading pages kept',
    60000,
  );
  const sizes = await page.evaluate(async () => {
    const out = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      let bytes = 0;
      let files = 0;
      for (const req of await cache.keys()) {
        bytes += (await (await cache.match(req)).arrayBuffer()).byteLength;
        files += 1;
      }
      out[name] = { files, bytes };
    }
    return out;
  });
  for (const [name, { files, bytes }] of Object.entries(sizes))
    console.log(`${name}: ${files} answers, ${bytes} bytes`);
  await server.stop();
  const times = [];
  for (let i = 0; i < Number(o.runs); i += 1) {
    const started = Date.now();
    await page.goto('/rules/njombwa');
    await page.waitForSelector('.rules-page section[id^="rule-"] svg.board .hole');
    times.push(Date.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `/rules/njombwa offline, ${times.length} opens: median ${times[times.length >> 1]} ms, slowest ${times.at(-1)} ms`,
  );
} finally {
  await browser.close();
}
