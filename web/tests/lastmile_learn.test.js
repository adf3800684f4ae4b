// The last mile of reading and learning: Azigo's 2x20 board drawn as two lines of twenty on a desktop and
// turned to two columns of twenty on a phone, with counts a person can read and each store beside its row
// (the opponent's as "?", one's own played by a tap); lesson demos paused and stepped; the rules pages with
// the rules first and the sources as numbered notes at the end, Murray's notation explained, no note for
// developers; and the lessons saying what the rules say (the secret choice presented as this site's, the
// chosen array on the board, Njombwa's gambit before any game, no store to sow before it is taught).

import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  DESKTOP,
  PHONE,
  ROOT,
  SHOTS,
  api,
  boardOf,
  byName,
  createGame,
  person,
  shot,
  until,
  useServerAndBrowser,
  server,
  browser,
} from './harness.js';

useServerAndBrowser();

/** Keeps a screenshot of the test run in docs/web/ as well (the ones the docs show). */
async function docShot(page, name) {
  await shot(page, name);
  copyFileSync(join(SHOTS, `${name}.png`), join(ROOT, 'docs', 'web', `${name}.png`));
}

/**
 * Where each hole, store and text of the board is on the screen, in CSS pixels, and the font sizes the
 * reader sees (the SVG's own units times its scale).
 */
async function geometry(page) {
  // board2.js draws the two-row board and loads its style sheet: the sizes are read once it applies.
  await page.waitForFunction(() => document.querySelector('link[data-board2]')?.sheet);
  return page.evaluate(() => {
    const svg = /** @type {SVGSVGElement} */ (document.querySelector('svg.board'));
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const px = (/** @type {Element | null} */ el) => (el ? parseFloat(getComputedStyle(el).fontSize) * scale : 0);
    const box = (/** @type {Element} */ el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 + window.scrollY, w: r.width, h: r.height };
    };
    const holes = Object.fromEntries(
      [...svg.querySelectorAll('.hole')].map((g) => [g.getAttribute('data-hole'), box(g.querySelector('.hit'))]),
    );
    const stores = [...svg.querySelectorAll('.store')].map((g) => ({
      label: g.getAttribute('aria-label'),
      playable: g.classList.contains('playable'),
      ...box(g.querySelector('.hit')),
    }));
    return {
      holes,
      stores,
      count: px(svg.querySelector('.hole .count')),
      name: px(svg.querySelector('.hole .name') || svg.querySelector('.edge')),
      board: svg.getBoundingClientRect().toJSON(),
      bottom: svg.getBoundingClientRect().bottom + window.scrollY,
    };
  });
}

const columns = 'abcdefghijklmnopqrst'.split('');

test(
  "Azigo on a desktop: two lines of twenty, counts readable, each store beside its row, the opponent's as ?",
  { timeout: 120000 },
  async () => {
    const p = await person(browser, server, { device: DESKTOP, name: 'amina' });
    const { page } = p;
    await createGame(page, { variant: 'azigo', seat: 'south', opponent: 'bot:easy', name: 'amina' });
    await until(async () => (await page.$$('svg.board .hole.playable')).length > 0, 'South to be asked');
    const g = await geometry(page);
    for (const row of [1, 2]) {
      const line = columns.map((c) => g.holes[`${c}${row}`]);
      assert.ok(
        line.every((h) => Math.abs(h.y - line[0].y) < 1),
        `row ${row}: one line of twenty`,
      );
      assert.ok(
        line.every((h, i) => i === 0 || h.x > line[i - 1].x),
        `row ${row}: a to t from left to right`,
      );
    }
    assert.ok(g.holes.a2.y < g.holes.a1.y, "North's line above South's");
    assert.ok(g.count >= 13, `the counts are ${g.count.toFixed(1)} px`);
    assert.ok(g.name >= 11, `the hole names are ${g.name.toFixed(1)} px`);
    assert.ok(g.board.right <= 1280, 'the board fits the screen');
    const [south, north] = [g.stores.find((s) => /South/.test(s.label)), g.stores.find((s) => /North/.test(s.label))];
    assert.equal(south.label, "South's store: 9, playable", 'my store, its count, playable');
    assert.equal(north.label, "North's store: hidden", "the opponent's store hidden");
    assert.equal(await page.textContent('svg.board .store:not(.playable) .count'), '?');
    assert.ok(Math.abs(south.y - g.holes.a1.y) < 1 && south.x < g.holes.a1.x, 'my store at the start of my row');
    assert.ok(Math.abs(north.y - g.holes.t2.y) < 1 && north.x > g.holes.t2.x, "North's at the start of his row");
    await docShot(page, 'azigo-desktop');

    // A lesson on a desktop: the board takes the panel's width, its counts as readable.
    await page.goto('/learn/azigo/capture');
    await page.waitForSelector('.lesson.wide svg.board .hole');
    const l = await geometry(page);
    assert.ok(l.board.width >= 1000, `the lesson's board is ${l.board.width} px wide`);
    assert.ok(l.count >= 16, `the lesson's counts are ${l.count.toFixed(1)} px`);
    await shot(page, 'azigo-lesson-desktop');
    assert.deepEqual(p.errors, []);
    await p.context.close();
  },
);

test(
  'Azigo on a phone: two columns of twenty on one screen, the store sown by a tap',
  { timeout: 120000 },
  async () => {
    const p = await person(browser, server, { device: PHONE, name: 'amina' });
    const { page } = p;
    const id = await createGame(page, { variant: 'azigo', seat: 'south', opponent: 'bot:easy', name: 'amina' });
    await until(async () => (await page.$$('svg.board .hole.playable')).length > 0, 'South to be asked');
    const g = await geometry(page);
    for (const row of [1, 2]) {
      const column = columns.map((c) => g.holes[`${c}${row}`]);
      assert.ok(
        column.every((h) => Math.abs(h.x - column[0].x) < 1),
        `row ${row}: one column of twenty`,
      );
      // Turned a quarter anticlockwise: each row runs up the board from a to t.
      assert.ok(
        column.every((h, i) => i === 0 || h.y < column[i - 1].y),
        `row ${row}: a at the bottom, t at the top`,
      );
    }
    assert.ok(g.holes.a1.x > g.holes.a2.x, "my row on the right, North's on the left");
    assert.ok(Math.abs(g.holes.t1.y - g.holes.t2.y) < 1, 't1 beside t2: the sowing goes on across the top');
    const hole = g.holes.c1;
    assert.ok(hole.w >= 150 && hole.h >= 26, `a hole takes taps over ${hole.w.toFixed(0)}x${hole.h.toFixed(0)} px`);
    assert.ok(g.count >= 15, `the counts are ${g.count.toFixed(1)} px`);
    assert.ok(g.name >= 12, `the hole names are ${g.name.toFixed(1)} px`);
    assert.ok(g.board.left >= 0 && g.board.right <= 390, 'the board fits the width');
    // Rows as tall as the screen allows (docs/web.md, "Small screens"): the board and its two players'
    // lines fit one screen once the page's header has scrolled away.
    const lines = await page.evaluate(
      () =>
        /** @type {Element} */ (document.querySelector('.bottom-player')).getBoundingClientRect().bottom -
        /** @type {Element} */ (document.querySelector('.top-player')).getBoundingClientRect().top,
    );
    assert.ok(lines <= 844, `the board and the players' lines fit one screen (${lines.toFixed(0)} px)`);
    const mine = g.stores.find((s) => /South/.test(s.label));
    const theirs = g.stores.find((s) => /North/.test(s.label));
    assert.ok(mine.playable && mine.y > g.holes.a1.y && Math.abs(mine.x - g.holes.a1.x) < 1, 'my store under a1');
    assert.ok(theirs.y < g.holes.t2.y && Math.abs(theirs.x - g.holes.t2.x) < 1, "North's store above t2");
    assert.match(await page.textContent('svg.board .store.playable .count'), /9/);
    assert.match(await page.textContent('svg.board .store:not(.playable) .count'), /\?/);
    await docShot(page, 'azigo-phone');

    // The store on the board is the store move: one tap sows it.
    await page.tap('svg.board .store.playable');
    await until(async () => (await api(server, `/api/games/${id}`)).record.length >= 1, 'the move to be played');
    const { record } = await api(server, `/api/games/${id}`);
    assert.equal(record[0].decision, 'store');
    const after = byName((await api(server, `/api/games/${id}/position?ply=1`)).view ?? {});
    assert.equal(after.a1, 6, 'the nine counters of the store were sown from a1');
    assert.deepEqual(p.errors, []);
    await p.context.close();
  },
);

test('a lesson demo is paused, stepped back and forth, and watched to its end', { timeout: 120000 }, async () => {
  const p = await person(browser, server, { speed: 'slow', locale: 'fr-FR' });
  const { page } = p;
  await page.goto('/learn/kubuguza/relay');
  await page.waitForSelector('.demo button.demo-play');
  const start = await boardOf(page);
  assert.deepEqual([start.c1, start.e1], [2, 1]);
  await page.click('.demo button.demo-play');
  await page.click('.demo button.demo-play'); // Pause
  assert.equal(await page.textContent('.demo button.demo-play'), 'Lecture', 'paused: the button plays again');
  // The status counts laps as a player does, never counters dropped ("Semis : 72/72").
  const status = () => page.textContent('.demo .demo-status');
  assert.doesNotMatch(await status(), /\d+\/\d+/);
  const n = Number(/^Tour \d+ sur (\d+)$/.exec(await status())?.[1]);
  assert.ok(n >= 2, `a relay: more than one lap (${await status()})`);
  while (!(await page.isDisabled('.demo button.demo-back'))) await page.click('.demo button.demo-back');
  assert.equal(await status(), `Le semis fait ${n} tours`, 'before the sowing: how many laps');
  assert.deepEqual(await boardOf(page), start, 'back at the start');
  await page.click('.demo button.demo-next');
  assert.equal(await status(), `Tour 1 sur ${n}`);
  const label = (hole) => page.getAttribute(`svg.board .hole[data-hole="${hole}"]`, 'aria-label');
  assert.equal(await label('c1'), 'c1 0', 'step 1: c1 is lifted');
  assert.match(
    await page.textContent('.caption'),
    new RegExp(`^semis 1 sur ${n}\u00a0: lève 2 en c1`),
    'lifted, in French',
  );
  await page.click('.demo button.demo-next');
  assert.equal(await label('d1'), 'd1 1', 'step 2: one counter in d1');
  await page.click('.demo button.demo-back');
  assert.equal(await label('d1'), 'd1 0', 'one step back');
  await shot(page, 'lesson-demo-paused');
  while (!(await page.isDisabled('.demo button.demo-next'))) await page.click('.demo button.demo-next');
  assert.equal(await status(), `Semé\u00a0: le semis a fait ${n} tours`);
  assert.equal(await page.textContent('.demo button.demo-play'), 'Revoir');
  await until(async () => (await page.$$('.steps-dots li.done')).length === 1, 'the step watched, marked done');
  // The engine's board after the sowing: the relay from e1 ended in g1.
  const after = await boardOf(page);
  assert.deepEqual([after.c1, after.e1, after.g1], [0, 0, 1]);
  assert.deepEqual(p.errors, []);
  await p.context.close();
});

test(
  "rules pages: the rules first, the sources as numbered notes at the end, Murray's notation explained",
  { timeout: 120000 },
  async () => {
    for (const [locale, reading] of [
      [undefined, 'How this site reads it'],
      ['fr-FR', 'Comment ce site l’interprète'],
    ]) {
      const p = await person(browser, server, { device: DESKTOP, locale });
      const { page } = p;
      for (const game of ['kubuguza', 'ikibuguzo', 'njombwa', 'azigo']) {
        await page.goto(`/rules/${game}`);
        await page.waitForSelector('#notes ol li');
        const text = await page.textContent('.rules-page');
        assert.doesNotMatch(
          text,
          /For developers|Pour les développeurs|docs\/|\.md\b/,
          `${game}: no note for developers`,
        );
        // The sources come after every rule, once each: numbered notes, each called from its rule.
        const order = await page.$$eval('.rules-page > section, .rules-page > p', (els) => els.map((e) => e.id));
        assert.equal(order.at(-1), 'notes', `${game}: the notes close the page`);
        assert.equal(await page.$$eval('.rules-page section:not(#notes) blockquote', (b) => b.length), 0);
        const notes = await page.$$eval('#notes ol > li', (lis) => lis.map((li) => li.id));
        const calls = await page.$$eval('.calls a', (as) => as.map((a) => a.getAttribute('href')));
        assert.deepEqual(
          calls,
          notes.map((n) => `#${n}`),
          `${game}: each note called once, in order`,
        );
        assert.deepEqual(
          notes,
          notes.map((_, i) => `note-${i + 1}`),
        );
        const sources = await page.$$eval('#notes cite', (c) => new Set(c.map((x) => x.textContent)).size);
        const references = (text.match(/DLP\.Evidence\.\d+/g) || []).length;
        const evidence = new Set(text.match(/DLP\.Evidence\.\d+/g)).size;
        assert.ok(references <= sources + 1, `${game}: the portal's evidence given once per source (${references})`);
        assert.ok(evidence >= 1, `${game}: where the words were read is said`);
        // A call leads to its note, and the note back to its rule.
        await page.click('.calls a[href="#note-1"]');
        await until(async () => (await page.evaluate(() => location.hash)) === '#note-1', 'the first note');
        assert.ok(text.includes(reading), `${game}: the reading box says "${reading}"`);
      }
      await page.goto('/rules/ikibuguzo');
      await page.waitForSelector('#notes ol li');
      const notes = await page.textContent('#notes');
      const letters = locale
        ? /«\s3L\s» désigne les trois graines du trou L, e2/
        : /“3L” means the three beans in L, e2/;
      assert.match(notes, letters, 'Murray\'s "3L" explained');
      assert.match(notes, locale ? /8\.3\.3 est le numéro/ : /8\.3\.3 is Murray's number/, 'his section number too');
      assert.match(notes, /R\. de Z\. Hall/, "Murray's informant credited");
      const page1 = await page.textContent('#rule-clockwise-limit');
      assert.match(page1, locale ? /qui contient deux graines ou plus/ : /holding two counters or more/);
      assert.match(await page.textContent('#rule-reverse'), /h4 .*g3/, "North's reverse holes named");
      if (!locale) {
        await page.evaluate(() =>
          window.scrollTo(0, document.querySelector('#notes').getBoundingClientRect().top + window.scrollY - 70),
        );
        await page.screenshot({ path: join(SHOTS, 'rules-notes-desktop.png') });
        copyFileSync(join(SHOTS, 'rules-notes-desktop.png'), join(ROOT, 'docs', 'web', 'rules-notes-desktop.png'));
        await page.evaluate(() =>
          window.scrollTo(0, document.querySelector('#rule-reverse').getBoundingClientRect().top + window.scrollY - 70),
        );
        await page.screenshot({ path: join(SHOTS, 'rules-rule-desktop.png') });
        copyFileSync(join(SHOTS, 'rules-rule-desktop.png'), join(ROOT, 'docs', 'web', 'rules-rule-desktop.png'));
      }
      await page.goto('/rules/njombwa');
      await page.waitForSelector('#notes ol li');
      assert.match(
        await page.textContent('#notes'),
        /he takes his opponent's man or men/,
        'the singleton rule quoted on',
      );
      assert.match(
        await page.textContent('#rule-sowing'),
        locale ? /seize graines ou plus/ : /sixteen counters or more/,
      );
      assert.match(await page.textContent('#rule-pairs'), locale ? /deux quand Nord répond/ : /two when North answers/);
      await page.goto('/rules/kubuguza');
      await page.waitForSelector('#notes ol li');
      assert.match(
        await page.textContent('#rule-clockwise'),
        /a4, h4, b3 (and|et) g3/,
        "North's clockwise holes named",
      );
      assert.deepEqual(p.errors, []);
      await p.context.close();
    }
    const phone = await person(browser, server, { device: PHONE });
    await phone.page.goto('/rules/azigo');
    await phone.page.waitForSelector('#rule-capture svg.board');
    await phone.page.evaluate(() =>
      window.scrollTo(
        0,
        document.querySelector('#rule-capture .reading').getBoundingClientRect().top + window.scrollY - 80,
      ),
    );
    await phone.page.screenshot({ path: join(SHOTS, 'rules-azigo-capture-phone.png') });
    copyFileSync(
      join(SHOTS, 'rules-azigo-capture-phone.png'),
      join(ROOT, 'docs', 'web', 'rules-azigo-capture-phone.png'),
    );
    const wide = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `nothing wider than the phone (${wide})`);
    assert.deepEqual(phone.errors, []);
    await phone.context.close();
  },
);

test("the lessons say what the rules say, in the rules' order", { timeout: 120000 }, async () => {
  const courses = (await api(server, '/api/lessons?lang=en')).courses;
  const course = (game) => courses.find((c) => c.game === game);
  // Ikibuguzo: Murray's same array for both; the secret choice presented as this site's own.
  const iki = course('ikibuguzo');
  assert.doesNotMatch(iki.intro, /three things of its own/);
  assert.match(
    iki.intro,
    /only in its opening, where both players arrange their counters in the same opening array, and in a second way to win/,
  );
  assert.match(iki.intro, /not Murray's/);
  const lessonIds = (game) => course(game).lessons.map((l) => l.id.split('/')[1]);
  assert.deepEqual(lessonIds('njombwa').slice(0, 3), ['sowing', 'capture', 'opening'], "Njombwa's gambit third");
  assert.deepEqual(course('kubuguza').lessons[2].steps.slice(0, 3), [
    'kubuguza/capture/opposition',
    'kubuguza/capture/first',
    'kubuguza/capture/first-turn',
  ]);

  const p = await person(browser, server, { name: 'amani' });
  const { page } = p;
  // Njombwa's lessons before the gambit end with the next lesson, not a game.
  await page.goto('/learn/njombwa/capture');
  await page.waitForSelector('svg.board .hole');
  const capture = await api(server, '/api/lessons/njombwa/capture?lang=en');
  for (let i = 0; i + 1 < capture.steps.length; i += 1) {
    const step = capture.steps[i];
    if (step.goal) break;
    await page.click('#next');
  }
  for (const s of capture.steps) assert.equal(s.invite, null, `${s.id}: no game before the gambit`);
  const opening = await api(server, '/api/lessons/njombwa/opening?lang=en');
  assert.ok(opening.steps.at(-1).invite, 'the gambit lesson ends with a game');
  assert.match(opening.steps[0].text, /South, the player at the bottom, moves first/);
  const pair = opening.steps.find((s) => s.id.endsWith('/first-capture'));
  const met = await api(server, `/api/lessons/${pair.id}/check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ decisions: ['f2'] }),
  });
  assert.match(pair.text, /the counters of that hole are taken/);
  assert.match(met.success.text, /both counters of your pair/);

  // Azigo's first lessons offer no store to sow: it is taught in the third.
  for (const lesson of ['sowing', 'capture']) {
    const l = await api(server, `/api/lessons/azigo/${lesson}?lang=en`);
    for (const s of l.steps) assert.ok(!s.board.legal.includes('store'), `${s.id}: no store move yet`);
  }
  await page.goto('/learn/azigo/sowing');
  await page.waitForSelector('svg.board .hole');
  assert.match(await page.textContent('.step-text'), /South, the player at the bottom, moves first/);
  await page.click('#next');
  await page.waitForSelector('svg.board .hole.playable');
  assert.equal(await page.$$eval('.choices button', (b) => b.length), 0, 'no "Sow the store" button');
  assert.equal(await page.$$eval('svg.board .store.playable', (s) => s.length), 0, 'no store to tap');

  // Ikibuguzo's arrays: choosing one lays it out on the learner's side of the board; the choice is said
  // to be this site's own.
  await page.goto('/learn/ikibuguzo/arrays');
  await page.waitForSelector('.choices button');
  assert.match(await page.textContent('.step-text'), /Murray says both players adopt the same array/);
  assert.match(await page.textContent('.step-text'), /not Murray's/);
  await page.click('.choices button:has-text("array 2")');
  await page.waitForSelector('.verdict.met:not([hidden])');
  const board = await boardOf(page);
  assert.deepEqual(
    ['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1', 'a2', 'h2'].map((h) => board[h]),
    [4, 4, 4, 4, 4, 4, 4, 4, 0, 0],
    'the chosen array 2 is shown on my side',
  );
  assert.equal(board.a4, 2, "North's side as it is, his choice unknown");
  assert.deepEqual(p.errors, []);
  await p.context.close();
});
