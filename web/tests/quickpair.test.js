// The lobby in the page: a seek appears in a third person's live list and disappears (after a Cancel,
// and when it is taken); two people press "Kubuguza 5+3" and land on the same game on opposite seats.
// Two signed-in people do the same rated, play it to the end (a resignation), and the rating change is
// shown with the result as the server computed it, and on the player's page with its chart. A seek
// posted with the form is accepted from the live list.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  api,
  winnerOf,
  person,
  PHONE,
  playable,
  shot,
  signUp,
  statusOf,
  until,
  useServerAndBrowser,
  server,
  browser,
} from './harness.js';

useServerAndBrowser();

const seekRows = (page) => page.$$eval('#seek-list li[data-seek]', (ls) => ls.map((l) => l.textContent));
const quick = (page, label) => page.getByRole('button', { name: label, exact: true }).click();

test(
  'a seek appears and disappears live; two quick pairings make one game on opposite seats',
  { timeout: 120000 },
  async () => {
    const a = await person(browser, server, { name: 'amani' });
    const b = await person(browser, server, { name: 'bahati', device: PHONE });
    const watcher = await person(browser, server, { name: 'chipo' });
    await watcher.page.goto('/');
    await watcher.page.waitForSelector('#seek-list li');
    assert.deepEqual(await seekRows(watcher.page), [], 'nobody seeks yet');
    await a.page.goto('/');
    await b.page.goto('/');
    await a.page.waitForSelector('#quick button[data-quick="kubuguza 300+3"]');
    assert.equal(await a.page.isDisabled('#mode-rated'), true, 'a guest plays casual games');

    await quick(a.page, 'Kubuguza 5+3');
    await a.page.waitForSelector('#seeking [data-own-seek]');
    assert.match(await a.page.textContent('#seeking'), /Waiting for an opponent: Kubuguza 5\+3, casual/);
    await until(
      async () => (await seekRows(watcher.page)).some((t) => /amani.*Kubuguza.*5\+3.*casual/.test(t)),
      "the seek in the watcher's list",
    );
    await shot(watcher.page, 'lobby-seek-desktop');
    await shot(a.page, 'lobby-waiting-desktop');
    await a.page.click('#seeking [data-cancel]');
    await until(async () => (await seekRows(watcher.page)).length === 0, 'the cancelled seek to leave the list');
    await a.page.waitForSelector('#seeking', { state: 'hidden' });

    await quick(a.page, 'Kubuguza 5+3');
    await until(async () => (await seekRows(watcher.page)).length === 1, 'the seek again');
    await quick(b.page, 'Kubuguza 5+3');
    await a.page.waitForURL(/\/game\/[A-Za-z0-9]{10}$/);
    await b.page.waitForURL(/\/game\/[A-Za-z0-9]{10}$/);
    const id = a.page.url().split('/').pop();
    assert.equal(b.page.url().split('/').pop(), id, 'the same game');
    await until(async () => (await seekRows(watcher.page)).length === 0, 'the taken seek to leave the list');
    const game = (await api(server, `/api/games/${id}`)).game;
    assert.equal(game.status, 'ongoing');
    assert.deepEqual([game.clock.base_secs, game.clock.increment_secs], [300, 3]);
    assert.deepEqual([game.players.south.name, game.players.north.name].sort(), ['amani', 'bahati']);
    for (const [p, name] of [
      [a.page, 'amani'],
      [b.page, 'bahati'],
    ]) {
      const seat = game.players.south.name === name ? 'South' : 'North';
      await until(
        async () => new RegExp(`${name}.*${seat} \\(you\\)`).test(await p.textContent('.bottom-player')),
        `${name}'s seat`,
      );
      assert.match(await p.textContent('#game-kind'), /Casual · 5\+3/);
    }
    for (const p of [a, b, watcher]) assert.deepEqual(p.errors, []);
  },
);

test(
  'a rated game from quick pairing, played to the end: the rating change with the result and on the player page',
  { timeout: 180000 },
  async () => {
    const a = await person(browser, server);
    const b = await person(browser, server, { device: PHONE });
    await signUp(a.page, 'Amara');
    await signUp(b.page, 'bongani');
    await a.page.goto('/');
    await b.page.goto('/');
    await a.page.waitForSelector('#quick button[data-quick="kubuguza 300+3"]');
    await a.page.check('#mode-rated');
    await quick(a.page, 'Kubuguza 5+3');
    await a.page.waitForSelector('#seeking [data-own-seek]');
    assert.match(await a.page.textContent('#seeking'), /Kubuguza 5\+3, rated/);
    await b.page.waitForSelector('#seek-list li[data-seek]:has-text("Amara")');
    assert.match(await b.page.textContent('#seek-list li[data-seek]:has-text("Amara")'), /Amara 1500\?.*rated/);
    await b.page.check('#mode-rated');
    await quick(b.page, 'Kubuguza 5+3');
    await a.page.waitForURL(/\/game\/[A-Za-z0-9]{10}$/);
    await b.page.waitForURL(/\/game\/[A-Za-z0-9]{10}$/);
    const id = a.page.url().split('/').pop();
    assert.equal(b.page.url().split('/').pop(), id, 'the same game');
    const game = (await api(server, `/api/games/${id}`)).game;
    assert.equal(game.rated, true);
    const seatOf = { [game.players.south.name]: 'south', [game.players.north.name]: 'north' };
    assert.deepEqual(Object.keys(seatOf).sort(), ['Amara', 'bongani']);
    for (const p of [a.page, b.page]) {
      await until(async () => /\(you\)/.test(await p.textContent('.bottom-player')), 'the seat');
      assert.match(await p.textContent('#game-kind'), /Rated · 5\+3/);
    }

    // South plays a move, then North resigns.
    const [south, north] = seatOf.Amara === 'south' ? [a.page, b.page] : [b.page, a.page];
    await until(async () => (await playable(south)).length > 0, 'South to move');
    await south.click(`svg.board .hole[data-hole="${(await playable(south))[0]}"]`);
    await until(async () => (await api(server, `/api/games/${id}`)).game.plies >= 1, 'the move');
    await north.click('[data-command="resign"]');
    await north.click('[data-confirm="resign"]');
    const done = await until(async () => {
      const g = (await api(server, `/api/games/${id}`)).game;
      return g.status === 'finished' && g.result?.ratings ? g : null;
    }, 'the rated result');
    const r = done.result.ratings;
    assert.ok(r.south.after > r.south.before && r.north.after < r.north.before, 'the winner gains, the loser loses');
    for (const p of [south, north]) {
      await until(async () => (await winnerOf(p)) === 'south', 'the result');
      assert.equal(await statusOf(p), p === south ? 'You won (resignation)' : 'You lost (resignation)');
      await until(async () => (await p.$('#rating-change [data-change="north"]')) !== null, 'the rating change');
      const line = await p.textContent('#rating-change');
      assert.ok(line.includes(`${r.south.before} → ${r.south.after}`), line);
      assert.ok(line.includes(`${r.north.before} → ${r.north.after}`), line);
      assert.ok(line.includes(`+${r.south.after - r.south.before}`), line);
      assert.match(
        await p.textContent('[data-rating="south"]'),
        new RegExp(`${r.south.before}\\??\\s*\\+${r.south.after - r.south.before}`),
      );
    }
    await shot(north, 'rated-result-phone');

    // The winner's page: the rating, the record and the chart.
    const winner = done.players.south.name;
    await a.page.goto(`/@/${winner.toLowerCase()}`);
    await a.page.waitForSelector('#ratings tr[data-variant="kubuguza"]');
    assert.equal(await a.page.textContent('main h1'), winner, 'the registered spelling');
    const shown = await a.page.textContent('#ratings tr[data-variant="kubuguza"] td.rating');
    assert.equal(shown.replace('?', ''), String(r.south.after));
    assert.match(await a.page.textContent('#record'), /1 won, 0 drawn, 0 lost/);
    assert.equal(
      await a.page.getAttribute(`ul.games li[data-game="${id}"] [data-result]`, 'data-result'),
      'won',
      "the player's game list says the game was won",
    );
    await a.page.waitForSelector('svg.rating-chart circle.point');
    assert.deepEqual(
      await a.page.$$eval('svg.rating-chart circle.point', (cs) => cs.map((c) => c.getAttribute('data-rating'))),
      [String(r.south.after)],
    );
    await shot(a.page, 'player-desktop');
    // One game each: both still provisional, so the leaderboard has nobody yet.
    await a.page.click('header nav a[href="/leaderboard/kubuguza"]');
    await a.page.waitForSelector('#leaderboard p:has-text("Nobody has an established rating")');
    for (const p of [a, b])
      assert.deepEqual(
        p.errors.filter((e) => !/status of 404/.test(e)),
        [],
      );
  },
);

test('a seek posted with the form, accepted from the live list', { timeout: 120000 }, async () => {
  const a = await person(browser, server, { name: 'dalia' });
  await a.page.goto('/');
  const guest = await person(browser, server, { name: 'chipo', device: PHONE });
  await guest.page.goto('/');
  await a.page.click('.seek-more summary');
  await a.page.selectOption('#seek-variant', 'azigo');
  await a.page.selectOption('#seek-clock', '600+5');
  await a.page.click('#seek-form button[type=submit]');
  await a.page.waitForSelector('#seeking [data-own-seek]');
  const row = '#seek-list li[data-seek]:has-text("dalia")';
  await guest.page.waitForSelector(row);
  assert.match(await guest.page.textContent(row), /Azigo.*10\+5.*casual/);
  await guest.page.click(`${row} [data-accept]`);
  await guest.page.waitForURL(/\/game\/[A-Za-z0-9]{10}$/);
  await a.page.waitForURL(/\/game\/[A-Za-z0-9]{10}$/);
  const id = guest.page.url().split('/').pop();
  assert.equal(a.page.url().split('/').pop(), id);
  const g = (await api(server, `/api/games/${id}`)).game;
  assert.equal(g.variant, 'azigo');
  assert.ok(!g.rated, 'casual');
  assert.deepEqual([g.players.south.name, g.players.north.name].sort(), ['chipo', 'dalia']);
  await until(async () => /\(you\)/.test(await guest.page.textContent('.bottom-player')), "the guest's seat");
  assert.match(await guest.page.textContent('#game-kind'), /Casual · 10\+5/);
});

test('a guest plays quick pairing under the name typed on the home page', { timeout: 120000 }, async () => {
  // No name kept in these browsers: the one typed now is the one the opponent sees.
  const a = await person(browser, server);
  const b = await person(browser, server, { device: PHONE });
  for (const [p, name] of [
    [a.page, 'thandiwe'],
    [b.page, 'obinna'],
  ]) {
    await p.goto('/');
    await p.waitForSelector('#quick button[data-quick="njombwa 600+5"]');
    await p.fill('#name', name);
  }
  await quick(a.page, 'Njombwa 10+5');
  await a.page.waitForSelector('#seeking [data-own-seek]');
  await b.page.waitForSelector('#seek-list li[data-seek]:has-text("thandiwe")');
  await quick(b.page, 'Njombwa 10+5');
  await a.page.waitForURL(/\/game\/[A-Za-z0-9]{10}$/);
  const id = a.page.url().split('/').pop();
  const g = (await api(server, `/api/games/${id}`)).game;
  assert.deepEqual([g.players.south.name, g.players.north.name].sort(), ['obinna', 'thandiwe']);
  for (const p of [a, b]) assert.deepEqual(p.errors, []);
});
