// A draw by agreement between two browsers: South offers from the game page, North sees the offer and
// declines it, South offers again and North accepts; both pages, and a spectator's, say the game is
// drawn by agreement, as the server's record does.

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
  statusOf,
  until,
  useServerAndBrowser,
  server,
  browser,
} from './harness.js';

useServerAndBrowser();

test('a draw offered, declined, offered again and accepted, in two browsers', { timeout: 120000 }, async () => {
  const south = await person(browser, server, { name: 'amina' });
  const north = await person(browser, server, { name: 'kwame', device: PHONE });
  const watcher = await person(browser, server);
  const id = await createGame(south.page, { variant: 'kubuguza', seat: 'south', name: 'amina' });
  await joinGame(north.page, id, 'kwame');
  await watcher.page.goto(`/game/${id}`);
  await until(async () => (await playable(south.page)).length === 8, 'the game to start');
  assert.equal(await watcher.page.$('[data-draw]'), null, 'a spectator cannot offer a draw');

  await south.page.click('[data-draw="offer"]');
  await until(async () => /You offered a draw/.test(await south.page.textContent('.controls')), 'the offer made');
  await north.page.waitForSelector('[data-draw="accept"]');
  assert.match(await north.page.textContent('.controls'), /amina offers a draw/);
  await shot(north.page, 'draw-offered-phone');
  await north.page.click('[data-draw="decline"]');
  await south.page.waitForSelector('[data-draw="offer"]');
  // The decline reaches South's page and North's own by separate messages: either may come first.
  await until(async () => (await north.page.$('[data-draw="accept"]')) === null, 'the declined offer gone');

  await south.page.click('[data-draw="offer"]');
  await north.page.click('[data-draw="accept"]');
  for (const p of [south.page, north.page, watcher.page]) {
    await until(async () => /Draw \(by agreement\)/.test(await statusOf(p)), 'the draw on every page');
  }
  const detail = await api(server, `/api/games/${id}`);
  assert.deepEqual(detail.game.result, { winner: null, reason: 'agreement' });
  for (const p of [south, north, watcher]) assert.deepEqual(p.errors, []);
});
