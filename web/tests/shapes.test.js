// Screenshots of every board shape (4x8, 4x9, 4x10, 2x20) on a desktop and a phone viewport, saved
// under web/tests/screenshots/ (look at them), with checks that the board fits the phone's width and
// every hole is there with its accessible name (Azigo's turned to two columns on the phone, its store in
// the first screen); the dark theme once; and the home and rules pages.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  SHOTS,
  api,
  boardOf,
  createGame,
  DESKTOP,
  person,
  PHONE,
  shot,
  sorted,
  byName,
  until,
  useServerAndBrowser,
  server,
  browser,
} from './harness.js';

useServerAndBrowser();

const SHAPES = [
  { name: '4x8', variant: 'kubuguza', holes: 32 },
  { name: '4x9', variant: 'njombwa', width: 9, holes: 36 },
  { name: '4x10', variant: 'njombwa', width: 10, holes: 40 },
  { name: '2x20', variant: 'azigo', holes: 40 },
];

for (const shape of SHAPES) {
  test(`the ${shape.name} board on a desktop and a phone`, { timeout: 60000 }, async () => {
    for (const [device, label] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ]) {
      const p = await person(browser, server, { device, name: 'amina' });
      const id = await createGame(p.page, {
        variant: shape.variant,
        width: shape.width,
        seat: 'south',
        opponent: 'bot:easy',
        name: 'amina',
      });
      await until(async () => (await p.page.$$('svg.board .hole.playable')).length > 0, 'South to be asked');
      const holes = await boardOf(p.page);
      assert.equal(Object.keys(holes).length, shape.holes);
      assert.deepEqual(
        holes,
        sorted(byName((await api(server, `/api/games/${id}`)).view)),
        "the board is the server's",
      );
      const box = await p.page.$eval('svg.board', (s) => s.getBoundingClientRect().toJSON());
      const width = device.viewport.width;
      assert.ok(
        box.left >= 0 && box.right <= width + 0.5,
        `the board fits the ${label} width (${box.left}..${box.right} of ${width})`,
      );
      if (label === 'phone') {
        // A hole must be big enough to tap (Apple and Google ask for about 44 and 48 px).
        // 4x10 in 390 px leaves about 36 px per column: the whole cell takes the tap.
        const hole = await p.page.$eval('svg.board .hole .hit', (c) => c.getBoundingClientRect().width);
        assert.ok(hole >= 34, `a hole takes taps over ${hole.toFixed(1)} px on the phone`);
        // The whole board fits in one screen, and so does what the player can do: a four-row board in the
        // first screen with the decision buttons under it; Azigo's board, turned to two columns, rows as
        // tall as the screen allows (docs/web.md, "Small screens"), fits one screen with its two players'
        // lines once the page's header has scrolled away, the store drawn under the player's row with it
        // (it sows the store when tapped; the buttons for it follow the board).
        const at = await p.page.evaluate(() => {
          const y = (/** @type {string} */ s) => {
            const r = /** @type {Element} */ (document.querySelector(s)).getBoundingClientRect();
            return [r.top + window.scrollY, r.bottom + window.scrollY];
          };
          return {
            board: y('svg.board'),
            choices: y('#choices'),
            top: y('.top-player'),
            bottom: y('.bottom-player'),
            store: document.querySelector('svg.board .store.playable') ? y('svg.board .store.playable') : null,
          };
        });
        const screen = device.viewport.height;
        if (shape.name === '2x20') {
          const lines = at.bottom[1] - at.top[0];
          assert.ok(lines <= screen, `the board and the players' lines take ${lines} px of ${screen}`);
          assert.ok(at.store && at.store[1] <= at.bottom[0], `the store to tap ends at ${at.store?.[1]} px`);
        } else {
          assert.ok(at.board[1] <= screen, `the board ends at ${at.board[1]} px, in the first ${screen} px`);
          assert.ok(
            at.choices[0] + 44 <= screen,
            `the decision buttons start at ${at.choices[0]} px, in the first screen`,
          );
        }
      }
      await shot(p.page, `board-${shape.name}-${label}`);
      assert.deepEqual(p.errors, []);
      await p.context.close();
    }
  });
}

test('the dark theme, the home page and a rules page', { timeout: 60000 }, async () => {
  const dark = await person(browser, server, { theme: 'dark', name: 'amina' });
  await createGame(dark.page, { variant: 'kubuguza', seat: 'north', opponent: 'bot:easy', name: 'amina' });
  await until(async () => (await dark.page.$$('svg.board .hole.playable')).length > 0, 'North to be asked');
  await shot(dark.page, 'dark-4x8-north-desktop');
  const bg = await dark.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(bg, 'rgb(22, 21, 18)', 'the dark background');
  for (const [device, label] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ]) {
    const p = await person(browser, server, { device });
    await p.page.goto('/');
    await p.page.waitForSelector('.variant h3');
    // The live list comes over the lobby socket, within a second of the page's first reading.
    await until(async () => (await p.page.$$('#live-list li')).length >= 1, 'the games against the computer are live');
    // Four games, each in one plain sentence; every rule set is still reached from them (Ikibuguzo's fixed
    // arrays as its card's options).
    assert.deepEqual(await p.page.$$eval('.variant h3', (v) => v.map((x) => x.textContent)), [
      'Ikibuguzo',
      'Kubuguza',
      'Njombwa',
      'Azigo',
    ]);
    for (const sentence of await p.page.$$eval('.variant h3 + p', (v) => v.map((x) => x.textContent))) {
      assert.match(sentence, /^[^.]+\.$/, `one sentence: ${sentence}`);
      assert.ok(sentence.length <= 220, `short: ${sentence}`);
    }
    const linked = await p.page.$$eval('.variants a[href^="/rules/"]', (a) => a.map((x) => x.getAttribute('href')));
    const sets = (await (await fetch(`${server.base}/api/variants`)).json()).variants.map((v) => `/rules/${v.id}`);
    assert.deepEqual([...new Set(linked)].sort(), sets.sort(), 'every rule set linked');
    assert.match(
      await p.page.textContent('.variant:first-child .options'),
      /Ikibuguzo \(opening 1\) · Ikibuguzo \(opening 2\)$/,
    );
    await shot(p.page, `home-${label}`);
    await p.page.locator('.variants').screenshot({ path: `${SHOTS}/home-games-${label}.png` });
    await p.page.click('.variant a[href="/rules/azigo"]');
    await p.page.waitForSelector('.rules-page section svg.board');
    assert.match(await p.page.textContent('.rules-page'), /store/);
    await shot(p.page, `rules-azigo-${label}`);
    assert.deepEqual(p.errors, []);
  }
});
