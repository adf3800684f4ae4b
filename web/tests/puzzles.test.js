// The puzzles in the browser (docs/puzzles.md, "In the browser"): a puzzle solved by clicking its line on
// a desktop and, an Azigo one, on a phone, the board at each step being the server's; a wrong first
// decision shown as failed with the expected decision ringed and the solution to step through; the daily
// puzzle's card on the home page opening the daily puzzle; an account's rating change, vote and history;
// Azigo's goal in French; a streak that ends at the first miss; a guest not offered again the puzzles its
// browser finished. The test reads the solutions from the public export (the page never sees one) and
// learns which decisions are the solver's choices from the server's judge, as the page does. Also: a
// wider Njombwa board's position, as a puzzle links it, on the analysis board.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  DESKTOP,
  SHOTS,
  PHONE,
  api,
  boardOf,
  byName,
  person,
  shot,
  signUp,
  sorted,
  until,
  useServerAndBrowser,
  server,
  browser,
  clickPuzzleDecision,
} from './harness.js';

useServerAndBrowser();

/** Every puzzle served, with its solution, from the export. */
async function exported() {
  const r = await fetch(`${server.base}/api/puzzles/export`);
  assert.equal(r.status, 200);
  return (await r.text())
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

/** @param {string} path @param {unknown} body */
const post = (path, body) =>
  api(server, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The solver's choices of a puzzle's solution, as the server's judge asks for them (a guest's attempts). */
async function choicesOf(p) {
  const given = [];
  let at = 0;
  for (;;) {
    given.push(p.solution[at]);
    at += 1;
    const a = await post(`/api/puzzles/${p.id}/attempt`, { decisions: given });
    at += a.reply.length;
    if (a.result === 'right') return given;
    assert.equal(a.result, 'continue', JSON.stringify(a));
  }
}

/** Waits until the page has judged `n` choices right, or the line is over; the phase. */
async function judged(page, n) {
  return until(async () => {
    const [phase, given] = await page.$eval('#puzzle-status', (e) => [
      e.getAttribute('data-phase'),
      e.getAttribute('data-given'),
    ]);
    if (phase === 'right' || phase === 'wrong') return phase;
    return phase === 'play' && Number(given) === n ? phase : null;
  }, `${n} choices judged`);
}

/** Solves puzzle `p` on `page` (already showing it) by clicking its choices. */
async function solve(page, p) {
  const choices = await choicesOf(p);
  for (const [i, d] of choices.entries()) {
    await page.waitForSelector('#puzzle-status[data-phase="play"]');
    await clickPuzzleDecision(page, d);
    const phase = await judged(page, i + 1);
    assert.equal(phase, i + 1 === choices.length ? 'right' : 'play', `after ${d}`);
  }
  return choices;
}

/** The puzzle of `id` as the server serves it. */
const served = (id) => api(server, `/api/puzzles/${id}`);

/** The board a decision leads to, from the server's preview. */
const after = (p, position, decision) =>
  post('/api/preview', {
    variant: p.variant,
    options: { width: p.options.width, turn_limit: p.options.turn_limit ?? 0, handicap: p.options.handicap },
    position,
    decision,
  });

for (const [device, name] of [
  [DESKTOP, 'desktop'],
  [PHONE, 'phone'],
]) {
  test(`a puzzle solved by clicking its line, on a ${name}`, { timeout: 120000 }, async () => {
    const all = await exported();
    // The longest line: the most to click, and replies to sow between the choices; on the phone, Azigo's
    // longest (its 2×20 board, turned upright there, the widest).
    const longest = (list) => [...list].sort((a, b) => b.solution.length - a.solution.length)[0];
    const p = name === 'phone' ? longest(all.filter((q) => q.variant === 'azigo')) : longest(all);
    assert.ok(p, 'the set holds an Azigo puzzle');
    const view = await served(p.id);
    const { page, errors } = await person(browser, server, { device });
    await page.goto(`/puzzles/${p.id}`);
    await page.waitForSelector('#puzzle-status[data-phase="play"]');
    assert.equal((await page.textContent('#puzzle-goal')).trim(), view.goal.text, 'the goal in words');
    assert.deepEqual(await boardOf(page), sorted(byName(view.board)), 'the puzzle position');
    // The solver's row is the viewer's: at the bottom, or up the right-hand column where a narrow screen
    // turns a two-row board a quarter (board/board2.js).
    const nearest = await page.$eval('svg.board', (svg) => {
      const box = svg.getBoundingClientRect();
      const upright = box.height > box.width;
      const holes = [...svg.querySelectorAll('.hole')].map((g) => {
        const r = g.getBoundingClientRect();
        return [g.getAttribute('data-hole'), upright ? r.x : r.y];
      });
      return holes.sort((a, b) => b[1] - a[1])[0][0];
    });
    const northRow = p.variant === 'azigo' ? /2$/ : /4$/;
    assert.match(nearest, view.solver === 'south' ? /1$/ : northRow, "the solver's row is nearest the player");
    const playable = await page.$$eval('svg.board .hole.playable', (g) => g.map((x) => x.getAttribute('data-hole')));
    const legalHoles = [...new Set(view.board.legal.map((d) => d.split(':')[0]))].filter((h) => /^[a-t][1-4]$/.test(h));
    assert.deepEqual(playable.sort(), legalHoles.sort(), "the playable holes are the server's legal decisions");

    const choices = await solve(page, p);
    await page.waitForSelector('#puzzle-verdict.met');
    assert.match(await page.textContent('#puzzle-verdict'), /Success! Puzzle solved\.[\s\S]*Not rated: sign in/);
    const line = await page.$$eval('.puzzle-line button', (b) => b.map((x) => x.textContent));
    assert.equal(line.length, p.solution.length, 'the whole solution is listed');
    const href = await page.getAttribute('#puzzle-analysis', 'href');
    assert.match(href, new RegExp(`^/analysis/${p.variant}\\?position=`));
    await shot(page, `puzzle-solved-${name}`);

    // Stepped through from the start: each board is the server's preview of the solution's decision.
    await page.click('#puzzle-first');
    await until(async () => (await page.textContent('#puzzle-at')).startsWith('Move 0 of'), 'the first step');
    assert.deepEqual(await boardOf(page), sorted(byName(view.board)), 'back at the puzzle position');
    const first = await after(p, p.position, p.solution[0]);
    await page.click('#puzzle-forward');
    await until(async () => (await page.textContent('#puzzle-at')).startsWith('Move 1 of'), 'the second step');
    assert.deepEqual(await boardOf(page), sorted(byName(first.board)), 'the board after the first decision');

    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('mancala.puzzles') || '{}'));
    assert.deepEqual(kept.solved, [p.id], "a guest's progress is kept in the browser");
    assert.ok(choices.length >= 1);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test(
  'a wrong first decision: failed, the expected decision shown, the solution stepped',
  { timeout: 90000 },
  async () => {
    const all = await exported();
    const p = all.find((x) => x.variant === 'kubuguza') || all[0];
    const view = await served(p.id);
    const wrong = view.board.legal.find((d) => d.split(':')[0] !== p.solution[0].split(':')[0] && !d.includes(':'));
    assert.ok(wrong, 'another legal decision to play');
    const { page, errors } = await person(browser, server, { device: DESKTOP });
    await page.goto(`/puzzles/${p.id}`);
    await page.waitForSelector('#puzzle-status[data-phase="play"]');
    await clickPuzzleDecision(page, wrong);
    await page.waitForSelector('#puzzle-verdict.missed');
    const said = await page.textContent('#puzzle-verdict');
    const expectedWords = p.solution[0].replace(/:cw$/, ' clockwise').replace(/:ccw$/, '');
    assert.match(said, /Puzzle failed\./);
    assert.ok(said.includes(`You played ${wrong}; the move was ${expectedWords}`), said);
    // The board is back at the position before the choice, the expected hole ringed green, the played red.
    assert.deepEqual(await boardOf(page), sorted(byName(view.board)));
    const cls = (hole) => page.getAttribute(`svg.board .hole[data-hole="${hole}"]`, 'class');
    assert.match(await cls(p.solution[0].split(':')[0]), /\bgoal\b/);
    assert.match(await cls(wrong), /\bdanger\b/);
    assert.equal(await page.$$eval('svg.board .hole.playable', (g) => g.length), 0, 'nothing to play any more');
    await shot(page, 'puzzle-failed-desktop');
    const first = await after(p, p.position, p.solution[0]);
    await page.click('#puzzle-forward');
    await until(async () => (await page.textContent('#puzzle-at')).startsWith('Move 1 of'), 'the solution stepped');
    assert.deepEqual(await boardOf(page), sorted(byName(first.board)), 'the expected decision sown');
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('mancala.puzzles') || '{}'));
    assert.deepEqual(kept.missed, [p.id]);
    assert.deepEqual(errors, []);
    await page.context().close();
  },
);

for (const [device, name] of [
  [DESKTOP, 'desktop'],
  [PHONE, 'phone'],
]) {
  test(`the daily puzzle's card on the home page opens it, on a ${name}`, { timeout: 60000 }, async () => {
    const daily = await api(server, '/api/puzzles/daily');
    const { page, errors } = await person(browser, server, { device });
    await page.goto('/');
    await page.waitForSelector('#daily-puzzle-link');
    assert.equal((await page.textContent('#daily-puzzle .daily-goal')).trim(), daily.puzzle.goal.text);
    assert.equal(
      await page.$$eval('#daily-puzzle svg.board .hole', (g) => g.length),
      daily.puzzle.board.rows * daily.puzzle.board.columns,
    );
    await page.locator('#daily-puzzle').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `puzzle-daily-card-${name}.png`) });
    // A click on the still board is the link's (as a person clicks it: where the board is drawn).
    const box = await page.locator('#daily-puzzle svg.board').boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL(/\/puzzles\/daily$/);
    await page.waitForSelector('#puzzle-status[data-phase="play"]');
    assert.equal(await page.getAttribute('#puzzle-link', 'href'), `/puzzles/${daily.puzzle.id}`);
    assert.equal((await page.textContent('#puzzle-goal')).trim(), daily.puzzle.goal.text);
    await shot(page, `puzzle-daily-${name}`);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test("an account's rating change, vote and history; the French page", { timeout: 90000 }, async () => {
  const all = await exported();
  const p = all[2];
  const { page, errors } = await person(browser, server, { device: DESKTOP });
  await signUp(page, 'Kagabo');
  await page.goto(`/puzzles/${p.id}`);
  await page.waitForSelector('#puzzle-status[data-phase="play"]');
  await page.waitForSelector('#puzzle-rating');
  assert.match(await page.textContent('#puzzle-rating'), /Your puzzle rating: 1500\?/);
  await solve(page, p);
  await page.waitForSelector('#puzzle-verdict.met');
  assert.match(await page.textContent('#puzzle-verdict'), /Your puzzle rating: 1500 → (\d+) \(\+\d+\)/);
  await page.click('#puzzle-vote button[data-vote="up"]');
  await page.waitForSelector('#puzzle-vote [aria-pressed="true"][data-vote="up"]');
  await until(async () => (await page.$$('#puzzle-history .puzzle-recent li')).length === 1, 'the history');
  assert.match(await page.textContent('#puzzle-history .puzzle-recent li'), /solved · rating \d+/);
  await shot(page, 'puzzle-account-desktop');
  const voted = await served(p.id);
  assert.ok(voted.plays >= 1, 'the attempt is recorded');
  assert.deepEqual(errors, []);
  await page.context().close();

  // An Azigo puzzle's goal (its score's, or a defence's) said in French from the goal's kind and count.
  const azigo = all.filter((q) => q.variant === 'azigo');
  const az = ['score', 'hold', 'win'].map((k) => azigo.find((q) => q.goal.kind === k)).find((q) => q);
  assert.ok(az, 'the set holds Azigo puzzles');
  const who = (await served(az.id)).solver === 'south' ? 'Sud' : 'Nord';
  const goal = { score: `gagne ${az.goal.counters} graines`, hold: 'ne perd rien', win: 'gagne' }[az.goal.kind];
  const fr = await person(browser, server, { device: PHONE, locale: 'fr-FR' });
  await fr.page.goto(`/puzzles/${az.id}`);
  await fr.page.waitForSelector('#puzzle-status[data-phase="play"]');
  assert.equal(await fr.page.textContent('#puzzle-goal'), `${who} joue et ${goal}`);
  assert.match(await fr.page.textContent('header nav'), /Problèmes/);
  await shot(fr.page, 'puzzle-fr-phone');
  await fr.page.context().close();
});

test('a streak: solved puzzles counted until the first miss', { timeout: 90000 }, async () => {
  const all = await exported();
  const byId = new Map(all.map((x) => [x.id, x]));
  const { page, errors } = await person(browser, server, { device: DESKTOP });
  await page.goto('/puzzles/streak');
  await page.waitForSelector('#puzzle-status[data-phase="play"]');
  const id = async () => (await page.getAttribute('#puzzle-link', 'href')).split('/').pop();
  const first = byId.get(await id());
  await solve(page, first);
  assert.match(await page.textContent('#puzzle-streak'), /Streak: 1 puzzle solved in a row \(best 1\)/);
  await page.click('#puzzle-next');
  await until(async () => (await page.$('#puzzle-status[data-phase="play"]')) && (await id()) !== first.id, 'the next');
  const second = await served(await id());
  assert.ok(second.rating > (await served(first.id)).rating, 'the next puzzle of a streak is harder');
  const wrong = second.board.legal.find((d) => d !== byId.get(second.id).solution[0]);
  await clickPuzzleDecision(page, wrong);
  await page.waitForSelector('#puzzle-verdict.missed');
  assert.match(await page.textContent('#puzzle-verdict'), /The streak ends at 1 puzzle \(best 1\)/);
  assert.equal((await page.textContent('#puzzle-next')).trim(), 'Start a new streak');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a guest is not offered again the puzzles this browser finished', { timeout: 60000 }, async () => {
  // The game and theme with the fewest puzzles (two at least): the page names at most 50 finished ones
  // to the server, and the set grows.
  const groups = new Map();
  for (const p of await exported()) {
    const game = p.variant.replace(/-opening-\d$/, '');
    for (const theme of p.themes) {
      const key = `${game}&theme=${theme}`;
      groups.set(key, [...(groups.get(key) ?? []), p]);
    }
  }
  const [filter, all] = [...groups].filter((g) => g[1].length >= 2).sort((a, b) => a[1].length - b[1].length)[0];
  const kept = all[all.length - 1].id;
  const finished = all.filter((p) => p.id !== kept).map((p) => p.id);
  assert.ok(finished.length <= 50, 'every finished id fits in what the page sends');
  const { page, errors } = await person(browser, server, { device: DESKTOP });
  await page.goto('/');
  await page.evaluate(
    (solved) => localStorage.setItem('mancala.puzzles', JSON.stringify({ solved, missed: [], streakBest: 0 })),
    finished,
  );
  // "Next" picks at random among the few nearest the rating: only the one left, every time.
  for (let i = 0; i < 4; i += 1) {
    await page.goto(`/puzzles?game=${filter}`);
    await page.waitForSelector('#puzzle-status[data-phase="play"]');
    assert.equal((await page.getAttribute('#puzzle-link', 'href')).split('/').pop(), kept);
  }
  // Finished too (a wrong first decision): nothing is left to offer.
  const p = all[all.length - 1];
  await clickPuzzleDecision(
    page,
    (await served(kept)).board.legal.find((d) => d !== p.solution[0]),
  );
  await page.waitForSelector('#puzzle-verdict.missed');
  await page.click('#puzzle-next');
  await page.waitForSelector('#puzzle-none');
  assert.match(await page.textContent('#puzzle-none'), /No puzzle left to play here/);
  // The browser logs that 404 (nothing left) itself.
  assert.deepEqual(
    errors.filter((e) => !/status of 404/.test(e)),
    [],
  );
  await page.context().close();
});

test("a wider Njombwa board's position opens on the analysis board with its width", { timeout: 90000 }, async () => {
  // What a puzzle of a 10-column Njombwa game links to (its `options.width` in the address).
  const start = await post('/api/analysis', { variant: 'njombwa', options: { width: 10 }, nodes: 2000 });
  const { page, errors } = await person(browser, server, { device: DESKTOP });
  await page.goto(`/analysis/njombwa?${new URLSearchParams({ position: start.position, width: '10' })}`);
  await until(async () => /to move/.test(await page.textContent('#analysis-value')), 'the value');
  const holes = await page.$$eval('svg.board .hole', (g) => g.map((x) => x.getAttribute('data-hole')));
  assert.ok(holes.includes('j2') && !holes.includes('k2'), `ten columns: ${holes}`);
  // A move played there is previewed on the same board, and the address keeps the width.
  const hole = start.board.legal.map((d) => d.split(':')[0]).find((h) => /^[a-t][1-4]$/.test(h));
  await page.click(`svg.board .hole[data-hole="${hole}"]`);
  const ask = page.locator('.choices button');
  if (await ask.count()) await ask.first().click();
  await until(async () => new URL(page.url()).searchParams.get('position') !== start.position, 'the next position');
  assert.equal(new URL(page.url()).searchParams.get('width'), '10');
  await until(async () => /to move/.test(await page.textContent('#analysis-value')), 'its value');
  const refusal = await page.$('.error');
  assert.ok(!refusal || !(await refusal.textContent()).trim(), 'no refusal');
  assert.deepEqual(errors, []);
  await page.context().close();
});
