// No engine notation on player screens: a finished game's moves say "b2 clockwise" and "array 2" (the
// exports keep `b2:cw` and `opening:2`); the analysis board says its value with its unit and depth in
// words, lists moves in words, and keeps the position's text behind "Copy position"; a turn that goes on
// says so. And the keyboard: a hole reached by Tab or the arrows is previewed, and after a move the focus
// goes to a playable hole rather than staying on the emptied one.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { api, person, playable, shot, until, useServerAndBrowser, server, browser } from './harness.js';

useServerAndBrowser();

const post = (path, body) =>
  api(server, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Engine notation a player's screen must not show. */
const NOTATION = /\b[a-t][1-4]:(cw|acw)\b|\bopening:\d|\bstore:(loop|cross)\b|\b[a-t][1-4]=\d/;

/**
 * Plays a game between two seats over WebSockets from `page` (which only drives them): each seat, when
 * asked, plays `choose(legal)`; stops after `plies` decisions (then North resigns) or at the end.
 */
async function driven(page, variant, plies, prefer) {
  const south = await post('/api/games', { variant, seat: 'south', name: 'amina', previews: true });
  const id = south.game.id;
  const north = await post(`/api/games/${id}/join`, { name: 'baraka' });
  await page.goto('/');
  await page.evaluate(
    async ([id, tokens, plies, prefer]) => {
      const seats = {};
      let played = 0;
      await new Promise((done) => {
        for (const side of ['south', 'north']) {
          const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/api/games/${id}/ws?token=${tokens[side]}`);
          seats[side] = ws;
          ws.onmessage = (m) => {
            const r = JSON.parse(m.data);
            const view = r.type === 'snapshot' ? r.view : r.type === 'event' ? r.view : null;
            if (!view || view.outcome) return view?.outcome && done();
            if (!view.legal.length) return;
            if (played >= plies) return done();
            played += 1;
            const d =
              view.legal.find((x) => x.includes(prefer)) || view.legal[Math.floor(Math.random() * view.legal.length)];
            ws.send(JSON.stringify({ type: 'decide', id: `d${played}`, decision: d }));
          };
        }
      });
      seats.north.send(JSON.stringify({ type: 'resign', id: 'r' }));
    },
    [id, { south: south.token, north: north.token }, plies, prefer],
  );
  await until(async () => (await api(server, `/api/games/${id}`)).game.status === 'finished', 'the end');
  return id;
}

test("a finished game's moves in words; the exports keep the notation", { timeout: 120000 }, async () => {
  const p = await person(browser, server);
  const { page } = p;
  // Ikibuguzo's secret arrays, and Kubuguza until a clockwise sowing has been played.
  const iki = await driven(page, 'ikibuguzo', 4, 'opening:2');
  let kub = null;
  for (let tries = 0; tries < 5 && !kub; tries += 1) {
    const id = await driven(page, 'kubuguza', 60, ':cw');
    if ((await api(server, `/api/games/${id}`)).record.some((r) => r.decision?.endsWith(':cw'))) kub = id;
  }
  assert.ok(kub, 'a game with a clockwise sowing');

  for (const id of [iki, kub]) {
    const { record } = await api(server, `/api/games/${id}`);
    await page.goto(`/game/${id}`);
    await page.waitForSelector('#moves li button.move');
    const lines = await page.$$eval('#moves li', (l) => l.map((x) => x.textContent.trim()));
    record.forEach((r, i) => {
      const [hole, how] = r.decision.split(':');
      const words = how === 'cw' ? `${hole} clockwise` : hole === 'opening' ? `array ${how}` : r.decision;
      assert.ok(lines[i].includes(words), `${lines[i]}: ${r.decision} said as "${words}"`);
    });
    assert.doesNotMatch(await page.textContent('main'), NOTATION, 'no notation on the page');
    const text = await (await fetch(`${server.base}/api/games/${id}/export?format=text`)).text();
    assert.match(text, id === iki ? /opening:2/ : /[a-t][1-4]:cw/, 'the export keeps the notation');
  }
  await page.goto(`/game/${kub}`);
  await page.waitForSelector('#moves li button.move');
  await shot(page, 'lastmile-moves-words-desktop');
  assert.deepEqual(p.errors, []);
});

test(
  'the analysis board in words: the value with its unit and depth, moves, "Copy position"',
  { timeout: 120000 },
  async () => {
    const p = await person(browser, server);
    const { page } = p;
    await p.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const position = 'south a1=3 c2=1 c3=2 c4=1 a4=2 e3=4 f4=1';
    const a = await post('/api/analysis', { variant: 'kubuguza', position });
    await page.goto(`/analysis/kubuguza?position=${encodeURIComponent(position)}`);
    await until(async () => /searched/.test(await page.textContent('#analysis-value')), 'the value');
    assert.equal(
      await page.textContent('#analysis-value'),
      `South to move. South wins in ${a.value.win_in} moves, searched ${a.depth} turns deep.`,
    );
    const words = (d) => (d.endsWith(':cw') ? `${d.split(':')[0]} clockwise` : d);
    // The best line as the players' turns, each side named: the server's turns, which read in order are
    // its line.
    assert.deepEqual(
      a.best_turns.flatMap((turn) => turn.decisions.map((d) => d.decision)),
      a.best,
    );
    assert.ok(a.best_turns.length >= 2, 'both sides in the line (the test can tell)');
    const kind = { relay: ' (relay)', capture: ' (sows the capture on)' };
    const turns = a.best_turns.map(
      (turn) =>
        `${turn.side === 'south' ? 'South' : 'North'}: ${turn.decisions.map((d) => words(d.decision) + (kind[d.kind] || '')).join(', ')}`,
    );
    assert.equal(await page.textContent('#analysis-best'), `Best line: ${turns.join(' · ')}`);
    assert.match(await page.textContent('#analysis-best'), /^Best line: South: .* · North: /);
    const listed = await page.$$eval('#analysis-moves li', (l) =>
      l.map((x) => [x.querySelector('button').dataset.decision, x.textContent]),
    );
    assert.deepEqual(
      listed.map(([d]) => d),
      a.decisions.map((d) => d.decision),
    );
    assert.ok(
      listed.some(([d, text]) => d.endsWith(':cw') && text.startsWith(`${words(d)} · `)),
      'clockwise in words',
    );
    assert.equal(listed[0][1], `${words(a.decisions[0].decision)} · wins in ${a.decisions[0].value.win_in} moves`);
    // The position's text is not on the screen, but copied.
    assert.equal(await page.isVisible('#analysis-position'), false);
    assert.doesNotMatch(await page.innerText('main'), NOTATION);
    await page.click('#analysis-copy');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), a.position);
    await until(async () => (await page.textContent('#analysis-copy')) === 'Copied', 'said copied');
    // The start: counters ahead, with their unit.
    await page.goto('/analysis/kubuguza');
    await until(async () => /searched/.test(await page.textContent('#analysis-value')), 'the value of the start');
    assert.match(
      await page.textContent('#analysis-value'),
      /^South to move\. ((South|North) is \d+(\.\d)? counters? ahead|The position is even), searched \d+ turns? deep\.$/,
    );
    assert.match(
      (await page.$$eval('#analysis-moves li', (l) => l.map((x) => x.textContent)))[0],
      / · (\d+(\.\d)? counters? (ahead|behind)|even)$/,
    );
    await shot(page, 'analysis-desktop');
    assert.deepEqual(p.errors, []);

    const fr = await person(browser, server, { locale: 'fr-FR' });
    await fr.page.goto(`/analysis/kubuguza?position=${encodeURIComponent(position)}`);
    await until(async () => /calculé/.test(await fr.page.textContent('#analysis-value')), 'la valeur');
    assert.equal(
      await fr.page.textContent('#analysis-value'),
      `Au tour de Sud. Sud gagne en ${a.value.win_in} coups (calculé ${a.depth} tours à l’avance).`,
    );
    assert.match(
      await fr.page.textContent('#analysis-best'),
      /^Meilleure suite\u00a0: Sud\u00a0: a1 sens horaire.* · Nord\u00a0: /,
    );
    assert.deepEqual(fr.errors, []);
  },
);

/** A person whose page holds South's seat of game `id` (its token in localStorage), on the game page. */
async function southPage(id, token) {
  const p = await person(browser, server);
  await p.page.goto('/');
  await p.page.evaluate(
    ([id, token]) =>
      localStorage.setItem('mancala.seats', JSON.stringify({ [id]: { token, seat: 'south', at: Date.now() } })),
    [id, token],
  );
  await p.page.goto(`/game/${id}`);
  return p;
}

/**
 * A Kubuguza game where South plays in a page by keyboard and North is driven over its socket with
 * random decisions; returns the page, and South's status when a turn of South's went on (else null:
 * the game ended first).
 */
async function keyboardGame(first) {
  const south = await post('/api/games', { variant: 'kubuguza', seat: 'south', name: 'amina', previews: true });
  const id = south.game.id;
  const north = await post(`/api/games/${id}/join`, { name: 'baraka' });
  const driver = await person(browser, server);
  await driver.page.goto('/');
  await driver.page.evaluate(
    ([id, token]) => {
      // What North heard and said, read back when South waits too long.
      const log = /** @type {string[]} */ ([]);
      /** @type {any} */ (window).driverLog = log;
      let n = 0;
      let last = '';
      const connect = () => {
        const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/api/games/${id}/ws?token=${token}`);
        const decide = (/** @type {string[]} */ legal) => {
          n += 1;
          const d = legal[Math.floor(Math.random() * legal.length)];
          last = JSON.stringify({ type: 'decide', id: `n${n}`, decision: d });
          log.push(last);
          ws.send(last);
        };
        ws.onmessage = (m) => {
          const r = JSON.parse(m.data);
          if (r.type !== 'presence' && r.type !== 'pong') log.push(m.data.slice(0, 300));
          if (r.type === 'rejected' && r.code === 'unavailable') {
            // The server could not store it (a loaded machine): the same id again is safe.
            setTimeout(() => ws.send(last), 200);
            return;
          }
          if (r.type === 'rejected' && r.legal?.length) return decide(r.legal);
          const view = r.type === 'snapshot' || r.type === 'event' ? r.view : null;
          if (!view?.legal?.length || view.outcome) return;
          decide(view.legal);
        };
        // A socket closed under North (a restart, a limit) is opened again: its snapshot asks again.
        ws.onclose = (e) => {
          log.push(`closed ${e.code} ${e.reason}`);
          setTimeout(connect, 200);
        };
      };
      connect();
    },
    [id, north.token],
  );
  await until(
    () => driver.page.evaluate(() => /** @type {any} */ (window).driverLog.some((l) => l.includes('"snapshot"'))),
    "North's socket open",
  );
  const p = await southPage(id, south.token);
  const { page } = p;
  await until(async () => (await playable(page)).length > 0, 'South to be asked');
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-hole'));
  await page.focus('svg.board .hole[tabindex="0"]');
  if (first) {
    // Tab reaches the board's playable hole, the arrows move: each hole reached is previewed.
    await page.keyboard.press('ArrowRight');
    const hole = await focused();
    const preview = await until(async () => (await page.textContent('#preview')) || null, 'the focused hole previewed');
    assert.match(preview, new RegExp(`^${hole}: the last counter falls in [a-h][1-4]`));
  }
  for (;;) {
    await until(
      async () => {
        const d = await api(server, `/api/games/${id}`);
        return d.game.status !== 'ongoing' || (d.view.to_move === 'south' && (await playable(page)).length > 0);
      },
      'South to be asked',
      30000,
    ).catch(async (e) => {
      const heard = await driver.page.evaluate(() => /** @type {any} */ (window).driverLog.slice(-6).join('\n'));
      const d = await api(server, `/api/games/${id}`);
      const status = await page.textContent('#status');
      const said = server
        .log()
        .split('\n')
        .filter((l) => l.includes(id) || /WARN|ERROR/.test(l))
        .slice(-10)
        .join('\n');
      throw new Error(
        `${e.message}: the server's view ${JSON.stringify(d.view)}; South's page: ${status}; North heard:\n${heard}\nthe server said:\n${said}`,
      );
    });
    const d = await api(server, `/api/games/${id}`);
    if (d.game.status !== 'ongoing') break;
    // The focus is on a playable hole: after the move before, it did not stay on the emptied hole.
    const now = await focused();
    assert.ok(
      now && (await playable(page)).includes(now),
      `ply ${d.game.plies}: the focus is on a playable hole (${now})`,
    );
    if (d.record[d.record.length - 1]?.side === 'south') {
      await shot(page, 'lastmile-turn-goes-on-desktop');
      return { p, status: await page.textContent('#status') };
    }
    await page.keyboard.press('Enter');
    if (await page.$('#choices [data-decision]')) {
      // Both directions are legal: the focus went to the first, Enter takes it, and comes back to the hole.
      assert.ok(await page.evaluate(() => !!document.activeElement?.dataset.decision), 'the focus on a direction');
      await page.keyboard.press('Enter');
      await until(() => focused(), 'the focus back on the board');
    }
    await until(async () => (await api(server, `/api/games/${id}`)).game.plies > d.game.plies, 'the move played');
  }
  assert.deepEqual(p.errors, []);
  await p.context.close();
  await driver.context.close();
  return { p: null, status: null };
}

test(
  'a turn that goes on says so; keyboard focus previews, and moves off an emptied hole',
  { timeout: 300000 },
  async () => {
    let found = { p: null, status: null };
    for (let game = 0; game < 8 && !found.status; game += 1) found = await keyboardGame(game === 0);
    assert.ok(found.status, 'a turn that went on, within 8 games');
    assert.match(
      found.status,
      /^Your turn goes on(: choose (the next hole|how it continues)| at [a-h][1-4]: choose the direction)\.$/,
    );
    // The same after a reload, from the record alone.
    const { page, errors } = found.p;
    await page.reload();
    await until(async () => /^Your turn goes on/.test(await page.textContent('#status')), 'the same after a reload');
    assert.deepEqual(errors, []);
  },
);

test("on Azigo's two-row board too, a hole reached by keyboard is previewed", { timeout: 120000 }, async () => {
  const south = await post('/api/games', { variant: 'azigo', seat: 'south', name: 'amina', previews: true });
  const id = south.game.id;
  await post(`/api/games/${id}/join`, { name: 'baraka' });
  const p = await southPage(id, south.token);
  const { page } = p;
  await until(async () => (await playable(page)).length > 1, 'South to be asked');
  await page.focus('svg.board .hole[tabindex="0"]');
  await page.keyboard.press('ArrowRight');
  const hole = await page.evaluate(() => document.activeElement?.getAttribute('data-hole'));
  assert.ok((await playable(page)).includes(hole), `the arrow reached a playable hole (${hole})`);
  const preview = await until(async () => (await page.textContent('#preview')) || null, 'the focused hole previewed');
  assert.match(preview, new RegExp(`^${hole}: `));
  // Leaving the board clears it, as moving the pointer away does.
  await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.blur());
  await until(async () => !(await page.textContent('#preview')), 'the preview cleared');
  assert.deepEqual(p.errors, []);
  await p.context.close();
});
