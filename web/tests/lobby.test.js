// The lobby and the history: a waiting game is listed on the home page and joined in one click; the
// clocks show the time control; resigning asks for a confirmation and both sides see the result; the
// games page filters by status and player, and a player's page lists that player's games.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  api,
  winnerOf,
  createGame,
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

test('join from the lobby in one click, clocks, resign with a confirmation, history', { timeout: 120000 }, async () => {
  const south = await person(browser, server, { name: 'zanele' });
  const id = await createGame(south.page, { variant: 'kubuguza', seat: 'south', clock: '180+2', name: 'zanele' });
  const north = await person(browser, server, { name: 'tendai', device: PHONE });
  await north.page.goto('/');
  const row = `#waiting-list li[data-game="${id}"]`;
  await north.page.waitForSelector(row);
  await north.page.click(`${row} button`);
  await north.page.waitForURL(new RegExp(`/game/${id}$`));
  await until(async () => (await playable(south.page)).length > 0, 'the game to start for South');
  await until(
    async () => /tendai\s*North \(you\)/.test(await north.page.textContent('.bottom-player')),
    "North's page to hold the seat",
  );
  for (const p of [south.page, north.page]) {
    assert.equal(await p.textContent('[data-clock="south"]'), '3:00');
    assert.equal(await p.textContent('[data-clock="north"]'), '3:00');
  }

  // A redraw patches the page: a clock ticks (every 250 ms once both have moved) and the buttons beside
  // it stay the same elements, with the focus where it was.
  await south.page.click(`svg.board .hole[data-hole="${(await playable(south.page))[0]}"]`);
  await until(async () => (await playable(north.page)).length > 0, 'North to be asked');
  await north.page.click(`svg.board .hole[data-hole="${(await playable(north.page))[0]}"]`);
  await until(async () => (await api(server, `/api/games/${id}`)).game.plies >= 2, "North's move");
  await south.page.focus('[data-command="resign"]');
  await south.page.evaluate(() => {
    window.resignButton = document.querySelector('[data-command="resign"]');
  });
  const ticked = await south.page.textContent('[data-clock="south"]');
  await until(async () => (await south.page.textContent('[data-clock="south"]')) !== ticked, "South's clock to tick");
  assert.ok(
    await south.page.evaluate(
      () =>
        window.resignButton === document.querySelector('[data-command="resign"]') &&
        document.activeElement === window.resignButton,
    ),
    'the resign button is the same element, and keeps the focus, while the clock ticks',
  );

  await south.page.click('[data-command="resign"]');
  assert.match(await south.page.textContent('.confirm'), /Resign this game\?/);
  assert.equal(
    (await api(server, `/api/games/${id}`)).game.status,
    'ongoing',
    'nothing happens before the confirmation',
  );
  await south.page.click('[data-confirm="resign"]');
  for (const p of [south.page, north.page]) {
    await until(async () => (await winnerOf(p)) === 'north', 'the result on both pages');
  }
  assert.equal(await statusOf(south.page), 'You lost (resignation)');
  assert.equal(await statusOf(north.page), 'You won (resignation)');
  assert.equal(await south.page.$('[data-command="resign"]'), null, 'no resign once finished');
  await shot(north.page, 'resigned-phone');

  await north.page.goto('/games?status=finished&player=tendai');
  await north.page.waitForSelector(`ul.games li[data-game="${id}"]`);
  assert.equal(await north.page.inputValue('#f-player'), 'tendai');
  assert.equal(await north.page.$$eval('ul.games li', (l) => l.length), 1);
  await north.page.selectOption('#f-status', 'ongoing');
  await north.page.click('.filters button[type=submit]');
  await north.page.waitForURL(/status=ongoing/);
  await north.page.waitForSelector('main p.muted:text("No game matches.")');
  await north.page.goto('/player/zanele');
  await north.page.waitForSelector(`ul.games li[data-game="${id}"]`);
  // The profile and the games are two requests: the guest's notice comes with the profile's 404,
  // which may answer after the games.
  await until(async () => /Not a registered name/.test(await north.page.textContent('main')), "the guest's notice");
  // The one expected failure: /api/players/zanele is a 404 for a guest's name (Chrome logs it).
  for (const p of [south, north])
    assert.deepEqual(
      p.errors.filter((e) => !/status of 404/.test(e)),
      [],
    );
});

test(
  'abort a waiting game; claim the win when the opponent has left, after a countdown',
  { timeout: 120000 },
  async () => {
    const a = await person(browser, server, { name: 'zanele' });
    const waiting = await createGame(a.page, { variant: 'azigo', seat: 'north', name: 'zanele' });
    await a.page.click('[data-command="abort"]');
    await a.page.click('[data-confirm="abort"]');
    await until(async () => (await statusOf(a.page)) === 'Game aborted', 'the abort');
    assert.equal((await api(server, `/api/games/${waiting}`)).game.result.reason, 'aborted');

    const south = await person(browser, server, { name: 'zanele' });
    const id = await createGame(south.page, { variant: 'kubuguza', seat: 'south', name: 'zanele' });
    const north = await person(browser, server, { name: 'tendai' });
    await north.page.goto(`/game/${id}`);
    await north.page.click('#join');
    await until(async () => (await playable(south.page)).length > 0, 'the game to start');
    // South's home page lists the game among this browser's games.
    const home = await south.context.newPage();
    await home.goto('/');
    await home.waitForSelector(`section:not([hidden]) ul.games li[data-game="${id}"]`);
    await home.close();
    await north.context.close(); // North leaves; the test server's grace is 3 s
    await until(
      async () => /tendai has left; you may claim the win in \d+ s/.test(await south.page.textContent('.controls')),
      'the countdown',
    );
    await until(
      async () => (await south.page.$('[data-command="claim_win"]')) !== null,
      'the claim button after the grace',
      10000,
    );
    await south.page.click('[data-command="claim_win"]');
    await south.page.click('[data-confirm="claim_win"]');
    await until(async () => (await statusOf(south.page)) === 'You won (abandonment)', 'the claimed win');
    assert.equal(await winnerOf(south.page), 'south');
    assert.deepEqual(south.errors, []);
  },
);
