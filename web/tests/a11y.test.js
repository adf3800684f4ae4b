// Accessibility and the words people read, on every page: axe-core (injected by the test, never
// shipped) finds no violation on the home, rules, lessons, a lesson, games, player, leaderboard, sign-in
// and account pages and on a game page as a player, as a spectator and once finished; no page shows a raw backtick or
// API jargon; the confirmation of Resign takes the focus and gives it back; an unknown game's rules
// page says there is no such game.

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import {
  createGame,
  joinGame,
  person,
  playable,
  shot,
  signUp,
  until,
  winnerOf,
  useServerAndBrowser,
  server,
  browser,
} from './harness.js';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

useServerAndBrowser();

/** axe-core's violations on the page as it is now, one line each. */
async function violations(page) {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
  return found;
}

/** The page's text holds no raw backtick and no API jargon. */
async function plainWords(page, what) {
  const text = await page.evaluate(() => {
    const body = /** @type {HTMLElement} */ (document.body.cloneNode(true));
    document.documentElement.append(body);
    body.hidden = false;
    const t = body.innerText;
    body.remove();
    return t;
  });
  assert.doesNotMatch(text, /`/, `${what}: no raw backtick`);
  assert.doesNotMatch(text, /Bearer|Authorization:|\bAPI error\b|not_found|bad_request/, `${what}: no API jargon`);
}

async function check(page, what) {
  await plainWords(page, what);
  assert.deepEqual(await violations(page), [], `${what}: no accessibility violation`);
}

test('no accessibility violation and plain words on every page', { timeout: 240000 }, async () => {
  const a = await person(browser, server, { bypassCSP: true });
  await signUp(a.page, 'Nkechi');
  const pages = [
    ['/', '#quick button', 'home'],
    ['/rules/kubuguza', '.rules-page section h2', 'rules'],
    ['/rules/ikibuguzo', '.rules-page section svg.board', 'the rules of Ikibuguzo'],
    ['/learn', '#course-kubuguza .lessons a', 'the lessons'],
    ['/learn/kubuguza/sowing', 'svg.board .hole', 'a lesson'],
    ['/analysis/kubuguza', '#analysis-moves li', 'the analysis board'],
    ['/puzzles', '#puzzle-status[data-phase="play"]', 'the puzzles'],
    ['/rules/chess', '#no-game', 'rules of an unknown game'],
    ['/games', 'ul.games, main p.muted', 'games'],
    ['/leaderboard/kubuguza', '#leaderboard p, #leaderboard table', 'leaderboard'],
    ['/account', '#pw-form', 'account'],
    ['/@/Nkechi', '#profile span, #profile', 'player'],
    ['/game/abcdefghij', '.game.gone', 'a game that does not exist'],
  ];
  for (const [path, ready, what] of pages) {
    await a.page.goto(path);
    await a.page.waitForSelector(ready);
    await check(a.page, what);
  }
  const guest = await person(browser, server, { bypassCSP: true });
  await guest.page.goto('/signin');
  await guest.page.waitForSelector('#auth-form');
  await check(guest.page, 'sign in');

  // A game as a player (with a clock), as a spectator, then finished.
  const south = await person(browser, server, { name: 'amina', bypassCSP: true });
  const id = await createGame(south.page, { variant: 'azigo', seat: 'south', clock: '300+3', name: 'amina' });
  await south.page.waitForSelector('#invite-link');
  await check(south.page, 'a game waiting for an opponent');
  const north = await person(browser, server, { name: 'kwame', bypassCSP: true });
  await joinGame(north.page, id, 'kwame');
  await until(async () => (await playable(south.page)).length > 0, 'South to be asked');
  await check(south.page, 'a game as a player');
  const watcher = await person(browser, server, { bypassCSP: true });
  await watcher.page.goto(`/game/${id}`);
  await watcher.page.waitForSelector('svg.board .hole');
  await check(watcher.page, 'a game as a spectator');
  await south.page.click('[data-command="resign"]');
  await south.page.click('[data-confirm="resign"]');
  await until(async () => await winnerOf(watcher.page), 'the result');
  await check(watcher.page, 'a finished game');
  await check(south.page, 'a finished game as its loser');
  // Expected: the 404 of the game that does not exist (over HTTP and its socket's handshake).
  for (const p of [a, guest, south, north, watcher])
    assert.deepEqual(
      p.errors.filter((e) => !/status of 404|response code: 404/.test(e)),
      [],
    );
});

test('the confirmation of Resign takes the focus and gives it back', { timeout: 60000 }, async () => {
  const p = await person(browser, server, { name: 'amina' });
  await createGame(p.page, { variant: 'kubuguza', seat: 'south', opponent: 'bot:easy', name: 'amina' });
  await until(async () => (await playable(p.page)).length > 0, 'South to be asked');
  await p.page.focus('[data-command="resign"]');
  await p.page.keyboard.press('Enter');
  await p.page.waitForSelector('[data-confirm="resign"]');
  assert.equal(await p.page.evaluate(() => document.activeElement.dataset.confirm), 'resign', 'the focus is on "Yes"');
  await shot(p.page, 'resign-confirm-desktop');
  await p.page.keyboard.press('Escape');
  await p.page.waitForSelector('[data-confirm="resign"]', { state: 'detached' });
  assert.equal(await p.page.evaluate(() => document.activeElement.dataset.command), 'resign', 'and back on Resign');
  assert.deepEqual(p.errors, []);
});

test('the rules of a game that is not played here: a clear "no such game"', { timeout: 60000 }, async () => {
  const p = await person(browser, server);
  await p.page.goto('/rules/chess');
  await p.page.waitForSelector('#no-game');
  assert.equal(await p.page.textContent('main h1'), 'No such game');
  assert.match(await p.page.textContent('#no-game'), /no game called “chess”/);
  assert.equal(await p.page.$$eval('main ul a[href^="/rules/"]', (a) => a.length), 4, 'the games it has are listed');
  assert.equal(await p.page.$('.rules-page'), null, 'nothing else');
  await shot(p.page, 'rules-unknown-desktop');
  assert.deepEqual(p.errors, []);
});
