// A game's socket opens as soon as the page's HTML is in (net/early.js), while the page's modules are
// still on their way: on a slow network the handshake and the game's snapshot then come during the
// modules' download instead of after it. The game page takes that connection and what it heard, opens
// no second one, and plays through it. (A game opened from another page, without loading the HTML,
// opens its own socket: every other game test does so.)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { api, browser, person, playable, server, until, useServerAndBrowser } from './harness.js';

useServerAndBrowser();

/** A guest's token for `name`. @param {string} name */
async function guest(name) {
  const made = await api(server, '/api/players', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return made.token;
}

/** @param {string} path @param {string} bearer @param {unknown} body */
const post = (path, bearer, body) =>
  api(server, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
    body: JSON.stringify(body),
  });

test(
  "a game's socket opens before the page's modules are in, and the page plays through it",
  { timeout: 60000 },
  async () => {
    const [amina, baraka] = [await guest('amina'), await guest('baraka')];
    const created = await post('/api/games', amina, { variant: 'kubuguza', seat: 'south' });
    const id = created.game.id;
    await post(`/api/games/${id}/join`, baraka, {});

    const { page } = await person(browser, server);
    /** @type {{url: string, frames: number}[]} */
    const sockets = [];
    page.on('websocket', (ws) => {
      const s = { url: ws.url(), frames: 0 };
      sockets.push(s);
      ws.on('framereceived', () => (s.frames += 1));
    });
    // The game page's own module is held until the early socket has heard the server: nothing of the
    // page runs meanwhile, so what it heard is handed over when the page starts.
    /** @type {() => void} */
    let release = () => {};
    const held = new Promise((r) => (release = () => r(undefined)));
    await page.route('**/js/pages/game.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/game/${id}#seat=${created.token}`, { waitUntil: 'commit' });
    await until(async () => sockets.length > 0 && sockets[0].frames > 0, "the early socket's first frame");
    assert.equal(new URL(sockets[0].url).pathname, `/api/games/${id}/ws`);
    assert.equal(new URL(sockets[0].url).searchParams.get('token'), created.token, 'the seat of the link');
    assert.equal(await page.$('svg.board .hole'), null, 'the page has not drawn yet');
    release();

    await until(async () => (await playable(page)).length > 0, "South's holes, playable");
    assert.equal(new URL(page.url()).hash, '', 'the seat is taken out of the address bar');
    const hole = (await playable(page))[0];
    await page.click(`svg.board .hole[data-hole="${hole}"]`);
    await until(async () => (await api(server, `/api/games/${id}`)).game.plies >= 1, 'the move, stored');
    assert.equal(sockets.length, 1, 'one connection: the page took the early one');
  },
);
