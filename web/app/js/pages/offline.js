// @ts-check
// The page shown for an address that needs the server (the lobby, a live game, an account…) when the
// service worker answered without a network (sw.js marks the page `data-offline`): it says so in words
// and links to what works offline: the lessons, the rules pages, the finished games kept on this device.
import { t } from '../i18n.js';
import { redrawer } from '../patch.js';
import { variantName } from '../ui.js';
import { h } from '../vendor/snabbdom.js';

/** The games whose rules pages the worker keeps (one rules page each). */
const GAMES = ['kubuguza', 'ikibuguzo', 'njombwa', 'azigo'];

/** The catalog's books this page's words are in. */
export const books = ['offline'];

/** @typedef {{id: string, south: string, north: string, variant: string}} KeptGame */

/**
 * The finished games the worker kept (sw.js's `mancala-games` cache), most recent first.
 * @returns {Promise<KeptGame[]>}
 */
async function keptGames() {
  if (!('caches' in window) || !(await caches.has('mancala-games'))) return [];
  const cache = await caches.open('mancala-games');
  /** @type {KeptGame[]} */
  const out = [];
  for (const req of [...(await cache.keys())].reverse()) {
    const path = new URL(req.url).pathname;
    if (path.endsWith('/position')) continue;
    const g = (await (await cache.match(req))?.json())?.game;
    if (!g) continue;
    const name = (/** @type {{name?: string} | null | undefined} */ p) => p?.name || '?';
    out.push({ id: String(g.id), south: name(g.players?.south), north: name(g.players?.north), variant: g.variant });
  }
  return out;
}

/**
 * @param {KeptGame[] | null} games
 */
const view = (games) =>
  h('section.panel.offline', [
    h('h1', t('offline.title')),
    h('p', t('offline.lead')),
    h('ul.links', [
      h('li', [h('a', { attrs: { href: '/learn' } }, t('offline.learn'))]),
      ...GAMES.map((g) =>
        h('li', { key: g }, [h('a', { attrs: { href: `/rules/${g}` } }, t('offline.rules', { game: variantName(g) }))]),
      ),
    ]),
    h('h2', t('offline.games')),
    games && games.length
      ? h(
          'ul.links.kept-games',
          games.map((g) =>
            h('li', { key: g.id }, [
              h(
                'a',
                { attrs: { href: `/game/${encodeURIComponent(g.id)}` } },
                t('offline.game', { south: g.south, north: g.north, variant: variantName(g.variant) }),
              ),
            ]),
          ),
        )
      : h('p.muted', games ? t('offline.none') : t('common.loading')),
  ]);

/** @param {HTMLElement} main */
export function mount(main) {
  document.title = `${t('offline.title')} · Mancala`;
  /** @type {KeptGame[] | null} */
  let games = null;
  const draw = redrawer(main, () => view(games));
  draw();
  let gone = false;
  keptGames().then(
    (g) => {
      games = g;
      if (!gone) draw();
    },
    () => {
      games = [];
      if (!gone) draw();
    },
  );
  return () => {
    gone = true;
  };
}
