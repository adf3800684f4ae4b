// Two-step sign-in in the page: the account page sets it up (a QR code and the key as text), a first code
// of the app turns it on and shows the ten backup codes once; after signing out, signing in asks for a
// code, refuses a wrong one with a sentence, and signs in with the app's next code. On a phone in French,
// a backup code signs in instead. The app's codes are computed here (RFC 6238 with node's crypto).

import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { PHONE, person, shot, signUp, until, useServerAndBrowser, server, browser } from './harness.js';

useServerAndBrowser();

/** The bytes of a base32 (RFC 4648) text. */
function base32(text) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const out = [];
  let bits = 0;
  let value = 0;
  for (const c of text.replace(/[\s=]/g, '').toUpperCase()) {
    value = ((value << 5) | alphabet.indexOf(c)) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(out);
}

/** The app's code for `secret` at unix time `secs` (HMAC-SHA1, 30 s steps, 6 digits). */
function totp(secret, secs) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(secs / 30)));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const at = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const now = () => Math.floor(Date.now() / 1000);

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's violations on the page as it is now (the page's policy bypassed to inject it). */
async function violations(page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
}

/** No accessibility violation where `page` is (when `check`). */
async function accessible(page, check) {
  if (check) assert.deepEqual(await violations(page), []);
}

test('the RFC 6238 code of this test', () => {
  // RFC 6238, appendix B: the SHA-1 key "12345678901234567890" at 59 s is 94287082.
  assert.equal(totp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59), '287082');
});

/**
 * Turns two-step sign-in on from the account page of `page`; the key and the backup codes.
 * @param {import('playwright-core').Page} page
 * @param {string} label the screenshots' name
 */
async function turnOn(page, label, check = false) {
  await page.goto('/account');
  await page.click('#twostep-start');
  await page.waitForSelector('#twostep-qr');
  const secret = (await page.textContent('#twostep-secret')).replace(/\s/g, '');
  assert.match(secret, /^[A-Z2-7]{32}$/);
  assert.match(await page.getAttribute('#twostep-secret', 'data-uri'), /^otpauth:\/\/totp\//);
  assert.ok(await page.evaluate(() => document.querySelector('#twostep-qr').naturalWidth > 0), 'the QR code shows');
  await shot(page, `twostep-setup-${label}`);
  await accessible(page, check);
  await page.fill('#twostep-code', totp(secret, now()));
  await page.click('#twostep-enable-form button[type=submit]');
  await page.waitForSelector('#twostep-backup-codes li');
  const codes = await page.$$eval('#twostep-backup-codes li', (items) => items.map((i) => i.textContent.trim()));
  assert.equal(codes.length, 10);
  assert.match(await page.getAttribute('#twostep-download', 'href'), /^data:text\/plain/);
  await shot(page, `twostep-codes-${label}`);
  await accessible(page, check);
  await page.click('#twostep-done');
  await page.waitForSelector('#twostep-confirm-form');
  return { secret, codes };
}

/** Signs out, then the password step of signing in, which must ask for a code. */
async function passwordStep(page, name, password) {
  await page.click('#signout');
  await page.waitForSelector('header #signin-link');
  await page.goto('/signin');
  await page.fill('#auth-name', name);
  await page.fill('#auth-password', password);
  await page.click('#auth-form button[type=submit]');
  await page.waitForSelector('#twostep-signin-form');
}

test('turn two-step sign-in on, then sign in with a code', { timeout: 60000 }, async () => {
  const a = await person(browser, server, { bypassCSP: true });
  await signUp(a.page, 'Tumaini', 'first password');
  const { secret } = await turnOn(a.page, 'desktop', true);
  assert.match(await a.page.textContent('#twostep-state'), /On since/);

  await passwordStep(a.page, 'tumaini', 'first password');
  assert.equal(await a.page.locator('header #me').count(), 0, 'not signed in before the code');
  const next = totp(secret, now() + 30);
  await a.page.fill('#twostep-signin-code', next === '000000' ? '111111' : '000000');
  await a.page.click('#twostep-signin-form button[type=submit]');
  await until(async () => /wrong code/i.test(await a.page.textContent('#twostep-signin-error')), 'the refusal');
  await shot(a.page, 'twostep-signin-desktop');
  await accessible(a.page, true);
  await a.page.fill('#twostep-signin-code', next);
  await a.page.click('#twostep-signin-form button[type=submit]');
  await a.page.waitForSelector('header #me:text-is("Tumaini")', { timeout: 10000 });
  await until(async () => new URL(a.page.url()).pathname === '/', 'the home page after signing in', 5000);
  assert.deepEqual(
    a.errors.filter((e) => !/status of 401/.test(e)),
    [],
  );
});

test('on a phone in French, a backup code signs in', { timeout: 60000 }, async () => {
  const a = await person(browser, server, { device: PHONE, locale: 'fr-FR' });
  await signUp(a.page, 'Neema', 'first password');
  const { codes } = await turnOn(a.page, 'phone-fr');
  assert.match(await a.page.textContent('#twostep-state'), /Activée depuis/);

  await passwordStep(a.page, 'neema', 'first password');
  await a.page.click('#twostep-use-backup');
  assert.match(await a.page.textContent('#twostep-note'), /codes de secours/);
  await a.page.fill('#twostep-signin-code', codes[3]);
  await shot(a.page, 'twostep-signin-phone-fr');
  await a.page.click('#twostep-signin-form button[type=submit]');
  await a.page.waitForSelector('header #me:text-is("Neema")', { timeout: 10000 });
  // The code is spent: the account page counts nine left.
  await a.page.goto('/account');
  await until(async () => /9 codes de secours/.test(await a.page.textContent('#twostep-panel')), 'nine codes left');
});
