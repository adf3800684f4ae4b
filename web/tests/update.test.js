// The update of a cached client: a page controlled by version A's service worker; the server is
// upgraded to version B (the same build started with another MANCALA_WEB_VERSION_SALT, on the same port
// and database). The open page learns it from the API's `Mancala-Version` and offers the update; after
// a reload too; "Reload" lets B's worker take over and the page then runs B's files only.

import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { launch, person, PHONE, docShot, startServer, until } from './harness.js';

/** @type {any[]} */
const servers = [];
let browser;
after(async () => {
  await browser?.close();
  for (const s of servers) await s.stop();
});

/** The version the server's pages name (`/assets/{version}/`). */
async function versionOf(server) {
  const html = await (await fetch(`${server.base}/`)).text();
  return /\/assets\/([0-9a-f]+)\//.exec(html)[1];
}

/** The version of the worker that controls the page (it answers `version`). */
const workerVersion = (page) =>
  page.evaluate(
    () =>
      new Promise((ok) => {
        const sw = navigator.serviceWorker;
        if (!sw.controller) return ok(null);
        sw.addEventListener('message', (e) => e.data?.type === 'version' && ok(e.data.version));
        sw.controller.postMessage({ type: 'version' });
      }),
  );

/** The versions of every asset the page loaded. */
const loadedVersions = (page) =>
  page.evaluate(() => [
    ...new Set(
      performance
        .getEntriesByType('resource')
        .map((e) => /\/assets\/([^/]+)\//.exec(new URL(e.name).pathname)?.[1])
        .filter(Boolean),
    ),
  ]);

test(
  'a page of version A offers version B once the server runs it, and runs B after Reload',
  { timeout: 120000 },
  async () => {
    const a = await startServer([], undefined, { env: { MANCALA_WEB_VERSION_SALT: 'a' } });
    servers.push(a);
    browser = await launch();
    const A = await versionOf(a);
    const { page, errors } = await person(browser, a, { device: PHONE, worker: true });
    await page.goto('/rules/kubuguza');
    await until(
      () => page.evaluate(() => !!navigator.serviceWorker.controller && document.documentElement.dataset.kept === 'en'),
      'version A controlling the page',
      30000,
    );
    assert.equal(await workerVersion(page), A);

    await a.stop({ keep: true });
    servers.length = 0;
    const b = await startServer([], undefined, {
      again: { port: a.port, dir: a.dir },
      env: { MANCALA_WEB_VERSION_SALT: 'b' },
    });
    servers.push(b);
    const B = await versionOf(b);
    assert.notEqual(A, B, 'the salt changes the version');

    // The open page of A asks the upgraded server something: the answer names B, the prompt follows.
    await page.click('header nav a[href="/learn"]');
    await page.waitForSelector('.update-prompt #update-reload');
    assert.match(await page.textContent('.update-prompt'), /A new version of the site is ready/);

    // A reload gets B's page from the network while A's worker still controls it: the prompt again.
    await page.reload();
    await page.waitForSelector('.update-prompt #update-reload');
    await docShot(page, 'update-prompt-390');
    assert.equal(await workerVersion(page), A, 'the new worker waits for the prompt');

    // The page reloads itself once the new worker controls it.
    await Promise.all([page.waitForEvent('load', { timeout: 15000 }), page.click('#update-reload')]);
    // Polled without messages to the worker: each message is work for the old worker, and a worker that
    // waits takes over only once the old one is idle.
    await until(
      () =>
        page
          .evaluate(async (B) => {
            const reg = await navigator.serviceWorker.getRegistration();
            const ours = document.querySelector('script[type=module]')?.getAttribute('src') || '';
            return !reg?.waiting && !!navigator.serviceWorker.controller && ours.includes(`/assets/${B}/`);
          }, B)
          .catch(() => false),
      "version B's worker in control",
    );
    assert.equal(await workerVersion(page), B);
    await page.waitForSelector('header nav a');
    await page.waitForSelector('main h1');
    assert.equal(await page.$('.update-prompt'), null, 'no prompt once updated');
    assert.deepEqual(await loadedVersions(page), [B], "the page runs B's files only");
    const caches = await page.evaluate(() => caches.keys());
    assert.ok(caches.includes(`mancala-${B}`) && !caches.includes(`mancala-${A}`), `A's cache deleted: ${caches}`);
    assert.deepEqual(
      errors.filter((e) => !/Failed to load resource|ERR_CONNECTION_REFUSED|WebSocket/.test(e)),
      [],
    );
  },
);
