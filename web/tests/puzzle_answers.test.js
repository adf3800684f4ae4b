// Puzzles with more than one right answer and defences that save what they can (docs/puzzles.md,
// "Judging an attempt", "Goal"), in the browser: a decision among a puzzle's alternatives is solved
// there, the page says it was as good as the solution's, and the solution lists the other right answers
// beside the decision they may replace, on a desktop and a phone, in English and French; a Save goal
// said in words. The puzzles are this file's own: a starter puzzle given an alternative (one of its
// legal decisions, as the first server's board says) and a defence given a Save goal, served by a
// second server started with them as `--puzzles`.

import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { PHONE, api, clickPuzzleDecision, launch, person, shot, startServer, until } from './harness.js';

const DESKTOP = { viewport: { width: 1280, height: 800 } };

let first;
let server;
let browser;
/** @type {any} the puzzle with two right answers, and the other right one */
let two;
let alternative = '';
/** @type {any} the defence whose goal is a Save */
let save;

/** Every puzzle of a server, with its solution, from its export. */
async function exported(s) {
  const r = await fetch(`${s.base}/api/puzzles/export`);
  assert.equal(r.status, 200);
  return (await r.text())
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

before(async () => {
  first = await startServer();
  const all = await exported(first);
  // A capture puzzle of one choice: the alternative solves it at once, as the solution does.
  const one = [];
  for (const p of all.filter((q) => q.goal.kind === 'capture' && q.variant === 'kubuguza')) {
    const view = await api(first, `/api/puzzles/${p.id}`);
    if (view.choices === 1 && view.board.legal.length >= 3) one.push([p, view]);
    if (one.length) break;
  }
  assert.ok(one.length, 'a Kubuguza capture puzzle of one choice');
  const [p, view] = one[0];
  alternative = view.board.legal.find((d) => d !== p.solution[0]);
  two = { ...p, alternatives: [{ at: 0, decision: alternative }] };
  const defence = all.find((q) => q.goal.kind === 'hold' && q.variant === 'kubuguza');
  assert.ok(defence, 'a Kubuguza defence');
  save = { ...defence, goal: { kind: 'save', counters: 5 } };
  await first.stop();
  const dir = mkdtempSync(join(tmpdir(), 'mancala-answers-'));
  const file = join(dir, 'puzzles.ndjson');
  writeFileSync(file, `${JSON.stringify(two)}\n${JSON.stringify(save)}\n`);
  server = await startServer(['--puzzles', file]);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

for (const [device, name, locale] of [
  [DESKTOP, 'desktop', 'en-GB'],
  [PHONE, 'phone', 'fr-FR'],
]) {
  test(`another right answer solves the puzzle, on a ${name} (${locale})`, { timeout: 120000 }, async () => {
    const { page, errors } = await person(browser, server, { device, locale });
    await page.goto(`/puzzles/${two.id}`);
    await page.waitForSelector('#puzzle-status[data-phase="play"]');
    await clickPuzzleDecision(page, alternative);
    await page.waitForSelector('#puzzle-status[data-phase="right"]');
    const fr = locale.startsWith('fr');
    const verdict = await page.textContent('#puzzle-verdict');
    assert.match(verdict, fr ? /Réussi/ : /Success/, verdict);
    const other = await page.textContent('#puzzle-other-answer');
    assert.ok(other.includes(alternative) && other.includes(two.solution[0]), other);
    assert.match(other, fr ? /aussi bon que le coup de la solution/ : /as good as the solution's/, other);
    const also = await page.textContent('#puzzle-solution .puzzle-also');
    assert.ok(also.includes(alternative), also);
    assert.match(also, fr ? /est aussi bon/ : /is as good/, also);
    await shot(page, `puzzle-two-answers-${name}`);
    // The solution steps from its own line: back to the start, then to its end.
    await page.click('#puzzle-first');
    await until(async () => (await page.textContent('#puzzle-at')).match(/\b0\b/), 'back at the start');
    await page.click('#puzzle-last');
    await until(
      async () => (await page.textContent('#puzzle-at')).includes(String(two.solution.length)),
      'the solution to its end',
    );
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test('a defence that saves counters says so, in English and French', { timeout: 60000 }, async () => {
  for (const [locale, words] of [
    ['en-GB', /to play and save 5 counters/],
    ['fr-FR', /joue et sauve 5 graines/],
  ]) {
    const { page, errors } = await person(browser, server, { device: DESKTOP, locale });
    await page.goto(`/puzzles/${save.id}`);
    await page.waitForSelector('#puzzle-status[data-phase="play"]');
    const goal = await page.textContent('#puzzle-goal');
    assert.match(goal, words, goal);
    if (locale === 'en-GB') await shot(page, 'puzzle-save-goal-desktop');
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});
