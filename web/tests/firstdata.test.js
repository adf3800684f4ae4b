// The first answers in the page (docs/web.md, "Serving"): a lesson's page and a first visit's puzzles
// page draw their board from the JSON data the server wrote into the HTML, without asking the API for
// it (the lesson, the puzzle); the data is what the API answers; and the page goes on from there (a
// lesson's step answers a click).

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

/**
 * A fresh phone visitor at `path`, once its board is drawn, having asked no API path starting with
 * `prefix` (`what` names it).
 * @param {string} path @param {string} prefix @param {string} what
 */
async function drawnWithout(path, prefix, what) {
  const p = await recorded();
  await p.page.goto(path);
  await p.page.waitForSelector('svg.board .hole');
  assert.deepEqual(
    p.asked.filter((a) => a.url.startsWith(prefix)),
    [],
    `${what} was not asked for`,
  );
  return p;
}

test('a lesson is drawn from the page, without asking for it, and answers a click', { timeout: 60000 }, async () => {
  const path = '/api/lessons/njombwa/capture?lang=en';
  const html = await (await fetch(`${server.base}/learn/njombwa/capture`)).text();
  const data = block(html, 'first-answer');
  assert.equal(data.get, path);
  assert.deepEqual(data.answer, await api(server, path));

  const p = await drawnWithout('/learn/njombwa/capture', '/api/lessons/', 'the lesson');
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

  const p = await drawnWithout('/puzzles', '/api/puzzles/next', 'the puzzle');
  assert.deepEqual(p.errors, []);
  await p.context.close();
});
