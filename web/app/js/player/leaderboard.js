// @ts-check
// The leaderboard's controller and view (`/leaderboard/{variant}`): the best established (not
// provisional) ratings of a variant as the server answers them, with a tab per variant.

import { api } from '../net/api.js';
import { t } from '../i18n.js';
import { errorText, VARIANTS, variantName } from '../ui.js';
import { h } from '../vendor/snabbdom.js';

export class LeaderboardCtrl {
  /**
   * @param {string} variant
   * @param {() => void} redraw
   */
  constructor(variant, redraw) {
    this.variant = variant;
    this.redraw = redraw;
    /** @type {{name: string, rating: number, games: number}[] | null} null until answered */
    this.rows = null;
    this.error = '';
  }

  start() {
    api
      .leaderboard(this.variant, 100)
      .then((rows) => {
        this.rows = rows;
      })
      .catch((e) => {
        this.error = errorText(e);
      })
      .finally(() => this.redraw());
  }
}

/** @param {LeaderboardCtrl} ctrl */
export function view(ctrl) {
  return h('section.panel', [
    h('h1', t('leaderboard.title', { game: variantName(ctrl.variant) })),
    h(
      'nav.tabs',
      { attrs: { 'aria-label': t('common.games') } },
      VARIANTS.map((id) =>
        h(
          'a',
          {
            attrs: {
              href: `/leaderboard/${id}`,
              class: id === ctrl.variant ? 'here' : '',
              'aria-current': id === ctrl.variant ? 'page' : false,
            },
          },
          variantName(id),
        ),
      ),
    ),
    h('div#leaderboard', [table(ctrl)]),
    h('p.muted.small', t('leaderboard.note')),
  ]);
}

/** @param {LeaderboardCtrl} ctrl */
function table(ctrl) {
  if (ctrl.error) return h('p.error', ctrl.error);
  if (!ctrl.rows) return h('p.muted', t('common.loading'));
  if (!ctrl.rows.length) return h('p.muted', t('leaderboard.empty'));
  return h('table.ratings', [
    h('thead', [
      h('tr', [
        h('th', '#'),
        h('th', t('games.player')),
        h('th', t('player.rating')),
        h('th', t('player.rated_games')),
      ]),
    ]),
    h(
      'tbody',
      ctrl.rows.map((r, i) =>
        h('tr', { key: r.name, attrs: { 'data-player': r.name } }, [
          h('td', String(i + 1)),
          h('td', [h('a', { attrs: { href: `/@/${encodeURIComponent(r.name)}` } }, r.name)]),
          h('td.rating', String(r.rating)),
          h('td', String(r.games)),
        ]),
      ),
    ),
  ]);
}
