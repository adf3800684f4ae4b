// @ts-check
// The router: maps the address to a page module (loaded on demand), keeps navigation inside the page
// (links to other pages of the app do not reload it) and marks the header's current link. Pages go
// elsewhere with `go`.

import { loadBook } from './i18n.js';

/**
 * A page: `mount` draws it; `books` names the catalog's books its words are in (loaded before it is drawn).
 * @typedef {{mount: (main: HTMLElement, params: Record<string, string>) => (void | (() => void)), books?: string[]}} PageModule
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
  [/^\/rules\/([^/]+)$/, 'rules', (m) => ({ variant: decodeURIComponent(m[1]) })],
  [/^\/learn$/, 'learn', () => ({})],
  [/^\/tournaments$/, 'tournaments', () => ({})],
  [/^\/tournament\/([^/]+)$/, 'tournament', (m) => ({ id: decodeURIComponent(m[1]) })],
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

/** @param {string} path */
function match(path) {
  for (const [re, page, args] of ROUTES) {
    const m = re.exec(path);
    if (m) return { page, params: args(m) };
  }
  return { page: 'notfound', params: {} };
}

async function route() {
  if (!main) return;
  const path = location.pathname;
  const { page, params } = match(path);
  generation += 1;
  const mine = generation;
  if (unmount) unmount();
  unmount = null;
  /** @type {PageModule} */
  const mod = await import(`./pages/${page}.js`);
  await Promise.all((mod.books || []).map(loadBook));
  if (mine !== generation) return;
  main.replaceChildren();
  unmount = mod.mount(main, params) || null;
  for (const a of document.querySelectorAll('header nav a')) {
    const href = a.getAttribute('href') || '';
    const section = href.split('/').slice(0, 2).join('/');
    a.classList.toggle(
      'here',
      href === path || (href !== '/' && path.replace('/tournament/', '/tournaments/').startsWith(section)),
    );
  }
}

/**
 * Goes to an address of the app without reloading.
 * @param {string} href
 * @param {boolean} [replace]
 */
export function go(href, replace = false) {
  if (replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  route();
  window.scrollTo(0, 0);
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
  window.addEventListener('popstate', route);
  route();
}
