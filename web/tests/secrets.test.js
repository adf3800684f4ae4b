// Hidden information in the page itself, not just in the pixels: Ikibuguzo's secret array choice
// leaves no trace in the opponent's or a spectator's DOM until both are in (the pages of two games
// that differ only by South's choice are identical), and Azigo's concealed store of the opponent is
// nowhere in the DOM.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  api,
  boardOf,
  createGame,
  joinGame,
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

/** Everything a page holds: its HTML with the game id replaced, so two games can be compared. The first
 * moves' countdown is the one thing that differs by the moment a game was made, not by a choice: its
 * seconds are left out. */
async function dom(page, id) {
  const html = await page.evaluate(() => {
    const copy = /** @type {HTMLElement} */ (document.documentElement.cloneNode(true));
    const wait = copy.querySelector('#abort-wait');
    if (wait) wait.textContent = (wait.textContent || '').replace(/\d+/g, 'N');
    return copy.outerHTML;
  });
  return html.split(id).join('GAME');
}

/** What a person or a screen reader can get from the page: text, accessible names, titles, values. */
async function readable(page) {
  return page.evaluate(() => {
    const bits = [document.body.innerText];
    for (const e of document.querySelectorAll('*')) {
      for (const a of ['aria-label', 'title', 'value', 'data-store', 'data-choice-of'])
        if (e.getAttribute(a)) bits.push(e.getAttribute(a));
    }
    return bits.join('\n');
  });
}

async function ikibuguzo(southChoice) {
  const south = await person(browser, server, { name: 'amina' });
  const north = await person(browser, server, { name: 'kwame', device: PHONE });
  const watcher = await person(browser, server);
  const id = await createGame(south.page, { variant: 'ikibuguzo', seat: 'south', name: 'amina' });
  await joinGame(north.page, id, 'kwame');
  await watcher.page.goto(`/game/${id}`);
  await south.page.waitForSelector('#choices [data-decision="opening:1"]');
  await north.page.waitForSelector('#choices [data-decision="opening:2"]');
  await south.page.click(`#choices [data-decision="${southChoice}"]`);
  for (const p of [south.page, north.page, watcher.page]) {
    await until(
      async () => (await p.textContent('[data-choice-of="south"]'))?.trim() !== 'choosing…',
      "South's choice to be known as made",
    );
  }
  // Let any late message land before the pages are compared.
  await new Promise((r) => setTimeout(r, 300));
  return { id, south, north, watcher };
}

test(
  'Ikibuguzo: the opponent and a spectator hold no trace of the secret choice until both are in',
  { timeout: 120000 },
  async () => {
    const one = await ikibuguzo('opening:1');
    const two = await ikibuguzo('opening:2');
    assert.equal(
      await one.south.page.textContent('[data-choice-of="south"]'),
      'array 1',
      'the chooser sees its own choice',
    );
    assert.equal(await two.south.page.textContent('[data-choice-of="south"]'), 'array 2');
    for (const who of ['north', 'watcher']) {
      assert.equal(
        await one[who].page.textContent('[data-choice-of="south"]'),
        'chosen',
        `${who} sees only that South chose`,
      );
      const a = await dom(one[who].page, one.id);
      const b = await dom(two[who].page, two.id);
      assert.equal(a, b, `${who}'s page is the same whichever array South chose`);
    }
    // The check can tell: South's own pages do differ.
    assert.notEqual(await dom(one.south.page, one.id), await dom(two.south.page, two.id));
    await shot(one.south.page, 'secret-choice-desktop');
    await shot(one.north.page, 'secret-choice-phone');

    // North's choice completes the pair: both arrays are laid out for everyone, as the server says.
    await one.north.page.click('#choices [data-decision="opening:2"]');
    const want = sorted(
      byName(
        (
          await until(async () => {
            const d = await api(server, `/api/games/${one.id}`);
            return d.game.plies >= 2 && d;
          }, 'both choices to be stored')
        ).view,
      ),
    );
    for (const who of ['south', 'north', 'watcher']) {
      await until(
        async () => JSON.stringify(await boardOf(one[who].page)) === JSON.stringify(want),
        `${who} to show the arrays laid out`,
      );
    }
    assert.match(await readable(one.north.page), /array 1/, "once both are in, South's array is shown");
    for (const who of ['north', 'watcher']) {
      await until(
        async () => /array 1/.test(await one[who].page.textContent('#moves li[data-ply="1"]')),
        `${who}'s move list to say South's array once revealed`,
      );
    }
    for (const g of [one, two]) for (const p of [g.south, g.north, g.watcher]) assert.deepEqual(p.errors, []);
  },
);

test("Azigo: the opponent's store count is nowhere in the DOM", { timeout: 120000 }, async () => {
  // South takes the handicap: its store holds 8, North's 9; no hole and nothing else on the pages is 8.
  const south = await person(browser, server, { name: 'amina' });
  const north = await person(browser, server, { name: 'kwame', device: PHONE });
  const watcher = await person(browser, server);
  const id = await createGame(south.page, { variant: 'azigo', seat: 'south', handicapSouth: true, name: 'amina' });
  await joinGame(north.page, id, 'kwame');
  await watcher.page.goto(`/game/${id}`);
  await south.page.waitForSelector('svg.board .hole.playable[data-hole="a1"]');
  await south.page.click('svg.board .hole[data-hole="a1"]');
  await until(async () => (await north.page.$$('svg.board .hole.playable')).length > 0, 'North to be asked');
  await until(
    async () => (await watcher.page.$$eval('#moves li', (l) => l.length)) === 1,
    'the spectator to see the move',
  );

  assert.match(await readable(south.page), /store: 8/, 'South sees its own store (so the check can tell)');
  assert.equal((await north.page.textContent('[data-store="south"]')).trim(), 'store: hidden');
  assert.equal((await north.page.textContent('[data-store="north"]')).trim(), 'store: 9', 'North sees its own store');
  assert.equal((await watcher.page.textContent('[data-store="south"]')).trim(), 'store: hidden');
  assert.equal((await watcher.page.textContent('[data-store="north"]')).trim(), 'store: hidden');
  for (const [who, p] of [
    ['north', north.page],
    ['spectator', watcher.page],
  ]) {
    const text = await readable(p);
    assert.doesNotMatch(text, /\b8\b/, `${who}'s page holds no 8 anywhere a reader could find it`);
    const html = (await p.evaluate(() => document.body.outerHTML)).split(id).join('GAME');
    assert.doesNotMatch(
      html.replace(/ (cx|cy|x|y|r|viewBox|width|height|rx|d|stroke-width)="[^"]*"/g, ''),
      /[^0-9a-zA-Z#.]8[^0-9a-zA-Z.]/,
      `${who}'s HTML has no 8 outside drawing coordinates`,
    );
  }
  await shot(north.page, 'azigo-store-phone');
  for (const p of [south, north, watcher]) assert.deepEqual(p.errors, []);
});
