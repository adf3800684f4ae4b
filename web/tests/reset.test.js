// A forgotten password: the operator's `mancala-server admin reset-password NAME` prints a link; its page
// refuses two different passwords, then sets the new one, signs every session out (the old cookie is
// 401) and offers to sign in, which works with the new password only; the link is then spent. In English
// on a desktop and in French on a phone.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { BIN, PHONE, person, shot, signUp, until, useServerAndBrowser, server, browser } from './harness.js';

useServerAndBrowser();

/** The link's path (`/reset/…`) the operator's command prints for `name`. */
function resetPath(name) {
  const out = execFileSync(
    BIN,
    ['admin', '--database-url', server.databaseUrl, 'reset-password', name, '--site', server.base],
    {
      encoding: 'utf8',
    },
  );
  return new URL(out.split('\n')[0]).pathname;
}

const cookieOf = async (context) => (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');

const status = async (path, cookie) => (await fetch(`${server.base}${path}`, { headers: { cookie } })).status;

const signIn = (name, password) =>
  fetch(`${server.base}/api/account/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password }),
  }).then((r) => r.status);

test('a reset link sets a new password once and signs the account out', { timeout: 60000 }, async () => {
  const a = await person(browser, server);
  await signUp(a.page, 'Nia', 'first password');
  const cookie = await cookieOf(a.context);
  assert.equal(await status('/api/account', cookie), 200);

  const path = resetPath('nia');
  const b = await person(browser, server);
  await b.page.goto(path);
  await b.page.waitForSelector('#reset-form');
  assert.match(await b.page.textContent('h1'), /Choose a new password/);
  await b.page.fill('#reset-password', 'second password');
  await b.page.fill('#reset-again', 'second passwort');
  await b.page.click('#reset-form button[type=submit]');
  await until(async () => /differ/.test(await b.page.textContent('#reset-error')), 'the mismatch');
  await shot(b.page, 'reset-desktop');
  await b.page.fill('#reset-again', 'second password');
  await b.page.click('#reset-form button[type=submit]');
  await b.page.waitForSelector('#reset-done');
  await shot(b.page, 'reset-done-desktop');
  assert.equal(await status('/api/account', cookie), 401, 'the old session is signed out');
  assert.equal(await signIn('nia', 'first password'), 401);
  assert.equal(await signIn('nia', 'second password'), 200);
  await b.page.click('a[href="/signin"]');
  await b.page.waitForSelector('#auth-form');

  // Spent: the same link now says so.
  await b.page.goto(path);
  await b.page.fill('#reset-password', 'third password');
  await b.page.fill('#reset-again', 'third password');
  await b.page.click('#reset-form button[type=submit]');
  await until(async () => /already used or expired/.test(await b.page.textContent('#reset-error')), 'the refusal');
  assert.deepEqual(
    [...a.errors, ...b.errors].filter((e) => !/status of 40[14]/.test(e)),
    [],
  );
});

test('the reset page in French on a phone', { timeout: 60000 }, async () => {
  const a = await person(browser, server, { device: PHONE, locale: 'fr-FR' });
  await signUp(a.page, 'Kofi', 'first password');
  await a.page.goto(resetPath('kofi'));
  await a.page.waitForSelector('#reset-form');
  assert.match(await a.page.textContent('h1'), /Choisir un nouveau mot de passe/);
  await a.page.fill('#reset-password', 'nouveau secret');
  await a.page.fill('#reset-again', 'nouveau secret');
  await a.page.click('#reset-form button[type=submit]');
  await a.page.waitForSelector('#reset-done');
  assert.match(await a.page.textContent('#reset-done'), /Connectez-vous/);
  await shot(a.page, 'reset-done-phone-fr');
});
