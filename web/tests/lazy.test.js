// The parts of a page its first view does not show are loaded on demand (docs/web.md, "Serving"): a
// lesson asks for its hover preview's module at the first hover and for the sowing to watch only when
// it has one, a guest's puzzles page never asks for an account's history. That each part works the
// first time it is needed: the preview here, the puzzle's result in puzzles.test.js and
// puzzle_retry.test.js, a lesson's sowing to watch in lastmile_learn.test.js.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { person, until, useServerAndBrowser, server, browser } from './harness.js';

useServerAndBrowser();

/** A visitor whose requests for files under `/assets/` are recorded (the path after the version). */
async function recorded() {
  const p = await person(browser, server);
  /** @type {string[]} */
  const asked = [];
  p.page.on('request', (r) => {
    const m = /^\/assets\/[^/]+\/(.*)$/.exec(new URL(r.url()).pathname);
    if (m) asked.push(m[1]);
  });
  return { ...p, asked };
}

test('a lesson loads its preview at the first hover and no sowing it does not show', { timeout: 60000 }, async () => {
  const p = await recorded();
  const { page } = p;
  // Njombwa's capture lesson has no sowing to watch: a read step, then steps with a goal.
  const lesson = await (await fetch(`${server.base}/api/lessons/njombwa/capture?lang=en`)).json();
  assert.ok(
    lesson.steps.every((/** @type {{demo: unknown}} */ s) => !s.demo),
    'no step to watch',
  );
  await page.goto('/learn/njombwa/capture');
  await page.waitForSelector('svg.board .hole');
  await page.waitForLoadState('networkidle');
  for (const later of ['js/board/demo.js', 'js/board/preview.js', 'i18n/en/demo.json'])
    assert.ok(!p.asked.includes(later), `${later} is not asked for the first view`);
  assert.ok(p.asked.includes('js/pages/lesson.js'), 'the page was recorded');

  await page.click('button#next');
  await page.waitForSelector('svg.board .hole.playable');
  const hole = await page.getAttribute('svg.board .hole.playable', 'data-hole');
  await page.hover(`svg.board .hole[data-hole="${hole}"]`);
  await until(async () => (await page.textContent('#preview')).startsWith(`${hole}:`), 'the first hover previewed');
  assert.ok(p.asked.includes('js/board/preview.js'), 'the preview loaded at the first hover');
  assert.ok(!p.asked.includes('js/board/demo.js'), 'still no sowing to watch');
  assert.deepEqual(p.errors, []);
});

test("a guest's puzzles page asks for the result once drawn, and for no history", { timeout: 60000 }, async () => {
  const p = await recorded();
  const { page } = p;
  await page.goto('/puzzles');
  await page.waitForSelector('#puzzle-status[data-phase="play"]');
  await page.waitForLoadState('networkidle');
  assert.ok(p.asked.includes('js/puzzle/view/result.js'), 'the result asked once the puzzle is drawn');
  assert.ok(!p.asked.includes('js/puzzle/view/account.js'), "a guest's page asks for no history");
  assert.match(await page.textContent('#puzzle-who'), /solved/i, "the guest's line is the first view's");
  assert.deepEqual(p.errors, []);
});
