// Move previews on the game page: against the computer, resting the pointer on a playable hole shows
// where its sowing ends, its laps and captures (the engine's answer, compared with the lesson preview of
// the same position) and tints the last hole; the create form offers previews for a game against a
// person; in a rated game the page never asks for one.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { api, createGame, person, playable, until, useServerAndBrowser, server, browser } from './harness.js';

useServerAndBrowser();

/** Counts the page's requests to a game's preview route. */
function previewRequests(page) {
  const seen = [];
  page.on('request', (r) => {
    if (/\/api\/games\/[A-Za-z0-9]+\/preview$/.test(r.url())) seen.push(r.url());
  });
  return seen;
}

test('against the computer, a hover previews the move the engine would play', { timeout: 120000 }, async () => {
  const p = await person(browser, server, { name: 'amani' });
  const { page } = p;
  await page.goto('/');
  await page.waitForSelector('#variant option[value="kubuguza"]', { state: 'attached' });
  assert.equal(await page.isVisible('#previews'), true, 'offered for a game against a person');
  await page.selectOption('#opponent', 'bot:easy');
  assert.equal(await page.isVisible('#previews'), false, 'always on against the computer: nothing to choose');
  const id = await createGame(page, { seat: 'south', opponent: 'bot:easy' });
  const game = await api(server, `/api/games/${id}`);
  assert.equal(game.game.previews, true);
  await until(async () => (await playable(page)).includes('e2'), 'e2 playable');

  const engine = await api(server, '/api/preview', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variant: 'kubuguza', decision: 'e2' }),
  });
  await page.hover('svg.board .hole[data-hole="e2"]');
  await until(async () => (await page.textContent('#preview')).startsWith('e2:'), 'the preview of e2');
  const shown = /falls in (\S+) · (\d+) laps? · captures (\d+)/.exec(await page.textContent('#preview'));
  assert.ok(shown, await page.textContent('#preview'));
  assert.deepEqual([shown[1], Number(shown[2]), Number(shown[3])], [engine.last_hole, engine.laps, engine.captured]);
  const tinted = await page.$$eval('svg.board .hole.preview', (g) => g.map((x) => x.getAttribute('data-hole')));
  assert.deepEqual(tinted, [engine.last_hole], 'the last hole is tinted');

  // Leaving the hole takes the preview away; playing the hole still plays it.
  await page.mouse.move(0, 0);
  await until(async () => (await page.textContent('#preview')) === '', 'the preview gone');
  await page.click('svg.board .hole[data-hole="e2"]');
  await until(async () => (await api(server, `/api/games/${id}`)).record.length >= 1, 'the move played');
  assert.deepEqual(p.errors, []);
});

test('a rated game never shows a preview', { timeout: 120000 }, async () => {
  const token = async (name) => {
    const made = await api(server, '/api/players', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    return made.token;
  };
  const [amina, baraka] = [await token('amina'), await token('baraka')];
  const post = (path, bearer, body) =>
    api(server, path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify(body),
    });
  const created = await post('/api/games', amina, { variant: 'kubuguza', seat: 'south', rated: true });
  const id = created.game.id;
  await post(`/api/games/${id}/join`, baraka, {});

  const p = await person(browser, server);
  const { page } = p;
  const asked = previewRequests(page);
  await page.goto(`/game/${id}#seat=${created.token}`);
  await until(async () => (await playable(page)).includes('e2'), 'e2 playable');
  await page.hover('svg.board .hole[data-hole="e2"]');
  // The page decides on the hover itself (the game is rated): playing the move and seeing it accepted
  // comes after any request the hover could have made.
  await page.click('svg.board .hole[data-hole="e2"]');
  await until(async () => (await api(server, `/api/games/${id}`)).record.length >= 1, 'the move played');
  await page.waitForSelector('.board-box[data-busy="false"]');
  assert.deepEqual(asked, [], 'no preview asked');
  assert.equal(await page.textContent('#preview'), '');
  assert.equal(await page.$$eval('svg.board .hole.preview', (g) => g.length), 0);
  assert.deepEqual(p.errors, []);
});
