// The newcomer's path on a phone: someone who has never heard of Kubuguza opens /learn, completes every
// Kubuguza lesson by tapping the holes, then creates a game against the easiest computer level from the
// home page and wins it. The page plays every move by taps; the test knows what to tap from the course
// file (the lessons) and from the server's analysis of each position (the game). Screenshots of the way
// (a lesson, the game, the win) land in web/tests/screenshots/.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  PHONE,
  ROOT,
  api,
  person,
  playLesson,
  playable,
  shot,
  until,
  useServerAndBrowser,
  server,
  browser,
  winnerOf,
} from './harness.js';

useServerAndBrowser();

const COURSE = JSON.parse(readFileSync(join(ROOT, 'learn', 'courses', 'kubuguza.json'), 'utf8'));

/** Every step of lesson `lesson` (the course's data), from the page at its first step. */
async function completeLesson(page, lesson) {
  for (const [i, step] of lesson.steps.entries()) {
    await page.waitForSelector(`.steps-dots li:nth-child(${i + 1})[aria-current="step"]`);
    if (step.goal) {
      await playLesson(page, step.solution, { tap: true });
      await page.waitForSelector('.verdict.met:not([hidden])');
    }
    if (i + 1 < lesson.steps.length) await page.tap('#next');
  }
  await page.waitForSelector('#invite');
}

/** The position text of a Kubuguza board as the server's history shows it (no secret in this game). */
function positionText(view) {
  const holes = view.holes
    .map((n, i) => [`${String.fromCharCode(97 + (i % view.columns))}${1 + Math.floor(i / view.columns)}`, n])
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${name}=${n}`);
  return `${view.to_move} ${holes.join(' ')} turn=${view.turn}`;
}

test(
  'a newcomer on a phone: every Kubuguza lesson, then a game won against the easiest computer',
  { timeout: 600000 },
  async () => {
    const p = await person(browser, server, { device: PHONE, name: 'newcomer' });
    const { page } = p;
    await page.goto('/learn');
    await page.waitForSelector('#course-kubuguza .lessons a');
    await page.tap('#course-kubuguza a[href="/learn/kubuguza/sowing"]');
    for (const [k, lesson] of COURSE.lessons.entries()) {
      await page.waitForURL(new RegExp(`/learn/kubuguza/${lesson.id}$`));
      await completeLesson(page, lesson);
      if (k === 2) await shot(page, 'newcomer-lesson-phone');
      if (k + 1 < COURSE.lessons.length) await page.tap('.actions a.button');
    }
    await page.goto('/learn');
    await page.waitForSelector('#course-kubuguza .lessons a');
    const marks = await page.$$eval('#course-kubuguza .lessons li', (li) => li.map((x) => /✓/.test(x.textContent)));
    assert.deepEqual(
      marks,
      COURSE.lessons.map(() => true),
      'every lesson done',
    );

    // The easiest computer, from the home page's "play the computer".
    await page.goto('/');
    await page.waitForSelector('#variant option[value="kubuguza"]', { state: 'attached' });
    await page.tap('#way-computer');
    await page.selectOption('#opponent', 'bot:random');
    await page.selectOption('#seat', 'south');
    await page.tap('#create button[type=submit]');
    await page.waitForURL(/\/game\/[A-Za-z0-9]{10}$/);
    const id = page.url().split('/').pop();

    let lastTurn = 0;
    for (let n = 0; ; n += 1) {
      assert.ok(n < 400, 'the game ends');
      // The page offers holes (the viewer's turn), or the game is over.
      await until(async () => (await winnerOf(page)) || (await playable(page)).length, 'our turn or the end');
      if (await winnerOf(page)) break;
      const { view } = await api(server, `/api/games/${id}/position`);
      const plies = (await api(server, `/api/games/${id}`)).game.plies;
      let best;
      if (view.turn === lastTurn) {
        // A decision inside the turn (a position text cannot say where a turn stands): the first offered.
        best = (await playable(page))[0];
      } else {
        const analysis = await api(server, '/api/analysis', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ variant: 'kubuguza', position: positionText(view), nodes: 20000 }),
        });
        best = analysis.best[0];
      }
      lastTurn = view.turn;
      await page.tap(`svg.board .hole[data-hole="${best.split(':')[0]}"]`);
      const choices = page.locator('#choices button[data-decision]');
      if (await choices.count()) {
        const exact = page.locator(`#choices button[data-decision="${best}"]`);
        await ((await exact.count()) ? exact : choices.first()).tap();
      }
      if (n === 3) await shot(page, 'newcomer-game-phone');
      await until(async () => (await api(server, `/api/games/${id}`)).game.plies > plies, `${best} played`);
    }
    assert.equal(await winnerOf(page), 'south', 'the newcomer won');
    await shot(page, 'newcomer-won-phone');
    assert.deepEqual(p.errors, []);
  },
);
