// @ts-check
// Leaderboards (`/leaderboard/{variant}`): the best established (not provisional) ratings of a variant,
// with a tab per variant.

import { api } from '../api.js';
import { t } from '../i18n.js';
import { errorText, h, VARIANTS, variantName } from '../ui.js';

/** The catalog's books this page's words are in. */
export const books = ['lists'];

/**
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { variant }) {
  const name = variantName(variant);
  document.title = `${t('leaderboard.title', { game: name })} · Mancala`;
  const tabs = h(
    'nav',
    { class: 'tabs', 'aria-label': t('common.games') },
    VARIANTS.map((id) =>
      h(
        'a',
        {
          href: `/leaderboard/${id}`,
          class: id === variant ? 'here' : '',
          'aria-current': id === variant ? 'page' : null,
        },
        variantName(id),
      ),
    ),
  );
  const box = h('div', { id: 'leaderboard' }, h('p', { class: 'muted' }, t('common.loading')));
  main.append(
    h(
      'section',
      { class: 'panel' },
      h('h1', {}, t('leaderboard.title', { game: name })),
      tabs,
      box,
      h('p', { class: 'muted small' }, t('leaderboard.note')),
    ),
  );
  api
    .leaderboard(variant, 100)
    .then((rows) => {
      if (!rows.length) {
        box.replaceChildren(h('p', { class: 'muted' }, t('leaderboard.empty')));
        return;
      }
      box.replaceChildren(
        h(
          'table',
          { class: 'ratings' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', {}, '#'),
              h('th', {}, t('games.player')),
              h('th', {}, t('player.rating')),
              h('th', {}, t('player.rated_games')),
            ),
          ),
          h(
            'tbody',
            {},
            rows.map((r, i) =>
              h(
                'tr',
                { 'data-player': r.name },
                h('td', {}, String(i + 1)),
                h('td', {}, h('a', { href: `/@/${encodeURIComponent(r.name)}` }, r.name)),
                h('td', { class: 'rating' }, String(r.rating)),
                h('td', {}, String(r.games)),
              ),
            ),
          ),
        ),
      );
    })
    .catch((e) => {
      box.replaceChildren(h('p', { class: 'error' }, errorText(e)));
    });
}
