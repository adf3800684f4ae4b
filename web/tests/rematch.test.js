// A rematch between two browsers (a desktop and a phone): after North resigns, South offers a rematch,
// North declines it, South offers again and North accepts; both pages move to the new game with the sides
// swapped, and the spectator's page links to it. "New opponent" goes back to quick pairing with the
// finished game's settings.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  api,
  createGame,
  joinGame,
  person,
  PHONE,
  playable,
  shot,
  until,
  useServerAndBrowser,
  server,
  browser,
} from './harness.js';

useServerAndBrowser();

test('a rematch offered, declined, offered again and accepted: sides swapped', { timeout: 120000 }, async () => {
  const south = await person(browser, server, { name: 'amina' });
  const north = await person(browser, server, { name: 'kwame', device: PHONE });
  const watcher = await person(browser, server);
  const id = await createGame(south.page, { variant: 'kubuguza', seat: 'south', clock: '300+3', name: 'amina' });
  await joinGame(north.page, id, 'kwame');
  await watcher.page.goto(`/game/${id}`);
  await until(async () => (await playable(south.page)).length === 8, 'the game to start');
  assert.equal(await south.page.$('[data-rematch]'), null, 'no rematch before the end');
  await north.page.click('[data-command="resign"]');
  await north.page.click('[data-confirm="resign"]');

  await south.page.click('[data-rematch="offer"]');
  await until(async () => /Rematch offered/.test(await south.page.textContent('.controls')), 'the offer made');
  await north.page.waitForSelector('[data-rematch="accept"]');
  assert.match(await north.page.textContent('.controls'), /amina offers a rematch/);
  assert.equal(await watcher.page.$('[data-rematch]'), null, 'a spectator cannot offer a rematch');
  await shot(north.page, 'rematch-offered-phone');
  await north.page.click('[data-rematch="decline"]');
  await south.page.waitForSelector('[data-rematch="offer"]');

  await south.page.click('[data-rematch="offer"]');
  await north.page.click('[data-rematch="accept"]');
  for (const p of [south.page, north.page]) await p.waitForURL((u) => !u.pathname.endsWith(id), { timeout: 15000 });
  const next = south.page.url().split('/').pop();
  assert.equal(north.page.url().split('/').pop(), next, 'both pages are at the rematch');
  const detail = await api(server, `/api/games/${next}`);
  assert.equal(detail.game.players.north.name, 'amina', 'the sides are swapped');
  assert.equal(detail.game.players.south.name, 'kwame');
  assert.deepEqual(detail.game.clock, { base_secs: 300, increment_secs: 3 });
  // The phone (South now) moves first, from the new page.
  await until(async () => (await playable(north.page)).length === 8, 'the rematch to be playable for kwame');
  await watcher.page.waitForSelector(`a[href="/game/${next}"]`);
  await shot(watcher.page, 'rematch-link-spectator');
  for (const p of [south, north, watcher]) assert.deepEqual(p.errors, []);
});

test('"New opponent" pairs again with the same settings', { timeout: 120000 }, async () => {
  const south = await person(browser, server, { name: 'baraka' });
  const north = await person(browser, server, { name: 'zawadi' });
  const id = await createGame(south.page, { variant: 'njombwa', seat: 'south', clock: '180+2', name: 'baraka' });
  await joinGame(north.page, id, 'zawadi');
  await until(async () => (await playable(south.page)).length > 0, 'the game to start');
  await south.page.click('[data-command="resign"]');
  await south.page.click('[data-confirm="resign"]');
  await south.page.click('text=New opponent');
  await until(async () => new URL(south.page.url()).pathname === '/', 'the home page');
  await until(async () => /Njombwa 3\+2/.test(await south.page.textContent('main')), 'the quick pairing shown');
  // The page shows the search as soon as it asks; the seek reaches the list when the server has it.
  /** @type {any[]} */
  let mine = [];
  await until(async () => {
    mine = (await api(server, '/api/lobby/seeks')).seeks.filter((/** @type {any} */ s) => s.name === 'baraka');
    return mine.length > 0;
  }, 'the seek in the lobby');
  assert.equal(mine.length, 1, JSON.stringify(mine));
  assert.equal(mine[0].variant, 'njombwa');
  assert.deepEqual(mine[0].clock, { base_secs: 180, increment_secs: 2 });
  assert.deepEqual(south.errors, []);
});
