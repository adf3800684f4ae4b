// Email on an account and "Forgot your password?", with a real SMTP conversation: a small SMTP sink in this
// file (node's net module) takes the server's mails, and the tests open the links they carry. In English on
// a desktop: an address set on the account page, confirmed by its link; then, signed out, "Forgot your
// password?" from the sign-in page mails a reset link that sets a new password. In French on a phone: the
// same page for a name nobody has, the data download and closing the account. A server without mail says
// to ask the operator.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { before, after, test } from 'node:test';
import { PHONE, person, shot, signUp, startServer, until, useServerAndBrowser, server, browser } from './harness.js';

/** The mails the sink received: {to, data}. */
const mails = [];

/** A minimal SMTP server: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT. */
function smtpSink() {
  return new Promise((ok) => {
    const sink = createServer((socket) => {
      let buffer = '';
      let data = null;
      let to = [];
      socket.write('220 sink ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('utf8');
        let end;
        while ((end = buffer.indexOf('\r\n')) >= 0) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (data !== null) {
            if (line === '.') {
              mails.push({ to, data });
              data = null;
              to = [];
              socket.write('250 queued\r\n');
            } else data += `${line.startsWith('.') ? line.slice(1) : line}\r\n`;
            continue;
          }
          const verb = line.split(/[ :]/)[0].toUpperCase();
          if (verb === 'EHLO') socket.write('250-sink\r\n250 8BITMIME\r\n');
          else if (verb === 'RCPT') {
            to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            socket.write('250 ok\r\n');
          } else if (verb === 'DATA') {
            data = '';
            socket.write('354 go on\r\n');
          } else if (verb === 'QUIT') socket.end('221 bye\r\n');
          else if (['HELO', 'MAIL', 'RSET', 'NOOP'].includes(verb)) socket.write('250 ok\r\n');
          else socket.write('502 not implemented\r\n');
        }
      });
    });
    sink.listen(0, '127.0.0.1', () => ok(sink));
  });
}

/** A mail's body as text (quoted-printable undone when it is so encoded). */
function text(mail) {
  const [head, ...rest] = mail.data.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(head)) return body;
  const bytes = Buffer.from(
    body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  );
  return bytes.toString('utf8');
}

/** The path of the `kind` link (`email`, `reset`) of the `n`th mail to `to`, once it has arrived. */
async function linkPath(to, n, kind) {
  const mail = await until(() => mails.filter((m) => m.to.includes(to))[n - 1], `mail ${n} to ${to}`);
  const link = new RegExp(`https://mancala\\.test/${kind}/[A-Za-z0-9]+`).exec(text(mail));
  assert.ok(link, text(mail));
  return new URL(link[0]).pathname;
}

const args = [];
let sink;
before(async () => {
  sink = await smtpSink();
  const port = sink.address().port;
  args.push('--smtp-url', `smtp://127.0.0.1:${port}`, '--mail-from', 'Mancala <noreply@mancala.test>');
  args.push('--public-url', 'https://mancala.test');
});
useServerAndBrowser(args);
after(() => sink?.close());

const signIn = (name, password) =>
  fetch(`${server.base}/api/account/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password }),
  }).then((r) => r.status);

test('an address confirmed by its link, then a forgotten password mailed to it', { timeout: 60000 }, async () => {
  const a = await person(browser, server);
  await signUp(a.page, 'Nia', 'first password');
  await a.page.goto('/account');
  await a.page.waitForSelector('#email-panel #email-state:has-text("No address")');
  await a.page.fill('#email-address', 'nia@example.org');
  await a.page.fill('#email-password', 'not the password');
  await a.page.click('#email-form button[type=submit]');
  await until(async () => /wrong/.test(await a.page.textContent('#email-message')), 'the wrong password');
  await a.page.fill('#email-password', 'first password');
  await a.page.click('#email-form button[type=submit]');
  await until(async () => /on its way to nia@example\.org/.test(await a.page.textContent('#email-message')), 'sent');
  assert.match(await a.page.textContent('#email-state'), /Waiting for confirmation: nia@example\.org/);
  await shot(a.page, 'email-account-desktop');

  // The link, opened in another browser: the address is the account's.
  const b = await person(browser, server);
  await b.page.goto(await linkPath('nia@example.org', 1, 'email'));
  await b.page.waitForSelector('#confirm-done');
  assert.match(
    await b.page.textContent('#confirm-done'),
    /nia@example\.org is now the email address of your account Nia/,
  );
  await a.page.reload();
  await a.page.waitForSelector('#email-state:has-text("Your address: nia@example.org")');

  // Signed out, "Forgot your password?" from the sign-in page.
  await b.page.goto('/signin');
  await b.page.click('#forgot-link');
  await b.page.waitForSelector('#forgot-form');
  await b.page.fill('#forgot-who', 'NIA@example.org');
  await b.page.click('#forgot-form button[type=submit]');
  await b.page.waitForSelector('#forgot-sent');
  await shot(b.page, 'forgot-sent-desktop');
  await b.page.goto(await linkPath('nia@example.org', 2, 'reset'));
  await b.page.fill('#reset-password', 'second password');
  await b.page.fill('#reset-again', 'second password');
  await b.page.click('#reset-form button[type=submit]');
  await b.page.waitForSelector('#reset-done');
  assert.equal(await signIn('nia', 'first password'), 401);
  assert.equal(await signIn('nia', 'second password'), 200);
  assert.deepEqual(
    [...a.errors, ...b.errors].filter((e) => !/status of 40[13]/.test(e)),
    [],
  );
});

test('in French on a phone: the same answer for nobody, my data, closing my account', { timeout: 60000 }, async () => {
  const a = await person(browser, server, { device: PHONE, locale: 'fr-FR' });
  await a.page.goto('/forgot');
  await a.page.waitForSelector('#forgot-form');
  assert.match(await a.page.textContent('h1'), /Mot de passe oublié/);
  await a.page.fill('#forgot-who', 'personne');
  await a.page.click('#forgot-form button[type=submit]');
  await a.page.waitForSelector('#forgot-sent');
  assert.match(await a.page.textContent('#forgot-sent'), /un lien part/);
  await shot(a.page, 'forgot-sent-phone-fr');

  const other = await person(browser, server);
  await signUp(other.page, 'Ama');
  await signUp(a.page, 'Kofi', 'premier secret');
  // Kofi reports Ama: his own report is his data too.
  const reported = await a.page.evaluate(async () => {
    const r = await fetch('/api/reports', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ player: 'Ama', reason: 'name', text: 'a rude name' }),
    });
    return r.status;
  });
  assert.ok(reported < 300, `the report: ${reported}`);
  await a.page.goto('/account');
  await a.page.waitForSelector('#data-download');
  const [download] = await Promise.all([a.page.waitForEvent('download'), a.page.click('#data-download')]);
  const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
  assert.equal(data.account.name, 'Kofi');
  assert.equal(data.sessions.length, 1);
  assert.deepEqual(
    data.reports.map((/** @type {any} */ r) => [r.player, r.reason, r.text]),
    [['Ama', 'name', 'a rude name']],
  );
  // Moments a person can read: ISO 8601 in UTC, not milliseconds.
  const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
  for (const moment of [data.exported_at, data.account.created_at, data.sessions[0].last_seen, data.reports[0].at])
    assert.match(String(moment), iso);
  await other.context.close();

  await a.page.click('#close-start');
  await a.page.waitForSelector('#close-form:not([hidden])');
  assert.match(await a.page.textContent('#close-form'), /fermer définitivement le compte Kofi/);
  await a.page.fill('#close-password', 'pas le bon');
  await a.page.click('#close-form button[type=submit]');
  await until(async () => /faux/.test(await a.page.textContent('#close-error')), 'the wrong password');
  await shot(a.page, 'close-phone-fr');
  await a.page.fill('#close-password', 'premier secret');
  await a.page.click('#close-form button[type=submit]');
  await a.page.waitForSelector('#close-done');
  assert.match(await a.page.textContent('#close-done'), /Votre compte est fermé/);
  await a.page.waitForSelector('header a[href="/signin"]');
  assert.equal(await signIn('kofi', 'premier secret'), 401);
  assert.deepEqual(
    a.errors.filter((e) => !/status of 40[13]/.test(e)),
    [],
  );
});

test('without mail, the page says to ask the operator', { timeout: 60000 }, async () => {
  const plain = await startServer();
  try {
    const a = await person(browser, plain);
    await a.page.goto('/forgot');
    await a.page.waitForSelector('#forgot-operator');
    assert.match(await a.page.textContent('#forgot-operator'), /admin reset-password/);
    await signUp(a.page, 'Zuri');
    await a.page.goto('/account');
    await a.page.waitForSelector('#email-no-mail');
    assert.equal(await a.page.isVisible('#email-address'), false);
    assert.deepEqual(a.errors, []);
  } finally {
    await plain.stop();
  }
});
