// @ts-check
// The router: the address to a page module (loaded on demand), links followed without a reload, the
// header's current link marked (and shown in a phone's line of links). Pages go elsewhere with `go`.
// The first page takes over the words the server drew (`main > .drawn`): its view is built beside them,
// invisible (app.css), and they give way once it is ready, so the page never shows "Loading…" between.

import { loadBook, t } from './i18n.js';

/**
 * A page: `mount` draws it; `books` holds its words (loaded first); `ready`: its view is whole, and the
 * server's words give way (default: it no longer says "Loading…").
 * @typedef {{mount: (main: HTMLElement, params: Record<string, string>) => (void | (() => void)), books?: string[], ready?: (view: Element) => boolean}} PageModule
 */

/** @type {[RegExp, string, (m: RegExpExecArray) => Record<string, string>][]} */
const ROUTES = [
  [/^\/$/, 'home', () => ({})],
  [/^\/game\/([^/]+)$/, 'game', (m) => ({ id: decodeURIComponent(m[1]) })],
  [/^\/games$/, 'games', () => ({})],
  [/^\/player\/([^/]+)$/, 'player', (m) => ({ name: decodeURIComponent(m[1]) })],
  [/^\/@\/([^/]+)$/, 'player', (m) => ({ name: decodeURIComponent(m[1]) })],
  [/^\/leaderboard(?:\/([^/]+))?$/, 'leaderboard', (m) => ({ variant: m[1] ? decodeURIComponent(m[1]) : 'kubuguza' })],
  [/^\/signin$/, 'signin', () => ({ mode: 'signin' })],
  [/^\/signup$/, 'signin', () => ({ mode: 'signup' })],
  [/^\/account$/, 'account', () => ({})],
  [/^\/mod$/, 'mod', () => ({})],
  [/^\/reset\/([^/]+)$/, 'reset', (m) => ({ token: decodeURIComponent(m[1]) })],
  [/^\/(forgot|email\/(\w+))$/, 'forgot', (m) => ({ token: m[2] })],
  [/^\/rules\/([^/]+)$/, 'rules', (m) => ({ variant: decodeURIComponent(m[1]) })],
  [/^\/learn$/, 'learn', () => ({})],
  [/^\/tournaments$/, 'tournaments', () => ({})],
  [/^\/tournament\/([^/]+)$/, 'tournament', (m) => ({ id: decodeURIComponent(m[1]) })],
  [/^\/puzzles(?:\/([^/]+))?$/, 'puzzles', (m) => ({ id: m[1] ? decodeURIComponent(m[1]) : '' })],
  [/^\/analysis(?:\/([^/]+))?$/, 'analysis', (m) => ({ variant: m[1] ? decodeURIComponent(m[1]) : '' })],
  [
    /^\/learn\/([^/]+)\/([^/]+)$/,
    'lesson',
    (m) => ({ game: decodeURIComponent(m[1]), lesson: decodeURIComponent(m[2]) }),
  ],
];

/** @type {HTMLElement | null} */
let main = null;
/** @type {(() => void) | null} */
let unmount = null;
let generation = 0;

/** The pages that work without the server, from what the service worker keeps (sw.js). */
const READABLE_OFFLINE = ['learn', 'lesson', 'rules', 'game', 'notfound'];

/** @param {string} path */
function match(path) {
  for (const [re, page, args] of ROUTES) {
    const m = re.exec(path);
    // The worker answered without a network (it marks the page): a page that needs the server says so.
    if (m && 'offline' in document.documentElement.dataset && !READABLE_OFFLINE.includes(page)) {
      return { page: 'offline', params: {} };
    }
    if (m) return { page, params: args(m) };
  }
  return { page: 'notfound', params: {} };
}

/**
 * Draws the page of `href` (null: of the address shown). The address changes with the page, in one
 * task once its module and words are in: a reload always finds the page shown.
 * @param {string | null} [href]
 * @param {boolean} [replace]
 */
async function route(href = null, replace = false) {
  if (!main) return;
  const to = href ? new URL(href, location.href) : null;
  const path = to ? to.pathname : location.pathname;
  const { page, params } = match(path);
  generation += 1;
  const mine = generation;
  /** @type {PageModule} */
  const mod = await import(`./pages/${page}.js`);
  await Promise.all((mod.books || []).map(loadBook));
  if (mine !== generation) return;
  if (href) {
    if (replace) history.replaceState(null, '', href);
    else history.pushState(null, '', href);
    window.scrollTo(0, 0);
  }
  if (unmount) unmount();
  unmount = null;
  // Only the page the server drew (the first) has its words there.
  const drawn = mine === 1 ? main.querySelector(':scope > .drawn') : null;
  main.replaceChildren(...(drawn ? [drawn] : []));
  unmount = mod.mount(main, params) || null;
  if (drawn) takeOver(main, drawn, mod.ready || ((el) => !el.textContent?.includes(t('common.loading'))));
  for (const a of document.querySelectorAll('header nav a')) {
    const link = a.getAttribute('href') || '';
    const section = link.split('/').slice(0, 2).join('/');
    a.classList.toggle(
      'here',
      link === path || (link !== '/' && path.replace('/tournament/', '/tournaments/').startsWith(section)),
    );
  }
  // A phone's line of links, which scrolls sideways, shows the current page's.
  const nav = /** @type {HTMLElement} */ (document.querySelector('header nav'));
  const here = nav?.querySelector('a.here');
  if (here instanceof HTMLElement) nav.scrollLeft = here.offsetLeft - nav.offsetLeft - nav.clientWidth / 2;
}

/**
 * The server's words give way once the page's view beside them is `ready`, at the latest after 10 s.
 * @param {HTMLElement} into
 * @param {Element} drawn
 * @param {(view: Element) => boolean} ready
 */
function takeOver(into, drawn, ready) {
  const done = () => (watch.disconnect(), clearTimeout(timer), drawn.remove());
  const look = () => {
    const view = [...into.children].filter((el) => el !== drawn);
    if (!drawn.isConnected || (view.length && view.every(ready))) done();
  };
  const watch = new MutationObserver(look);
  const timer = setTimeout(done, 10000);
  watch.observe(into, { childList: true, subtree: true, characterData: true });
  look();
}

/**
 * Goes to an address of the app without reloading.
 * @param {string} href
 * @param {boolean} [replace]
 */
export function go(href, replace = false) {
  route(href, replace);
}

/** Draws the current address's page into `into`, and follows in-app links and the history from now on. */
export function startRouter(/** @type {HTMLElement} */ into) {
  main = into;
  document.addEventListener('click', (e) => {
    const target = /** @type {Element | null} */ (e.target);
    const a = target?.closest?.('a');
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const href = a.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('/api/') || a.hasAttribute('download') || a.target) return;
    e.preventDefault();
    go(href);
  });
  window.addEventListener('popstate', () => route());
  route();
}
