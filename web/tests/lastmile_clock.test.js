// The clock waits for the eye: in a timed game a move is sown at the viewer's speed, and the player's clock
// holds still while the server's allowance for that sowing runs (its normal-speed animation, `held_ms`), so
// a long sowing can be followed without paying for it; the result is said once the board has finished the
// move that ended the game; an untimed and a correspondence game keep the slow sowing; and the full sowing
// of a move is replayed from the move list.
//
// Time in the page is Playwright's fake clock (`clock.install`, then paused): the moves' messages arrive
// over the real WebSocket while the page's time stands still, then the test advances the page's time and
// reads the board and the clocks. What is checked is state at a page time, never a wall-clock duration.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  PHONE,
  api,
  byName,
  createGame,
  person,
  playable,
  shot,
  sorted,
  until,
  useServerAndBrowser,
  server,
  browser,
  winnerOf,
} from './harness.js';

useServerAndBrowser();

/** The board as drawn now, without waiting for a sowing to end: {hole: count}. */
async function drawn(page) {
  const labels = await page.$$eval('svg.board .hole', (gs) => gs.map((g) => g.getAttribute('aria-label')));
  return sorted(Object.fromEntries(labels.map((l) => [l.split(' ')[0], Number(l.split(' ')[1].replace(',', ''))])));
}

const busy = async (page) => (await page.getAttribute('.board-box', 'data-busy')) === 'true';

/**
 * Plays South's first playable hole with the page's time paused, waits until the messages of that move
 * and of the computer's reply are in the page (its move list shows them), and returns the server's board
 * after both. `pause` freezes the page's time first.
 */
async function moveAndReply(p, id) {
  const { page } = p;
  await until(async () => (await playable(page)).length > 0, 'South to be asked');
  const before = (await api(server, `/api/games/${id}`)).game.plies;
  // A jump forward, not a wait: far enough ahead that a busy machine has not passed it before the call.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 2000));
  const [hole] = await playable(page);
  await page.click(`svg.board .hole[data-hole="${hole}"]`);
  const choice = await page.$('#choices [data-decision]');
  if (choice) await choice.click();
  // The computer's reply is in (the server's record), and so are both messages (the page's move list).
  const d = await until(async () => {
    const d = await api(server, `/api/games/${id}`);
    return d.game.plies >= before + 2 && d.view.to_move === 'south' && d;
  }, "the computer's reply");
  await until(
    async () => (await page.$$('#moves li')).length === d.game.plies,
    'the messages to reach the page (its time stands still)',
  );
  return { board: sorted(byName(d.view)), plies: d.game.plies };
}

/**
 * moveAndReply until the computer's reply sows (a pass changes nothing on the board to wait for); the
 * page's time is left standing still after that reply's messages.
 */
async function sowingReply(p, id) {
  for (let turn = 0; turn < 6; turn += 1) {
    const r = await moveAndReply(p, id);
    if (await p.page.$(`#moves li[data-ply="${r.plies}"] button.move`)) return r;
    await p.page.clock.runFor(60000);
    await p.page.clock.resume();
  }
  throw new Error('no reply that sows in 6 turns');
}

/** A clock's text as seconds (`14:58` → 898). */
const seconds = (text) => text.split(':').reduce((acc, x) => acc * 60 + Number(x), 0);
const clockOf = async (page, side) => seconds(await page.textContent(`[data-clock="${side}"]`));

test(
  "in a timed game the sowing plays at the viewer's speed and the player's clock holds still meanwhile",
  { timeout: 180000 },
  async () => {
    for (const device of [undefined, PHONE]) {
      const p = await person(browser, server, { device, name: 'amina', speed: 'normal' });
      await p.context.clock.install();
      const id = await createGame(p.page, {
        variant: 'njombwa',
        seat: 'south',
        opponent: 'bot:hard',
        clock: '900+10',
        name: 'amina',
      });
      // Turns until the player's move and the reply take 2 s or more to sow (the first replies run before
      // both clocks do, and some sowings are short).
      let followed = false;
      for (let turn = 0; turn < 8 && !followed; turn += 1) {
        const { board } = await sowingReply(p, id);
        const before = await clockOf(p.page, 'south');
        // The first animation frame comes with the page's next frame.
        await p.page.clock.runFor(100);
        let shown = 100;
        while ((await busy(p.page)) && shown < 30000) {
          await p.page.clock.runFor(250);
          shown += 250;
        }
        assert.deepEqual(await drawn(p.page), board, `turn ${turn}: the sowing ends on the server's board`);
        const after = await clockOf(p.page, 'south');
        const running = (await p.page.getAttribute('[data-clock="south"]', 'class')).includes('running');
        if (shown >= 2000 && running) {
          followed = true;
          // Sown at the normal speed, the moves took `shown` of page time; the clock lost at most the
          // second its text rounds to and the real time the messages took to arrive.
          assert.ok(before - after <= 1, `turn ${turn}: ${before} s before a ${shown} ms sowing, ${after} s after`);
          // Then it runs: the server holds it at most 12 s ahead (two moves' longest sowings).
          await p.page.clock.runFor(14000);
          assert.ok(after - (await clockOf(p.page, 'south')) >= 1, 'then it runs');
          if (!device) await shot(p.page, 'lastmile-timed-desktop');
        }
        await p.page.clock.resume();
      }
      assert.ok(followed, 'a sowing of 2 s or more was followed in 8 turns');
      assert.deepEqual(p.errors, []);
      await p.context.close();
    }
  },
);

test(
  'the result is said once the board has sown the move that ended the game, not over it',
  { timeout: 180000 },
  async () => {
    // A Kubuguza game against the random bot that ends at its fourth turn (the turn limit), so its last move sows.
    const res = await fetch(`${server.base}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variant: 'kubuguza', seat: 'south', opponent: 'bot:random', options: { turn_limit: 4 } }),
    });
    const created = await res.json();
    assert.equal(res.status, 201, JSON.stringify(created));
    const id = created.game.id;
    const p = await person(browser, server, { name: 'amina', speed: 'slow' });
    await p.context.addInitScript(
      ([gameId, token]) => {
        const seats = { [gameId]: { token, seat: 'south', at: Date.now(), variant: 'kubuguza' } };
        localStorage.setItem('mancala.seats', JSON.stringify(seats));
      },
      [id, created.token],
    );
    await p.context.clock.install();
    await p.page.goto(`/game/${id}`);
    let status = '';
    for (let turn = 0; turn < 6; turn += 1) {
      await until(
        async () =>
          (await playable(p.page)).length > 0 || (await api(server, `/api/games/${id}`)).game.status === 'finished',
        'South to be asked',
      );
      const game = (await api(server, `/api/games/${id}`)).game;
      if (game.status === 'finished') break;
      const plies = game.plies;
      await p.page.clock.pauseAt(await p.page.evaluate(() => Date.now() + 2000));
      const [hole] = await playable(p.page);
      await p.page.click(`svg.board .hole[data-hole="${hole}"]`);
      const choice = await p.page.$('#choices [data-decision]');
      if (choice) await choice.click();
      const d = await until(async () => {
        const d = await api(server, `/api/games/${id}`);
        return d.game.plies > plies && (d.game.status === 'finished' || d.view.to_move === 'south') && d;
      }, "the computer's reply");
      await until(async () => (await p.page.$$('#moves li')).length === d.game.plies, 'the messages to reach the page');
      if (d.game.status === 'finished') {
        // The last move is still being sown at the slow speed (its first frame comes with the page's
        // next frame): no result over it yet.
        await p.page.clock.runFor(100);
        assert.equal(await busy(p.page), true, 'the last move is being sown');
        status = await p.page.textContent('#status');
        assert.match(status, /The last move is being sown/);
        assert.equal(await winnerOf(p.page), null, 'no winner shown while sowing');
        await p.page.clock.runFor(40000);
        assert.equal(await busy(p.page), false);
        assert.match(await p.page.textContent('#status'), /won|lost|draw|Draw/i);
        break;
      }
      await p.page.clock.runFor(40000);
      await p.page.clock.resume();
    }
    assert.ok(status, 'the game ended by a sowing at its turn limit');
    assert.deepEqual(p.errors, []);
    await p.context.close();
  },
);

test(
  'an untimed and a correspondence game keep the slow sowing; the full sowing is replayed from the move list',
  { timeout: 180000 },
  async () => {
    for (const clock of ['', '1d']) {
      const p = await person(browser, server, { name: 'amina', speed: 'slow' });
      await p.context.clock.install();
      const id = await createGame(p.page, {
        variant: 'njombwa',
        seat: 'south',
        opponent: 'bot:hard',
        clock,
        name: 'amina',
      });
      const { board } = await sowingReply(p, id);
      await p.page.clock.runFor(700);
      assert.equal(await busy(p.page), true, `${clock || 'untimed'}: still sowing 0.7 s after the message`);
      assert.notDeepEqual(await drawn(p.page), board, `${clock || 'untimed'}: not at the final position yet`);
      // The slow sowing ends in the server's position all the same.
      await p.page.clock.runFor(40000);
      assert.equal(await busy(p.page), false);
      assert.deepEqual(await drawn(p.page), board);
      await p.page.clock.resume();
      assert.deepEqual(p.errors, []);
      await p.context.close();
    }

    // In a timed game, once North's reply has been sown, its line in the move list sows it again in full.
    const p = await person(browser, server, { name: 'amina', speed: 'slow' });
    await p.context.clock.install();
    const id = await createGame(p.page, {
      variant: 'njombwa',
      seat: 'south',
      opponent: 'bot:hard',
      clock: '900+10',
      name: 'amina',
    });
    const { board, plies } = await sowingReply(p, id);
    await p.page.clock.runFor(40000);
    assert.equal(await busy(p.page), false);
    const line = p.page.locator(`#moves li[data-ply="${plies}"] button.move`);
    assert.match(await line.textContent(), /^North /);
    await line.click();
    await p.page.clock.runFor(100);
    assert.equal(await busy(p.page), true, 'the move is sown again');
    assert.match(await p.page.textContent('.caption'), /^North .* · (lap 1 of \d+: )?lifts \d+ from [a-j][1-4]/);
    assert.equal(await p.page.getAttribute(`#moves li[data-ply="${plies}"]`, 'class'), 'again');
    await p.page.clock.runFor(600);
    assert.equal(await busy(p.page), true, 'in full: still sowing 0.7 s later, at the slow speed');
    await shot(p.page, 'lastmile-sown-again-desktop');
    await p.page.clock.runFor(40000);
    assert.equal(await busy(p.page), false);
    assert.deepEqual(await drawn(p.page), board, 'it ends on the position of the game');
    // The line is a button: reached by Tab, played by Enter.
    await line.focus();
    await p.page.keyboard.press('Enter');
    await p.page.clock.runFor(100);
    assert.equal(await busy(p.page), true, 'Enter on the line sows it too');
    await p.page.clock.resume();
    assert.deepEqual(p.errors, []);
    await p.context.close();
  },
);
