// A takeback between two browsers: in a casual game South proposes to take back its last move, North (on
// a phone) sees the proposal and accepts; both pages and a spectator's go back to the board before that
// move, with the move list one line shorter, and South plays again. The record the server keeps says so.
// In a rated game between two accounts no takeback is offered.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  api,
  boardOf,
  createGame,
  joinGame,
  person,
  PHONE,
  playable,
  shot,
  until,
  useServerAndBrowser,
  server,
  browser,
} from './harness.js';

useServerAndBrowser();

/** Plays the first playable hole on `page` (and the first direction when one is asked). */
async function playFirst(page) {
  const holes = await playable(page);
  await page.click(`svg.board .hole[data-hole="${holes[0]}"]`);
  const choice = await page.$$('#choices [data-decision]');
  if (choice.length) await choice[0].click();
}

/** The lines of the move list. */
const lines = (page) => page.$$eval('#moves li', (lis) => lis.length);

test('a takeback proposed, accepted and shown in two browsers', { timeout: 120000 }, async () => {
  const south = await person(browser, server, { name: 'amina' });
  const north = await person(browser, server, { name: 'kwame', device: PHONE });
  const watcher = await person(browser, server);
  const id = await createGame(south.page, { variant: 'kubuguza', seat: 'south', name: 'amina' });
  await joinGame(north.page, id, 'kwame');
  await watcher.page.goto(`/game/${id}`);
  await until(async () => (await playable(south.page)).length > 0, 'the game to start');
  assert.equal(await south.page.$('[data-takeback]'), null, 'nothing to take back before a move');

  await playFirst(south.page);
  await until(async () => (await playable(north.page)).length > 0, 'North to be asked');
  await playFirst(north.page);
  await until(async () => (await playable(south.page)).length > 0, 'South to be asked again');
  const before = await boardOf(south.page);
  await playFirst(south.page);
  await until(async () => (await playable(north.page)).length > 0, 'North to be asked again');
  await until(async () => (await lines(watcher.page)) === 3, 'three moves listed');
  assert.equal(await watcher.page.$('[data-takeback]'), null, 'a spectator cannot propose');

  await south.page.click('[data-takeback="offer"]');
  await until(async () => /You proposed a takeback/.test(await south.page.textContent('.controls')), 'proposed');
  await north.page.waitForSelector('[data-takeback="accept"]');
  assert.match(await north.page.textContent('.controls'), /amina proposes a takeback/);
  await shot(north.page, 'takeback-proposed-phone');
  await north.page.click('[data-takeback="accept"]');

  for (const p of [south.page, north.page, watcher.page]) {
    await until(async () => (await lines(p)) === 2, 'the move list one line shorter on every page');
    assert.deepEqual(await boardOf(p), before, 'the board before South took its move back');
  }
  await until(async () => (await playable(south.page)).length > 0, 'South to play again');
  assert.deepEqual(await playable(north.page), []);
  await shot(south.page, 'takeback-done-desktop');
  const detail = await api(server, `/api/games/${id}`);
  assert.equal(detail.record.length, 2);
  assert.equal(detail.takebacks.length, 1);
  assert.deepEqual([detail.takebacks[0].by, detail.takebacks[0].ply], ['south', 2]);

  // South plays on from there: the game goes on from the position taken back to.
  await playFirst(south.page);
  await until(async () => (await lines(watcher.page)) === 3, 'the new third move listed');
  for (const p of [south, north, watcher]) assert.deepEqual(p.errors, []);
});

test('no takeback is offered in a rated game', { timeout: 60000 }, async () => {
  const token = async (name) => (await api(server, '/api/players', post({ name }))).token;
  const [amina, kwame] = [await token('rated-amina'), await token('rated-kwame')];
  const created = await api(server, '/api/games', post({ variant: 'kubuguza', seat: 'south', rated: true }, amina));
  const joined = await api(server, `/api/games/${created.game.id}/join`, post({}, kwame));
  const south = await person(browser, server);
  await south.page.goto(`/game/${created.game.id}#seat=${created.token}`);
  await until(async () => (await playable(south.page)).length > 0, 'South to be asked');
  await playFirst(south.page);
  await until(async () => /Offer a draw/.test(await south.page.textContent('.controls')), 'the controls');
  assert.equal(await south.page.$('[data-takeback]'), null, 'no takeback in a rated game');
  assert.ok(joined.token);
  assert.deepEqual(south.errors, []);
});

/** A JSON POST, as the account of `bearer` when given. @param {object} body @param {string} [bearer] */
function post(body, bearer) {
  const headers = { 'content-type': 'application/json' };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  return { method: 'POST', headers, body: JSON.stringify(body) };
}
