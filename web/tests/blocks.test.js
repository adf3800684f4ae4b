// Blocks in two browsers (docs/moderation.md, "Blocks"): amina (desktop) blocks kwame (phone) from his
// chat line's menu; his line leaves her page at once, and his next lines never reach it while he still
// reads them; his challenge to her is refused with `blocked`; her account page lists him, his profile says
// so, and Unblock lifts it. Screenshots on both viewports.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  chatLine,
  createGame,
  joinGame,
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

async function openChat(page) {
  await page.click('#chat-open');
  await page.waitForSelector('#chat');
}

/** The chat lines `page` shows, as "name: text". */
async function lines(page) {
  return page.$$eval('#chat .chat-lines li:not(.muted)', (ls) =>
    ls.map((l) => `${l.querySelector('b').textContent}${l.childNodes[1]?.textContent ?? ''}`),
  );
}

async function say(page, text) {
  await page.fill('#chat input[name=line]', text);
  await page.click('#chat button[type=submit]');
}

/** A challenge sent from `page` (its session cookie, its own origin): the status and error code. */
async function challenge(page, to) {
  return page.evaluate(async (to) => {
    const r = await fetch('/api/challenges', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to, variant: 'azigo' }),
    });
    return [r.status, (await r.json()).error];
  }, to);
}

test("a blocked player's chat and challenge do not reach the blocker", { timeout: 120000 }, async () => {
  const amina = await person(browser, server);
  const kwame = await person(browser, server, { device: PHONE });
  await signUp(amina.page, 'amina');
  await signUp(kwame.page, 'kwame');
  const id = await createGame(amina.page, { variant: 'kubuguza', seat: 'south' });
  await joinGame(kwame.page, id);
  await until(async () => (await playable(amina.page)).length === 8, 'the game to start');

  await openChat(kwame.page);
  await say(kwame.page, 'hello');
  await openChat(amina.page);
  await until(async () => (await lines(amina.page)).length === 1, "kwame's line on amina's page");
  assert.deepEqual(await lines(amina.page), ['kwame: hello']);
  // Her own line has no menu; his has one, with Block.
  await say(amina.page, 'hi');
  await until(async () => (await lines(amina.page)).length === 2, 'her own line');
  assert.equal(await amina.page.$('#chat li[data-by="amina"] details'), null);
  await amina.page.click('#chat li[data-by="kwame"] details summary');
  await amina.page.waitForSelector('#chat li[data-by="kwame"] [data-action="block"]');
  await shot(amina.page, 'blocks-line-menu-desktop');
  // Block asks first, saying what it does; "No" leaves everything as it was.
  await amina.page.click('#chat li[data-by="kwame"] [data-action="block"]');
  await amina.page.waitForSelector('#block-confirm');
  assert.match(
    await amina.page.textContent('#block-confirm'),
    /^Block kwame\? They will no longer be able to challenge you/,
  );
  await amina.page.click('#block-no');
  await until(async () => !(await amina.page.$('#block-confirm')), 'the question withdrawn');
  assert.equal((await lines(amina.page)).length, 2, 'nothing blocked');
  assert.match(await amina.page.textContent('#chat-block'), /^Block kwame$/);
  await amina.page.click('#chat-block');
  await shot(amina.page, 'blocks-confirm-desktop');
  await amina.page.click('#block-yes');
  await until(async () => (await lines(amina.page)).length === 1, 'his line hidden once confirmed');
  assert.deepEqual(await lines(amina.page), ['amina: hi']);
  assert.match(await amina.page.textContent('#chat-block'), /Unblock kwame/);

  // His next line: he reads it, she never does (her own line after it arrives, his does not).
  await chatLine(kwame.page, 'are you there?', async () => (await lines(kwame.page)).includes('kwame: are you there?'));
  await chatLine(amina.page, 'gg', async () => (await lines(amina.page)).includes('amina: gg'));
  assert.deepEqual(await lines(amina.page), ['amina: hi', 'amina: gg']);
  await until(async () => (await lines(kwame.page)).length === 4, 'every line on his page');
  await shot(kwame.page, 'blocks-chat-blocked-phone');
  // A reload asks the server again: his lines stay out.
  await amina.page.reload();
  await openChat(amina.page);
  await until(async () => (await lines(amina.page)).length === 2, 'the lines after a reload');
  assert.deepEqual(await lines(amina.page), ['amina: hi', 'amina: gg']);

  // His challenge is refused, and hers to him too.
  assert.deepEqual(await challenge(kwame.page, 'amina'), [403, 'blocked']);
  assert.deepEqual(await challenge(amina.page, 'kwame'), [403, 'blocked']);

  // His profile says so; her account page lists him; Unblock there lifts it.
  await amina.page.goto('/@/kwame');
  await until(async () => /Unblock kwame/.test((await amina.page.textContent('#block-toggle')) || ''), 'the button');
  assert.match(await amina.page.textContent('#block-note'), /cannot challenge you/);
  await kwame.page.goto('/@/amina');
  await kwame.page.waitForSelector('#block-toggle');
  assert.match(await kwame.page.textContent('#block-toggle'), /^Block amina$/, 'he is not told');
  // On a profile too, Block asks first; "No" blocks nobody.
  await kwame.page.click('#block-toggle');
  assert.match(await kwame.page.textContent('#block-confirm'), /^Block amina\? They will no longer/);
  await shot(kwame.page, 'blocks-profile-confirm-phone');
  await kwame.page.click('#block-no');
  assert.equal(await kwame.page.isVisible('#block-confirm'), false);
  assert.equal(await kwame.page.textContent('#block-toggle'), 'Block amina', 'still not blocked');
  await shot(kwame.page, 'blocks-profile-phone');
  await amina.page.goto('/account');
  await amina.page.waitForSelector('#blocks li[data-blocked="kwame"]');
  await shot(amina.page, 'blocks-account-desktop');
  await amina.page.click('#blocks li[data-blocked="kwame"] button');
  await until(async () => /nobody/.test(await amina.page.textContent('#blocks')), 'the list emptied');
  const [status] = await challenge(kwame.page, 'amina');
  assert.equal(status, 201, 'unblocked, he may challenge her');
  for (const p of [amina, kwame])
    assert.deepEqual(
      p.errors.filter((e) => !/status of 403/.test(e)),
      [],
    );
});
