// The first move's abort as a newcomer meets it. A game against the computer waits for its player as long
// as they like (nothing is lost by waiting); a game between people shows its countdown to everyone and,
// once it is aborted, says why, in English and in French. The server runs with a first move's time of
// 6 s (time for both pages to show the countdown on a loaded machine): a game between people made after
// the games against the computer is aborted at its deadline, which proves theirs (had they one) passed
// too, without waiting a real minute.

import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  PHONE,
  ROOT,
  SHOTS,
  createGame,
  joinGame,
  person,
  playable,
  shot,
  statusOf,
  until,
  useServerAndBrowser,
  server,
  browser,
} from './harness.js';

useServerAndBrowser(['--first-move-secs', '6']);

const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** Keeps a screenshot of the test run in docs/web/ as well. @param {import('playwright-core').Page} page @param {string} name */
async function docShot(page, name) {
  await shot(page, name);
  copyFileSync(join(SHOTS, `${name}.png`), join(ROOT, 'docs', 'web', `${name}.png`));
}

/**
 * Waits until the page's countdown reads as `re` says; fails with the last words seen.
 * @param {import('playwright-core').Page} page @param {RegExp} re
 */
async function countdownReads(page, re) {
  let text = '';
  try {
    await until(async () => re.test((text = (await page.textContent('#abort-wait')) ?? '')), 'the countdown');
  } catch {
    assert.match(text, re);
  }
}

test(
  'a game against the computer waits; a game between people counts down and says why it was aborted',
  {
    timeout: 120000,
  },
  async () => {
    const desk = await person(browser, server, { device: DESKTOP, name: 'amina' });
    const phone = await person(browser, server, { device: PHONE, name: 'amina' });
    await createGame(desk.page, { variant: 'njombwa', seat: 'south', opponent: 'bot:easy', name: 'amina' });
    await createGame(phone.page, { variant: 'njombwa', seat: 'south', opponent: 'bot:easy', name: 'amina' });
    for (const p of [desk, phone]) {
      await until(async () => (await playable(p.page)).length > 0, 'South to be asked');
      assert.equal(await p.page.isHidden('#abort-wait'), true, 'no countdown against the computer');
    }

    // Two people, one reading English, the other French; South does not move.
    const south = await person(browser, server, { name: 'baraka' });
    const north = await person(browser, server, { device: PHONE, locale: 'fr-FR', name: 'kwame' });
    const id = await createGame(south.page, { variant: 'njombwa', seat: 'south', name: 'baraka' });
    await joinGame(north.page, id, 'kwame');
    await until(async () => (await playable(south.page)).length > 0, 'the game between people to start');
    // Each page shows the countdown when its own socket brings the start: the French page, which has just
    // joined and opens its player's socket, can come after the English one.
    await countdownReads(south.page, /^\d s to make your first move, or the game is aborted\.$/);
    await countdownReads(north.page, /^\d s pour que Sud joue un premier coup, sinon la partie est annulée\.$/);
    await shot(north.page, 'first-move-countdown-fr-phone');
    await until(
      async () => (await statusOf(south.page)) === 'Aborted: South did not make a first move in time',
      'the abort and its reason in English',
    );
    await until(
      async () => (await statusOf(north.page)) === 'Annulée : Sud n’a pas joué de premier coup à temps',
      'the abort and its reason in French',
    );
    assert.equal(await south.page.isHidden('#abort-wait'), true, 'the countdown is gone with the game');
    await shot(south.page, 'first-move-aborted-desktop');

    // The games against the computer, made before, are still on after their player's idle time.
    for (const [p, name] of [
      [desk, 'computer-game-idle-desktop'],
      [phone, 'computer-game-idle-phone'],
    ]) {
      assert.equal(await statusOf(p.page), 'Your move.');
      assert.equal(await p.page.isHidden('#abort-wait'), true);
      await p.page.reload();
      await until(async () => (await playable(p.page)).length > 0, 'the game still to be played after a reload');
      assert.equal(await statusOf(p.page), 'Your move.');
      await docShot(p.page, name);
    }
    const hole = (await playable(desk.page))[0];
    await desk.page.click(`svg.board .hole[data-hole="${hole}"]`);
    const dir = desk.page.locator('.choices button');
    if (await dir.count()) await dir.first().click();
    await until(
      async () => (await desk.page.textContent('.moves')).includes(hole),
      'the first move, late but accepted',
    );
    for (const p of [desk, phone, south, north]) assert.deepEqual(p.errors, []);
  },
);
