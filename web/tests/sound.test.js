// Sounds on the game page: a move, a capture and "your turn" sound (counted through the Web Audio API,
// which the page uses for every sound), and the Sound switch silences them and is kept in the browser.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createGame, joinGame, person, playable, until, useServerAndBrowser, server, browser } from './harness.js';

useServerAndBrowser();

/** Counts the tones the page starts (each sound is one or two). */
async function countTones(p) {
  await p.context.addInitScript(() => {
    // @ts-ignore
    window.tones = 0;
    const make = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function () {
      // @ts-ignore
      window.tones += 1;
      return make.call(this);
    };
  });
}

const tones = (page) => page.evaluate(() => /** @type {any} */ (window).tones);

test('moves sound, and the Sound switch silences them', { timeout: 120000 }, async () => {
  const south = await person(browser, server, { name: 'amina' });
  const north = await person(browser, server, { name: 'kwame' });
  await countTones(north);
  const id = await createGame(south.page, { variant: 'kubuguza', seat: 'south', name: 'amina' });
  await joinGame(north.page, id, 'kwame');
  await until(async () => (await playable(south.page)).length === 8, 'the game to start');
  const before = await tones(north.page);
  await south.page.click(`svg.board .hole[data-hole="${(await playable(south.page))[0]}"]`);
  await until(async () => (await tones(north.page)) >= before + 2, "the move and North's turn sound");

  // Sound off (kept after a reload): South's next move is silent on North's page.
  await until(async () => (await playable(north.page)).length > 0, "North's turn");
  await north.page.click('#sound');
  assert.equal(await north.page.getAttribute('#sound', 'aria-pressed'), 'false');
  await north.page.reload();
  await north.page.waitForSelector('#sound[aria-pressed="false"]');
  await until(async () => (await playable(north.page)).length > 0, "North's turn again");
  await north.page.click(`svg.board .hole[data-hole="${(await playable(north.page))[0]}"]`);
  await until(async () => (await playable(south.page)).length > 0, "South's turn");
  const silent = await tones(north.page);
  await south.page.click(`svg.board .hole[data-hole="${(await playable(south.page))[0]}"]`);
  await until(async () => (await playable(north.page)).length > 0, "North's turn after South's move");
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(await tones(north.page), silent, 'no sound while the switch is off');
  assert.deepEqual(north.errors, []);
});
