// Correspondence games in two browsers: a game of 3 days per move created from the home page's form and
// joined from the invite link (its clocks in days and hours, the running one counting down once both
// players have moved), and a seek of 5 days per move posted with the lobby's form and accepted from the
// live list of a phone.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  api,
  createGame,
  joinGame,
  person,
  PHONE,
  shot,
  until,
  useServerAndBrowser,
  server,
  browser,
} from './harness.js';

useServerAndBrowser();

/** Plays the first playable hole of `page`. */
async function playFirst(page) {
  const hole = await page.waitForSelector('svg.board .hole.playable');
  await hole.click();
}

test('a correspondence game: days per move, clocks in days and hours', { timeout: 120000 }, async () => {
  const south = await person(browser, server, { name: 'amina' });
  const north = await person(browser, server, { name: 'kwame', device: PHONE });
  const id = await createGame(south.page, { variant: 'azigo', seat: 'south', clock: '3d', name: 'amina' });
  await joinGame(north.page, id, 'kwame');
  for (const p of [south.page, north.page]) {
    await until(async () => /Casual · 3 days per move/.test(await p.textContent('#game-kind')), 'the time control');
  }
  assert.equal((await south.page.textContent('[data-clock="south"]')).trim(), '3d 0h', 'the full days, stopped');
  await playFirst(south.page);
  await playFirst(north.page);
  // Both have moved: South's clock runs down from three days.
  await until(
    async () => (await south.page.textContent('[data-clock="south"]')).trim() === '2d 23h',
    "South's clock running",
  );
  assert.equal((await north.page.textContent('[data-clock="north"]')).trim(), '3d 0h');
  await shot(north.page, 'correspondence-phone');
  const g = (await api(server, `/api/games/${id}`)).game;
  assert.deepEqual(g.clock, { base_secs: 3 * 86400, increment_secs: 0, days: 3 });
  for (const p of [south, north]) assert.deepEqual(p.errors, []);
});

test('a correspondence seek posted with the form and accepted from a phone', { timeout: 120000 }, async () => {
  const a = await person(browser, server, { name: 'dalia' });
  await a.page.goto('/');
  const guest = await person(browser, server, { name: 'chipo', device: PHONE });
  await guest.page.goto('/');
  await a.page.click('.seek-more summary');
  await a.page.selectOption('#seek-variant', 'kubuguza');
  await a.page.selectOption('#seek-clock', '5d');
  await a.page.click('#seek-form button[type=submit]');
  const row = '#seek-list li[data-seek]:has-text("dalia")';
  await guest.page.waitForSelector(row);
  assert.match(await guest.page.textContent(row), /Kubuguza.*5 days per move.*casual/);
  await guest.page.click(`${row} [data-accept]`);
  await guest.page.waitForURL(/\/game\/[A-Za-z0-9]{10}$/);
  const id = guest.page.url().split('/').pop();
  const g = (await api(server, `/api/games/${id}`)).game;
  assert.equal(g.clock.days, 5);
  await until(async () => /5 days per move/.test(await guest.page.textContent('#game-kind')), 'the time control');
  for (const p of [a, guest]) assert.deepEqual(p.errors, []);
});
