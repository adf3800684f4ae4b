// The home page's lists of waiting and live games come over the lobby socket: a game created in another
// browser appears in "waiting" without a reload, and moves to "live" when someone joins it; the page does
// not poll the game list for them.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createGame, joinGame, person, until, useServerAndBrowser, server, browser } from './harness.js';

useServerAndBrowser();

test('a game appears in "waiting" and moves to "live" without a reload', { timeout: 120000 }, async () => {
  const watcher = await person(browser, server, { name: 'imani' });
  const polled = [];
  watcher.page.on('request', (r) => {
    if (/\/api\/games\?.*status=(waiting|ongoing)/.test(r.url())) polled.push(r.url());
  });
  await watcher.page.goto('/');
  await watcher.page.waitForSelector('#waiting-list p.muted:not(:empty), #waiting-list li');
  // A mark on the page's window: a reload would lose it.
  await watcher.page.evaluate(() => {
    window.sameHomePage = true;
  });

  const creator = await person(browser, server, { name: 'zuberi' });
  const id = await createGame(creator.page, { variant: 'kubuguza', seat: 'south', name: 'zuberi' });
  const waiting = `#waiting-list li[data-game="${id}"]`;
  const live = `#live-list li[data-game="${id}"]`;
  await until(async () => (await watcher.page.$(waiting)) !== null, 'the new game in "waiting"', 10000);
  assert.match(await watcher.page.textContent(waiting), /zuberi/);
  assert.ok(await watcher.page.$(`${waiting} button`), 'a waiting game has its Join button');

  const joiner = await person(browser, server, { name: 'amara' });
  await joinGame(joiner.page, id, 'amara');
  await until(async () => (await watcher.page.$(live)) !== null, 'the game in "live"', 10000);
  await until(async () => (await watcher.page.$(waiting)) === null, 'the game gone from "waiting"', 10000);
  assert.match(await watcher.page.textContent(live), /zuberi.*amara|amara.*zuberi/);

  assert.equal(await watcher.page.evaluate(() => window.sameHomePage), true, 'the page was not reloaded');
  assert.deepEqual(polled, [], 'the waiting and live lists are not fetched');
  assert.deepEqual(watcher.errors, []);
  for (const p of [watcher, creator, joiner]) await p.context.close();
});
