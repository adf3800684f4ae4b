// The first answers in the page (docs/web.md, "Serving"): a lesson's page, a first visit's puzzles page
// and a spectator's game page draw their board from the JSON data the server wrote into the HTML,
// without the request (the lesson, the puzzle) or the socket's first message they used to wait for; the
// data is what the API answers; and the page goes on as before (a lesson's step answers a click, the
// socket brings the game's next moves).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, api, person, until, useServerAndBrowser, server, browser } from './harness.js';

useServerAndBrowser();

/** The data block `id` of the HTML `html`, parsed. @param {string} html @param {string} id */
function block(html, id) {
  const m = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
  assert.ok(m, `no ${id} in the page`);
  return JSON.parse(m[1]);
}

/** A fresh phone visitor whose requests to the API are recorded. */
async function recorded() {
  const p = await person(browser, server, { device: PHONE });
  /** @type {{url: string}[]} */
  const asked = [];
  p.page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) asked.push({ url: url.pathname + url.search });
  });
  return { ...p, asked };
}

test('a lesson is drawn from the page, without asking for it, and answers a click', { timeout: 60000 }, async () => {
  const path = '/api/lessons/njombwa/capture?lang=en';
  const html = await (await fetch(`${server.base}/learn/njombwa/capture`)).text();
  const data = block(html, 'first-answer');
  assert.equal(data.get, path);
  assert.deepEqual(data.answer, await api(server, path));

  const p = await recorded();
  await p.page.goto('/learn/njombwa/capture');
  await p.page.waitForSelector('svg.board .hole');
  assert.deepEqual(
    p.asked.filter((a) => a.url.startsWith('/api/lessons/')),
    [],
    'the lesson was not asked for',
  );
  assert.equal(await p.page.locator('#first-answer').count(), 0, 'the data is read once and removed');
  // The lesson goes on: its first step (read) offers the next, whose playable hole is checked by the server.
  await p.page.click('button#next');
  const playable = p.page.locator('svg.board .hole.playable').first();
  await playable.click();
  await until(async () => p.asked.some((a) => a.url.includes('/check')), 'the step’s check');
  assert.deepEqual(p.errors, []);
  await p.context.close();
});

test('a first visit’s puzzle is drawn from the page, without asking for it', { timeout: 60000 }, async () => {
  const data = block(await (await fetch(`${server.base}/puzzles`)).text(), 'first-answer');
  assert.equal(data.get, '/api/puzzles/next');
  assert.deepEqual(data.answer, await api(server, `/api/puzzles/${data.answer.id}`));

  const p = await recorded();
  await p.page.goto('/puzzles');
  await p.page.waitForSelector('svg.board .hole');
  assert.deepEqual(
    p.asked.filter((a) => a.url.startsWith('/api/puzzles/next')),
    [],
    'the puzzle was not asked for',
  );
  assert.deepEqual(p.errors, []);
  await p.context.close();
});

test('a spectator’s game board is drawn before its socket says anything', { timeout: 60000 }, async () => {
  const created = await api(server, '/api/games', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variant: 'njombwa', seat: 'south', name: 'amina', opponent: 'bot:easy' }),
  });
  const id = created.game.id;
  const html = await (await fetch(`${server.base}/game/${id}`)).text();
  const data = block(html, 'first-snapshot');
  assert.equal(data.game, id);
  assert.equal(data.snapshot.type, 'snapshot');
  assert.equal(data.snapshot.seat ?? null, null, 'a spectator’s');
  assert.deepEqual(data.snapshot.chat ?? [], []);

  const p = await person(browser, server, { device: PHONE });
  // The socket is held silent until the test lets it through.
  /** @type {() => void} */
  let release = () => {};
  const held = new Promise((r) => (release = () => r(undefined)));
  let sockets = 0;
  let heard = 0;
  await p.page.routeWebSocket(/\/api\/games\/.*\/ws/, async (ws) => {
    sockets += 1;
    await held;
    const up = ws.connectToServer();
    up.onMessage((m) => {
      heard += 1;
      ws.send(m);
    });
    ws.onMessage((m) => up.send(m));
  });
  await p.page.goto(`/game/${id}`);
  await p.page.waitForSelector('svg.board .hole');
  await until(async () => sockets > 0, 'the socket asked');
  assert.equal(heard, 0, 'nothing came through the socket yet');
  const holes = await p.page.locator('svg.board .hole').count();
  assert.equal(holes, 32, 'Njombwa’s 4x8 holes');
  assert.ok((await p.page.innerText('main')).includes('amina'));
  release();
  // The socket's own snapshot then takes over, on the same board.
  await until(async () => heard > 0, 'the socket’s snapshot');
  await until(async () => (await p.page.locator('main > .drawn').count()) === 0, 'the server’s words to give way');
  assert.equal(await p.page.locator('svg.board .hole').count(), 32);
  assert.deepEqual(p.errors, []);
  await p.context.close();
});
