// The review teaches: on a finished game whose last move is a blunder (Kubuguza `d2`, `d3`, `f2`, as
// review.test.js), "Next mistake" shows the board before the blunder with the better decision and the
// played one marked (and an arrow to where the better one ends), the better decision in one sentence made
// of the server's preview (its captures and the engine's capture reason), the counters lost (the
// review's), and sows the better decision on demand; accuracy is explained in a line; the move list is
// reached by Tab; a player steps through their own mistakes; the same in French and on a phone.

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import {
  PHONE,
  api,
  boardOf,
  byName,
  person,
  shot,
  sorted,
  until,
  useServerAndBrowser,
  server,
  browser,
} from './harness.js';

useServerAndBrowser();

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const post = (path, body) =>
  api(server, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A finished Kubuguza game whose third decision (South's f2) is a blunder; returns its id and seats. */
async function blunderGame(page) {
  const south = await post('/api/games', { variant: 'kubuguza', seat: 'south', name: 'amina' });
  const id = south.game.id;
  const north = await post(`/api/games/${id}/join`, { name: 'baraka' });
  await page.goto('/');
  await page.evaluate(
    async ([id, tokens]) => {
      const open = (token) =>
        new Promise((ok) => {
          const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/api/games/${id}/ws?token=${token}`);
          ws.onopen = () => ok(ws);
        });
      const seats = { south: await open(tokens.south), north: await open(tokens.north) };
      const send = (ws, msg) =>
        new Promise((ok, fail) => {
          ws.onmessage = (m) => {
            const r = JSON.parse(m.data);
            if (r.type === 'accepted' && r.id === msg.id) ok(r);
            if (r.type === 'rejected' && r.id === msg.id) fail(new Error(JSON.stringify(r)));
          };
          ws.send(JSON.stringify(msg));
        });
      const line = [
        ['south', 'd2'],
        ['north', 'd3'],
        ['south', 'f2'],
      ];
      for (const [i, [side, decision]] of line.entries())
        await send(seats[side], { type: 'decide', id: `d${i}`, decision });
      await send(seats.north, { type: 'resign', id: 'r' });
      seats.south.close();
      seats.north.close();
    },
    [id, { south: south.token, north: north.token }],
  );
  await until(async () => (await api(server, `/api/games/${id}`)).game.status === 'finished', 'the end');
  await until(async () => (await fetch(`${server.base}/api/games/${id}/review`)).status === 200, 'the review', 60000);
  return { id, tokens: { south: south.token, north: north.token } };
}

/** A preview's captures: the holes taken from, and the first capture's reason. */
const captures = (p) => {
  const caps = p.events.filter((e) => e.startsWith('capture '));
  return { holes: [...new Set(caps.map((e) => e.split(' ')[1]))], reason: caps[0]?.split(' ')[4] || null };
};

/**
 * What the server says of the blunder: the review's judgement, the previews of the better and the played
 * decisions before it, and the opponent's best reply after it (the engine's, at the same small budget).
 */
async function expected(id) {
  const review = await api(server, `/api/games/${id}/review`);
  const d = review.decisions[2];
  const before = await post('/api/analysis', { game: id, ply: 2, nodes: 2000 });
  const after = await post('/api/analysis', { game: id, ply: 3, nodes: 2000 });
  const preview = (position, decision) => post('/api/preview', { variant: 'kubuguza', position, decision });
  const better = await preview(before.position, d.judged.best);
  const played = await preview(before.position, d.decision);
  const reply = await preview(after.position, after.best[0]);
  return { d, better, played, reply, replySide: after.side };
}

/** Opens the review of game `id` on `page` and waits until it is in. */
async function openReview(page, id) {
  await page.goto(`/game/${id}`);
  await page.click('#review-start');
  await page.waitForSelector('#review[data-state="ready"]');
}

test(
  'next mistake: the better decision on the board, in a sentence, the counters lost',
  { timeout: 180000 },
  async () => {
    const p = await person(browser, server, { name: 'zawadi', speed: 'slow', bypassCSP: true });
    const { page } = p;
    await p.context.clock.install();
    const { id } = await blunderGame(page);
    const x = await expected(id);
    assert.equal(x.d.judged.mark, 'blunder');
    assert.notEqual(x.d.judged.best, 'f2');
    await openReview(page, id);

    assert.match(await page.textContent('#review'), /Accuracy is 100% when every choice is the engine's best/);
    // A spectator steps through both sides' mistakes: there is one; from the end, next is the first.
    assert.equal(await page.isDisabled('#mistake-previous'), false);
    await page.click('#mistake-next');
    await page.waitForSelector('.replay[data-shown="2"]');
    await until(async () => !/looking/.test(await page.textContent('#better')), "the server's previews");
    assert.deepEqual(await boardOf(page), sorted(byName((await api(server, `/api/games/${id}/position?ply=2`)).view)));
    assert.match(await page.textContent('#mistake'), /Move 3: South played f2 \?\? blunder/);

    // The sentences are the server's previews: the better decision's captures, and those of the
    // opponent's reply to the played one, each with the first capture's reason.
    const list = (holes) => new Intl.ListFormat('en', { type: 'conjunction' }).format(holes);
    const better = await page.textContent('#better');
    if (x.better.captured) {
      const c = captures(x.better);
      assert.ok(
        better.startsWith(`Better: ${x.d.judged.best}, capturing ${x.better.captured} from ${list(c.holes)}, because `),
        better,
      );
    } else assert.equal(better, `Better: ${x.d.judged.best}.`);
    assert.ok(x.reply.captured > 0, "North's reply captures (the test can tell)");
    const r = captures(x.reply);
    const reply = await page.textContent('#reply');
    const side = x.replySide === 'north' ? 'North' : 'South';
    assert.ok(
      reply.startsWith(
        `After f2, ${side} captures ${x.reply.captured} from ${list(r.holes)} with ${x.reply.decision}, because `,
      ),
      reply,
    );
    assert.match(reply, r.reason === 'opposition' ? /both holes facing it/ : /because/);
    // The counters lost are the review's, to a tenth.
    const lost = (Math.round(x.d.judged.loss * 10) / 10).toString();
    const lostText = await page.textContent('#lost');
    const captured = x.played.captured ? `captured ${x.played.captured}, but ` : '';
    assert.equal(lostText, `f2 ${captured}lost ${lost} counters against ${x.d.judged.best}.`);

    // On the board: the better hole and the played one marked, an arrow to where the better one ends.
    const marked = (cls) => page.$$eval(`svg.board .hole.${cls}`, (g) => g.map((h) => h.dataset.hole));
    assert.deepEqual(await marked('goal'), [x.d.judged.best.split(':')[0]]);
    assert.deepEqual(await marked('danger'), ['f2']);
    if (x.better.last_hole !== x.d.judged.best)
      assert.equal(await page.$$eval('svg.board .arrows line', (l) => l.length), 1);
    assert.equal(await page.getAttribute('#moves li[data-ply="3"]', 'class'), 'focus');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'review-explained-desktop');
    await page.addScriptTag({ path: AXE });
    const violations = await page.evaluate(async () => {
      const r = await window.axe.run(document, { resultTypes: ['violations'] });
      return r.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    });
    assert.deepEqual(violations, [], 'no accessibility violation with a mistake explained');

    // "Show g2 on the board" sows it: at its end the board is the preview's, then the position before again.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 2000));
    await page.click('#show-better');
    await page.clock.runFor(100);
    assert.match(await page.textContent('.caption'), new RegExp(`^South ${x.d.judged.best} · lap 1`));
    // The slow speed: 320 ms a step, 15 s at most; the last step is held 400 ms.
    await page.clock.runFor(Math.min(x.better.events.length * 320, 15000) - 100);
    assert.equal(await page.getAttribute('.board-box', 'data-busy'), 'true', 'being sown');
    const atEnd = await page.$$eval('svg.board .hole', (gs) =>
      Object.fromEntries(
        gs.map((g) => [g.dataset.hole, Number(g.getAttribute('aria-label').split(' ')[1].replace(',', ''))]),
      ),
    );
    assert.deepEqual(sorted(atEnd), sorted(byName(x.better.board)), 'the better decision sown to its end');
    await page.clock.runFor(1000);
    await page.clock.resume();
    assert.deepEqual(await marked('goal'), [x.d.judged.best.split(':')[0]], 'back on the position before');

    // Nothing after it nor before; the move list is reached by Tab and played by Enter; a plain line shows
    // its ply.
    assert.equal(await page.isDisabled('#mistake-next'), true);
    assert.equal(await page.isDisabled('#mistake-previous'), true);
    await page.focus('#moves li[data-ply="1"] button.move');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.replay[data-shown="1"]');
    assert.equal(await page.$('#better'), null, 'the explanation closes once the board leaves its position');
    const focused = () => page.evaluate(() => document.activeElement.closest('#moves li')?.dataset.ply);
    assert.equal(await focused(), '1', 'the line keeps the focus');
    await page.keyboard.press('Tab');
    assert.equal(await focused(), '2', 'Tab goes down the list');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await until(
      async () => (await page.textContent('#better').catch(() => '')).startsWith('Better:'),
      'the marked line explains',
    );
    assert.deepEqual(p.errors, []);
  },
);

test('a player steps through their own mistakes; the review in French on a phone', { timeout: 180000 }, async () => {
  const setup = await person(browser, server);
  const { id, tokens } = await blunderGame(setup.page);
  const x = await expected(id);
  await setup.context.close();

  // North made no mistake: its own steps have nowhere to go; South's reach the blunder.
  for (const [side, next] of [
    ['north', false],
    ['south', true],
  ]) {
    const p = await person(browser, server);
    await p.page.goto('/');
    await p.page.evaluate(
      ([id, token, side]) =>
        localStorage.setItem('mancala.seats', JSON.stringify({ [id]: { token, seat: side, at: Date.now() } })),
      [id, tokens[side], side],
    );
    await openReview(p.page, id);
    assert.equal(await p.page.isDisabled('#mistake-next'), !next, `${side}: next mistake`);
    await p.context.close();
  }

  const p = await person(browser, server, { device: PHONE, locale: 'fr-FR' });
  const { page } = p;
  await openReview(page, id);
  assert.match(await page.textContent('#review'), /La précision vaut 100/);
  await page.click('#mistake-next');
  await until(async () => /^Mieux/.test(await page.textContent('#better')), 'the sentences in French');
  const r = captures(x.reply);
  const holes = new Intl.ListFormat('fr', { type: 'conjunction' }).format(r.holes);
  const side = x.replySide === 'north' ? 'Nord' : 'Sud';
  const reply = await page.textContent('#reply');
  assert.ok(
    reply.startsWith(`Après f2, ${side} prend ${x.reply.captured} en ${holes} avec ${x.reply.decision}, car `),
    reply,
  );
  const lost = new Intl.NumberFormat('fr', { maximumFractionDigits: 1 }).format(Math.round(x.d.judged.loss * 10) / 10);
  assert.match(await page.textContent('#lost'), new RegExp(`a perdu ${lost} graines par rapport à ${x.d.judged.best}`));
  assert.match(
    await page.getAttribute('svg.review-graph .review-point[data-ply="3"]', 'aria-label'),
    /Après le coup 3, Sud f2\u00a0: (Sud|Nord) a [\d,]+ graines? d’avance \(gaffe\)/,
  );
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `nothing wider than the phone (${wide})`);
  await page.locator('#mistake').scrollIntoViewIfNeeded();
  await shot(page, 'review-explained-phone');
  assert.deepEqual(p.errors, []);
});
