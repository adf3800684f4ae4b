// The game's chat in three browsers: the two players (a desktop and a phone) talk in their room, which
// spectators never see; a signed-in spectator talks to the other spectators, whom the players do not hear
// during the game; a guest spectator is asked to sign in; markup is shown as text; a player mutes and
// unmutes the opponent. Everyone sees how many watch.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  createGame,
  joinGame,
  person,
  PHONE,
  playable,
  shot,
  signUp,
  until,
  useServerAndBrowser,
  server,
  browser,
} from './harness.js';

useServerAndBrowser();

/** Opens the chat panel of `page` and waits for it. */
async function openChat(page) {
  await page.click('#chat-open');
  await page.waitForSelector('#chat');
}

/** The chat lines `page` shows, as text. */
async function lines(page) {
  return page.$$eval('#chat .chat-lines li:not(.muted)', (ls) => ls.map((l) => l.textContent));
}

test('players and spectators each talk in their own room', { timeout: 120000 }, async () => {
  const south = await person(browser, server, { name: 'amina' });
  const north = await person(browser, server, { name: 'kwame', device: PHONE });
  const fan = await person(browser, server);
  const guest = await person(browser, server);
  await signUp(fan.page, 'zawadi');
  const id = await createGame(south.page, { variant: 'kubuguza', seat: 'south', name: 'amina' });
  await joinGame(north.page, id, 'kwame');
  await until(async () => (await playable(south.page)).length === 8, 'the game to start');
  await fan.page.goto(`/game/${id}`);
  await guest.page.goto(`/game/${id}`);

  await until(async () => (await south.page.textContent('#watching')) === '2 watching', 'the spectators counted');
  await openChat(south.page);
  await south.page.fill('#chat input[name=line]', 'good luck <b>kwame</b>');
  await south.page.click('#chat button[type=submit]');
  await until(async () => /Chat \(1\)/.test(await north.page.textContent('#chat-open')), 'the count on the phone');
  await openChat(north.page);
  await until(async () => (await lines(north.page)).length === 1, 'the line on the phone');
  assert.deepEqual(await lines(north.page), ['amina: good luck <b>kwame</b>']);
  assert.equal(await north.page.$('#chat .chat-lines b b'), null, 'markup is shown as text');
  await shot(north.page, 'chat-phone');

  // The signed-in spectator talks to the spectators; the players do not hear it, the guest does.
  await openChat(fan.page);
  assert.deepEqual(await lines(fan.page), [], 'a spectator never reads the players');
  await fan.page.fill('#chat input[name=line]', 'what a start');
  await fan.page.click('#chat button[type=submit]');
  await openChat(guest.page);
  await until(async () => (await lines(guest.page)).length === 1, "the spectators' line");
  assert.deepEqual(await lines(guest.page), ['zawadi: what a start']);
  assert.equal(await guest.page.$('#chat input[name=line]'), null, 'a guest spectator is asked to sign in');
  assert.match(await guest.page.textContent('#chat'), /Sign in to chat/);
  await new Promise((r) => setTimeout(r, 500));
  assert.deepEqual(await lines(south.page), ['amina: good luck <b>kwame</b>'], 'the players do not hear it');

  // Mute the opponent: its lines are hidden in this browser; unmute shows them again.
  await north.page.click('#chat-mute');
  assert.deepEqual(await lines(north.page), []);
  await north.page.click('#chat-mute');
  assert.deepEqual(await lines(north.page), ['amina: good luck <b>kwame</b>']);
  for (const p of [south, north, fan, guest]) assert.deepEqual(p.errors, []);
});
