// A game against the computer played to the end through the page, then replayed: the slider and the
// arrow keys show, at every ply tried, exactly the board of `/api/games/{id}/position?ply=N`; the
// record downloads as text and JSON.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  api,
  winnerOf,
  boardOf,
  createGame,
  person,
  PHONE,
  playable,
  shot,
  sorted,
  byName,
  statusOf,
  until,
  useServerAndBrowser,
  server,
  browser,
} from './harness.js';

useServerAndBrowser();

async function shown(page, n) {
  await page.waitForSelector(`.replay[data-shown="${n}"]`);
  return boardOf(page);
}

test('a game against the computer, then its replay matches /position?ply=N', { timeout: 240000 }, async () => {
  const p = await person(browser, server, { name: 'amina', device: PHONE });
  const id = await createGame(p.page, { variant: 'njombwa', seat: 'south', opponent: 'bot:random', name: 'amina' });
  for (let i = 0; ; i += 1) {
    const state = await until(
      async () => {
        if (await winnerOf(p.page)) return 'over';
        const choice = await p.page.$('#choices [data-decision]');
        if (choice) {
          await choice.click();
          return 'played';
        }
        const holes = await playable(p.page);
        if (holes.length) {
          await p.page.click(`svg.board .hole[data-hole="${holes[(i * 7) % holes.length]}"]`);
          return 'played';
        }
        return null;
      },
      'our move or the end',
      30000,
    );
    if (state === 'over') break;
    assert.ok(i < 3000, 'the game ends');
  }
  const { game, record } = await api(server, `/api/games/${id}`);
  assert.equal(game.status, 'finished');
  const plies = game.plies;
  await p.page.waitForSelector('#replay-ply');
  assert.equal(await p.page.getAttribute('#replay-ply', 'max'), String(plies));

  const check = async (n) => {
    const want = sorted(byName((await api(server, `/api/games/${id}/position?ply=${n}`)).view));
    assert.deepEqual(await shown(p.page, n), want, `the board after ply ${n}`);
    // The move that led there stays marked: its origin (the hole of its decision).
    const from = n > 0 ? (record[n - 1].decision || '').split(':')[0] : '';
    const marked = await p.page.$$eval('svg.board .hole.last-from', (g) => g.map((x) => x.dataset.hole));
    assert.deepEqual(marked, /^[a-t][1-4]$/.test(from) ? [from] : [], `the origin of move ${n} is marked`);
  };
  // The arrow keys from the start, then the slider anywhere.
  await p.page.focus('#replay-ply');
  await p.page.keyboard.press('Home');
  await check(0);
  for (let n = 1; n <= 3; n += 1) {
    await p.page.keyboard.press('ArrowRight');
    await check(n);
  }
  await p.page.keyboard.press('ArrowLeft');
  await check(2);
  for (const n of [Math.floor(plies / 3), Math.floor(plies / 2), plies - 1, plies]) {
    await p.page.fill('#replay-ply', String(n));
    await check(n);
  }
  await p.page.fill('#replay-ply', String(Math.floor(plies / 2)));
  await shown(p.page, Math.floor(plies / 2));
  await shot(p.page, 'replay-phone');

  const text = await p.page.getAttribute('a[download$=".txt"]', 'href');
  const json = await p.page.getAttribute('a[download$=".json"]', 'href');
  const t = await (await fetch(`${server.base}${text}`)).text();
  assert.match(t, new RegExp(`\\[GameId "${id}"\\]`));
  assert.equal((await (await fetch(`${server.base}${json}`)).json()).record.length, plies);
  assert.deepEqual(p.errors, []);
});
