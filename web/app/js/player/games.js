// @ts-check
// A paged list of games (the history page's, a player's page's): `Next` follows the API's cursor,
// `First page` starts again. State and actions here, the view below; the page hosting it redraws.

import { api } from '../net/api.js';
import { gameList } from '../gamelist.js';
import { t } from '../i18n.js';
import { errorText } from '../ui.js';
import { h } from '../vendor/snabbdom.js';

export class GamesPager {
  /**
   * @param {import('../net/api.js').GameFilters} filters
   * @param {() => void} redraw
   * @param {string} [player] whose games these are: each finished game says whether that player won
   */
  constructor(filters, redraw, player) {
    this.filters = filters;
    this.redraw = redraw;
    this.player = player;
    /** @type {import('../types.js').Game[] | null} null while a page is asked */
    this.games = null;
    /** @type {string | undefined} the cursor of the page shown (undefined: the first) */
    this.cursor = undefined;
    /** @type {string | null} */
    this.next = null;
    this.error = '';
    /** Counts the pages asked, so an answer about an earlier one is dropped. */
    this.asked = 0;
  }

  /** @param {string | undefined} cursor */
  async load(cursor) {
    const n = ++this.asked;
    this.cursor = cursor;
    this.games = null;
    this.error = '';
    this.redraw();
    try {
      const page = await api.games({ ...this.filters, limit: 20, cursor });
      if (n !== this.asked) return;
      this.games = page.games;
      this.next = page.nextCursor || null;
    } catch (e) {
      if (n !== this.asked) return;
      this.error = errorText(e);
    }
    this.redraw();
  }
}

/**
 * The list and its pager, two siblings.
 * @param {GamesPager} p
 */
export function pagerView(p) {
  const loaded = p.games !== null;
  return [
    h(
      'div',
      p.error
        ? [h('p.error', { attrs: { role: 'alert' } }, p.error)]
        : p.games
          ? [gameList(p.games, { empty: t('games.none'), player: p.player })]
          : [h('p.muted', t('common.loading'))],
    ),
    h('div.pager', [
      loaded && p.cursor
        ? h(
            'button.small',
            { key: 'first', attrs: { type: 'button' }, on: { click: () => p.load(undefined) } },
            t('games.first_page'),
          )
        : null,
      loaded && p.next
        ? h(
            'button#next-page.small',
            { key: 'next', attrs: { type: 'button' }, on: { click: () => p.load(/** @type {string} */ (p.next)) } },
            t('games.next_page'),
          )
        : null,
    ]),
  ];
}
