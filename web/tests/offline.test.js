// Offline reading: a phone visits the site once (a game against the computer resigned, its replay seen),
// the service worker says the reading pages are kept, then the server process stops (Playwright's
// setOffline does not reach service workers). /learn, a lesson (its first step read, the next one
// shown), /rules/njombwa with its diagrams and the finished game's replay still open; the lobby says
// that it needs a network and links to what works; a lesson never fetched says "Not on this device". A
// French visitor's kept shell is French and marked offline too.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api, boardOf, createGame, launch, person, PHONE, playable, docShot, startServer, until } from './harness.js';

let server;
let browser;
before(async () => {
  server = await startServer();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Whether the kept games' cache holds the record of game `id` (read by the page from its origin). */
const kept = (page, id) =>
  page.evaluate(async (id) => {
    if (!(await caches.has('mancala-games'))) return false;
    return !!(await (await caches.open('mancala-games')).match(`/api/games/${id}`));
  }, id);

test(
  'after one visit the lessons, the rules and a finished replay open with the server stopped',
  { timeout: 120000 },
  async () => {
    const { page, errors } = await person(browser, server, { device: PHONE, worker: true, name: 'amina' });
    const id = await createGame(page, { variant: 'njombwa', seat: 'south', opponent: 'bot:random', name: 'amina' });
    await until(async () => (await playable(page)).length > 0, 'the game to start');
    // The worker registered by the first page controls this one once active (it claims its pages); a
    // page loaded before that went to the network alone, and kept nothing.
    await until(
      () => page.evaluate(() => !!navigator.serviceWorker.controller && document.documentElement.dataset.kept === 'en'),
      'the worker to control the page and keep the reading pages',
      30000,
    );
    // One move, so that the replay has a position before the last (asked over HTTP, kept with the record).
    const holes = await playable(page);
    await page.click(`svg.board .hole[data-hole="${holes[0]}"]`);
    const choice = await page.$('#choices [data-decision]');
    if (choice) await choice.click();
    await until(async () => (await api(server, `/api/games/${id}`)).game.plies >= 1, 'the move played');
    await page.click('[data-command="resign"]');
    await page.click('[data-confirm="resign"]');
    // The finished game seen again: its record comes over HTTP, through the worker, which keeps it.
    await page.goto(`/game/${id}`);
    await page.waitForSelector('.replay');
    const finalBoard = await boardOf(page);
    await page.focus('#replay-ply');
    await page.keyboard.press('Home');
    await page.waitForSelector('.replay[data-shown="0"]');
    const startBoard = await boardOf(page);
    await until(() => kept(page, id), 'the finished game kept');
    // A French visitor: the kept shell is in French, and marked offline all the same.
    const fr = await person(browser, server, { device: PHONE, worker: true, locale: 'fr-FR' });
    await fr.page.goto('/learn');
    await until(
      () =>
        fr.page.evaluate(() => !!navigator.serviceWorker.controller && document.documentElement.dataset.kept === 'fr'),
      'the worker to keep the French reading pages',
      30000,
    );

    await server.stop({ keep: true });

    await fr.page.goto('/rules/njombwa');
    await fr.page.waitForSelector('.rules-page section[id^="rule-"] svg.board');
    assert.match(await fr.page.textContent('h1'), /Les règles du njombwa/);
    assert.deepEqual(
      await fr.page.evaluate(() => [document.documentElement.lang, document.documentElement.dataset.offline]),
      ['fr', ''],
      'the French shell, marked offline',
    );

    await page.goto('/learn');
    await page.waitForSelector('#course-kubuguza .lessons a[href="/learn/kubuguza/sowing"]');
    await page.click('#course-kubuguza a[href="/learn/kubuguza/sowing"]');
    await page.waitForSelector('.steps-dots li:nth-child(1)[aria-current="step"]');
    await page.waitForSelector('svg.board .hole');
    await page.click('#next');
    await page.waitForSelector('.steps-dots li:nth-child(2)[aria-current="step"]');

    await page.goto('/rules/njombwa');
    await page.waitForSelector('.rules-page section[id^="rule-"] svg.board');
    assert.match(await page.textContent('h1'), /Njombwa/);
    await docShot(page, 'offline-rules-390');

    await page.goto(`/game/${id}`);
    await page.waitForSelector('.replay');
    assert.deepEqual(await boardOf(page), finalBoard, 'the replay shows the finished game as it ended');
    await page.focus('#replay-ply');
    await page.keyboard.press('Home');
    await page.waitForSelector('.replay[data-shown="0"]');
    assert.deepEqual(await boardOf(page), startBoard, 'the position seen before, kept');

    await page.goto('/');
    await page.waitForSelector('text=This page needs a network');
    await page.waitForSelector('a[href="/rules/njombwa"]');
    await page.waitForSelector(`.kept-games a[href="/game/${id}"]`);

    await page.goto('/learn/kubuguza/no-such-lesson');
    await page.waitForSelector('text=Not on this device');
    assert.deepEqual(
      errors.filter((e) => !/Failed to load resource|ERR_CONNECTION_REFUSED|WebSocket/.test(e)),
      [],
      'no script error',
    );
  },
);
