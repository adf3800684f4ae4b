// Accounts in the page: sign up, and the header shows who is signed in (also after a reload); sign out
// and sign in again (a wrong password is refused with the server's sentence); the account page changes
// the password (the old one stops working) and creates and revokes API tokens (a revoked token is 401).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { person, PHONE, shot, signUp, until, useServerAndBrowser, server, browser } from './harness.js';

useServerAndBrowser();

const who = (page) => page.textContent('header .who');

test('sign up, the header, sign out, sign in', { timeout: 60000 }, async () => {
  const a = await person(browser, server);
  await a.page.goto('/');
  await a.page.waitForSelector('header #signin-link');
  await signUp(a.page, 'Amara');
  assert.match(await who(a.page), /Amara/);
  // The header shows the name as the page goes home: the address follows in the same turn of the page.
  await until(async () => new URL(a.page.url()).pathname === '/', 'the home page after signing up', 2000);
  await a.page.reload();
  await a.page.waitForSelector('header #me:text-is("Amara")');
  assert.equal(await a.page.getAttribute('header #me', 'href'), '/@/Amara');
  await shot(a.page, 'signed-in-desktop');

  // The same name again (any case) is taken.
  const b = await person(browser, server, { device: PHONE });
  await b.page.goto('/signup');
  await b.page.fill('#auth-name', 'amara');
  await b.page.fill('#auth-password', 'another password');
  await b.page.click('#auth-form button[type=submit]');
  await until(async () => (await b.page.textContent('#auth-error')).length > 0, 'the refusal');
  assert.doesNotMatch(await who(b.page), /amara/i);

  const session = await cookieOf(a.context);
  assert.match(session, /mancala_session=/);
  assert.equal((await fetch(`${server.base}/api/account`, { headers: { cookie: session } })).status, 200);
  await a.page.click('#signout');
  await a.page.waitForSelector('header #signin-link');
  assert.equal(
    (await fetch(`${server.base}/api/account`, { headers: { cookie: session } })).status,
    401,
    'the session is gone',
  );
  await a.page.goto('/signin');
  await a.page.fill('#auth-name', 'amara');
  await a.page.fill('#auth-password', 'wrong password');
  await a.page.click('#auth-form button[type=submit]');
  await until(async () => /wrong name or password/i.test(await a.page.textContent('#auth-error')), 'the refusal');
  await a.page.fill('#auth-password', 'correct horse battery');
  await a.page.click('#auth-form button[type=submit]');
  await a.page.waitForSelector('header #me:text-is("Amara")', { timeout: 10000 });
  await shot(b.page, 'signup-taken-phone');
  assert.deepEqual(
    a.errors.filter((e) => !/status of 40[19]/.test(e)),
    [],
  );
});

test('account page: change the password, create and revoke an API token', { timeout: 60000 }, async () => {
  const a = await person(browser, server);
  await signUp(a.page, 'bongani', 'first password');
  await a.page.goto('/account');
  await a.page.waitForSelector('#pw-form');
  await a.page.fill('#pw-current', 'not my password');
  await a.page.fill('#pw-new', 'second password');
  await a.page.click('#pw-form button[type=submit]');
  await until(
    async () =>
      (await a.page.getAttribute('#pw-message', 'class')) === 'error' &&
      (await a.page.textContent('#pw-message')).length > 0,
    'the refusal',
  );
  await a.page.fill('#pw-current', 'first password');
  await a.page.fill('#pw-new', 'second password');
  await a.page.click('#pw-form button[type=submit]');
  await until(async () => /Password changed/.test(await a.page.textContent('#pw-message')), 'the change');
  const signin = (password) =>
    fetch(`${server.base}/api/account/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bongani', password }),
    });
  assert.equal((await signin('first password')).status, 401);
  assert.equal((await signin('second password')).status, 200);

  await a.page.fill('#token-label', 'my bot');
  await a.page.click('#token-form button[type=submit]');
  await a.page.waitForSelector('#new-token');
  const token = await a.page.inputValue('#new-token');
  assert.ok(token.length >= 16, 'the token is shown once');
  await a.page.waitForSelector('#tokens li[data-token-id]:has-text("my bot")');
  const me = () => fetch(`${server.base}/api/account`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal((await me()).status, 200, 'the token works');
  await shot(a.page, 'account-desktop');
  await a.page.click('#tokens li[data-token-id]:has-text("my bot") button');
  await a.page.waitForSelector('#tokens li[data-token-id]', { state: 'detached' });
  assert.equal((await me()).status, 401, 'a revoked token stops working');
  assert.deepEqual(
    a.errors.filter((e) => !/status of 40[13]/.test(e)),
    [],
  );
});

async function cookieOf(context) {
  return (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
}
