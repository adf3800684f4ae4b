// The analysis board: the engine's values of every move of Kubuguza's start as the server answers them,
// a line played by clicking holes (each position sown, analysed, and kept in the address), a step back
// and another move starting a variation (a tree: the first line kept and reached again), a position
// pasted as text, the board on a phone, and the way in from a finished game's replay. Screenshots land in web/tests/screenshots/.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, api, boardOf, person, playable, shot, until, useServerAndBrowser, server, browser } from './harness.js';

useServerAndBrowser();

const post = (body) =>
  api(server, '/api/analysis', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The decisions the page lists, best first (each move's button names its decision). */
async function listed(page) {
  await page.waitForSelector('#analysis-moves li');
  return page.$$eval('#analysis-moves li button', (bs) => bs.map((b) => b.dataset.decision));
}

/** Plays `decision` (`e2`, `b2:cw`) by clicking its hole, then its direction when both are offered. */
async function play(page, decision) {
  const [hole, dir] = decision.split(':');
  await page.click(`svg.board .hole[data-hole="${hole}"]`);
  const ask = page.locator('.choices button', { hasText: dir === 'cw' ? '↻' : '↺' });
  if (await ask.count()) await ask.first().click();
}

test('a line played on the analysis board, a step back and a new line', { timeout: 180000 }, async () => {
  const p = await person(browser, server);
  const { page } = p;
  await page.goto('/analysis/kubuguza');
  await until(async () => /South to move/.test(await page.textContent('#analysis-value')), 'the value of the start');

  // The list is the engine's own answer for the start, best first.
  const start = await post({ variant: 'kubuguza' });
  const moves = await listed(page);
  assert.equal(moves.length, start.decisions.length);
  assert.equal(moves[0], start.decisions[0].decision);
  assert.deepEqual((await playable(page)).sort(), [...start.board.legal].sort(), 'the legal holes are offered');
  await shot(page, 'analysis-desktop');

  // The engine's best move, by clicking: the position after is sown, analysed for North, and in the address.
  const first = start.decisions[0].decision;
  await play(page, first);
  await until(async () => /North to move/.test(await page.textContent('#analysis-value')), "North's value");
  const after = await api(server, '/api/preview', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variant: 'kubuguza', decision: first }),
  });
  assert.equal(await page.inputValue('#analysis-position'), after.position);
  assert.equal(new URL(page.url()).searchParams.get('position'), after.position);
  const northMoves = await listed(page);
  const north = await post({ variant: 'kubuguza', position: after.position });
  assert.equal(northMoves[0], north.decisions[0].decision);
  assert.deepEqual(await page.$$eval('#analysis-line li button.move', (l) => l.map((x) => x.dataset.decision)), [
    first,
  ]);

  // Back to the start, another move: a variation beside the first line, which stays in the tree.
  const line = () => page.$$eval('#analysis-line li > button.move', (l) => l.map((x) => x.dataset.decision));
  const alts = () => page.$$eval('#analysis-line button.alt', (l) => l.map((x) => x.dataset.decision));
  await page.click('#analysis-back');
  await until(async () => /South to move/.test(await page.textContent('#analysis-value')), 'the start again');
  const second = start.decisions[1].decision;
  await play(page, second);
  await until(async () => (await line()).join() === second, 'the new line');
  assert.deepEqual(await alts(), [first], 'the first move is kept as a variation');
  // Back to the first line through its variation button: its position, and the second move as its variation.
  await page.click('#analysis-line button.alt');
  await until(async () => (await line()).join() === first, 'the first line again');
  assert.equal(new URL(page.url()).searchParams.get('position'), after.position);
  assert.deepEqual(await alts(), [second]);
  // Playing the first move again from the start follows the tree: no third line.
  await page.click('#analysis-back');
  await until(async () => /South to move/.test(await page.textContent('#analysis-value')), 'the start once more');
  await play(page, first);
  await until(async () => /North to move/.test(await page.textContent('#analysis-value')), "North's value again");
  assert.deepEqual(await alts(), [second]);

  // A position pasted as text (under "Paste a position").
  const position = 'south a1=3 c2=1 c3=2 c4=1 a4=2 e3=4 f4=1';
  await page.click('#analysis-paste summary');
  await page.fill('#analysis-position', position);
  await page.click('#analysis-load');
  await until(async () => /wins in 5 moves/.test(await page.textContent('#analysis-value')), 'a proven win');
  const board = await boardOf(page);
  assert.equal(board.e3, 4);
  assert.deepEqual(p.errors, []);
});

test('the analysis board on a phone, and from a finished game', { timeout: 120000 }, async () => {
  const p = await person(browser, server, { device: PHONE });
  const { page } = p;
  await page.goto('/analysis/azigo');
  await until(async () => /South to move/.test(await page.textContent('#analysis-value')), 'the value');
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `nothing wider than the phone (${wide})`);
  await shot(page, 'analysis-phone');

  // A finished game (resigned before a move) opened on the board at its start.
  const created = await api(server, '/api/games', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variant: 'njombwa', opponent: 'bot:1' }),
  });
  const id = created.game.id;
  await page.goto(`/analysis?game=${id}&ply=0`);
  await until(async () => /not over yet/.test(await page.textContent('.error')), 'a game in progress refused');
  // Resigned from the page's own origin (node has no WebSocket of its own here).
  await page.evaluate(
    ([id, token]) =>
      new Promise((done) => {
        const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/api/games/${id}/ws?token=${token}`);
        ws.onopen = () => ws.send(JSON.stringify({ type: 'resign', id: 'r' }));
        ws.onmessage = (m) => {
          if (JSON.parse(m.data).type === 'event') done(ws.close());
        };
      }),
    [id, created.token],
  );
  await until(async () => (await api(server, `/api/games/${id}`)).game.status === 'finished', 'the end');
  await page.goto(`/game/${id}`);
  await page.click('#analyse');
  await page.waitForURL(/\/analysis\/njombwa/);
  await until(async () => /to move/.test(await page.textContent('#analysis-value')), 'the value of its start');
  assert.deepEqual(
    p.errors.filter((e) => !/status of 409/.test(e)),
    [],
  );
});

test('a position edited on the board: a counter moved, then analysed by the engine', { timeout: 120000 }, async () => {
  const p = await person(browser, server, { device: PHONE });
  const { page } = p;
  await page.goto('/analysis/kubuguza');
  await until(async () => /South to move/.test(await page.textContent('#analysis-value')), 'the value of the start');
  await page.click('#analysis-edit');
  await page.waitForSelector('#editor');
  assert.match(await page.textContent('#editor-total'), /^64 counters/);
  // One counter taken from a2 and put in b2: the board shows it, the total stays.
  await page.click('#editor-remove');
  await page.click('svg.board .hole[data-hole="a2"]');
  await page.click('#editor-add');
  await page.click('svg.board .hole[data-hole="b2"]');
  const board = await boardOf(page);
  assert.deepEqual([board.a2, board.b2, board.c2], [3, 5, 4]);
  assert.match(await page.textContent('#editor-total'), /^64 counters/);
  assert.equal(await page.textContent('#analysis-value'), '', "the start's value is not shown for the edited board");
  assert.match(await page.inputValue('#analysis-position'), /^south a2=3 b2=5 c2=4 /);
  await shot(page, 'analysis-editor-phone');
  // An empty board is a game over: the engine refuses it, the editor stays open and says why.
  const kept = await page.inputValue('#analysis-position');
  await page.click('#editor-clear');
  assert.match(await page.textContent('#editor-total'), /^0 counters/);
  await page.click('#editor-done');
  await until(async () => /over/.test(await page.textContent('.error')), "the server's refusal");
  assert.ok(await page.$('#editor'), 'the editor stays open');
  await page.click('#editor-cancel');
  await until(async () => /South to move/.test(await page.textContent('#analysis-value')), 'the start again');
  await page.click('#analysis-edit');
  await page.click('#editor-remove');
  await page.click('svg.board .hole[data-hole="a2"]');
  await page.click('#editor-add');
  await page.click('svg.board .hole[data-hole="b2"]');
  assert.equal(await page.inputValue('#analysis-position'), kept);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the editor fits the phone (${width} px)`);
  await page.click('#editor-done');
  // The edited position is analysed: its text in the address, and the engine's own answer listed.
  const edited = 'south a2=3 b2=5 c2=4 d2=4 e2=4 f2=4 g2=4 h2=4 a3=4 b3=4 c3=4 d3=4 e3=4 f3=4 g3=4 h3=4 turn=1';
  await until(async () => new URL(page.url()).searchParams.get('position') === edited, 'the edited position');
  const answer = await post({ variant: 'kubuguza', position: edited });
  await until(async () => /South to move/.test(await page.textContent('#analysis-value')), 'its value');
  const moves = await listed(page);
  assert.equal(moves[0].split(' ')[0], answer.decisions[0].decision);
  assert.equal(moves.length, answer.decisions.length);
  assert.equal(await page.$('#editor'), null, 'the editor is closed');
  // The refused empty board's 400 is the one failed request.
  assert.deepEqual(
    p.errors.filter((e) => !/status of 400/.test(e)),
    [],
  );
});
