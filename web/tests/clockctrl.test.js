// The game page's clock controller without a browser (game/clock.js): the time left ticks down from
// the server's state only on the running side, a new state replaces it, and the viewer's own clock
// warns once when it goes low, again only after it was above the mark. Times are given, never waited for.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ClockCtrl, LOW_MS } from '../app/js/game/clock.js';

/** A controller whose redraws and warnings are counted. */
function counted(seat = 'south') {
  const n = { redraws: 0, lows: 0 };
  const c = new ClockCtrl({
    redraw: () => (n.redraws += 1),
    seat: () => seat,
    onLow: () => (n.lows += 1),
    alsoTicking: () => false,
  });
  return { c, n };
}

test('the running side counts down from the state and when it arrived; the other stays', () => {
  const { c } = counted();
  assert.equal(c.millis('south', 0), null, 'no clock before a state');
  c.set({ southMs: 60000, northMs: 50000, running: ['south'] }, 1000);
  assert.equal(c.millis('south', 1000), 60000);
  assert.equal(c.millis('south', 4500), 56500);
  assert.equal(c.millis('north', 4500), 50000);
  assert.equal(c.isRunning('south'), true);
  assert.equal(c.isRunning('north'), false);
  // The server's next state is the truth, whatever was ticked locally.
  c.set({ southMs: 58000, northMs: 50000, running: ['north'] }, 5000);
  assert.equal(c.millis('south', 9000), 58000);
  assert.equal(c.millis('north', 9000), 46000);
  c.set(null, 9000);
  assert.equal(c.millis('north', 9000), null);
});

test("a tick redraws only while a clock runs, and the viewer's low clock warns once", () => {
  const { c, n } = counted('south');
  c.tick();
  assert.equal(n.redraws, 0, 'nothing runs: no redraw');
  const now = performance.now();
  c.set({ southMs: LOW_MS + 60000, northMs: 1000, running: ['south'] }, now);
  c.tick();
  assert.equal(n.redraws, 1);
  assert.equal(n.lows, 0, "the opponent's low clock does not warn the viewer");
  c.set({ southMs: LOW_MS - 1000, northMs: 1000, running: ['south'] }, performance.now());
  assert.equal(c.isLow('south'), true);
  c.tick();
  c.tick();
  assert.equal(n.lows, 1, 'once while it stays low');
  c.set({ southMs: LOW_MS + 60000, northMs: 1000, running: ['north'] }, performance.now());
  c.tick();
  c.set({ southMs: LOW_MS - 1000, northMs: 1000, running: ['south'] }, performance.now());
  c.tick();
  assert.equal(n.lows, 2, 'again on a later turn');
});
