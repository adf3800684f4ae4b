// The address changes with the page, at once: after creating a game against the computer, and after
// signing up, the page is never drawn under the previous address. An observer in the page records the
// address each time the main region's page is replaced, the browser's own current history entry (what its
// address bar shows, read over the DevTools protocol) already names the new page when the page appears,
// and a reload shows the same page.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, person, useServerAndBrowser, server, browser, until } from './harness.js';

useServerAndBrowser();

/** In the page: each time the main region is replaced, which page it holds and the address then. */
function watchPages() {
  window.__pages = [];
  const start = () => {
    const main = document.getElementById('main');
    if (!main) return requestAnimationFrame(start);
    new MutationObserver(() => {
      const page = main.querySelector('.game') ? 'game' : main.querySelector('.hero') ? 'home' : 'other';
      const last = window.__pages[window.__pages.length - 1];
      if (!last || last.page !== page) window.__pages.push({ page, path: location.pathname });
    }).observe(main, { childList: true, subtree: true });
  };
  start();
}

/** The browser's current history entry, as its address bar shows it. */
async function addressBar(page) {
  const cdp = await page.context().newCDPSession(page);
  const h = await cdp.send('Page.getNavigationHistory');
  await cdp.detach();
  return new URL(h.entries[h.currentIndex].url).pathname;
}

test('a game created against the computer: its page and its address come together', { timeout: 90000 }, async () => {
  for (const device of [undefined, PHONE]) {
    const p = await person(browser, server, { device, name: 'amina' });
    const { page } = p;
    await p.context.addInitScript(watchPages);
    await page.goto('/');
    await page.waitForSelector('#variant option[value="kubuguza"]', { state: 'attached' });
    await page.selectOption('#opponent', 'bot:easy');
    await page.click('#create button[type=submit]');
    const shown = await until(
      () => page.evaluate(() => window.__pages.find((x) => x.page === 'game')),
      'the game page to be drawn',
    );
    assert.match(shown.path, /^\/game\/[A-Za-z0-9]{10}$/, 'the game page is drawn under its own address');
    assert.equal(await addressBar(page), shown.path, "the browser's address bar shows it");
    assert.deepEqual(
      (await page.evaluate(() => window.__pages)).filter((x) => x.page === 'game' && x.path !== shown.path),
      [],
      'never under another address',
    );
    // A reload shows the same game, with the player's seat.
    await page.reload();
    await page.waitForSelector('.bottom-player .pname');
    assert.equal(new URL(page.url()).pathname, shown.path);
    assert.match(await page.textContent('.bottom-player'), /\(you\)|South/);
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
});

test(
  'signing up: the start page and its address come together, and a reload stays there',
  { timeout: 90000 },
  async () => {
    const p = await person(browser, server);
    const { page } = p;
    await p.context.addInitScript(watchPages);
    await page.goto('/signup');
    await page.fill('#auth-name', 'zawadi');
    await page.fill('#auth-password', 'correct horse battery');
    await page.evaluate(() => (window.__pages = []));
    await page.click('#auth-form button[type=submit]');
    const shown = await until(
      () => page.evaluate(() => window.__pages.find((x) => x.page === 'home')),
      'the start page to be drawn',
    );
    assert.equal(shown.path, '/', 'the start page is drawn under its own address');
    assert.equal(await addressBar(page), '/', "the browser's address bar shows it");
    await page.waitForSelector('header #me:text-is("zawadi")');
    await page.reload();
    await page.waitForSelector('.hero');
    assert.equal(new URL(page.url()).pathname, '/');
    await page.waitForSelector('header #me:text-is("zawadi")');
    assert.deepEqual(p.errors, []);
  },
);
