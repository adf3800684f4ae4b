// Two people create and join a Kubuguza game through the pages and play it to the end by clicking
// holes, while a third watches; all three show the same final board and result, and it is the
// server's.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  api,
  resultFor,
  winnerOf,
  boardOf,
  sorted,
  byName,
  createGame,
  joinGame,
  person,
  PHONE,
  playable,
  shot,
  statusOf,
  until,
  useServerAndBrowser,
  server,
  browser,
} from './harness.js';

useServerAndBrowser();

/** A small seeded generator, so a failing game can be replayed. */
function rng(seed) {
  let x = seed >>> 0;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
}

/** Plays one decision on `page` if it has one to play: a choice button, else a playable hole. */
let choiceShot = false;
async function playOne(page, random) {
  const choice = await page.$$('#choices [data-decision]');
  if (choice.length) {
    if (!choiceShot) {
      choiceShot = true;
      await shot(page, 'direction-choice');
    }
    await choice[Math.floor(random() * choice.length)].click();
    return true;
  }
  const holes = await playable(page);
  if (!holes.length) return false;
  await page.click(`svg.board .hole[data-hole="${holes[Math.floor(random() * holes.length)]}"]`);
  return true;
}

test('two people play Kubuguza to the end by clicking holes while a third watches', { timeout: 300000 }, async () => {
  const south = await person(browser, server, { name: 'amina' });
  const north = await person(browser, server, { name: 'kwame', device: PHONE });
  const watcher = await person(browser, server);
  const id = await createGame(south.page, { variant: 'kubuguza', seat: 'south', name: 'amina' });
  await south.page.waitForSelector('#invite-link');
  await shot(south.page, 'waiting-desktop');
  assert.match(
    await south.page.inputValue('#invite-link'),
    new RegExp(`/game/${id}$`),
    'the invite link is the plain game link',
  );
  assert.equal(await statusOf(south.page), 'Waiting for an opponent to join.');

  await joinGame(north.page, id, 'kwame');
  await watcher.page.goto(`/game/${id}`);
  await until(async () => (await playable(south.page)).length === 8, 'South to be offered its 8 inner holes');
  assert.deepEqual(await playable(north.page), [], 'North has nothing to play at the start');
  assert.deepEqual(await playable(watcher.page), [], 'a spectator has nothing to play');
  assert.equal(await watcher.page.$('#join'), null, 'no seat is offered once the game started');

  const random = rng(20261122);
  let moves = 0;
  for (;;) {
    const done = await until(
      async () => {
        for (const p of [south.page, north.page]) {
          if (await winnerOf(p)) return 'over';
          if (await playOne(p, random)) return 'played';
        }
        return null;
      },
      `a decision to play after ${moves} moves`,
      20000,
    );
    if (done === 'over') break;
    moves += 1;
    assert.ok(moves < 2000, 'the game ends');
  }

  const detail = await api(server, `/api/games/${id}`);
  assert.equal(detail.game.status, 'finished');
  const want = sorted(byName(detail.view));
  const winner = detail.game.result.winner;
  await until(async () => await winnerOf(watcher.page), 'the spectator to see the result');
  const result = await statusOf(watcher.page);
  const reason = /\((.*)\)$/.exec(result)[1];
  for (const [who, p, seat] of [
    ['south', south.page, 'south'],
    ['north', north.page, 'north'],
    ['spectator', watcher.page, null],
  ]) {
    await until(
      async () => JSON.stringify(await boardOf(p)) === JSON.stringify(want),
      `${who}'s final board to be the server's`,
    );
    assert.equal(await winnerOf(p), winner || 'draw', `${who} shows the server's result`);
    // Each says it from its own side: "You won", "You lost", or the winner's name.
    const names = { south: 'amina', north: 'kwame' };
    assert.equal(await statusOf(p), resultFor(winner, seat, names, reason), `${who} says the result from its side`);
  }
  const listed = await watcher.page.$$eval('#moves li', (lis) => lis.length);
  assert.equal(listed, detail.game.plies, 'the move list holds every decision');
  for (const [who, p] of [
    ['south', south.page],
    ['north', north.page],
    ['spectator', watcher.page],
  ]) {
    assert.deepEqual(
      p === south.page ? south.errors : p === north.page ? north.errors : watcher.errors,
      [],
      `${who}: no script error`,
    );
  }
  await shot(south.page, 'finished-desktop');
  await shot(north.page, 'finished-phone');
  console.log(`# ${moves} decisions clicked, ${detail.game.plies} plies, ${result}`);
});

test(
  "the last move is sown lap by lap, can be skipped, and ends on the server's board",
  { timeout: 120000 },
  async () => {
    const p = await person(browser, server, { name: 'amina', speed: 'slow' });
    const id = await createGame(p.page, { variant: 'kubuguza', seat: 'south', opponent: 'bot:random', name: 'amina' });
    await until(async () => (await playable(p.page)).length > 0, 'South to be asked');
    await p.page.click('svg.board .hole[data-hole="a2"]');
    await p.page.waitForSelector('.board-box[data-busy="true"]');
    const caption = await until(async () => {
      const t = await p.page.textContent('.caption');
      return /^South a2 · (lap 1 of \d+: )?lifts 4 from a2, sows to [a-h][12]$/.test(t) && t;
    }, 'a caption of the first lap');
    assert.ok(caption);
    assert.equal(
      await p.page.$$eval('svg.board .hole.lifted', (g) => g.map((x) => x.dataset.hole).join()),
      'a2',
      'the lifted hole is marked',
    );
    await shot(p.page, 'sowing-desktop');
    // The computer's reply is animated too; Skip ends an animation at once.
    await until(async () => (await api(server, `/api/games/${id}`)).game.plies >= 2, 'the computer to reply');
    await until(async () => {
      if (await p.page.isVisible('#skip')) await p.page.click('#skip').catch(() => {});
      return (await p.page.getAttribute('.board-box', 'data-busy')) === 'false' && (await playable(p.page)).length > 0;
    }, 'the animations to end');
    assert.deepEqual(await boardOf(p.page), sorted(byName((await api(server, `/api/games/${id}`)).view)));
    assert.deepEqual(p.errors, []);
  },
);

test('keyboard play: Tab reaches a playable hole, the arrows move, Enter plays', { timeout: 60000 }, async () => {
  const p = await person(browser, server, { name: 'amina' });
  const id = await createGame(p.page, { variant: 'kubuguza', seat: 'south', opponent: 'bot:random', name: 'amina' });
  await until(async () => (await playable(p.page)).length > 0, 'South to be asked');
  // The board holds one tab stop: the first playable hole.
  await p.page.focus('svg.board .hole[tabindex="0"]');
  assert.equal(await p.page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'a2 4, playable');
  await p.page.keyboard.press('ArrowRight');
  await p.page.keyboard.press('ArrowRight');
  assert.equal(await p.page.evaluate(() => document.activeElement.dataset.hole), 'c2');
  await p.page.keyboard.press('Enter');
  await until(async () => (await api(server, `/api/games/${id}`)).game.plies >= 1, 'the move to be played');
  assert.equal((await api(server, `/api/games/${id}`)).record[0].decision, 'c2');
  assert.deepEqual(p.errors, []);
});

test('a legal hole plays at once while the previous move is still being sown', { timeout: 120000 }, async () => {
  const p = await person(browser, server, { name: 'amina', speed: 'slow' });
  const id = await createGame(p.page, { variant: 'kubuguza', seat: 'south', opponent: 'bot:random', name: 'amina' });
  await until(async () => (await playable(p.page)).length > 0, 'South to be asked');
  await p.page.click('svg.board .hole[data-hole="a2"]');
  // The computer answers at once; the moves are sown slowly, and South's holes are playable meanwhile.
  const hole = await until(async () => {
    const busy = (await p.page.getAttribute('.board-box', 'data-busy')) === 'true';
    const holes = await playable(p.page);
    return busy && holes.length > 0 && holes[0];
  }, 'a playable hole while a move is being sown');
  await shot(p.page, 'playable-while-sowing-desktop');
  await p.page.click(`svg.board .hole[data-hole="${hole}"]`);
  const choice = await p.page.$('#choices [data-decision]');
  if (choice) await choice.click();
  const d = await until(async () => {
    const d = await api(server, `/api/games/${id}`);
    return d.game.plies >= 3 && d;
  }, 'the move to be played');
  assert.equal(d.record[2].decision.split(':')[0], hole, 'the hole clicked during the sowing was played');
  assert.deepEqual(p.errors, []);
});

test('the last move stays marked on the board: its origin and its last hole', { timeout: 60000 }, async () => {
  const p = await person(browser, server, { name: 'amina' });
  const id = await createGame(p.page, { variant: 'kubuguza', seat: 'south', opponent: 'bot:random', name: 'amina' });
  await until(async () => (await playable(p.page)).length > 0, 'South to be asked');
  await p.page.click('svg.board .hole[data-hole="a2"]');
  await until(async () => (await api(server, `/api/games/${id}`)).game.plies >= 2, 'the computer to reply');
  await until(async () => (await playable(p.page)).length > 0, 'South to be asked again');
  const reply = (await api(server, `/api/games/${id}`)).record[1].decision.split(':')[0];
  const marked = async (cls) => p.page.$$eval(`svg.board .hole.${cls}`, (g) => g.map((x) => x.dataset.hole));
  assert.deepEqual(await marked('last-from'), [reply], "the origin of North's move is marked");
  const to = await marked('last-to');
  assert.equal(to.length, 1, 'its last hole is marked');
  assert.notEqual(to[0], reply);
  await shot(p.page, 'last-move-desktop');
  assert.deepEqual(p.errors, []);
});
