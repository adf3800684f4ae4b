// The tournament pages: a signed-in person creates an arena starting now with the form on /tournaments;
// a second account, on a phone, opens it and both press Join; the director pairs them and both pages go
// to the same game on opposite seats; a move made by one is seen by the other; the standings list both.
// After a resignation, going back to the tournament page takes both to their next game. A signed-out
// visitor sees the page (standings, games) without Join, and the list of tournaments. A private Swiss:
// its password refused then accepted, Withdraw and back, the tie-break columns; a medley arena's game now
// and next. A Swiss's first round: both players sent to one game, the result and the tie-breaks.

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import {
  api,
  boardOf,
  person,
  PHONE,
  playable,
  shot,
  signUp,
  until,
  useServerAndBrowser,
  server,
  browser,
} from './harness.js';

useServerAndBrowser();

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's violations on the page as it is now (as a11y.test.js runs it). */
async function violations(page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
}

const GAME_URL = /\/game\/[A-Za-z0-9]{10}$/;
const standingNames = (page) =>
  page.$$eval('#standings tbody tr', (rs) => rs.map((r) => r.getAttribute('data-player')));

test(
  'an arena made with the form: join, paired into one game, a move seen by both, the standings',
  { timeout: 180000 },
  async () => {
    const a = await person(browser, server);
    const b = await person(browser, server, { device: PHONE });
    await signUp(a.page, 'Asha');
    await signUp(b.page, 'baraka');

    // The site's navigation leads to the list; the form makes an arena starting now.
    await a.page.click('header nav a[href="/tournaments"]');
    await a.page.waitForURL(/\/tournaments$/);
    await a.page.waitForSelector('#tour-running li');
    await a.page.click('#tour-new-summary');
    await a.page.fill('#tf-name', 'Friday arena');
    await a.page.selectOption('#tf-clock', '180+2');
    await a.page.fill('#tf-minutes', '20');
    await shot(a.page, 'tournament-form-desktop');
    await a.page.click('#tf-submit');
    await a.page.waitForURL(/\/tournament\/[A-Za-z0-9]+$/);
    const id = a.page.url().split('/').pop();
    await until(async () => /Friday arena/.test(await a.page.textContent('#t-name')), 'the header');
    assert.match(await a.page.textContent('#t-facts'), /Arena · 20 minutes.*Kubuguza.*3\+2.*rated.*by asha/i);
    assert.equal(await a.page.getAttribute('header nav a[href="/tournaments"]', 'class'), 'here');
    const made = await api(server, `/api/tournaments/${id}`);
    assert.equal(made.kind, 'arena');
    assert.deepEqual(made.variants, ['kubuguza']);
    assert.deepEqual([made.clock.base_secs, made.clock.increment_secs], [180, 2]);
    assert.equal(made.ends_at - made.starts_at, 20 * 60000);

    // The phone opens it; both join.
    await b.page.goto(`/tournament/${id}`);
    await b.page.waitForSelector('#t-join');
    await until(async () => /Ends in|Starting/.test(await b.page.textContent('#t-status')), 'the countdown');
    await b.page.click('#t-join');
    await b.page.waitForSelector('#t-withdraw');
    await until(async () => (await standingNames(a.page)).includes('baraka'), "the joiner in the creator's standings");
    await a.page.click('#t-join');

    // Paired: both pages go to the same game, on opposite seats.
    await a.page.waitForURL(GAME_URL, { timeout: 10000 });
    await b.page.waitForURL(GAME_URL, { timeout: 10000 });
    const game = a.page.url().split('/').pop();
    assert.equal(b.page.url().split('/').pop(), game, 'the same game');
    const g = (await api(server, `/api/games/${game}`)).game;
    assert.deepEqual([g.players.south.name, g.players.north.name].sort(), ['Asha', 'baraka']);
    assert.deepEqual([g.clock.base_secs, g.clock.increment_secs], [180, 2]);
    const [south, north] = g.players.south.name === 'Asha' ? [a.page, b.page] : [b.page, a.page];
    for (const p of [south, north])
      await until(async () => /\(you\)/.test(await p.textContent('.bottom-player')), 'the seat');

    // South moves; North sees it.
    await until(async () => (await playable(south)).length > 0, 'South to move');
    const before = await boardOf(north);
    await south.click(`svg.board .hole[data-hole="${(await playable(south))[0]}"]`);
    await until(async () => (await api(server, `/api/games/${game}`)).game.plies >= 1, 'the move');
    await until(
      async () => JSON.stringify(await boardOf(north)) !== JSON.stringify(before),
      'the move on the other board',
    );
    assert.deepEqual(await boardOf(north), await boardOf(south));

    // Back on the tournament page while the game goes on: a link to it (not sent there again), the
    // standings with both players, the game listed as being played.
    for (const p of [a.page, b.page]) {
      await p.goto(`/tournament/${id}`);
      await p.waitForSelector('#t-mygame-link');
      assert.equal(await p.getAttribute('#t-mygame-link', 'href'), `/game/${game}`);
      await until(async () => (await standingNames(p)).length === 2, 'both in the standings');
      assert.deepEqual((await standingNames(p)).sort(), ['Asha', 'baraka']);
      await p.waitForSelector(`#t-games li[data-game="${game}"] a[href="/game/${game}"]`);
      assert.match(await p.textContent(`#t-games li[data-game="${game}"]`), /playing/);
    }

    // North goes back to its game: the page names the tournament, its time and North's place.
    await north.click(`#t-mygame-link`);
    await north.waitForURL(GAME_URL);
    await until(
      async () =>
        /Friday arena · Ends in .* · place \d of 2, 0 points/.test(
          (await north.textContent('#tour-line').catch(() => '')) || '',
        ),
      'the tournament line',
    );
    await shot(north, 'tournament-game-line');
    // North resigns and stays on the finished game: the next pairing takes both to their next game.
    await north.click('[data-command="resign"]');
    await north.click('[data-confirm="resign"]');
    await until(async () => (await api(server, `/api/games/${game}`)).game.status === 'finished', 'the resignation');
    // North stays on its finished game's page, South on the tournament page: the next pairing takes each
    // there by itself. (Going to a page again here would race the director: once sent to its game, a page
    // opened later shows a link.)
    await until(() => GAME_URL.test(north.url()) && !north.url().endsWith(game), 'north in the next game', 10000);
    await until(() => GAME_URL.test(south.url()) && !south.url().endsWith(game), 'south in the next game', 10000).catch(
      async (e) => {
        console.log('south at', south.url(), await south.textContent('main'));
        console.log(JSON.stringify(await api(server, `/api/tournaments/${id}`)));
        throw e;
      },
    );
    const next = north.url().split('/').pop();
    assert.notEqual(next, game, 'a new game');
    assert.equal(south.url().split('/').pop(), next);
    const view = await api(server, `/api/tournaments/${id}`);
    const winner = g.players.south.name;
    assert.equal(view.standings[0].name, winner);
    assert.equal(view.standings[0].score, 2);

    // Back on the page during the second game: the first one's result in the sheets and the games.
    for (const p of [a.page, b.page]) {
      await p.goto(`/tournament/${id}`);
      await p.waitForSelector(`#t-mygame-link[href="/game/${next}"]`);
      await until(
        async () => (await p.textContent(`#standings tr[data-player="${winner}"] td.sheet`)) === '2',
        'the sheet',
      );
      assert.match(await p.textContent(`#t-games li[data-game="${game}"]`), /1–0/);
    }
    await shot(a.page, 'tournament-desktop');
    await shot(b.page, 'tournament-phone');

    // The first game's page, finished, leads back to the tournament (no rematch in a tournament). Looked
    // at once North is in its next game: right after the resignation the director may pair the next wave
    // before the finished page is drawn, and the page then goes straight to the new game, as it should.
    await north.goto(`/game/${game}`);
    await north.waitForSelector('#back-to-tournament');
    assert.equal(await north.$('[data-rematch]'), null);
    await shot(north, 'tournament-game-over');
    for (const p of [a, b]) assert.deepEqual(p.errors, []);
  },
);

test('a signed-out visitor sees the tournament and the list, without Join', { timeout: 60000 }, async () => {
  const list = await api(server, '/api/tournaments');
  const t = list.running.find((x) => x.name === 'Friday arena');
  assert.ok(t, 'the arena of the first test is running');
  const guest = await person(browser, server, { device: PHONE, bypassCSP: true });
  await guest.page.goto(`/tournament/${t.id}`);
  await until(async () => (await standingNames(guest.page)).length === 2, 'the standings');
  await guest.page.waitForSelector('#t-signin');
  assert.equal(await guest.page.$('#t-join'), null, 'no Join for a guest');
  assert.equal(await guest.page.$('#t-withdraw'), null);
  assert.match(await guest.page.textContent('#standings'), /Asha.*2/s);
  assert.ok((await guest.page.$$('#t-games li[data-game]')).length >= 2, 'the games');
  await shot(guest.page, 'tournament-guest-phone');
  assert.deepEqual(await violations(guest.page), [], 'no accessibility violation on a tournament');

  const desk = await person(browser, server, { bypassCSP: true });
  await desk.page.goto('/tournaments');
  await desk.page.waitForSelector(`#tour-running li[data-tournament="${t.id}"]`);
  const line = await desk.page.textContent(`#tour-running li[data-tournament="${t.id}"]`);
  assert.match(line, /Friday arena.*Arena · 20 minutes.*Kubuguza.*3\+2.*rated.*2 players.*Ends in/s);
  assert.equal(await desk.page.$('#tour-new'), null, 'no form for a guest');
  await shot(desk.page, 'tournaments-desktop');
  assert.deepEqual(await violations(desk.page), [], 'no accessibility violation on the list');
  await desk.page.click(`#tour-running li[data-tournament="${t.id}"] a.tname`);
  await desk.page.waitForURL(new RegExp(`/tournament/${t.id}$`));
  await desk.page.waitForSelector('#standings');
  for (const p of [guest, desk]) assert.deepEqual(p.errors, []);
});

test(
  'a private Swiss made with the form: the password asked, the tie-break columns; a medley arena',
  { timeout: 90000 },
  async () => {
    const c = await person(browser, server);
    const d = await person(browser, server, { device: PHONE });
    await signUp(c.page, 'Chidi');
    await signUp(d.page, 'Dembe');
    await c.page.goto('/tournaments');
    await c.page.click('#tour-new-summary');
    await c.page.fill('#tf-name', 'Club Swiss');
    await c.page.check('#tf-swiss');
    assert.equal(await c.page.isVisible('#tf-minutes'), false, 'a Swiss has rounds, not minutes');
    await c.page.fill('#tf-rounds', '3');
    await c.page.fill('#tf-starts', '5');
    await c.page.fill('#tf-password', 'club-secret');
    // Two games for a Swiss: refused in the page.
    await c.page.check('#tf-v-azigo');
    await c.page.click('#tf-submit');
    await until(async () => /one game/.test(await c.page.textContent('#tf-error')), 'the refusal of two games');
    await c.page.uncheck('#tf-v-azigo');
    await c.page.click('#tf-submit');
    await c.page.waitForURL(/\/tournament\/[A-Za-z0-9]+$/);
    const id = c.page.url().split('/').pop();
    await until(async () => /Club Swiss/.test(await c.page.textContent('#t-name')), 'the header');
    assert.match(await c.page.textContent('#t-facts'), /Swiss · 3 rounds · Kubuguza · 5\+3 · rated/);
    assert.match(await c.page.textContent('#t-status'), /Starts in 4:[0-5]\d/);
    assert.ok(await c.page.$('#t-name .lock'), 'the lock of a private tournament');
    const made = await api(server, `/api/tournaments/${id}`);
    assert.equal(made.private, true);
    assert.equal(made.rounds, 3);
    assert.ok(Math.abs(made.starts_at - Date.now() - 5 * 60000) < 30000, 'starts in 5 minutes');

    // The phone: a wrong password is refused, the right one joins.
    await d.page.goto(`/tournament/${id}`);
    await d.page.waitForSelector('#t-password');
    await d.page.fill('#t-password', 'nope');
    await d.page.click('#t-join');
    await until(async () => /Not allowed/.test(await d.page.textContent('#t-error')), 'the refusal');
    assert.match(await d.page.textContent('#t-error'), /wrong tournament password/);
    await d.page.fill('#t-password', 'club-secret');
    await d.page.click('#t-join');
    await d.page.waitForSelector('#t-withdraw:text-is("Withdraw")');
    await until(async () => (await standingNames(d.page)).includes('Dembe'), 'the standings');
    const heads = await d.page.$$eval('#standings thead th', (ths) => ths.map((th) => th.textContent));
    assert.deepEqual(heads, ['#', 'Player', 'Rating', 'Bu', 'Bu-1', 'SB', 'Wins', 'Score']);
    await until(async () => (await standingNames(c.page)).includes('Dembe'), "the join on the creator's page");
    await shot(d.page, 'tournament-swiss-phone');
    // Withdraw, and back (the password is asked again).
    await d.page.click('#t-withdraw');
    await d.page.waitForSelector('#t-join:text-is("Join again")');
    assert.ok(await d.page.isVisible('#t-password'));
    await d.page.click('#t-join');
    await d.page.waitForSelector('#t-withdraw');

    // A medley arena starting now: the game now and the next change.
    await c.page.goto('/tournaments');
    await c.page.click('#tour-new-summary');
    await c.page.fill('#tf-name', 'Medley');
    await c.page.check('#tf-v-azigo');
    await c.page.fill('#tf-minutes', '20');
    await c.page.click('#tf-submit');
    await c.page.waitForURL(/\/tournament\/[A-Za-z0-9]+$/);
    await until(async () => /Medley: Kubuguza, Azigo/.test(await c.page.textContent('#t-facts')), 'the games');
    await until(
      async () => /Medley: Kubuguza now, Azigo in (9|10):\d\d/.test(await c.page.textContent('#t-medley')),
      "the medley's game now and the next",
    );
    for (const p of [c, d])
      assert.deepEqual(
        p.errors.filter((e) => !/status of 403/.test(e)),
        [],
      );
  },
);

test(
  'a Swiss: round 1 pairs both players into one game, the result and the tie-breaks in points',
  { timeout: 90000 },
  async () => {
    const e = await person(browser, server);
    const f = await person(browser, server, { device: PHONE });
    await signUp(e.page, 'Efua');
    await signUp(f.page, 'Femi');
    // Made through the API from the page (the form starts in whole minutes): in 6 seconds, 1+0.
    const id = await e.page.evaluate(async () => {
      const body = {
        name: 'Quick Swiss',
        kind: 'swiss',
        variants: ['kubuguza'],
        clock: { base_secs: 60, increment_secs: 0 },
        starts_at: Date.now() + 6000,
        rounds: 2,
      };
      const r = await fetch('/api/tournaments', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await r.json()).id;
    });
    for (const p of [e.page, f.page]) {
      await p.goto(`/tournament/${id}`);
      await until(async () => /Starts in 0:0\d/.test(await p.textContent('#t-status')), 'the countdown');
      await p.click('#t-join');
      await p.waitForSelector('#t-withdraw');
    }
    await until(() => GAME_URL.test(e.page.url()) && GAME_URL.test(f.page.url()), 'both in round 1', 20000);
    const game = e.page.url().split('/').pop();
    assert.equal(f.page.url().split('/').pop(), game, 'the same game');
    await f.page.click('[data-command="resign"]');
    await f.page.click('[data-confirm="resign"]');
    await until(async () => (await api(server, `/api/games/${game}`)).game.status === 'finished', 'the resignation');
    await e.page.goto(`/tournament/${id}`);
    await until(
      async () => (await e.page.textContent('#standings tr[data-player="Efua"] td.score')) === '1',
      "the winner's point",
    );
    assert.match(await e.page.textContent('#t-status'), /Round 1 of 2/);
    const cells = (name) =>
      e.page.$$eval(`#standings tr[data-player="${name}"] td`, (tds) => tds.map((td) => td.textContent));
    // rank, name, rating, Buchholz, cut 1, Sonneborn-Berger, wins, score: half-points shown as points.
    assert.deepEqual(await cells('Efua'), ['1', 'Efua', '1500', '0', '0', '0', '1', '1']);
    assert.deepEqual(await cells('Femi'), ['2', 'Femi', '1500', '1', '0', '0', '0', '0']);
    assert.match(
      await e.page.textContent(`#t-games li[data-game="${game}"]`),
      /Round 1.*Efua – Femi.*1–0.*resignation/,
    );
    await shot(e.page, 'tournament-swiss-desktop');
    for (const p of [e, f]) assert.deepEqual(p.errors, []);
  },
);
