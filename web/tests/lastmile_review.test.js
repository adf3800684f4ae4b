// The review teaches: on a finished game whose last move is a blunder (Kubuguza `d2`, `d3`, `f2`, as
// review.test.js), "Next mistake" shows the board before the blunder, whole and in view, with the better
// decision and the played one marked (and an arrow to where the better one ends); the sentences are made of
// the server's lines (`GET /api/games/{id}/review/{ply}`): the better decision's captures, the opponent's
// reply, what each line captures over the next turns, and what the played one gives away, every figure
// adding up on the page; either line is walked on the board turn by turn and stays there until "Back to
// the game"; accuracy is explained in a line; the move list is reached by Tab; a player steps through
// their own mistakes; the same in French and on a phone.

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

/** A turn's captures: the holes taken from, and the first capture's reason. */
const captures = (turn) => {
  const caps = turn.decisions.flatMap((d) => d.events).filter((e) => e.startsWith('capture '));
  return { holes: [...new Set(caps.map((e) => e.split(' ')[1]))], reason: caps[0]?.split(' ')[4] || null };
};

/** What the server says of the blunder: the review's judgement and the lines that explain it. */
async function expected(id) {
  const review = await api(server, `/api/games/${id}/review`);
  const d = review.decisions[2];
  const lines = await api(server, `/api/games/${id}/review/3`);
  return { d, lines, better: lines.better, played: lines.played, reply: lines.played.turns[1] };
}

/** The integers of a sentence, signs kept (a hole's or a decision's digits are not figures). */
const figures = (text) => [...text.matchAll(/(?<![a-z\d])([−+]?)(\d+)/g)].map((m) => (m[1] === '−' ? -1 : 1) * +m[2]);

/**
 * The whole board is in view: its top player's line below the page's sticky header, its bottom row
 * above the window's bottom edge.
 */
async function boardInView(page) {
  return page.evaluate(() => {
    // The header covers the page's top only while it is on the screen (sticky on a desktop).
    const header = Math.max(0, document.querySelector('header.top').getBoundingClientRect().bottom);
    const top = document.querySelector('.board-col').firstElementChild.getBoundingClientRect().top;
    const bottom = document.querySelector('.board-box svg.board').getBoundingClientRect().bottom;
    return {
      header,
      top,
      bottom,
      height: window.innerHeight,
      ok: top >= header - 1 && bottom <= window.innerHeight + 1,
    };
  });
}

/** Opens the review of game `id` on `page` and waits until it is in. */
async function openReview(page, id) {
  await page.goto(`/game/${id}`);
  await page.click('#review-start');
  await page.waitForSelector('#review[data-state="ready"]');
}

test(
  'next mistake: the board whole in view, sentences whose figures add up, a line walked turn by turn',
  { timeout: 180000 },
  async () => {
    const p = await person(browser, server, {
      name: 'zawadi',
      speed: 'slow',
      bypassCSP: true,
      device: { viewport: { width: 1280, height: 800 } },
    });
    const { page } = p;
    await p.context.clock.install();
    const { id } = await blunderGame(page);
    const x = await expected(id);
    assert.equal(x.d.judged.mark, 'blunder');
    assert.notEqual(x.d.judged.best, 'f2');
    await openReview(page, id);

    assert.match(await page.textContent('#review'), /Accuracy is 100% when every choice is the engine's best/);
    // A spectator steps through both sides' mistakes: there is one; from the end, next is the first. The
    // reader scrolled down to the button, as a newcomer does; the jump brings the whole board back.
    assert.equal(await page.isDisabled('#mistake-previous'), false);
    await page.locator('#mistake-next').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 400));
    await page.click('#mistake-next');
    await page.waitForSelector('.replay[data-shown="2"]');
    await until(async () => (await page.textContent('#lost')) !== '', "the server's lines");
    await until(async () => (await boardInView(page)).ok, 'the whole board in view after the jump');
    assert.deepEqual(await boardOf(page), sorted(byName((await api(server, `/api/games/${id}/position?ply=2`)).view)));
    assert.match(await page.textContent('#mistake'), /Move 3: South played f2 \?\? blunder/);
    await page.screenshot({ path: new URL('./screenshots/review-jump-desktop.png', import.meta.url).pathname });

    // The sentences are the server's lines: the better decision's captures, the opponent's reply to the
    // played one (each with the first capture's reason), then what each line captures over its turns.
    const list = (holes) => new Intl.ListFormat('en', { type: 'conjunction' }).format(holes);
    const better = await page.textContent('#better');
    const first = x.better.turns[0];
    if (first.captured)
      assert.ok(
        better.startsWith(
          `Better: ${x.d.judged.best}, capturing ${first.captured} from ${list(captures(first).holes)}, because `,
        ),
        better,
      );
    else assert.equal(better, `Better: ${x.d.judged.best}.`);
    assert.ok(x.reply.captured > 0, "North's reply captures (the test can tell)");
    const r = captures(x.reply);
    const reply = await page.textContent('#reply');
    const side = x.reply.side === 'north' ? 'North' : 'South';
    const replyWith = x.reply.decisions.map((d) => d.decision.replace(':cw', ' clockwise')).join(', ');
    assert.ok(
      reply.startsWith(
        `After f2, ${side} captures ${x.reply.captured} from ${list(r.holes)} with ${replyWith}, because `,
      ),
      reply,
    );
    assert.match(reply, r.reason === 'opposition' ? /both holes facing it/ : /because/);
    // Every figure adds up within the page: each line's captures, the net, and what f2 gives away.
    const lines = await page.textContent('#lines');
    const [bm, bt, bn, pm, pt, pn] = figures(lines).slice(-6);
    assert.deepEqual([bm, bt, pm, pt], [x.better.mine, x.better.theirs, x.played.mine, x.played.theirs], lines);
    assert.equal(bn, bm - bt, lines);
    assert.equal(pn, pm - pt, lines);
    const lost = await page.textContent('#lost');
    assert.ok(
      bn - pn > 0,
      `the blunder gives counters away within the lines (the test can tell): ${lines} ${JSON.stringify(x.lines.better.turns.map((t) => [t.side, t.decisions.map((d) => d.decision), t.captured]))} ${JSON.stringify(x.lines.played.turns.map((t) => [t.side, t.decisions.map((d) => d.decision), t.captured]))}`,
    );
    assert.equal(lost, `So f2 gives away ${bn - pn} counters against ${x.d.judged.best} in these turns.`);
    assert.ok(x.reply.captured <= pt, "the reply's captures are part of North's along the line");

    // On the board: the better hole and the played one marked, an arrow to where the better one ends.
    const marked = (cls) => page.$$eval(`svg.board .hole.${cls}`, (g) => g.map((h) => h.dataset.hole));
    assert.deepEqual(await marked('goal'), [x.d.judged.best.split(':')[0]]);
    assert.deepEqual(await marked('danger'), ['f2']);
    assert.equal(await page.getAttribute('#moves li[data-ply="3"]', 'class'), 'focus');
    await shot(page, 'review-explained-desktop');
    await page.addScriptTag({ path: AXE });
    const violations = await page.evaluate(async () => {
      const r = await window.axe.run(document, { resultTypes: ['violations'] });
      return r.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    });
    assert.deepEqual(violations, [], 'no accessibility violation with a mistake explained');

    // "Show g2 on the board" sows the better line's first turn at the chosen speed and stays on the board
    // after it; "Next turn" sows the next, "Previous turn" goes back one, "Back to the game" leaves.
    const boardAfter = (view) => sorted(byName(view));
    const sow = async (turn) => {
      await page.clock.runFor(100);
      assert.equal(await page.getAttribute('.board-box', 'data-busy'), 'true', 'being sown');
      const steps = turn.decisions.reduce((n, d) => n + d.events.length, 0);
      await page.clock.runFor(Math.min(steps * 320, 15000) + 1000);
    };
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 2000));
    await page.click('#show-better');
    await page.clock.runFor(100);
    assert.match(await page.textContent('.caption'), new RegExp(`^South ${x.d.judged.best} · `));
    await sow(first);
    const afterTurn = (k) => (k < x.better.turns.length ? x.better.turns[k].board : x.better.board);
    assert.deepEqual(await boardOf(page), boardAfter(afterTurn(1)), 'the first turn stays sown on the board');
    assert.equal(
      await page.textContent('.caption'),
      `${x.d.judged.best}'s line: after turn 1 of ${x.better.turns.length}`,
    );
    assert.equal(await page.getAttribute('#line li[aria-current="step"]', 'data-turn'), '1');
    await page.screenshot({ path: new URL('./screenshots/review-line-desktop.png', import.meta.url).pathname });
    assert.deepEqual(await marked('goal'), [], 'the explanation marks leave the line alone');
    await page.click('#line-next');
    await sow(x.better.turns[1]);
    assert.deepEqual(await boardOf(page), boardAfter(afterTurn(2)), 'the second turn sown');
    // The turns listed say what each captured: their sums are the sentence's figures.
    const turns = await page.$$eval('#line li', (l) => l.map((li) => li.textContent));
    const taken = (mine) =>
      turns
        .filter((t, i) => (x.better.turns[i].side === x.lines.side) === mine)
        .reduce((n, t) => n + (/captures (\d+)$/.exec(t)?.[1] ? +/captures (\d+)$/.exec(t)[1] : 0), 0);
    assert.deepEqual([taken(true), taken(false)], [bm, bt], turns.join(' / '));
    await page.click('#line-previous');
    assert.deepEqual(await boardOf(page), boardAfter(afterTurn(1)), 'one turn back');
    await page.click('#line-back');
    await page.clock.resume();
    assert.deepEqual(await marked('goal'), [x.d.judged.best.split(':')[0]], 'back on the position before');
    assert.equal(await page.$('#line'), null);

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
  // The button is below the board: the reader scrolls to it; the jump brings the whole board back.
  await page.locator('#mistake-next').scrollIntoViewIfNeeded();
  await page.click('#mistake-next');
  await until(async () => /^Mieux/.test(await page.textContent('#better')), 'the sentences in French');
  await page.waitForSelector('.replay[data-shown="2"]');
  await until(async () => (await page.textContent('#lost')) !== '', "the server's lines");
  await until(async () => (await boardInView(page)).ok, 'the whole board in view on the phone');
  await page.screenshot({ path: new URL('./screenshots/review-jump-phone.png', import.meta.url).pathname });
  const r = captures(x.reply);
  const holes = new Intl.ListFormat('fr', { type: 'conjunction' }).format(r.holes);
  const side = x.reply.side === 'north' ? 'Nord' : 'Sud';
  const reply = await page.textContent('#reply');
  const replyWith = x.reply.decisions.map((d) => d.decision.replace(':cw', ' sens horaire')).join(', ');
  assert.ok(reply.startsWith(`Après f2, ${side} prend ${x.reply.captured} en ${holes} avec ${replyWith}, car `), reply);
  const lines = await page.textContent('#lines');
  const [bm, bt, bn, pm, pt, pn] = figures(lines).slice(-6);
  assert.deepEqual([bn, pn], [bm - bt, pm - pt], lines);
  assert.equal(
    await page.textContent('#lost'),
    `f2 cède donc ${bn - pn} graines par rapport à ${x.d.judged.best} sur ces tours.`,
  );
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
