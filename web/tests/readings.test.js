// This site's readings inside a lesson, shown apart as the rules pages show them ("How this site reads it"),
// in English and in French: Kubuguza's game decided in the middle of a turn, whose sowing the engine plays
// to the end of the game, and Ikibuguzo's capture in a mixed opening, with its rules page drawing the same
// capture. Screenshots of both on a desktop and a phone.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  DESKTOP,
  PHONE,
  ROOT,
  SHOTS,
  api,
  person,
  shot,
  useServerAndBrowser,
  server,
  browser,
  playLesson,
} from './harness.js';

useServerAndBrowser();

/** Opens `lesson` (`game/lesson`) and goes on to its step `id`, meeting each goal on the way with the
 *  course file's solution (the page never sees one) and going on with the Next button. */
async function openStep(page, lesson, id) {
  const [game, name] = lesson.split('/');
  const course = JSON.parse(readFileSync(join(ROOT, 'learn', 'courses', `${game}.json`), 'utf8'));
  const steps = course.lessons.find((l) => l.id === name).steps;
  const at = steps.findIndex((s) => s.id === id);
  assert.ok(at >= 0, `${lesson} has a step ${id}`);
  await page.goto(`/learn/${lesson}`);
  for (let i = 0; i < at; i += 1) {
    await page.waitForSelector(`.steps-dots li:nth-child(${i + 1})[aria-current="step"]`);
    if (steps[i].goal) {
      await playLesson(page, steps[i].solution);
      await page.waitForSelector('.verdict.met:not([hidden])');
    }
    await page.click('#next');
  }
  await page.waitForSelector(`.steps-dots li:nth-child(${at + 1})[aria-current="step"]`);
  return at;
}

for (const [locale, lang, label] of [
  ['en-GB', 'en', 'How this site reads it'],
  ['fr-FR', 'fr', 'Comment ce site l’interprète'],
]) {
  test(`a lesson step shows this site's reading apart (${lang})`, { timeout: 120000 }, async () => {
    const p = await person(browser, server, { locale, name: `reader-${lang}` });
    const { page } = p;
    const lesson = await api(server, `/api/lessons/kubuguza/ending?lang=${lang}`);
    // The first step (winning by leaving North without a move) has no reading: no box.
    await page.goto('/learn/kubuguza/ending');
    await page.waitForSelector('.steps-dots li:nth-child(1)[aria-current="step"]');
    await page.waitForSelector('.step-text:not(:empty)');
    assert.equal(await page.locator('.lesson .text .reading').count(), 0);
    const at = await openStep(page, 'kubuguza/ending', 'at-once');
    const step = lesson.steps[at];
    assert.ok(step.reading, 'the step has a reading');
    await page.waitForSelector('.lesson .text .reading');
    assert.equal((await page.textContent('.lesson .text .reading strong')).trim(), label);
    assert.equal((await page.textContent('.lesson .text .reading p:last-child')).trim(), step.reading);
    assert.equal((await page.textContent('.step-text')).trim(), step.text, 'the step text stays apart');
    assert.deepEqual(p.errors, []);
  });
}

for (const [device, suffix] of [
  [DESKTOP, 'desktop'],
  [PHONE, 'phone'],
]) {
  test(`a mixed opening's capture in the lesson and on the rules page (${suffix})`, { timeout: 120000 }, async () => {
    const p = await person(browser, server, { device, name: `reader-${suffix}` });
    const { page } = p;
    await openStep(page, 'ikibuguzo/arrays', 'opening-capture');
    await page.waitForSelector('.lesson .text .reading');
    await shot(page, `lesson-reading-${suffix}`);
    // The rules page draws the same capture in its opening section.
    const rules = await api(server, '/api/rules/ikibuguzo?lang=en');
    const opening = rules.sections.find((s) => s.id === 'opening');
    const capture = opening.diagrams.find((d) => d.sowing?.decisions.join(' ') === 'g1');
    assert.ok(capture, 'a diagram plays g1');
    assert.ok(
      capture.sowing.events.some((e) => e.startsWith('capture g3 2 g1')),
      'g1 captures g3 into g1',
    );
    await page.goto('/rules/ikibuguzo');
    const caption = page.getByText(capture.caption, { exact: true });
    await caption.waitFor();
    await caption.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `rules-opening-capture-${suffix}.png`) });
    assert.deepEqual(p.errors, []);
  });
}
