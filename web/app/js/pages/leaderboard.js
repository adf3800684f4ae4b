// @ts-check
// Leaderboards (`/leaderboard/{variant}`): the best established (not provisional) ratings of a variant,
// with a tab per variant.

import { api } from '../net/api.js';
import { t } from '../i18n.js';
import { errorText, el, VARIANTS, variantName } from '../ui.js';

/** The catalog's books this page's words are in. */
export const books = ['lists'];

/**
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { variant }) {
  const name = variantName(variant);
  document.title = `${t('leaderboard.title', { game: name })} · Mancala`;
  const tabs = el(
    'nav',
    { class: 'tabs', 'aria-label': t('common.games') },
    VARIANTS.map((id) =>
      el(
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
  const box = el('div', { id: 'leaderboard' }, el('p', { class: 'muted' }, t('common.loading')));
  main.append(
    el(
      'section',
      { class: 'panel' },
      el('h1', {}, t('leaderboard.title', { game: name })),
      tabs,
      box,
      el('p', { class: 'muted small' }, t('leaderboard.note')),
    ),
  );
  api
    .leaderboard(variant, 100)
    .then((rows) => {
      if (!rows.length) {
        box.replaceChildren(el('p', { class: 'muted' }, t('leaderboard.empty')));
        return;
      }
      box.replaceChildren(
        el(
          'table',
          { class: 'ratings' },
          el(
            'thead',
            {},
            el(
              'tr',
              {},
              el('th', {}, '#'),
              el('th', {}, t('games.player')),
              el('th', {}, t('player.rating')),
              el('th', {}, t('player.rated_games')),
            ),
          ),
          el(
            'tbody',
            {},
            rows.map((r, i) =>
              el(
                'tr',
                { 'data-player': r.name },
                el('td', {}, String(i + 1)),
                el('td', {}, el('a', { href: `/@/${encodeURIComponent(r.name)}` }, r.name)),
                el('td', { class: 'rating' }, String(r.rating)),
                el('td', {}, String(r.games)),
              ),
            ),
          ),
        ),
      );
    })
    .catch((e) => {
      box.replaceChildren(el('p', { class: 'error' }, errorText(e)));
    });
}
