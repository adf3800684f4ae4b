// Offline: after a visit, the rules, the lessons and a finished game's replay open with the server gone
// (its process killed), from the service worker's caches; a page that needs the server says so; the site
// has a manifest to be added to a phone's home screen; and a new build's worker is offered as an update.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, createGame, launch, person, startServer, until, shot } from './harness.js';

/** Whether the page is controlled by the service worker. */
const controlled = (page) => page.evaluate(() => !!navigator.serviceWorker.controller);

/** The page's main text once it is not "Loading…". */
async function words(page) {
  let text = '';
  await until(async () => {
    text = ((await page.textContent('#main').catch(() => '')) || '').trim();
    return text.length > 20 && !/^Loading/.test(text);
  }, "the page's words");
  return text;
}

test(
  'after a visit, the rules, a lesson and a finished game open with the server killed',
  { timeout: 180000 },
  async () => {
    const server = await startServer();
    const browser = await launch();
    try {
      const p = await person(browser, server, { device: PHONE });
      const manifest = await p.page.goto('/rules/njombwa').then(async () => {
        await words(p.page);
        const href = await p.page.getAttribute('link[rel="manifest"]', 'href');
        return (await fetch(`${server.base}${href}`)).json();
      });
      assert.equal(manifest.short_name, 'Mancala');
      assert.equal(manifest.start_url, '/');
      assert.equal(manifest.display, 'standalone');
      assert.ok(manifest.icons.length > 0);
      await until(() => controlled(p.page), 'the service worker to control the page', 30000);
      // The visit: the rules, the lessons' list, a lesson, the finished game.
      const rules = await words(p.page);
      await p.page.goto('/learn');
      await words(p.page);
      await p.page.goto('/learn/njombwa/capture');
      await p.page.waitForSelector('svg.board .hole');
      // A game against the computer, resigned: its replay.
      const game = await createGame(p.page, { variant: 'kubuguza', seat: 'south', opponent: 'bot:easy' });
      await p.page.click('[data-command="resign"]');
      await p.page.click('[data-confirm="resign"]');
      await until(async () => (await p.page.getAttribute('#status', 'data-winner')) === 'north', 'the game over');

      // The server's process is killed: nothing answers any more.
      await server.stop();
      await p.page.goto('/rules/njombwa');
      assert.equal(await words(p.page), rules, 'the rules, as read before');
      await p.page.goto('/learn/njombwa/capture');
      await p.page.waitForSelector('svg.board .hole');
      await p.page.goto(`/game/${game}`);
      await p.page.waitForSelector('svg.board .hole');
      await shot(p.page, 'offline-game-phone');
      // A page that needs the server says so in words.
      await p.page.goto('/tournaments');
      await until(
        async () => /cannot be reached|connection/i.test((await p.page.textContent('#main')) || ''),
        'the tournaments page to say the server cannot be reached',
      );
      await shot(p.page, 'offline-tournaments-phone');
      await p.context.close();
    } finally {
      await browser.close();
      await server.stop().catch(() => {});
    }
  },
);
