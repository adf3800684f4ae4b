// A ban for leaving games on the home page (docs/moderation.md, "Penalties for leaving games"): a guest
// who aborted three games sees, above quick pairing, why and a countdown that runs live (desktop,
// English; phone, French); a quick pairing pressed anyway is refused with the ban's words; a person who
// left nothing sees no notice.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { api, person, PHONE, shot, until, useServerAndBrowser, server, browser } from './harness.js';

useServerAndBrowser();

/** `name` (a guest) aborts a new game against `victim`, over the game's socket in `page`. */
async function abortOne(page, name, victim) {
  const post = (path, body) =>
    api(server, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const made = await post('/api/games', { variant: 'kubuguza', seat: 'south', name });
  await post(`/api/games/${made.game.id}/join`, { name: victim });
  const answer = await page.evaluate(
    ({ id, token }) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}/api/games/${id}/ws?token=${token}`);
        ws.onopen = () => ws.send(JSON.stringify({ type: 'abort', id: 'a' }));
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.type === 'accepted' || m.type === 'rejected') {
            ws.close();
            resolve(m.type);
          }
        };
        ws.onerror = () => reject(new Error('the game socket failed'));
      }),
    { id: made.game.id, token: made.token },
  );
  assert.equal(answer, 'accepted');
}

/** The countdown the page shows, as seconds. */
async function secondsShown(page) {
  const text = (await page.textContent('#playban-left')).trim();
  const parts = text.split(':').map(Number);
  assert.ok(parts.every(Number.isFinite), text);
  return parts.reduce((total, n) => total * 60 + n, 0);
}

test('a banned guest sees why and a live countdown', { timeout: 120000 }, async () => {
  const desk = await person(browser, server, { name: 'quitter' });
  await desk.page.goto('/');
  for (let i = 0; i < 3; i += 1) await abortOne(desk.page, 'quitter', 'victim');
  await desk.page.reload();
  await desk.page.waitForSelector('#playban:not([hidden])');
  assert.match(await desk.page.textContent('#playban'), /You left too many games/);
  assert.match(await desk.page.textContent('#playban-why'), /3 games aborted/);
  const first = await secondsShown(desk.page);
  assert.ok(first > 14 * 60 && first <= 15 * 60, `a 15 minute ban: ${first} s`);
  await until(async () => (await secondsShown(desk.page)) < first, 'the countdown to run');
  await shot(desk.page, 'playban-desktop');

  // Pressing quick pairing anyway: refused in the ban's words.
  await desk.page.click('button[data-quick="kubuguza 300+3"]');
  await until(async () => /You left too many games/.test(await desk.page.textContent('#lobby-error')), 'the refusal');

  // The same guest on a phone, in French.
  const phone = await person(browser, server, { name: 'quitter', device: PHONE, locale: 'fr-FR' });
  await phone.page.goto('/');
  await phone.page.waitForSelector('#playban:not([hidden])');
  assert.match(await phone.page.textContent('#playban'), /Vous avez quitté trop de parties/);
  assert.match(await phone.page.textContent('#playban-why'), /3 parties annulées/);
  assert.match(await phone.page.textContent('#playban'), /L’appariement rouvre dans/);
  await phone.page.locator('#playban').scrollIntoViewIfNeeded();
  await shot(phone.page, 'playban-phone');

  // The victim of those aborts is not banned.
  const victim = await person(browser, server, { name: 'victim' });
  await victim.page.goto('/');
  await victim.page.waitForSelector('button[data-quick]');
  assert.equal(await victim.page.isHidden('#playban'), true);
  for (const p of [desk, phone, victim]) assert.deepEqual(p.errors, []);
});
