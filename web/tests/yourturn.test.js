// "Your turn" for signed-in players: the home page lists the games waiting for the account's decision,
// and every page's title counts them; after the move the count moves to the opponent; in a correspondence
// game, how long the mover has.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { person, playable, signUp, until, useServerAndBrowser, server, browser } from './harness.js';

useServerAndBrowser();

test('the title counts the games waiting for me, and the home page lists them', { timeout: 120000 }, async () => {
  const amina = await person(browser, server);
  const kwame = await person(browser, server);
  await signUp(amina.page, 'amina');
  await signUp(kwame.page, 'kwame');
  // Amina creates a game (South, first to move); kwame joins it from its page.
  await amina.page.goto('/');
  await amina.page.waitForSelector('#variant option[value="kubuguza"]', { state: 'attached' });
  await amina.page.selectOption('#variant', 'kubuguza');
  await amina.page.selectOption('#seat', 'south');
  // A correspondence game: the list says how long the mover has once both clocks have started.
  await amina.page.selectOption('#clock', '2d');
  await amina.page.click('#create button[type=submit]');
  await amina.page.waitForURL(/\/game\/[A-Za-z0-9]{10}$/);
  const id = amina.page.url().split('/').pop();
  await kwame.page.goto(`/game/${id}`);
  await kwame.page.click('#join');
  await until(async () => (await playable(amina.page)).length === 8, 'the game to start');

  await amina.page.goto('/');
  await until(async () => /^\(1\) /.test(await amina.page.title()), 'the count in the title');
  await amina.page.waitForSelector(`#your-turn a[href="/game/${id}"]`);
  await kwame.page.goto('/');
  await kwame.page.waitForSelector('#your-turn-list li.muted');
  assert.doesNotMatch(await kwame.page.title(), /^\(/);

  await amina.page.goto(`/game/${id}`);
  await until(async () => (await playable(amina.page)).length === 8, 'the board');
  // The count comes with the account's games (`/api/account/playing`), asked once the page knows who is
  // signed in: it may come after the board.
  await until(async () => /^\(1\) /.test(await amina.page.title()), 'the game page to count too');
  await amina.page.click(`svg.board .hole[data-hole="${(await playable(amina.page))[0]}"]`);
  await kwame.page.reload();
  await until(async () => /^\(1\) /.test(await kwame.page.title()), "kwame's turn counted");
  await kwame.page.waitForSelector(`#your-turn a[href="/game/${id}"]`);
  assert.doesNotMatch(await kwame.page.textContent('#your-turn-list'), /left/, 'no clock runs yet');

  // Kwame replies (every decision of his turn): amina's two days run.
  await kwame.page.goto(`/game/${id}`);
  await until(async () => (await playable(kwame.page)).length > 0, "kwame's board");
  for (let i = 0; i < 20 && (await playable(kwame.page)).length > 0; i++) {
    await kwame.page.click(`svg.board .hole[data-hole="${(await playable(kwame.page))[0]}"]`);
    await new Promise((r) => setTimeout(r, 300));
  }
  await amina.page.goto('/');
  await amina.page.waitForSelector(`#your-turn a[href="/game/${id}"]`);
  assert.match(await amina.page.textContent('#your-turn-list'), /1d 23h left/);
  for (const p of [amina, kwame]) assert.deepEqual(p.errors, []);
});
