// The post-game review on a finished game's page: a short Kubuguza game whose last move is a blunder
// (the engine's `d2`, `d3`, then `f2`: the line the server's review test marks), reviewed from the page.
// The page asks, waits while the server computes (202, Retry-After), then shows each side's accuracy,
// the marks in the move list with their names for screen readers, and the value graph, whose points
// show their ply; on a phone too, where nothing is wider than the screen. Screenshots land in
// web/tests/screenshots/ (and /tmp/shots when it exists). axe-core finds no violation with the review shown.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import {
  PHONE,
  api,
  boardOf,
  byName,
  person,
  shot,
  sorted,
  until,
  useServerAndBrowser,
  server,
  browser,
} from './harness.js';

useServerAndBrowser();

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's violations on the page as it is now, one line each (as a11y.test.js). */
async function violations(page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
}

const LINE = [
  ['south', 'd2'],
  ['north', 'd3'],
  ['south', 'f2'],
];

/** A finished Kubuguza game: LINE played by two seats over the page's WebSockets, then North resigns. */
async function blunderGame(page) {
  const post = (path, body) =>
    api(server, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const south = await post('/api/games', { variant: 'kubuguza', seat: 'south', name: 'amina' });
  const id = south.game.id;
  const north = await post(`/api/games/${id}/join`, { name: 'baraka' });
  await page.goto('/');
  await page.evaluate(
    async ([id, tokens, line]) => {
      const open = (token) =>
        new Promise((ok) => {
          const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/api/games/${id}/ws?token=${token}`);
          ws.onopen = () => ok(ws);
        });
      const seats = { south: await open(tokens.south), north: await open(tokens.north) };
      const send = (ws, msg) =>
        new Promise((ok, fail) => {
          ws.onmessage = (m) => {
            const r = JSON.parse(m.data);
            if (r.type === 'accepted' && r.id === msg.id) ok(r);
            if (r.type === 'rejected' && r.id === msg.id) fail(new Error(JSON.stringify(r)));
          };
          ws.send(JSON.stringify(msg));
        });
      for (const [i, [side, decision]] of line.entries())
        await send(seats[side], { type: 'decide', id: `d${i}`, decision });
      await send(seats.north, { type: 'resign', id: 'r' });
      seats.south.close();
      seats.north.close();
    },
    [id, { south: south.token, north: north.token }, LINE],
  );
  await until(async () => (await api(server, `/api/games/${id}`)).game.status === 'finished', 'the end');
  return id;
}

async function shots(page, name) {
  await shot(page, name);
  if (existsSync('/tmp/shots')) await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
}

/** The marks of the move list: {ply: mark} with each mark's accessible name checked. */
async function marks(page) {
  const found = await page.$$eval('#moves li', (lis) =>
    lis.map((li) => {
      const m = li.querySelector('.mark');
      return [li.dataset.ply, m ? [m.dataset.mark, m.getAttribute('aria-label'), m.textContent.trim()] : null];
    }),
  );
  return Object.fromEntries(found);
}

test(
  'a finished game is reviewed from its page: marks, accuracies and the value graph',
  { timeout: 120000 },
  async () => {
    // `bypassCSP`: axe-core is injected, which the page's policy would refuse.
    const p = await person(browser, server, { bypassCSP: true });
    const { page } = p;
    const id = await blunderGame(page);
    await page.goto(`/game/${id}`);
    await page.click('#review-start');
    // The first answer is a 202: the page says it waits, then asks again after Retry-After.
    await page.waitForSelector('#review[data-state="waiting"]');
    await page.waitForSelector('#review[data-state="ready"]', { timeout: 60000 });

    const review = await api(server, `/api/games/${id}/review`);
    assert.equal(review.decisions[2].judged.mark, 'blunder');
    assert.deepEqual(await marks(page), { 1: null, 2: null, 3: ['blunder', 'blunder', '??'] });
    const accuracy = await page.$$eval('ul.review-sides li', (lis) =>
      Object.fromEntries(lis.map((li) => [li.dataset.side, li.dataset.accuracy])),
    );
    assert.deepEqual(accuracy, { south: String(review.accuracy.south), north: String(review.accuracy.north) });
    assert.match(await page.textContent('ul.review-sides li[data-side="south"]'), /accuracy · 1 blunder$/);
    assert.match(await page.textContent('ul.review-sides li[data-side="north"]'), /accuracy$/, 'no mark, no count');

    // A point per ply, the blunder's marked; a point shows the board after its ply.
    const points = await page.$$eval('svg.review-graph .review-point', (cs) =>
      cs.map((c) => [c.dataset.ply, c.classList.contains('mark-blunder')]),
    );
    assert.deepEqual(points, [
      ['0', false],
      ['1', false],
      ['2', false],
      ['3', true],
    ]);
    await page.click('svg.review-graph .review-point[data-ply="1"]');
    await page.waitForSelector('.replay[data-shown="1"]');
    const want = sorted(byName((await api(server, `/api/games/${id}/position?ply=1`)).view));
    assert.deepEqual(await boardOf(page), want, 'the board after ply 1');
    assert.match(
      await page.getAttribute('svg.review-graph .review-point[data-ply="3"]', 'aria-label'),
      /After move 3, South f2: .* \(blunder\)/,
    );
    await shots(page, 'review-desktop');
    assert.deepEqual(await violations(page), [], 'no accessibility violation with the review shown');
    assert.deepEqual(p.errors, []);
  },
);

test(
  'the review on a phone: at once once stored, points by keyboard, nothing wider than the screen',
  { timeout: 120000 },
  async () => {
    const p = await person(browser, server, { device: PHONE });
    const { page } = p;
    const id = await blunderGame(page);
    // Reviewed before the page asks: its first request is answered with the stored review.
    await until(async () => (await fetch(`${server.base}/api/games/${id}/review`)).status === 200, 'the review', 60000);
    await page.goto(`/game/${id}`);
    await page.click('#review-start');
    await page.waitForSelector('#review[data-state="ready"]');
    assert.deepEqual((await marks(page))[3], ['blunder', 'blunder', '??']);
    await page.focus('svg.review-graph .review-point[data-ply="2"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.replay[data-shown="2"]');
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `nothing wider than the phone (${wide})`);
    await page.locator('#review').scrollIntoViewIfNeeded();
    await shots(page, 'review-phone');
    assert.deepEqual(p.errors, []);
  },
);
