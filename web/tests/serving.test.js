// How the server serves the page: client routes return the app's HTML, revalidated by ETag; assets
// live under a versioned folder and are cached a year; every answer has a content security policy
// of the own origin; an unknown /api/ path stays a JSON 404; nothing is loaded from anywhere else;
// and the weight of the game page (gzip, as the browser received it) stays small.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readdirSync, readFileSync } from 'node:fs';
import { createGame, person, PHONE, until, useServerAndBrowser, server, browser } from './harness.js';

useServerAndBrowser();

test('client routes, caching, the policy and JSON 404s', async () => {
  for (const path of [
    '/',
    '/game/abcdefghij',
    '/games?status=finished',
    '/player/amina',
    '/@/amina',
    '/rules/azigo',
    '/learn',
    '/learn/kubuguza/sowing',
    '/puzzles',
    '/puzzles/daily',
    '/puzzles/0123456789abcdef',
    '/leaderboard',
    '/leaderboard/azigo',
    '/tournaments',
    '/tournament/abcdefghij',
    '/signin',
    '/signup',
    '/account',
  ]) {
    const r = await fetch(`${server.base}${path}`);
    assert.equal(r.status, 200, path);
    assert.equal(r.headers.get('content-type'), 'text/html; charset=utf-8', path);
    assert.equal(r.headers.get('cache-control'), 'no-cache', path);
    const csp = r.headers.get('content-security-policy');
    assert.match(
      csp,
      /^default-src 'self'; connect-src 'self' ws:\/\/127\.0\.0\.1:\d+ wss:\/\/127\.0\.0\.1:\d+;/,
      path,
    );
    assert.match(csp, /script-src 'self';/);
    const etag = r.headers.get('etag');
    const again = await fetch(`${server.base}${path}`, { headers: { 'if-none-match': etag } });
    // A guest's bare /puzzles holds a puzzle the server draws at random at each request (the first
    // answer in the page, docs/web.md "Serving"): a 304 when the same puzzle is drawn again, else the
    // page of another puzzle with its own ETag.
    if (path === '/puzzles' && again.status === 200)
      assert.notEqual(again.headers.get('etag'), etag, `${path}: another page, another ETag`);
    else assert.equal(again.status, 304, `${path} revalidates`);
  }
  const html = await (await fetch(`${server.base}/`)).text();
  const base = /href="(\/assets\/[0-9a-f]{12})\/css\/app.css"/.exec(html)[1];
  const js = await fetch(`${server.base}${base}/js/net/wire.js`);
  assert.equal(js.status, 200);
  assert.equal(js.headers.get('content-type'), 'text/javascript; charset=utf-8');
  // A debug build (the one the tests run) revalidates so that an edit shows; a release build caches.
  assert.match(js.headers.get('cache-control'), /^(public, max-age=31536000, immutable|no-cache)$/);
  assert.ok(js.headers.get('etag'));
  // The page's policies govern what it loads; an asset carries only `nosniff` (300 bytes less a request).
  assert.equal(js.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(js.headers.get('content-security-policy'), null, 'no policy on a module');
  assert.equal(js.headers.get('referrer-policy'), null, 'no referrer policy on a module');
  assert.equal((await fetch(`${server.base}${base}/js/nope.js`)).status, 404);
  for (const path of ['/api/nope', '/api/games/abcdefghij/nope', '/api']) {
    const r = await fetch(`${server.base}${path}`);
    assert.equal(r.status, 404, path);
    assert.equal((await r.json()).error, 'not_found', `${path} is a JSON 404`);
  }
  const unknown = await fetch(`${server.base}/no/such/page`);
  assert.equal(unknown.status, 404);
  assert.equal(unknown.headers.get('content-type'), 'text/html; charset=utf-8', 'the app says "not found" itself');
  const rules = await (await fetch(`${server.base}/api/rules/kubuguza`)).json();
  assert.equal(rules.game, 'kubuguza');
  assert.ok(rules.sections.length > 0);
  assert.equal((await fetch(`${server.base}/api/rules/chess`)).status, 404);
});

test('the game page loads nothing from elsewhere, and its weight', async () => {
  const p = await person(browser, server, { device: PHONE, name: 'amina' });
  const id = await createGame(p.page, { variant: 'kubuguza', seat: 'south', opponent: 'bot:easy', name: 'amina' });
  // A fresh visit of the game page, as someone who follows a link to it.
  const fresh = await person(browser, server, { device: PHONE });
  const loaded = [];
  fresh.page.on('requestfinished', async (req) => {
    const sizes = await req.sizes();
    loaded.push({
      url: req.url(),
      type: req.resourceType(),
      bytes: sizes.responseBodySize + sizes.responseHeadersSize,
      body: sizes.responseBodySize,
    });
  });
  const started = Date.now();
  await fresh.page.goto(`/game/${id}`);
  await until(async () => (await fresh.page.$$('svg.board .hole')).length === 32, 'the board');
  const shown = Date.now() - started;
  await new Promise((r) => setTimeout(r, 300));
  for (const l of loaded) assert.ok(l.url.startsWith(server.base), `${l.url} is from this server`);
  // Every file of the page, the catalog of its language too (fetched as data); not the API's answers.
  const files = loaded.filter((l) => (l.type !== 'fetch' && l.type !== 'websocket') || l.url.includes('/i18n/'));
  const body = files.reduce((n, l) => n + l.body, 0);
  const all = files.reduce((n, l) => n + l.bytes, 0);
  console.log(
    `# game page: ${files.length} files, ${body} bytes of gzip bodies (${all} with headers); board drawn ${shown} ms after navigation`,
  );
  for (const l of files.sort((a, b) => b.body - a.body)) console.log(`#   ${l.body}\t${new URL(l.url).pathname}`);
  // The budget: the page's own modules (sent without their comment lines: the JSDoc types stay in the
  // repository), the vendored snabbdom, the CSS and the English catalog.
  // The HTML names the page's whole module graph for preloading (about 300 bytes: on a slow network it
  // saves a round trip per level of imports, docs/web.md "Serving").
  // The controller's HTTP asks and the last move's marks are modules of their own (under 600 lines a
  // file), and the page is drawn by the redraw every page shares (redraw.js): each file is compressed
  // apart, about 1 200 bytes more than one. A touch screen's targets of 44 px, a phone's line of links
  // and its board's sizes: about 950 bytes. The first paint (the game's words in its HTML, the
  // router's takeover of them, the `lang` cookie): about 1 030 bytes (67 781 before, 68 813 after). A
  // seat closed with its account, and a live seat's quicker pings and back-off: about 1 000 bytes (69 892).
  // Then the modules sent without their comment lines (server/src/http/lean_js.rs): 48 720. The service
  // worker's registration and update prompt (offline.js, loaded after the first draw), the API's version
  // check and a kept finished game's replay without a socket: about 2 600 bytes with comments. The
  // header's corner drawn by snabbdom (in session.js: a module of its own cost about 250 bytes more) and
  // the game's commands in a module of their own (game/commands.js): about 525 bytes (50 329 to 50 854).
  // The page's first answer read from its HTML (net/api.js, every page's: the lesson and the puzzle
  // pages draw their board without asking): about 170 bytes (51 025). The game's socket opened as the
  // HTML comes (net/early.js, a file of its own so that it runs before the other modules are in: the
  // handshake and the snapshot then come during their download): about 1 060 bytes (52 089).
  assert.ok(body < 52600, `the game page weighs ${body} bytes compressed`);
  assert.deepEqual(fresh.errors, []);
});

test('a game that does not exist says so', { timeout: 60000 }, async () => {
  const p = await person(browser, server);
  await p.page.goto('/game/abcdefghij');
  await until(
    async () => /no such game|not found|no game/i.test(await p.page.textContent('#note')),
    'the page to say there is no such game',
    20000,
  );
  assert.equal(await p.page.textContent('h1'), 'No such game');
  assert.deepEqual(
    p.errors.filter((e) => !/status of 404|WebSocket/.test(e)),
    [],
  );
});

test('every module is sent without its comment lines, on the same lines, and still reads', async () => {
  const ts = (await import('typescript')).default;
  const html = await (await fetch(`${server.base}/learn`)).text();
  const base = /src="(\/assets\/[^/]+)\/js\/main\.js"/.exec(html)?.[1];
  assert.ok(base, 'the page names its asset folder');
  const root = new URL('../app/', import.meta.url);
  const files = readdirSync(new URL('js/', root), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.js'));
  assert.ok(files.length > 50, `${files.length} modules`);
  let before = 0;
  let after = 0;
  for (const file of files) {
    const source = readFileSync(new URL(`js/${file}`, root), 'utf8');
    const sent = await (await fetch(`${server.base}${base}/js/${file}`)).text();
    before += source.length;
    after += sent.length;
    assert.equal(sent.split('\n').length, source.split('\n').length, `${file}: its lines kept`);
    const code = (text) => text.split('\n').filter((l) => !/^\s*(\/\/|\/\*|\*)/.test(l) && l.trim());
    assert.deepEqual(code(sent), code(source), `${file}: every line of code sent as written`);
    const out = ts.transpileModule(sent, { reportDiagnostics: true, compilerOptions: { allowJs: true } });
    assert.deepEqual(
      out.diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
      [],
      `${file} reads`,
    );
  }
  console.log(`# modules: ${before} characters in the repository, ${after} sent`);
  assert.ok(after < before * 0.85, 'the comments were a good part of it');
});
