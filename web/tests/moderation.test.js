// Moderation in browsers: a signed-in spectator reports another's chat line from the chat panel (the
// moderator's queue then shows the line among the chat around it), and a moderator closes an account from
// /mod while its owner's game page is open: the page shows the game resigned at once; a moderator marks
// an account as computer assisted from /mod and its profile says so, in English and in French. Anyone
// else gets the /mod page's refusal.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  createGame,
  joinGame,
  person,
  PHONE,
  playable,
  shot,
  signUp,
  until,
  chatLine,
  useServerAndBrowser,
  server,
  browser,
} from './harness.js';

useServerAndBrowser();

/**
 * On the moderators' page `page` (already open), looks `player` up and takes `action` with `reason`.
 * @param {import('playwright-core').Page} page @param {string} player @param {string} action @param {string} reason
 */
async function act(page, player, action, reason) {
  await page.fill('#mod-lookup input[name=player]', player);
  await page.click('#mod-lookup button[type=submit]');
  await page.waitForSelector('#mod-player .mod-actions');
  await page.fill('#mod-player .mod-reason', reason);
  await page.click(`#mod-player button[data-action="${action}"]`);
}

/** Opens the chat panel of `page` and waits for it. */
async function openChat(page) {
  await page.click('#chat-open');
  await page.waitForSelector('#chat');
}

test('a spectator reports a chat line and the moderator reads it in context', { timeout: 120000 }, async () => {
  const south = await person(browser, server, { name: 'amina' });
  const north = await person(browser, server, { name: 'kwame' });
  const loud = await person(browser, server);
  const fan = await person(browser, server, { device: PHONE });
  const mod = await person(browser, server);
  await signUp(loud.page, 'zawadi');
  await signUp(fan.page, 'juma');
  await signUp(mod.page, 'mo');
  assert.equal(server.admin('grant', 'moderator', 'mo').status, 0);
  const id = await createGame(south.page, { variant: 'kubuguza', seat: 'south', name: 'amina' });
  await joinGame(north.page, id, 'kwame');
  await until(async () => (await playable(south.page)).length === 8, 'the game to start');

  await loud.page.goto(`/game/${id}`);
  await fan.page.goto(`/game/${id}`);
  await openChat(loud.page);
  const said = () => loud.page.$$eval('#chat .chat-lines li:not(.muted)', (ls) => ls.length);
  for (const [i, words] of ['hello all', 'you are all fools', 'bye'].entries()) {
    await chatLine(loud.page, words, async () => (await said()) === i + 1);
  }
  await openChat(fan.page);
  const reports = (/** @type {import('playwright-core').Page} */ p) => p.$$('#chat [data-action="report"]');
  await until(async () => (await reports(fan.page)).length === 3, "the lines' report actions");
  assert.equal((await reports(loud.page)).length, 0, 'nobody reports their own line');
  // Report is in the line's "⋯" menu, beside Block.
  await fan.page.click('#chat li[data-n="2"] .line-menu summary');
  await fan.page.click('#chat li[data-n="2"] [data-action="report"]');
  await fan.page.waitForSelector('#report-dialog[open]');
  assert.match(await fan.page.textContent('#report-dialog'), /you are all fools/);
  await fan.page.fill('#report-text', 'insults everyone');
  await shot(fan.page, 'moderation-report-phone');
  await fan.page.click('#report-send');
  // Sent: the dialog says so, and its one button closes it.
  await fan.page.waitForSelector('#report-status:has-text("Your report was sent")');
  assert.equal(await fan.page.isVisible('#report-send'), false);
  assert.equal(await fan.page.textContent('#report-close'), 'Close');
  await shot(fan.page, 'moderation-report-sent-phone');
  await fan.page.click('#report-close');
  await until(async () => !(await fan.page.$('#report-dialog')), 'the dialog closed');

  // The moderator's queue: the report, the reported line marked among the lines around it.
  await mod.page.goto('/mod');
  await mod.page.waitForSelector('.mod-report');
  const chat = await mod.page.$$eval('.mod-chat li', (ls) => ls.map((l) => [l.textContent, l.className]));
  assert.deepEqual(chat, [
    ['zawadi: hello all', ''],
    ['zawadi: you are all fools', 'reported'],
    ['zawadi: bye', ''],
  ]);
  assert.match(await mod.page.textContent('.mod-report'), /juma wrote:.*insults everyone/s);
  await shot(mod.page, 'moderation-queue-desktop');

  // Anyone else is refused the page.
  await fan.page.goto('/mod');
  await fan.page.waitForSelector('#mod-queue .error');
  assert.match(await fan.page.textContent('#mod-queue'), /moderators only/);
  for (const p of [south, north, loud, fan, mod])
    assert.deepEqual(
      p.errors.filter((e) => !/403/.test(e)),
      [],
    );
});

test(
  "a moderator closes an account and its owner's open game page shows the game resigned",
  { timeout: 120000 },
  async () => {
    const cheat = await person(browser, server);
    const rival = await person(browser, server);
    const mod = await person(browser, server);
    await signUp(cheat.page, 'chidi');
    await signUp(rival.page, 'baraka');
    await signUp(mod.page, 'moira');
    assert.equal(server.admin('grant', 'moderator', 'moira').status, 0);
    const id = await createGame(cheat.page, { variant: 'kubuguza', seat: 'south' });
    await joinGame(rival.page, id);
    await until(async () => (await playable(cheat.page)).length === 8, 'the game to start');

    await mod.page.goto('/mod');
    await act(mod.page, 'chidi', 'close', 'engine use');
    await until(async () => (await cheat.page.getAttribute('#status', 'data-winner')) === 'north', 'the game resigned');
    assert.match(await cheat.page.textContent('#status'), /You lost/);
    // Its seat closed with the account, the page stops there: no endless "reconnecting".
    await until(async () => (await cheat.page.getAttribute('#conn', 'data-state')) === 'done', 'the socket to end');
    assert.equal((await cheat.page.textContent('#conn')).trim(), '');
    assert.match(await cheat.page.textContent('#status'), /You lost/);
    await shot(cheat.page, 'moderation-closed-desktop');
    await mod.page.waitForSelector('#mod-player h3:has-text("Account closed")');
    const log = await until(async () => {
      const text = await mod.page.textContent('#mod-log');
      return /close/.test(text) && text;
    }, 'the log line');
    assert.match(log, /moira.*close.*chidi.*engine use/s);
    assert.equal(server.admin('reopen', 'chidi').status, 0);
  },
);

test('a moderator marks an account as computer assisted and its profile says so', { timeout: 120000 }, async () => {
  const cheat = await person(browser, server);
  const mod = await person(browser, server);
  await signUp(cheat.page, 'tumaini');
  await signUp(mod.page, 'moses');
  assert.equal(server.admin('grant', 'moderator', 'moses').status, 0);
  await mod.page.goto('/@/tumaini');
  await mod.page.waitForSelector('#record');
  assert.equal(await mod.page.$('#computer-assisted'), null, 'no mark before');

  await mod.page.goto('/mod');
  await act(mod.page, 'tumaini', 'mark', 'engine moves in every game');
  await mod.page.waitForSelector('#mod-player h3:has-text("marked as computer assisted")');

  await cheat.page.goto('/@/tumaini');
  await cheat.page.waitForSelector('#computer-assisted');
  assert.match(await cheat.page.textContent('#computer-assisted'), /computer assisted/);
  await shot(cheat.page, 'moderation-marked-desktop');
  const french = await person(browser, server, { locale: 'fr-FR' });
  await french.page.goto('/@/tumaini');
  await french.page.waitForSelector('#computer-assisted');
  assert.match(await french.page.textContent('#computer-assisted'), /aide informatique/);

  await mod.page.fill('#mod-player .mod-reason', 'appeal upheld');
  await mod.page.click('#mod-player button[data-action="unmark"]');
  await until(async () => !/marked as computer/.test(await mod.page.textContent('#mod-player h3')), 'the mark off');
  await cheat.page.reload();
  await cheat.page.waitForSelector('#record');
  assert.equal(await cheat.page.$('#computer-assisted'), null, 'no mark after');
});

test(
  "a moderator's warning is shown on the warned player's pages until acknowledged",
  { timeout: 120000 },
  async () => {
    const warned = await person(browser, server);
    const mod = await person(browser, server);
    await signUp(warned.page, 'neema');
    await signUp(mod.page, 'mwalimu');
    assert.equal(server.admin('grant', 'moderator', 'mwalimu').status, 0);
    // The header's corner links /mod for a moderator, first, once the next page asked the account.
    await mod.page.goto('/mod');
    await mod.page.waitForSelector('#who #mod-link');
    assert.deepEqual(await mod.page.$$eval('#who > *', (es) => es.map((e) => e.id || e.textContent)), [
      'mod-link',
      'me',
      'Account',
      'signout',
    ]);
    await act(mod.page, 'neema', 'warn', 'Be kind in the chat');
    await until(async () => /warn/.test(await mod.page.textContent('#mod-log')), 'the log line');

    await warned.page.goto('/');
    const notice = await warned.page.waitForSelector('.warning-notice[role=alert]');
    assert.match(await notice.textContent(), /Be kind in the chat/);
    assert.equal(await warned.page.$('#mod-link'), null, 'no /mod link for a player');
    // Above the page, outside `main`: it stays while the router draws another page.
    assert.equal(await warned.page.$('#main .warning-notice'), null);
    await warned.page.click('a[href="/learn"]');
    await warned.page.waitForSelector('.warning-notice[role=alert]');
    await warned.page.click('.warning-notice button');
    await until(async () => !(await warned.page.$('.warning-notice')), 'the notice gone');
    const account = await warned.page.evaluate(() => fetch('/api/account').then((r) => r.json()));
    assert.deepEqual(account.warnings ?? [], [], 'acknowledged on the server');

    // Signing out takes the moderator's link away with the name.
    await mod.page.click('#signout');
    await mod.page.waitForSelector('header #signin-link');
    assert.equal(await mod.page.$('#mod-link'), null);
    for (const p of [warned, mod]) assert.deepEqual(p.errors, []);
  },
);
