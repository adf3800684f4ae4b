// What every browser test shares: the real `mancala-server` binary (built by cargo) started on a free
// port with a fresh SQLite file, Debian's Chromium driven by playwright-core, contexts for a desktop
// and a phone, and helpers that read the board the way a screen reader does (each hole's accessible
// name starts with its notation name and its count).

import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { MOST, screenByScreen } from './stitch.js';

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(here, '..', '..');
export const SHOTS = join(here, 'screenshots');
mkdirSync(SHOTS, { recursive: true });

export const BIN = process.env.MANCALA_SERVER_BIN || join(ROOT, 'target', 'debug', 'mancala-server');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

export const DESKTOP = { viewport: { width: 1280, height: 860 } };
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
    s.on('error', fail);
  });
}

/**
 * Starts the server; `stop()` kills it and removes its database (`stop({ keep: true })` keeps it, for
 * `again`). `log()` is what it printed. `logLevel` sets RUST_LOG (default: the environment's, else
 * `info`). `again` starts it on an earlier server's port and database; `env` adds to its environment;
 * `bin` is another build's binary (the slow-network bench's `--compare`).
 * @param {string[]} [extraArgs]
 * @param {string} [logLevel]
 * @param {{again?: {port: number, dir: string}, env?: Record<string, string>, bin?: string}} [opts]
 */
export async function startServer(extraArgs = [], logLevel = undefined, { again, env = {}, bin = BIN } = {}) {
  const dir = again?.dir || mkdtempSync(join(tmpdir(), 'mancala-web-'));
  const port = again?.port || (await freePort());
  let out = '';
  const child = spawn(
    bin,
    [
      '--addr',
      `127.0.0.1:${port}`,
      '--database-url',
      `sqlite://${join(dir, 'games.db')}`,
      '--claim-grace-secs',
      '3',
      // Mining puzzles from the rated games a test finishes would take the CPU from the other tests.
      '--puzzle-mining',
      'false',
      ...extraArgs,
    ],
    {
      env: { ...process.env, RUST_LOG: logLevel || process.env.RUST_LOG || 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i += 1) {
    try {
      const r = await fetch(`${base}/healthz`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) throw new Error(`mancala-server exited: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    port,
    dir,
    databaseUrl: `sqlite://${join(dir, 'games.db')}`,
    log: () => out,
    /** Runs `mancala-server admin ARGS…` on this server's database; its exit status and output. */
    admin: (...args) => {
      const r = spawnSync(BIN, ['admin', '--database-url', `sqlite://${join(dir, 'games.db')}`, ...args], {
        encoding: 'utf8',
      });
      return { status: r.status, out: r.stdout + r.stderr };
    },
    async stop({ keep = false } = {}) {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The test file's server and browser (live bindings: set before its tests run). */
export let server;
export let browser;

/**
 * Starts a server (with `args` and the log level `logLevel`) and a browser before the test file's
 * tests, and stops them after.
 */
export function useServerAndBrowser(args = [], logLevel = undefined) {
  before(async () => {
    server = await startServer(args, logLevel);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
}

/** Chromium, headless; `args`: more of its switches (the slow-network bench's `--ignore-certificate-errors`). */
export async function launch(args = []) {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
      ...args,
    ],
  });
}

/**
 * A browser context (one person: its own localStorage) and a page in it. `speed` is the animation
 * speed kept in the page's preferences ('off' unless a test wants to see the sowing). The service
 * worker is blocked unless `worker` (offline.test.js, update.test.js): every other test sees the
 * network's answers.
 */
export async function person(
  browser,
  server,
  { device = DESKTOP, speed = 'off', name, theme, locale, bypassCSP, worker = false } = {},
) {
  // `bypassCSP`: the accessibility tests inject axe-core, which the page's policy would refuse.
  const context = await browser.newContext({
    ...device,
    baseURL: server.base,
    locale,
    bypassCSP: !!bypassCSP,
    serviceWorkers: worker ? 'allow' : 'block',
  });
  await context.addInitScript(
    ([sp, nm, th]) => {
      if (!localStorage.getItem('mancala.speed')) localStorage.setItem('mancala.speed', JSON.stringify(sp));
      if (nm && !localStorage.getItem('mancala.name')) localStorage.setItem('mancala.name', JSON.stringify(nm));
      if (th) localStorage.setItem('mancala.theme', JSON.stringify(th));
    },
    [speed, name || null, theme || null],
  );
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { context, page, errors };
}

/** The board as the page shows it: {hole: count} from the holes' accessible names. */
export async function boardOf(page) {
  await page.waitForSelector('.board-box[data-busy="false"] svg .hole');
  const labels = await page.$$eval('svg.board .hole', (gs) => gs.map((g) => g.getAttribute('aria-label')));
  const holes = {};
  for (const l of labels) {
    const m = /^([a-t][1-4]) (\d+)/.exec(l);
    if (!m) throw new Error(`a hole's name does not start with its notation and count: ${l}`);
    holes[m[1]] = Number(m[2]);
  }
  return sorted(holes);
}

/** The holes the page offers to play now. */
export async function playable(page) {
  return page.$$eval('svg.board .hole.playable', (gs) => gs.map((g) => g.getAttribute('data-hole')));
}

/**
 * Plays a lesson step's `decisions` (`e2`, `b2:cw`, `opening:2`) by clicking, as a learner does: an array's
 * button, else the hole, then the direction when the page asks for one. The page ignores a click while it
 * checks the decision before (nothing is playable then), so each hole is clicked once a hole is playable
 * again; after it, the page either asks for the direction (both are legal there) or sends the decision to
 * be checked, and the next click waits for that check's answer. `tap`: touches instead of clicks, as on a
 * phone.
 * @param {import('playwright-core').Page} page
 * @param {string} decisions
 * @param {{tap?: boolean}} [how]
 */
export async function playLesson(page, decisions, { tap = false } = {}) {
  /** @param {string | import('playwright-core').Locator} target */
  const press = (target) => {
    const at = typeof target === 'string' ? page.locator(target) : target;
    return tap ? at.tap() : at.click();
  };
  const checked = () =>
    page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/lessons\/.*\/check$/.test(r.url()));
  for (const d of decisions.split(' ')) {
    if (d.startsWith('opening:')) {
      const answer = checked();
      await press(`.choices button:has-text("${d.endsWith('1') ? '1' : '2'}")`);
      await answer;
      continue;
    }
    const [hole, dir] = d.split(':');
    await page.waitForSelector('svg.board .hole.playable');
    const answer = checked();
    await press(`svg.board .hole[data-hole="${hole}"]`);
    const ask = page.locator('.choices button', { hasText: dir === 'cw' ? '↻' : '↺' }).first();
    const first = await Promise.race([
      answer.then(() => 'checked'),
      ask.waitFor().then(
        () => 'asked',
        () => 'not asked',
      ),
    ]);
    if (first === 'asked') await press(ask);
    await answer;
  }
}

/**
 * Plays decision `d` of a puzzle (`e2`, `b2:cw`, `store`) by clicking, as a player does: a button for what
 * is not a hole, else the hole, then the direction when both are offered.
 * @param {import('playwright-core').Page} page
 * @param {string} d
 */
export async function clickPuzzleDecision(page, d) {
  const [hole, dir] = d.split(':');
  if (!/^[a-t][1-4]$/.test(hole)) {
    await page.click(`#puzzle-choices button[data-decision="${d}"]`);
    return;
  }
  await page.click(`svg.board .hole[data-hole="${hole}"]`);
  const both = page.locator(`#puzzle-choices button[data-decision="${d}"]`);
  if (dir || (await both.count())) await both.click();
}

/** Creates a game through the home page's form; returns the game id. */
export async function createGame(
  page,
  { variant = 'kubuguza', seat = 'south', opponent = '', width, handicapSouth, clock = '', name } = {},
) {
  await page.goto('/');
  await page.waitForSelector('#variant option[value="kubuguza"]', { state: 'attached' });
  await page.selectOption('#variant', variant);
  if (width) await page.selectOption('#width', String(width));
  if (handicapSouth) await page.check('#handicap-south');
  await page.selectOption('#clock', clock);
  await page.selectOption('#seat', seat);
  await page.selectOption('#opponent', opponent);
  if (name) await page.fill('#name', name);
  await page.click('#create button[type=submit]');
  await page.waitForURL(/\/game\/[A-Za-z0-9]{10}$/);
  return page.url().split('/').pop();
}

/**
 * Joins a waiting game from its page (the invite link), and returns once the page no longer offers the
 * seat: the join is taken and the page knows the game started. Both players' bars show a name before a
 * join as well, so only the seat's offer tells a join still on its way from one taken.
 */
export async function joinGame(page, id, name) {
  await page.goto(`/game/${id}`);
  if (name) await page.fill('#join-name', name);
  await page.click('#join');
  await page.waitForSelector('#join', { state: 'detached' });
}

/** A finished game's winner as the page says it (`south`, `north`, `draw`), or null while it goes on. */
export async function winnerOf(page) {
  return page.getAttribute('#status', 'data-winner');
}

/**
 * The result as this viewer should read it: "You won (…)"/"You lost (…)" for a player, the winner's
 * name for a spectator; `reason` is the words of the outcome's reason.
 */
export function resultFor(winner, seat, names, reason) {
  if (!winner) return `Draw (${reason})`;
  if (seat) return `${winner === seat ? 'You won' : 'You lost'} (${reason})`;
  return `${names[winner]} won (${reason})`;
}

export async function statusOf(page) {
  return (await page.textContent('#status')).trim();
}

/** A board of the API as {hole: count}: protocol 3 sends the counts in reading order (hole i is column
 *  letter a + i % columns, row 1 + i / columns). */
export function byName(view) {
  if (!Array.isArray(view.holes)) return { ...view.holes };
  const out = {};
  view.holes.forEach((n, i) => {
    out[String.fromCharCode(97 + (i % view.columns)) + (1 + Math.floor(i / view.columns))] = n;
  });
  return out;
}

/** The same holes in the order of their names. */
export function sorted(holes) {
  return Object.fromEntries(Object.entries(holes).sort(([a], [b]) => (a < b ? -1 : 1)));
}

export async function shot(page, name) {
  const path = join(SHOTS, `${name}.png`);
  // A touch screen's page is taken screen by screen: a full-page capture drops the touch emulation.
  if (await page.evaluate(() => matchMedia('(pointer: coarse)').matches)) await screenByScreen(page, path);
  else {
    const { width, height } = await page.evaluate(() => ({
      width: document.documentElement.clientWidth,
      height: document.documentElement.scrollHeight,
    }));
    await page.screenshot({ path, fullPage: true, clip: { x: 0, y: 0, width, height: Math.min(height, MOST) } });
  }
}

/** What the screen shows (not the whole page), kept in docs/web/ as well: a screenshot the docs show. */
export async function docShot(page, name) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  copyFileSync(join(SHOTS, `${name}.png`), join(ROOT, 'docs', 'web', `${name}.png`));
}

export async function api(server, path, init) {
  const r = await fetch(`${server.base}${path}`, init);
  const body = await r.json();
  if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(body)}`);
  return body;
}

/** Waits until `f()` returns a truthy value (polling), or fails with `what`. */
export async function until(f, what, ms = 15000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Says `text` in the open chat of `page` until `shown()` is true. A person's lines are at least a second
 * apart (the server refuses a quicker one), so a refused line is said again: a line is shown within
 * milliseconds once accepted, and one not shown after 3 s was refused.
 */
export async function chatLine(page, text, shown) {
  for (let i = 0; i < 5; i++) {
    await page.fill('#chat input[name=line]', text);
    await page.click('#chat button[type=submit]');
    try {
      return await until(shown, `the line "${text}"`, 3000);
    } catch {
      // Refused for the gap between one person's lines: said again.
    }
  }
  throw new Error(`the line "${text}" was never shown`);
}

export function tempDir() {
  return mkdtempSync(join(tmpdir(), 'mancala-web-'));
}

/** Signs up through the page; returns when the header shows the name. */
export async function signUp(page, name, password = 'correct horse battery') {
  await page.goto('/signup');
  await page.fill('#auth-name', name);
  await page.fill('#auth-password', password);
  await page.click('#auth-form button[type=submit]');
  await page.waitForSelector(`header #me:text-is("${name}")`);
}
