// The first paint (docs/web.md, "Serving"): the server writes each page's words into its HTML, so they
// show with JavaScript off; with it on, the client builds its view under them, invisible, and they give
// way once the view is ready: what is on screen in main is never empty or "Loading…" in between. The
// language picker's choice reaches the server (the `lang` cookie).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { join } from 'node:path';
import { PHONE, SHOTS, api, person, until, useServerAndBrowser, server, browser } from './harness.js';

useServerAndBrowser();

/** A page with JavaScript off. */
async function withoutScripts(options = {}) {
  const context = await browser.newContext({ ...PHONE, baseURL: server.base, javaScriptEnabled: false, ...options });
  return { context, page: await context.newPage() };
}

test('with JavaScript off, the rules page and the lessons show their words', { timeout: 60000 }, async () => {
  const rules = await api(server, '/api/rules/njombwa?lang=en');
  const { context, page } = await withoutScripts();
  await page.goto('/rules/njombwa');
  assert.equal(await page.textContent('main h1'), rules.title);
  const main = await page.innerText('main');
  assert.ok(main.includes(rules.sections[0].title), main);
  assert.ok(main.includes(rules.sections[1].body[0]), 'a rule’s words');
  assert.ok(!main.includes('Loading'), main);
  assert.equal(await page.title(), 'Njombwa: the rules · Mancala');

  const lessons = await api(server, '/api/lessons?lang=en');
  await page.goto('/learn');
  const list = await page.innerText('main');
  for (const c of lessons.courses) {
    assert.ok(list.includes(c.title), c.title);
    for (const l of c.lessons) assert.ok(list.includes(l.title), l.title);
  }
  assert.equal(await page.getAttribute('main a[href="/learn/njombwa/capture"]', 'href'), '/learn/njombwa/capture');
  await context.close();

  // In French, the header too.
  const fr = await withoutScripts({ locale: 'fr-FR' });
  const french = await api(server, '/api/rules/njombwa?lang=fr');
  await fr.page.goto('/rules/njombwa');
  assert.equal(await fr.page.textContent('main h1'), french.title);
  assert.equal(await fr.page.getAttribute('html', 'lang'), 'fr');
  assert.equal(await fr.page.textContent('header nav a[href="/learn"]'), 'Apprendre');
  // The screen as a phone first shows it (`shot` measures the page with a script, which is off here).
  await fr.page.screenshot({ path: join(SHOTS, 'firstpaint-rules-fr-nojs-phone.png') });
  await fr.context.close();
});

/**
 * Checks what main showed: `word` from the first moment it showed it to the end (never an empty main,
 * "Loading…" or "Connecting…" in between).
 * @param {import('playwright-core').Page} page
 * @param {string} word
 */
async function alwaysShown(page, word) {
  /** @type {string[]} */
  const seen = await page.evaluate(() => /** @type {any} */ (window).__seen);
  const from = seen.findIndex((text) => text.includes(word));
  assert.ok(from >= 0, `never showed ${word}: ${JSON.stringify(seen.map((x) => x.slice(0, 80)))}`);
  for (const text of seen.slice(from)) {
    assert.ok(
      text.includes(word) && !/^(Loading|Connecting)/.test(text),
      `main showed ${JSON.stringify(text.slice(0, 200))}`,
    );
  }
}

/**
 * Records, from before the page's scripts, what main shows on screen (`innerText` leaves out what is
 * invisible) at every change.
 */
function recordMain() {
  /** @type {string[]} */
  const seen = [];
  // @ts-ignore
  window.__seen = seen;
  const look = () => {
    const main = document.getElementById('main');
    if (!main) return;
    const text = main.innerText.trim();
    if (seen[seen.length - 1] !== text) seen.push(text);
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
}

test('with JavaScript on, the words stay until the client’s view replaces them', { timeout: 60000 }, async () => {
  const rules = await api(server, '/api/rules/njombwa?lang=en');
  const p = await person(browser, server, { device: PHONE });
  await p.context.addInitScript(recordMain);
  // The rules' answer is held until the test lets it go: the client's view waits for it meanwhile.
  /** @type {() => void} */
  let release = () => {};
  const held = new Promise((r) => (release = () => r(undefined)));
  await p.page.route('**/api/rules/**', async (route) => {
    await held;
    await route.continue();
  });
  await p.page.goto('/rules/njombwa');
  // The client has mounted its view (its tabs are drawn, its rules not yet): the server's words show.
  await p.page.waitForSelector('main > .drawn ~ * nav.tabs', { state: 'attached' });
  assert.equal(await p.page.locator('main > .drawn').count(), 1);
  assert.ok((await p.page.innerText('main')).includes(rules.sections[1].body[0]), 'the server’s words on screen');
  assert.equal(await p.page.locator('main > .drawn ~ *').evaluate((el) => getComputedStyle(el).visibility), 'hidden');
  release();
  await p.page.waitForSelector('.rules-page section svg.board');
  await until(async () => (await p.page.locator('main > .drawn').count()) === 0, 'the server’s words to give way');
  assert.ok((await p.page.innerText('main')).includes(rules.sections[1].body[0]), 'the client’s words');
  await alwaysShown(p.page, rules.sections[1].body[0]);
  assert.deepEqual(p.errors, []);
  await p.context.close();
});

test('the lessons and a game page are taken over the same way', { timeout: 60000 }, async () => {
  const p = await person(browser, server, { device: PHONE });
  await p.context.addInitScript(recordMain);
  await p.page.goto('/learn');
  await p.page.waitForSelector('.course .lessons a');
  await until(async () => /of \d+ steps/.test(await p.page.innerText('main')), 'the steps met, the client’s');
  assert.equal(await p.page.locator('main > .drawn').count(), 0);
  const lessons = await api(server, '/api/lessons?lang=en');
  await alwaysShown(p.page, lessons.courses[0].intro);

  const created = await api(server, '/api/games', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variant: 'njombwa', seat: 'south', name: 'amina', opponent: 'bot:easy' }),
  });
  await p.page.goto(`/game/${created.game.id}`);
  await p.page.waitForSelector('svg.board .hole');
  await until(async () => (await p.page.locator('main > .drawn').count()) === 0, 'the server’s words to give way');
  await alwaysShown(p.page, 'amina');
  assert.deepEqual(p.errors, []);
  await p.context.close();
});

test('the language chosen with the picker is the one the server draws in', { timeout: 60000 }, async () => {
  const p = await person(browser, server, { device: PHONE });
  await p.page.goto('/learn');
  await p.page.waitForSelector('.course .lessons a');
  await p.page.selectOption('#lang', 'fr');
  await until(async () => (await p.page.getAttribute('html', 'lang')) === 'fr', 'the page in French');
  const cookies = await p.context.cookies();
  assert.equal(cookies.find((c) => c.name === 'lang')?.value, 'fr');
  // The HTML itself, as the server sends it to this browser (its cookies, an English Accept-Language).
  const html = await (await p.context.request.get('/learn', { headers: { 'accept-language': 'en' } })).text();
  assert.match(html, /<html lang="fr">/);
  assert.match(html, /<h1>Apprendre les jeux<\/h1>/);
  await p.context.close();
});
