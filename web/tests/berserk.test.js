// Berserk in an arena's game, in two browsers: an arena that allows it pairs two accounts; South's page
// offers the ⚔ button near its own clock before its first move, North's page and a spectator's do not
// offer it to them; South presses it, and every page shows South's clock halved and the berserk mark next
// to South's name, and the button is gone. A casual game offers no berserk.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { api, createGame, person, playable, until, useServerAndBrowser, server, browser } from './harness.js';

useServerAndBrowser();

/** `POST path` with a bearer token and a JSON body. */
const post = (path, token, body) =>
  api(server, path, {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });

/** The seat the director gave `token`'s account in tournament `id`. */
async function myGame(id, token) {
  let game = null;
  await until(async () => {
    const t = await api(server, `/api/tournaments/${id}`, { headers: { authorization: `Bearer ${token}` } });
    game = t.me?.game ?? null;
    return game;
  }, 'the director to pair the player');
  return game;
}

/** The clock `side` shows on `page`, in seconds. */
async function clockOf(page, side) {
  const text = await page.textContent(`[data-clock="${side}"]`);
  const [m, s] = text.trim().split(':').map(Number);
  return m * 60 + s;
}

test('berserk halves the clock and marks the player on every page', { timeout: 120000 }, async () => {
  const host = await post('/api/players', '', { name: 'host' });
  const players = [
    await post('/api/players', '', { name: 'amina' }),
    await post('/api/players', '', { name: 'kwame' }),
  ];
  const arena = await post('/api/tournaments', host.token, {
    name: 'Berserk arena',
    kind: 'arena',
    variants: ['kubuguza'],
    minutes: 30,
    clock: { base_secs: 120, increment_secs: 2 },
    bots: true,
    berserk: true,
  });
  for (const p of players) await post(`/api/tournaments/${arena.id}/join`, p.token);
  const seats = [await myGame(arena.id, players[0].token), await myGame(arena.id, players[1].token)];
  const south = seats.find((g) => g.seat === 'south');
  const north = seats.find((g) => g.seat === 'north');
  const id = south.game.id;

  const pages = [await person(browser, server), await person(browser, server), await person(browser, server)];
  const [sp, np, wp] = pages.map((p) => p.page);
  await sp.goto(`/game/${id}#seat=${south.token}`);
  await np.goto(`/game/${id}#seat=${north.token}`);
  await wp.goto(`/game/${id}`);
  await until(async () => (await playable(sp)).length > 0, 'the game to start');
  await sp.waitForSelector('[data-berserk="south"]');
  await np.waitForSelector('[data-berserk="north"]');
  assert.equal(await wp.$('[data-berserk]'), null, 'a spectator cannot berserk');
  assert.equal(await sp.$('[data-berserk="north"]'), null, "no button for the opponent's side");
  assert.equal(
    await sp.getAttribute('[data-berserk="south"]', 'title'),
    'Give up half your time (and your increment) for an extra point if you win',
  );

  await sp.click('[data-berserk="south"]');
  for (const p of [sp, np, wp]) {
    await p.waitForSelector('[data-berserked="south"]');
    await until(async () => (await clockOf(p, 'south')) <= 60, 'South’s clock halved');
    assert.equal(await clockOf(p, 'north'), 120);
    assert.equal(await p.$('[data-berserked="north"]'), null);
  }
  assert.equal(await sp.$('[data-berserk]'), null, 'once only');
  const detail = await api(server, `/api/games/${id}`);
  assert.deepEqual(detail.game.berserk, { south: true, north: false });
  for (const p of pages) assert.deepEqual(p.errors, []);

  // A casual game has no berserk.
  const casual = await person(browser, server, { name: 'lea' });
  await createGame(casual.page, { variant: 'kubuguza', seat: 'south', name: 'lea' });
  await casual.page.waitForSelector('.bottom-player .pname');
  assert.equal(await casual.page.$('[data-berserk]'), null);
});
