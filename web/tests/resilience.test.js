// The page against the real world: a reload resumes the seat (and the plain link only watches; a
// player's own link with the token in its fragment resumes it elsewhere), a dropped connection
// reconnects and catches up by version, a decision whose answer was lost is sent again with the same
// id and played once, and a decision the server refuses says why. The WebSocket is cut and held with
// Playwright's WebSocket routing, between the page and the real server.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  api,
  boardOf,
  browser,
  createGame,
  joinGame,
  person,
  playable,
  server,
  sorted,
  byName,
  statusOf,
  until,
  useServerAndBrowser,
} from './harness.js';

// At `debug` the server logs every request: the seat token must be in none of those lines either.
useServerAndBrowser([], 'debug');

/** South and North in a started Kubuguza game; South's page may be routed (`route` set first). */
async function started({ route } = {}) {
  const south = await person(browser, server, { name: 'amina' });
  if (route) await south.page.routeWebSocket(/\/api\/games\/.*\/ws/, route);
  const north = await person(browser, server, { name: 'kwame' });
  const id = await createGame(south.page, { variant: 'kubuguza', seat: 'south', name: 'amina' });
  await joinGame(north.page, id, 'kwame');
  await until(async () => (await playable(south.page)).length > 0, 'South to be asked');
  return { id, south, north };
}

async function serverBoard(id) {
  return sorted(byName((await api(server, `/api/games/${id}`)).view));
}

async function sameAsServer(page, id, what) {
  await until(async () => JSON.stringify(await boardOf(page)) === JSON.stringify(await serverBoard(id)), what);
}

async function plies(id) {
  return (await api(server, `/api/games/${id}`)).game.plies;
}

/** Plays the first playable hole (or choice) of `page`. */
async function playFirst(page) {
  const choice = await page.$('#choices [data-decision]');
  if (choice) return choice.click();
  const [hole] = await playable(page);
  return page.click(`svg.board .hole[data-hole="${hole}"]`);
}

test(
  'a reload resumes the seat; the plain link watches; the own link resumes elsewhere',
  { timeout: 60000 },
  async () => {
    const { id, south, north } = await started();
    await playFirst(south.page);
    await until(async () => (await playable(north.page)).length > 0, 'North to be asked');
    await north.page.reload();
    await north.page.waitForSelector('.bottom-player .pname');
    assert.match(await north.page.textContent('.bottom-player'), /kwame\s*North \(you\)/);
    await until(async () => (await playable(north.page)).length > 0, 'North to be asked again after the reload');
    await playFirst(north.page);
    await until(async () => (await plies(id)) === 2, "North's move after the reload");

    const watcher = await person(browser, server);
    await watcher.page.goto(`/game/${id}`);
    await sameAsServer(watcher.page, id, 'the spectator to see the game');
    assert.doesNotMatch(await watcher.page.textContent('main'), /\(you\)/, 'the plain link gives no seat');
    assert.equal(await watcher.page.$('#seat-link:not([hidden])'), null);

    // South's own link, with the token in the fragment (never sent to the server), on another device.
    await south.page.click('#seat-link');
    const link = await south.page.inputValue('input[aria-label="Your private seat link"]');
    assert.match(link, new RegExp(`/game/${id}#seat=[A-Za-z0-9]{32}$`));
    const token = link.split('#seat=')[1];
    const other = await person(browser, server);
    await other.page.goto(link);
    await until(async () => (await playable(other.page)).length > 0, 'the other device to play South');
    assert.match(await other.page.textContent('.bottom-player'), /South \(you\)/);
    assert.equal(new URL(other.page.url()).hash, '', 'the token is taken out of the address bar');
    assert.ok(!server.log().includes(token), 'the seat token is in no server log line');
    for (const p of [south, north, watcher, other]) assert.deepEqual(p.errors, []);
  },
);

test('a dropped connection reconnects and catches up by version', { timeout: 60000 }, async () => {
  const urls = [];
  let routes = [];
  let refuse = false;
  const { id, south, north } = await started({
    route: (ws) => {
      urls.push(ws.url());
      if (refuse) {
        ws.close({ code: 1011, reason: 'test: server away' });
        return;
      }
      const upstream = ws.connectToServer();
      routes.push([ws, upstream]);
    },
  });
  await playFirst(south.page);
  await until(async () => (await playable(north.page)).length > 0, 'North to be asked');
  await until(async () => (await statusOf(south.page)) === 'North to move.', "South's page to hold its own move");
  const before = urls.length;
  refuse = true;
  for (const [ws, upstream] of routes) {
    ws.close({ code: 1006 });
    upstream.close();
  }
  routes = [];
  await until(
    async () => /reconnecting|offline/.test(await south.page.textContent('#conn')),
    'the page to say it reconnects',
  );
  await playFirst(north.page); // while South is away
  await until(async () => (await plies(id)) === 2, "North's move");
  await until(async () => urls.length >= before + 2, 'South to keep trying');
  refuse = false;
  await sameAsServer(south.page, id, "South to catch up with North's move");
  // The version South held: its one move (protocol 2), after the start event (protocol 3).
  const { protocol } = await api(server, '/api/variants');
  const held = protocol >= 3 ? 2 : 1;
  const resumed = new URL(urls[urls.length - 1]);
  assert.equal(resumed.searchParams.get('v'), String(held), `the reconnect asks for what follows version ${held}`);
  assert.equal(await south.page.textContent('#conn'), '');
  assert.ok((await playable(south.page)).length > 0, 'South is asked again');
  assert.deepEqual(
    south.errors.filter((e) => !/WebSocket/.test(e)),
    [],
  );
});

test(
  'a decision whose answer was lost is sent again with the same id, and played once',
  { timeout: 60000 },
  async () => {
    const decides = [];
    let cut = false;
    const { id, south } = await started({
      route: (ws) => {
        const upstream = ws.connectToServer();
        ws.onMessage((m) => {
          upstream.send(m);
          if (typeof m === 'string' && m.includes('"decide"')) {
            decides.push(JSON.parse(m));
            if (cut) {
              // The decision reaches the server; its event and its answer never reach the page.
              cut = false;
              ws.close({ code: 1006 });
              upstream.close();
            }
          }
        });
        upstream.onMessage((m) => ws.send(m));
      },
    });
    cut = true;
    await playFirst(south.page);
    await until(async () => decides.length >= 2, 'the decision to be sent again');
    assert.equal(decides[1].id, decides[0].id, 'the same id');
    assert.equal(decides[1].decision, decides[0].decision, 'the same decision');
    await sameAsServer(south.page, id, 'South to show its move');
    assert.equal(await plies(id), 1, 'the move was played once');
    assert.equal(await south.page.textContent('#note'), '', 'no refusal shown');
    assert.equal(await statusOf(south.page), 'North to move.');
  },
);

test('a rejected decision shows its reason', { timeout: 60000 }, async () => {
  // South has two tabs; the second one's events are held, so it still offers South's move after the
  // first tab played it. The server refuses the second tab's move and the page says why.
  let hold = false;
  const held = [];
  const { id, south } = await started();
  const tab = await south.context.newPage();
  const errors = [];
  tab.on('pageerror', (e) => errors.push(e.message));
  await tab.routeWebSocket(/\/ws/, (ws) => {
    const upstream = ws.connectToServer();
    ws.onMessage((m) => upstream.send(m));
    upstream.onMessage((m) => {
      if (hold && m.includes('"event"')) held.push(m);
      else ws.send(m);
    });
    tab.release = () => {
      hold = false;
      for (const m of held.splice(0)) ws.send(m);
    };
  });
  await tab.goto(`/game/${id}`);
  await until(async () => (await playable(tab)).length > 0, "the second tab to offer South's move");
  hold = true;
  await playFirst(south.page);
  await until(async () => (await plies(id)) === 1, "the first tab's move");
  const [hole] = await playable(tab);
  assert.ok(hole, 'the stale tab still offers a move');
  await tab.click(`svg.board .hole[data-hole="${hole}"]`);
  await until(async () => (await tab.textContent('#note')) !== '', 'the refusal to be shown');
  // The server's code (not_your_turn) said in a sentence of the page's own.
  assert.equal(await tab.textContent('#note'), 'It is not your move: the page had not caught up with the game yet.');
  assert.equal(await plies(id), 1, 'nothing was played');
  tab.release();
  await sameAsServer(tab, id, 'the tab to catch up');
  assert.deepEqual(errors, []);
});

/**
 * South and North in a started game, South's game socket routed: `cut()` closes it and refuses every new
 * one (each try is timed in `tries`) until `restore()`.
 */
async function cuttable() {
  const tries = [];
  let open = [];
  let refuse = false;
  const game = await started({
    route: (ws) => {
      tries.push(Date.now());
      if (refuse) {
        ws.close({ code: 1011, reason: 'test: network away' });
        return;
      }
      open.push([ws, ws.connectToServer()]);
    },
  });
  const cut = () => {
    refuse = true;
    for (const [ws, upstream] of open) {
      ws.close({ code: 1006 });
      upstream.close();
    }
    open = [];
  };
  return { ...game, tries, cut, restore: () => (refuse = false) };
}

test('the browser coming back online reconnects at once, whatever the back-off', { timeout: 60000 }, async () => {
  const { id, south, tries, cut, restore } = await cuttable();
  cut();
  // Each refused try waits longer (0.25, 0.5, 1, then 2 s for a player's seat, and up to half again).
  const first = tries.length;
  await until(async () => tries.length >= first + 5, 'five refused tries', 20000);
  const last = tries.length;
  assert.ok(tries[last - 1] - tries[last - 2] >= 1900, `the back-off grows (${tries[last - 1] - tries[last - 2]} ms)`);
  restore();
  const at = Date.now();
  await south.page.evaluate(() => window.dispatchEvent(new Event('online')));
  await until(async () => tries.length > last, 'a new try');
  assert.ok(tries[last] - at < 1000, `the online event reconnects at once (${tries[last] - at} ms)`);
  await until(async () => (await south.page.textContent('#conn')) === '', 'the page to be connected');
  await sameAsServer(south.page, id, 'the board');
  assert.deepEqual(
    south.errors.filter((e) => !/WebSocket/.test(e)),
    [],
  );
});

test("a player's refused socket is tried again every 2 to 3 s while the game is live", { timeout: 60000 }, async () => {
  const { tries, cut } = await cuttable();
  cut();
  // 0.25, 0.5, 1, then 2 s (and up to half again) each: a spectator's back-off would go on to 4 and 8 s.
  const first = tries.length;
  await until(async () => tries.length >= first + 7, 'seven refused tries', 30000);
  const gaps = tries
    .slice(first)
    .map((t, i, all) => (i ? t - all[i - 1] : 0))
    .slice(1);
  // The page waits 2 to 3 s; a gap measured here also holds the close's way to the page and the next
  // try's way back, which a loaded machine can stretch by a good part of a second. What tells a seat's
  // cap from a spectator's back-off is the spectator's next step, 4 s at least.
  assert.ok(Math.max(...gaps) < 4000, `never a spectator's 4 s step between tries: ${gaps}`);
  assert.ok(gaps[gaps.length - 1] >= 1900, `but not hammered: ${gaps}`);
});
