// The service worker, served as /sw.js by the server (server/src/http/worker.rs fills in VERSION and
// SHELL). It keeps this version's app shell in its own cache, the reading pages' data (lessons, rules
// pages, the variants) when a page asks, and the last finished games seen, so that /learn, the lessons,
// the rules pages and those replays open without a network (docs/web.md, "Offline"). Pages that need the
// server get the shell marked `data-offline`, and say so. A new version's worker waits until the page's
// update prompt sends `skip`: a page never mixes two versions' files.

const VERSION = '{{VERSION}}';
const SHELL = JSON.parse('{{SHELL}}');

const BASE = `/assets/${VERSION}/`;
const CACHE = `mancala-${VERSION}`;
/** Finished games' records and positions, kept across versions (the records do not change). */
const GAMES = 'mancala-games';
const KEEP_GAMES = 30;
/** A navigation that takes longer is answered from the shell. */
const TIMEOUT_MS = 4000;
const SHELL_KEY = '/offline-shell';

self.addEventListener('install', (event) => {
  event.waitUntil(install());
});

async function install() {
  const cache = await caches.open(CACHE);
  const res = await fetch('/offline-shell', { cache: 'no-cache' });
  const html = await res.text();
  // A server upgraded between this script and its page: the shell would name other assets. Failing the
  // install leaves the update to the next check, which gets the new worker.
  if (!res.ok || !html.includes(BASE)) throw new Error(`the shell is not of version ${VERSION}`);
  await cache.addAll(SHELL.map((path) => new Request(BASE + path, { cache: 'no-cache' })));
  await cache.put(SHELL_KEY, new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }));
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('mancala-') && name !== CACHE && name !== GAMES) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const m = event.data || {};
  const reply = (answer) => event.source && event.source.postMessage(answer);
  if (m.type === 'skip') self.skipWaiting();
  else if (m.type === 'version') reply({ type: 'version', version: VERSION });
  else if (m.type === 'keep' && /^[a-z]{2,3}(-[A-Za-z0-9]+)*$/.test(m.lang || '')) {
    event.waitUntil(
      keep(m.lang).then(
        (count) => reply({ type: 'kept', lang: m.lang, version: VERSION, count }),
        (e) => reply({ type: 'kept', lang: m.lang, version: VERSION, error: String(e) }),
      ),
    );
  }
});

/** Keeps every lesson and rules page of `lang`, and the variants; how many answers were kept. */
async function keep(lang) {
  const cache = await caches.open(CACHE);
  const get = async (path) => {
    const res = await fetch(path, { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    await cache.put(path, res.clone());
    return res.json();
  };
  const q = `?lang=${encodeURIComponent(lang)}`;
  const [variants, lessons] = await Promise.all([get('/api/variants'), get(`/api/lessons${q}`)]);
  const paths = [];
  for (const course of lessons.courses || []) {
    for (const lesson of course.lessons || []) {
      paths.push(`/api/lessons/${lesson.id.split('/').map(encodeURIComponent).join('/')}${q}`);
    }
  }
  for (const v of variants.variants || []) paths.push(`/api/rules/${encodeURIComponent(v.id)}${q}`);
  await Promise.all(paths.map(get));
  return paths.length + 2;
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  const path = url.pathname;
  if (req.mode === 'navigate') event.respondWith(navigate(req));
  else if (path.startsWith(BASE)) event.respondWith(cacheFirst(req));
  else if (path === '/api/variants' || path.startsWith('/api/lessons') || path.startsWith('/api/rules/')) {
    event.respondWith(networkThenCache(req, CACHE));
  } else if (/^\/api\/games\/[^/]+(\/position)?$/.test(path)) event.respondWith(game(req, url));
  // Anything else (the lobby, play, accounts, other versions' assets) goes to the network only.
});

/** `fetch` that gives up after the timeout. */
function timed(req) {
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('timeout')), TIMEOUT_MS);
    fetch(req).then(
      (res) => {
        clearTimeout(timer);
        ok(res);
      },
      (e) => {
        clearTimeout(timer);
        fail(e);
      },
    );
  });
}

/**
 * A page: the network's, else the kept shell. Without a network the shell is marked so the page knows it
 * has no server; a slow answer gets it unmarked (the page then asks the server as usual).
 */
async function navigate(req) {
  try {
    return await timed(req);
  } catch (e) {
    const cache = await caches.open(CACHE);
    const shell = await cache.match(SHELL_KEY);
    if (!shell) return Response.error();
    const mark = e instanceof Error && e.message === 'timeout' ? '' : ' data-offline=""';
    const html = (await shell.text()).replace(/<html lang="([a-z-]+)"/, `<html lang="$1"${mark}`);
    return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  }
}

async function cacheFirst(req) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(req, { ignoreVary: true });
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok) await cache.put(req, res.clone());
  return res;
}

/** The answer the page reads as "not on this device" (the API's error shape). */
function notKept() {
  const body = JSON.stringify({ error: 'not_kept', message: 'not kept on this device' });
  return new Response(body, { status: 503, headers: { 'content-type': 'application/json' } });
}

async function networkThenCache(req, name) {
  const cache = await caches.open(name);
  try {
    const res = await timed(req);
    if (res.ok) await cache.put(req, res.clone());
    return res;
  } catch {
    return (await cache.match(req, { ignoreVary: true })) || notKept();
  }
}

/** A game's record or position: from the network; a finished game's kept, the most recent 30. */
async function game(req, url) {
  const cache = await caches.open(GAMES);
  const record = url.pathname.replace(/\/position$/, '');
  let res;
  try {
    res = await timed(req);
  } catch {
    return (await cache.match(req, { ignoreVary: true })) || notKept();
  }
  if (!res.ok) return res;
  if (url.pathname === record) {
    const body = await res.clone().json();
    if (body && body.game && body.game.status === 'finished') {
      await cache.delete(record);
      await cache.put(record, res.clone());
      await trim(cache);
    }
  } else if (await cache.match(record)) {
    await cache.put(req, res.clone());
  }
  return res;
}

/** Drops the oldest records beyond KEEP_GAMES (a record put again is the newest), and their positions. */
async function trim(cache) {
  const keys = await cache.keys();
  const records = keys.map((k) => new URL(k.url).pathname).filter((p) => !p.endsWith('/position'));
  const dropped = new Set(records.slice(0, Math.max(0, records.length - KEEP_GAMES)));
  for (const k of keys) {
    const p = new URL(k.url).pathname.replace(/\/position$/, '');
    if (dropped.has(p)) await cache.delete(k);
  }
}
