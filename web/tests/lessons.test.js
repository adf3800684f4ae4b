// The first lesson of Ikibuguzo, Njombwa and Azigo completed by clicking the holes (one wrong move
// first in each, whose hint is the one the server's checker gives for it), each ending marked done on
// /learn, with the game or the next lesson offered at the end; and a lesson's move preview compared with
// the engine's own answer for every playable hole.
// The test knows what to click from the course files (the page never sees a solution); the page
// still asks the server about every click.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, api, person, until, useServerAndBrowser, server, browser, playLesson } from './harness.js';

useServerAndBrowser();

/** A wrong decision per game's first lesson, in the step where it is tried. */
const WRONG = {
  ikibuguzo: { step: 'capture', decision: 'd1' },
  njombwa: { step: 'far', decision: 'c1' },
  azigo: { step: 'origin', decision: 'f1' },
};

/** Waits for the verdict box to show one of `statuses`; its status and text. */
async function verdict(page, statuses) {
  const sel = statuses.map((s) => `.verdict.${s}:not([hidden])`).join(', ');
  await page.waitForSelector(sel);
  const status = (await page.getAttribute('.verdict', 'class')).replace('verdict', '').trim();
  return { status, text: (await page.textContent('.verdict')).trim() };
}

/** The engine's judgement of `decisions` at a step, asked directly. */
function check(stepId, decisions) {
  return api(server, `/api/lessons/${stepId}/check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ decisions, lang: 'en' }),
  });
}

for (const game of Object.keys(WRONG)) {
  test(`the first ${game} lesson by clicking, a wrong move and its hint`, { timeout: 180000 }, async () => {
    const course = JSON.parse(readFileSync(join(ROOT, 'learn', 'courses', `${game}.json`), 'utf8'));
    const listed = await api(server, `/api/lessons?lang=en`);
    const first = listed.courses.find((c) => c.game === game).lessons[0];
    const lesson = course.lessons.find((l) => `${game}/${l.id}` === first.id);
    assert.ok(lesson, `${first.id} is in the course file`);

    const p = await person(browser, server, { name: 'amani' });
    const { page } = p;
    await page.goto('/learn');
    await page.waitForSelector(`#course-${game} .lessons a`);
    await page.click(`#course-${game} a[href="/learn/${first.id}"]`);
    await page.waitForURL(new RegExp(`/learn/${first.id}$`));

    for (const [i, step] of lesson.steps.entries()) {
      await page.waitForSelector(`.steps-dots li:nth-child(${i + 1})[aria-current="step"]`);
      if (!step.goal) {
        assert.equal(await page.$$eval('svg.board .hole.playable', (g) => g.length), 0, `${step.id}: nothing to play`);
        await page.click('#next');
        continue;
      }
      if (step.id === WRONG[game].step) {
        const wrong = WRONG[game].decision;
        const judged = await check(`${first.id}/${step.id}`, [wrong]);
        assert.notEqual(judged.status, 'met', `${wrong} is a wrong move`);
        await playLesson(page, wrong);
        const seen = await verdict(page, ['missed', 'illegal']);
        assert.equal(seen.status, judged.status);
        assert.equal(seen.text, judged.hint.text, 'the hint the server gave for this move');
        if (seen.status === 'missed') await page.click('.actions button:has-text("Try again")');
      }
      await playLesson(page, step.solution);
      const seen = await verdict(page, ['met']);
      assert.ok(seen.text, `${step.id}: a success is said`);
      if (i + 1 < lesson.steps.length) await page.click('#next');
    }
    assert.equal(await page.$$eval('.steps-dots li.done', (d) => d.length), lesson.steps.length, 'every step done');
    // A course offers a game once a whole game is taught (Njombwa's after its gambit, Ikibuguzo's after its
    // arrays and reverse holes); before that, the next lesson.
    if (!course.invites_from || course.invites_from === lesson.id) {
      assert.ok(await page.$('#invite'), 'the last step offers the computer');
    } else {
      assert.equal(await page.$('#invite'), null, 'no game offered before the game is taught');
      assert.ok(await page.$('#next-lesson.primary'), 'the next lesson is the way on');
    }

    await page.goto('/learn');
    await page.waitForSelector(`#course-${game} .lessons a`);
    assert.match(await page.textContent(`#course-${game} .lessons li:first-child`), /✓/, 'the lesson is done');
    assert.deepEqual(p.errors, []);
  });
}

test("a lesson's preview shows the engine's capture count and last hole for every playable hole", async () => {
  const p = await person(browser, server);
  const { page } = p;
  const lesson = await api(server, '/api/lessons/kubuguza/capture?lang=en');
  const at = lesson.steps.findIndex((s) => s.goal?.kind === 'capture');
  const step = lesson.steps[at];
  await page.goto('/learn/kubuguza/capture');
  for (let i = 0; i < at; i += 1) {
    await page.waitForSelector(`.steps-dots li:nth-child(${i + 1})[aria-current="step"]`);
    await page.click('#next');
  }
  await page.waitForSelector(`.steps-dots li:nth-child(${at + 1})[aria-current="step"]`);
  await page.waitForSelector('svg.board .hole.playable');
  const holes = await page.$$eval('svg.board .hole.playable', (g) => g.map((x) => x.getAttribute('data-hole')));
  let captures = 0;
  for (const hole of holes) {
    const decision = step.board.legal.includes(hole) ? hole : step.board.legal.find((d) => d.startsWith(`${hole}:`));
    const engine = await api(server, '/api/preview', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variant: step.variant, options: step.options, position: step.position, decision }),
    });
    await page.mouse.move(0, 0);
    await until(async () => (await page.textContent('#preview')) === '', 'the preview cleared');
    await page.hover(`svg.board .hole[data-hole="${hole}"]`);
    await until(async () => (await page.textContent('#preview')).startsWith(`${hole}:`), `the preview of ${hole}`);
    const shown = /falls in (\S+) · (\d+) laps? · captures (\d+)/.exec(await page.textContent('#preview'));
    assert.ok(shown, `${hole}: the preview says where, laps and captures`);
    assert.equal(shown[1], engine.last_hole, `${hole}: the last hole`);
    assert.equal(Number(shown[2]), engine.laps, `${hole}: the laps`);
    assert.equal(Number(shown[3]), engine.captured, `${hole}: the counters captured`);
    const tinted = await page.$$eval('svg.board .hole.preview', (g) => g.map((x) => x.getAttribute('data-hole')));
    assert.deepEqual(tinted, [engine.last_hole], `${hole}: the last hole is tinted`);
    captures += engine.captured;
  }
  assert.ok(captures > 0, 'some playable hole captures');
  assert.deepEqual(p.errors, []);
});
