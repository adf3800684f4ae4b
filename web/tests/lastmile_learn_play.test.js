// The last mile around play, for a newcomer: tournaments that explain themselves (what an arena and a
// Swiss are, how arena points are scored, what berserk is, where each is chosen and where it is shown;
// berserk off unless chosen), the home page's play form without a blank band or a second clock hint, and
// Ikibuguzo's secret choice shown on the chooser's own board (and only there).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DESKTOP,
  PHONE,
  api,
  boardOf,
  byName,
  createGame,
  joinGame,
  person,
  shot,
  signUp,
  until,
  useServerAndBrowser,
  server,
  browser,
} from './harness.js';

useServerAndBrowser();

test(
  'a tournament explains its scoring and berserk where they are chosen and where they are shown',
  { timeout: 120000 },
  async () => {
    const a = await person(browser, server, { device: DESKTOP });
    await signUp(a.page, 'Asha');
    await a.page.goto('/tournaments');
    await a.page.click('#tour-new-summary');
    await a.page.waitForSelector('#tf-berserk');
    // Chosen: berserk is off until the creator ticks it, and says what it is without hovering.
    assert.equal(await a.page.isChecked('#tf-berserk'), false, 'berserk off by default');
    const berserkHelp = await a.page.textContent('#tf-berserk-help');
    assert.match(berserkHelp, /halve their own clock/);
    assert.match(berserkHelp, /one point more/);
    assert.equal(await a.page.getAttribute('#tf-berserk', 'aria-describedby'), 'tf-berserk-help');
    assert.ok(await a.page.isVisible('#tf-berserk-help'));
    const arenaHelp = await a.page.textContent('#tf-kind-help');
    assert.match(arenaHelp, /A win scores 2 points, a draw 1/);
    assert.match(arenaHelp, /Two wins in a row start a streak/);
    await a.page.check('#tf-swiss');
    assert.match(await a.page.textContent('#tf-kind-help'), /A win scores 1 point, a draw ½/);
    assert.equal(await a.page.isVisible('#tf-berserk-help'), false, 'no berserk in a Swiss');
    await a.page.check('#tf-arena');
    await a.page.check('#tf-berserk');
    await a.page.fill('#tf-name', 'Berserk arena');
    await shot(a.page, 'tournament-form-explained-desktop');
    await a.page.click('#tf-submit');
    await a.page.waitForURL(/\/tournament\/[A-Za-z0-9]+$/);
    const id = a.page.url().split('/').pop();
    assert.equal((await api(server, `/api/tournaments/${id}`)).berserk, true);
    // Shown: beside the standings, how the points of the sheet are scored, berserk included.
    await a.page.waitForSelector('#t-scoring li');
    const scoring = await a.page.textContent('#t-scoring');
    assert.match(scoring, /How points are scored/);
    assert.match(scoring, /A win scores 2 points, a draw 1, a loss 0/);
    assert.match(scoring, /every game then scores double/);
    assert.match(scoring, /fewer than 10 turns scores nothing/);
    assert.match(scoring, /Berserk: before your first move you may halve your own clock/);
    await shot(a.page, 'tournament-scoring-desktop');

    // Without berserk, the page says so; a French reader on a phone gets the same in French.
    await a.page.goto('/tournaments');
    await a.page.click('#tour-new-summary');
    await a.page.fill('#tf-name', 'Plain arena');
    await a.page.click('#tf-submit');
    await a.page.waitForURL(/\/tournament\/[A-Za-z0-9]+$/);
    const plain = a.page.url().split('/').pop();
    assert.equal((await api(server, `/api/tournaments/${plain}`)).berserk, false, 'created without berserk');
    await a.page.waitForSelector('#t-scoring li');
    assert.match(await a.page.textContent('#t-scoring'), /Berserk is not allowed in this tournament/);
    const f = await person(browser, server, { device: PHONE, locale: 'fr-FR' });
    await f.page.goto(`/tournament/${id}`);
    await f.page.waitForSelector('#t-scoring li');
    const fr = await f.page.textContent('#t-scoring');
    assert.match(fr, /Comment les points sont comptés/);
    assert.match(fr, /Une victoire rapporte 2 points, une nulle 1/);
    assert.match(fr, /diviser votre propre pendule par deux/);
    await shot(f.page, 'tournament-scoring-phone');
    assert.deepEqual(a.errors, []);
    assert.deepEqual(f.errors, []);
    await a.context.close();
    await f.context.close();
  },
);

test("the home page's play form: one line of choices, the clock explained once", { timeout: 60000 }, async () => {
  for (const device of [DESKTOP, PHONE]) {
    const p = await person(browser, server, { device });
    const { page } = p;
    await page.goto('/');
    await page.waitForSelector('#create #variant option[value="kubuguza"]', { state: 'attached' });
    const explained = await page.$$eval(
      'p',
      (ps) => ps.filter((x) => /5\+3 means 5 minutes/.test(x.textContent)).length,
    );
    assert.equal(explained, 1, 'the clock is explained once on the page');
    assert.equal(await page.getAttribute('#clock', 'aria-describedby'), 'clock-explain');
    assert.match(await page.textContent('#clock-explain'), /5\+3 means 5 minutes/);
    // No blank band: every field of the form's first line starts at the same height, just under the heading.
    const tops = await page.$$eval('#create > label', (ls) =>
      ls.filter((l) => l.offsetParent).map((l) => Math.round(l.getBoundingClientRect().top)),
    );
    const heading = await page.$eval('#play-computer h2', (h) => h.getBoundingClientRect().bottom);
    if (device === DESKTOP) {
      assert.ok(
        tops.slice(0, 4).every((t) => t === tops[0]),
        `the first line of fields at one height: ${tops}`,
      );
    }
    assert.ok(tops[0] - heading < 40, `the form starts under its heading (${Math.round(tops[0] - heading)} px)`);
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
});

test(
  "Ikibuguzo's secret choice: my own array on my side of the board, nothing on the opponent's page",
  { timeout: 90000 },
  async () => {
    const south = await person(browser, server, { name: 'amina' });
    const north = await person(browser, server, { name: 'kwame', device: PHONE });
    const id = await createGame(south.page, { variant: 'ikibuguzo', seat: 'south', name: 'amina' });
    await joinGame(north.page, id, 'kwame');
    await south.page.waitForSelector('#choices [data-decision="opening:1"]');
    await south.page.click('#choices [data-decision="opening:1"]');
    await until(async () => (await boardOf(south.page)).h1 === 17, "South's array 1 on South's side");
    const mine = await boardOf(south.page);
    assert.deepEqual(
      ['b1', 'h1', 'c2', 'e2', 'g2', 'a1', 'a2'].map((h) => mine[h]),
      [6, 17, 3, 3, 3, 0, 0],
      'array 1 laid out on my rows',
    );
    assert.equal(mine.a4, 2, "North's rows still as the server has them");
    // The server's own board is unchanged until both choose, and North's page shows nothing of the choice.
    assert.equal(byName((await api(server, `/api/games/${id}`)).view).h1, 2);
    await north.page.waitForSelector('#choices [data-decision="opening:2"]');
    const theirs = await boardOf(north.page);
    assert.equal(theirs.h1, 2, "North's page does not show South's array");
    await shot(south.page, 'ikibuguzo-chosen-desktop');
    // Once both are in, the board is the server's: both arrays laid out.
    await north.page.click('#choices [data-decision="opening:2"]');
    await until(
      async () => (await boardOf(north.page)).a1 === 0 && (await boardOf(north.page)).h1 === 17,
      'the reveal',
    );
    await until(
      async () => JSON.stringify(await boardOf(south.page)) === JSON.stringify(await boardOf(north.page)),
      'both pages to show the same board',
    );
    assert.deepEqual(south.errors, []);
    assert.deepEqual(north.errors, []);
    await south.context.close();
    await north.context.close();
  },
);
