// The app: routes the address to a page module (loaded on demand), keeps navigation inside the page
// (links to other pages of the app do not reload it), and applies the theme.

import { prefs } from './prefs.js';
import { mountHeader } from './session.js';

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
];

const main = document.getElementById('main');
let unmount = null;
let generation = 0;

async function route() {
  const path = location.pathname;
  let page = 'notfound';
  let params = {};
  for (const [re, name, args] of ROUTES) {
    const m = re.exec(path);
    if (m) {
      page = name;
      params = args(m);
      break;
    }
  }
  generation += 1;
  const mine = generation;
  if (unmount) unmount();
  unmount = null;
  const mod = await import(`./pages/${page}.js`);
  if (mine !== generation) return;
  main.replaceChildren();
  unmount = mod.mount(main, params) || null;
  for (const a of document.querySelectorAll('header nav a')) {
    a.classList.toggle('here', a.getAttribute('href') === path || (a.getAttribute('href') !== '/' && path.startsWith(a.getAttribute('href').split('/').slice(0, 2).join('/'))));
  }
}

/** Goes to an address of the app without reloading. */
export function go(href, replace = false) {
  if (replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  route();
  window.scrollTo(0, 0);
}

document.addEventListener('click', (e) => {
  const a = e.target.closest?.('a');
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const href = a.getAttribute('href');
  if (!href || !href.startsWith('/') || href.startsWith('/api/') || a.hasAttribute('download') || a.target) return;
  e.preventDefault();
  go(href);
});
window.addEventListener('popstate', route);

function applyTheme() {
  const t = prefs.theme;
  if (t) document.documentElement.dataset.theme = t;
  else delete document.documentElement.dataset.theme;
}
document.getElementById('theme').addEventListener('click', () => {
  const dark = document.documentElement.dataset.theme
    ? document.documentElement.dataset.theme === 'dark'
    : matchMedia('(prefers-color-scheme: dark)').matches;
  prefs.theme = dark ? 'light' : 'dark';
  applyTheme();
});
applyTheme();
mountHeader(document.getElementById('who'), go);
route();
