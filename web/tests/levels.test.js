// The computer's eight levels in the create form: each with its arena strength in the chosen game (the
// server's `GET /api/variants`, never a table of the page's own), following the game chosen, and a level
// chosen there is the bot seated in the new game.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, api, person, shot, until, useServerAndBrowser, server, browser } from './harness.js';

useServerAndBrowser();

/** The opponent choices the form shows: `[value, text]`. */
async function choices(page) {
  return page.$$eval('#opponent option', (os) => os.map((o) => [o.value, o.textContent]));
}

test('the form offers the eight levels with their strength in the chosen game', { timeout: 120000 }, async () => {
  const { variants } = await api(server, '/api/variants');
  const levelsOf = (id) => variants.find((v) => v.id === id).computer;
  assert.equal(levelsOf('kubuguza').length, 8);
  assert.notDeepEqual(
    levelsOf('kubuguza').map((c) => c.elo),
    levelsOf('njombwa').map((c) => c.elo),
    'the strengths differ between games, so the test can tell them apart',
  );

  for (const device of [undefined, PHONE]) {
    const p = await person(browser, server, { device, name: 'amani' });
    const { page } = p;
    await page.goto('/');
    await page.waitForSelector('#variant option[value="kubuguza"]', { state: 'attached' });
    for (const id of ['kubuguza', 'njombwa']) {
      await page.selectOption('#variant', id);
      const shown = await choices(page);
      assert.equal(shown.length, 9, 'a person and the eight levels');
      assert.equal(shown[0][0], '');
      levelsOf(id).forEach((c, i) => {
        const [value, text] = shown[i + 1];
        assert.equal(value, c.opponent);
        assert.match(text, new RegExp(`\\b${c.level}\\b`), `level ${c.level} named`);
        if (c.elo !== null && c.elo !== undefined) assert.ok(text.includes(String(c.elo)), `${text}: ${c.elo}`);
        if (c.same_as) assert.match(text, new RegExp(`level ${c.same_as}$`), `${text}: named with its group`);
      });
    }
    // A chosen level stays chosen when the game changes.
    await page.selectOption('#opponent', 'bot:7');
    await page.selectOption('#variant', 'kubuguza');
    assert.equal(await page.inputValue('#opponent'), 'bot:7');
    await shot(page, `levels-${device ? 'phone' : 'desktop'}`);
    await p.context.close();
  }
});

test(
  'a stronger level is never shown weaker, nor one figure for several levels, in every game',
  { timeout: 60000 },
  async () => {
    const { variants } = await api(server, '/api/variants');
    const p = await person(browser, server, { name: 'amani' });
    const { page } = p;
    await page.goto('/');
    await page.waitForSelector('#variant option[value="kubuguza"]', { state: 'attached' });
    for (const v of variants) {
      await page.selectOption('#variant', v.id);
      // The ratings as the form shows them, level by level ("Computer level 8 · 3352"), or the weaker level
      // the arena could not tell it apart from ("Computer level 8 · as level 7"), whose figure it has.
      const texts = (await choices(page)).slice(1).map(([, text]) => text);
      assert.equal(texts.length, 8);
      /** @type {number[]} */
      const figures = [];
      texts.forEach((text, i) => {
        const same = /as level (\d+)$/.exec(text);
        const elo = same ? figures[Number(same[1]) - 1] : Number(/· (\d+)$/.exec(text)?.[1] ?? NaN);
        if (same) assert.equal(Number(same[1]), v.computer[i].same_as, `${v.id} level ${i + 1}: the server's group`);
        else assert.equal(elo, v.computer[i].elo, `${v.id} level ${i + 1}: the server's figure`);
        if (i > 0) {
          assert.ok(elo >= figures[i - 1], `${v.id}: level ${i + 1} at ${elo} below level ${i} at ${figures[i - 1]}`);
          if (!same) assert.ok(elo > figures[i - 1], `${v.id}: level ${i + 1} shows level ${i}'s figure ${elo}`);
        }
        figures.push(elo);
      });
      const numbers = texts.map((text) => /· (\d+)$/.exec(text)?.[1]).filter(Boolean);
      assert.equal(new Set(numbers).size, numbers.length, `${v.id}: one figure for several levels: ${texts}`);
    }
    // A level of a group says why in words under the form, naming the group.
    await page.selectOption('#variant', 'ikibuguzo');
    await page.selectOption('#opponent', 'bot:6');
    const note = await page.textContent('#create .tied');
    assert.match(note, /levels 4 to 8/);
    await page.selectOption('#opponent', 'bot:medium');
    assert.equal(await page.$('#create .tied'), null, 'level 3 is told apart');
    await page.selectOption('#variant', 'kubuguza');
    await page.selectOption('#opponent', 'bot:7');
    assert.match(await page.textContent('#create .tied'), /levels 7 and 8/);
    await shot(page, 'levels-tied');
    await p.context.close();
  },
);

test('a level chosen in the form is the bot that sits down', { timeout: 120000 }, async () => {
  const p = await person(browser, server, { name: 'amani' });
  const { page } = p;
  await page.goto('/');
  await page.waitForSelector('#variant option[value="kubuguza"]', { state: 'attached' });
  await page.selectOption('#variant', 'njombwa');
  await page.selectOption('#clock', '');
  await page.selectOption('#seat', 'south');
  await page.selectOption('#opponent', 'bot:5');
  await page.click('#create button[type=submit]');
  await page.waitForURL(/\/game\/[A-Za-z0-9]{10}$/);
  const id = page.url().split('/').pop();
  const game = await api(server, `/api/games/${id}`);
  assert.equal(game.game.players.north.name, 'bot-5');
  await until(async () => (await page.$$('.bottom-player .pname')).length > 0, 'the game page is up');
  await p.context.close();
});
