// The service worker: the site readable without a network after a visit (docs/web.md, "Offline"). The
// server serves it at /sw.js with this build's version and the files to keep at once filled in, so a new
// build is a new worker, whose caches replace the old ones once the pages agree to reload.
//
// - The pages' HTML: from the network first (a new build shows at once), kept; offline, the page kept for
//   that address, else any kept page (the client's router draws the address itself).
// - The assets (`/assets/{version}/…`, named by version, never changed): from the cache first, kept.
// - What the reading pages ask the API (rules, lessons, the variants, a game's record and positions): from
//   the network first, kept; offline, what was kept. Everything else goes to the network, and a page that
//   needs the server says so when it cannot reach it.

/* eslint-env serviceworker */
const VERSION = '{{VERSION}}';
/** @type {string[]} the learn, lesson, rules, game and home pages' modules, styles and words */
const PRECACHE = JSON.parse('{{PRECACHE}}');
const ASSETS = `mancala-assets-${VERSION}`;
const PAGES = 'mancala-pages';
const DATA = 'mancala-data';
const KEPT_API = /^\/api\/(rules\/[^/]+|lessons(\/.*)?|variants|games\/[^/]+(\/position)?)$/;

const sw = /** @type {any} */ (self);

sw.addEventListener('install', (/** @type {any} */ e) => {
  e.waitUntil(
    (async () => {
      const cache = await caches.open(ASSETS);
      await cache.addAll(PRECACHE);
      // The first worker takes over at once; a new build's waits until a page asks (the update prompt).
      if (!sw.registration.active) await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (/** @type {any} */ e) => {
  e.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith('mancala-assets-') && name !== ASSETS) await caches.delete(name);
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (/** @type {any} */ e) => {
  if (e.data === 'update') sw.skipWaiting();
});

sw.addEventListener('fetch', (/** @type {any} */ e) => {
  const request = /** @type {Request} */ (e.request);
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.mode === 'navigate') e.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) e.respondWith(asset(request));
  else if (KEPT_API.test(url.pathname)) e.respondWith(networkFirst(request, DATA));
});

/** @param {Request} request */
async function page(request) {
  try {
    const response = await fetch(request);
    if (response.ok) (await caches.open(PAGES)).put(request, response.clone());
    return response;
  } catch {
    const cache = await caches.open(PAGES);
    const kept =
      (await cache.match(request)) ||
      (await cache.match('/')) ||
      (await cache.keys().then((ks) => ks[0] && cache.match(ks[0])));
    return (
      kept ||
      new Response('Offline: this page has not been opened on this device yet.', {
        status: 503,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      })
    );
  }
}

/** @param {Request} request */
async function asset(request) {
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

/** @param {Request} request @param {string} name */
async function networkFirst(request, name) {
  const cache = await caches.open(name);
  try {
    const response = await fetch(request);
    if (response.ok) cache.put(request, response.clone());
    return response;
  } catch (e) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw e;
  }
}
