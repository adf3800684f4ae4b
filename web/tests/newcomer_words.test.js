// What confused a newcomer in small ways, fixed as a player sees them: a lesson's marked hole told apart
// from the playable ones (a legend, a ring of its own, and words for screen readers); the names the
// site gives (a guest without a name, the computer's seat, a tournament's default name) and a puzzle's
// rating said in French; spectators read their chat and, signed in, write in it.

import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  PHONE,
  ROOT,
  SHOTS,
  chatLine,
  createGame,
  joinGame,
  person,
  playable,
  shot,
  signUp,
  until,
  useServerAndBrowser,
  server,
  browser,
} from './harness.js';

useServerAndBrowser();

const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** Keeps a screenshot of the test run in docs/web/ as well. @param {import('playwright-core').Page} page @param {string} name */
async function docShot(page, name) {
  await shot(page, name);
  copyFileSync(join(SHOTS, `${name}.png`), join(ROOT, 'docs', 'web', `${name}.png`));
}

test("a lesson's marked hole is told apart from the playable ones, in words too", { timeout: 60000 }, async () => {
  for (const [device, locale, name] of [
    [DESKTOP, 'en-GB', 'lesson-marked-hole-desktop'],
    [PHONE, 'fr-FR', 'lesson-marked-hole-phone'],
  ]) {
    const p = await person(browser, server, { device, locale });
    // Kubuguza's second sowing step: "end your sowing in the marked hole" (c1, say), holes to play.
    await p.page.goto('/learn/kubuguza/sowing');
    await p.page.waitForSelector('.steps-dots li:nth-child(1)[aria-current="step"]');
    await p.page.click('#next');
    await p.page.waitForSelector('.steps-dots li:nth-child(2)[aria-current="step"]');
    await until(async () => (await playable(p.page)).length > 0, 'holes to play');
    const goal = await p.page.$eval('svg.board .hole.goal', (g) => ({
      label: g.getAttribute('aria-label') || '',
      dashes: getComputedStyle(/** @type {Element} */ (g.querySelector('.pit'))).strokeDasharray,
    }));
    const legend = await p.page.$$eval('.ring-legend li', (ls) => ls.map((l) => l.getAttribute('data-ring')));
    assert.deepEqual(legend, ['playable', 'goal'], 'the legend names both rings');
    const ring = await p.page.$eval(
      'svg.board .hole.playable:not(.goal) .pit',
      (c) => getComputedStyle(c).strokeDasharray,
    );
    assert.notEqual(goal.dashes, ring, 'the marked hole has a ring of its own shape');
    if (locale === 'fr-FR') {
      assert.match(goal.label, /marqué en vert : le trou dont parle cette étape$/);
      assert.match(await p.page.textContent('.ring-legend'), /Anneau jaune : un trou que vous pouvez jouer/);
    } else {
      assert.match(goal.label, /marked in green: the hole this step is about$/);
      assert.match(await p.page.textContent('.ring-legend'), /Ring of green dots: the hole this step is about/);
    }
    await docShot(p.page, name);
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
});

test('the names the site gives, and a puzzle rating, said in French', { timeout: 90000 }, async () => {
  // A guest who gave no name, against the computer.
  const fr = await person(browser, server, { device: PHONE, locale: 'fr-FR' });
  await createGame(fr.page, { variant: 'kubuguza', seat: 'south', opponent: 'bot:easy' });
  await until(async () => (await playable(fr.page)).length > 0, 'South to be asked');
  assert.equal((await fr.page.textContent('.bottom-player .pname')).trim(), 'anonyme');
  assert.equal((await fr.page.textContent('.top-player .pname')).trim(), 'Ordinateur niveau 2');
  await shot(fr.page, 'names-fr-phone');

  // A tournament named by the form's default, in English: the French reader reads it in French.
  const en = await person(browser, server, { locale: 'en-GB' });
  await signUp(en.page, 'kwame_t');
  await en.page.goto('/tournaments');
  await en.page.click('#tour-new-summary');
  assert.equal(await en.page.inputValue('#tf-name'), "kwame_t's tournament");
  await en.page.click('#tf-submit');
  await en.page.waitForURL(/\/tournament\/[A-Za-z0-9]+$/);
  const tour = en.page.url().split('/').pop();
  await until(async () => (await en.page.textContent('#t-name')) === "kwame_t's tournament", 'the English name');
  await fr.page.goto(`/tournament/${tour}`);
  await until(async () => (await fr.page.textContent('#t-name')) === 'Tournoi de kwame_t', 'the French name');
  await fr.page.goto('/tournaments');
  await until(
    async () => (await fr.page.textContent(`li[data-tournament="${tour}"] a.tname`)) === 'Tournoi de kwame_t',
    'the French name in the list',
  );

  // A puzzle's rating is its "cote".
  await fr.page.goto('/puzzles/daily');
  await fr.page.waitForSelector('#puzzle-status[data-phase="play"]');
  assert.match(await fr.page.textContent('#puzzle-puzzle-rating'), /^Cote du problème : \d+$/);
  for (const p of [fr, en]) assert.deepEqual(p.errors, []);
  await fr.context.close();
  await en.context.close();
});

test('spectators read their chat, and write in it once signed in', { timeout: 90000 }, async () => {
  const south = await person(browser, server, { name: 'amina' });
  const north = await person(browser, server, { name: 'kwame' });
  const fan = await person(browser, server, { device: PHONE });
  const guest = await person(browser, server, { device: PHONE });
  await signUp(fan.page, 'juma');
  const id = await createGame(south.page, { variant: 'kubuguza', seat: 'south', name: 'amina' });
  await joinGame(north.page, id, 'kwame');
  await until(async () => (await playable(south.page)).length > 0, 'the game to start');
  for (const p of [fan, guest]) {
    await p.page.goto(`/game/${id}`);
    await p.page.click('#chat-open');
    await p.page.waitForSelector('#chat');
    assert.equal(await p.page.textContent('#chat h2'), "Spectators' chat");
  }
  const lines = (/** @type {import('playwright-core').Page} */ page) =>
    page.$$eval('#chat .chat-lines li:not(.muted)', (ls) => ls.map((l) => l.textContent));
  await chatLine(fan.page, 'what a sowing', async () => (await lines(fan.page)).length === 1);
  await until(async () => (await lines(guest.page)).join() === 'juma: what a sowing', 'the line read by a guest');
  assert.equal(await guest.page.$('#chat input[name=line]'), null, 'a guest reads, and is asked to sign in to write');
  assert.match(await guest.page.textContent('#chat'), /Sign in to chat with the other spectators/);
  await shot(guest.page, 'spectators-chat-phone');
  for (const p of [south, north, fan, guest]) assert.deepEqual(p.errors, []);
});
