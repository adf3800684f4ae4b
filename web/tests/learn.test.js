// Learning the games in the browser: the first lesson of Kubuguza completed by clicking the holes (a
// wrong move first, whose hint is the one the lesson wrote for it), the progress shown on /learn, the
// last step's invitation creating a game against the computer in one click, the move preview on a
// playable hole, a rules page with its boards, its notes and a sowing shown on demand, and the same
// pages on a phone. Screenshots of each (desktop and phone) land in web/tests/screenshots/.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  PHONE,
  ROOT,
  SHOTS,
  api,
  person,
  shot,
  until,
  useServerAndBrowser,
  server,
  browser,
  playLesson,
} from './harness.js';

useServerAndBrowser();

/** The course as written (the test plays each step's own solution). */
const COURSE = JSON.parse(readFileSync(join(ROOT, 'learn', 'courses', 'kubuguza.json'), 'utf8'));

/** Waits for the verdict box to show a verdict of `status`; its text. */
async function verdict(page, status) {
  await page.waitForSelector(`.verdict.${status}:not([hidden])`);
  return (await page.textContent('.verdict')).trim();
}

test(
  'the first Kubuguza lesson by clicking, a wrong move and its hint, then the computer',
  { timeout: 180000 },
  async () => {
    const p = await person(browser, server, { name: 'amani' });
    const { page } = p;
    await page.goto('/learn');
    await page.waitForSelector('#course-kubuguza .lessons a');
    assert.match(await page.textContent('#course-kubuguza'), /0 of 5 steps/);
    await shot(page, 'learn-desktop');
    await page.click('#course-kubuguza a[href="/learn/kubuguza/sowing"]');
    await page.waitForURL(/\/learn\/kubuguza\/sowing$/);

    const lesson = COURSE.lessons.find((l) => l.id === 'sowing');
    const fr = await api(server, '/api/lessons/kubuguza/sowing/first/check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ decisions: ['b1'] }),
    });
    for (const [i, step] of lesson.steps.entries()) {
      await page.waitForSelector(`.steps-dots li:nth-child(${i + 1})[aria-current="step"]`);
      if (!step.goal) {
        assert.equal(await page.$$eval('svg.board .hole.playable', (g) => g.length), 0, `${step.id}: nothing to play`);
        await page.click('#next');
        continue;
      }
      if (step.id === 'first') {
        // The pointer resting on a playable hole previews where its sowing ends.
        await page.hover('svg.board .hole[data-hole="e1"]');
        await until(async () => /h1/.test(await page.textContent('#preview')), 'the preview of e1');
        await page.mouse.move(0, 0);
        // A wrong move: the hint is the one this lesson wrote for b1, as the server's engine judged it.
        await playLesson(page, 'b1');
        assert.equal(await verdict(page, 'missed'), fr.hint.text);
        await shot(page, 'lesson-hint-desktop');
        await page.click('.actions button:has-text("Try again")');
      }
      await playLesson(page, step.solution);
      await verdict(page, 'met');
      if (step.id === 'first') await shot(page, 'lesson-desktop');
      if (i + 1 < lesson.steps.length) await page.click('#next');
    }
    assert.equal(await page.$$eval('.steps-dots li.done', (d) => d.length), lesson.steps.length, 'every step done');

    // The last step offers the computer, one click away: a game against the easy bot.
    await page.click('#invite');
    await page.waitForURL(/\/game\/[A-Za-z0-9]{10}$/);
    const id = page.url().split('/').pop();
    const game = await api(server, `/api/games/${id}`);
    assert.equal(game.game.variant, 'kubuguza');
    assert.match(JSON.stringify(game.game.players), /bot-easy/);

    await page.goto('/learn');
    await page.waitForSelector('#course-kubuguza .lessons a');
    assert.match(await page.textContent('#course-kubuguza .lessons li:first-child'), /✓/, 'the lesson is done');
    assert.deepEqual(p.errors, []);
  },
);

test('a rules page: boards, the sources quoted in notes, a sowing on demand', { timeout: 120000 }, async () => {
  const p = await person(browser, server, { speed: 'fast' });
  const { page } = p;
  await page.goto('/rules/kubuguza');
  await page.waitForSelector('.rules-page section svg.board');
  assert.ok((await page.$$('.rules-page section')).length >= 3, 'several sections');
  assert.ok((await page.$$('#notes li cite')).length >= 1, 'the sources are quoted, as notes at the end');
  const text = await page.textContent('.rules-page');
  assert.doesNotMatch(text, /RULES\.md|\bD\d+\b|fn |::/, 'no code identifiers for players');
  // The first diagram that plays a sowing (its button's words change once it plays).
  const figure = page.locator('figure.diagram:has(.demo)').first();
  const button = figure.locator('button', { hasText: 'Show the sowing' });
  const before = await figure.locator('svg.board').getAttribute('aria-label');
  await button.click();
  await until(async () => /lifts \d+ from/.test(await figure.locator('.caption').textContent()), 'the sowing caption');
  assert.ok(before);
  await shot(page, 'rules-desktop');
  await page.locator('#rule-capture').screenshot({ path: join(SHOTS, 'rules-capture-desktop.png') });
  // Ikibuguzo's page draws its two opening arrays.
  await page.goto('/rules/ikibuguzo');
  await page.waitForSelector('.rules-page section svg.board');
  await page.goto('/rules/chess');
  await page.waitForSelector('#no-game');
  assert.deepEqual(p.errors, []);
});

test('on a phone: the lessons, a lesson and a rules page fit the screen', { timeout: 120000 }, async () => {
  const p = await person(browser, server, { device: PHONE, locale: 'fr-FR' });
  const { page } = p;
  for (const [path, ready, name] of [
    ['/learn', '#course-kubuguza .lessons a', 'learn-phone'],
    ['/learn/kubuguza/capture', 'svg.board .hole', 'lesson-phone'],
    ['/rules/azigo', '.rules-page section svg.board', 'rules-phone'],
  ]) {
    await page.goto(path);
    await page.waitForSelector(ready);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `${path}: nothing wider than the phone (${wide})`);
    await shot(page, name);
  }
  await page.locator('#rule-capture').screenshot({ path: join(SHOTS, 'rules-capture-phone.png') });
  assert.match(await page.textContent('.rules-page'), /Traduction/, 'French shows the translation beside the words');
  assert.deepEqual(p.errors, []);
});
