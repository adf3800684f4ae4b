// @ts-check
// A list of games (lobby, history, a player's games): one line per game with a link to it, and a
// Join button on games that wait for an opponent. On a player's page each finished game says whether
// that player won, lost or drew.

import { t } from './i18n.js';
import { h, gameLine, when } from './ui.js';

/**
 * @param {import('./types.js').Game[]} games
 * @param {{onJoin?: (g: import('./types.js').Game) => void, empty?: string, player?: string}} [o]
 */
export function gameList(games, { onJoin, empty = t('games.none'), player } = {}) {
  if (!games.length) return h('p', { class: 'muted' }, empty);
  return h(
    'ul',
    { class: 'games' },
    games.map((g) => {
      const l = gameLine(g, player);
      return h(
        'li',
        { 'data-game': g.id },
        h(
          'a',
          { href: `/game/${g.id}`, class: 'game-link' },
          h('strong', {}, l.title),
          ' ',
          h('span', {}, l.who),
          ' ',
          h('span', { class: 'muted' }, `${l.clock} · `),
          h('span', { class: l.kind ? `result ${l.kind}` : 'muted', 'data-result': l.kind || null }, l.state),
        ),
        h('span', { class: 'muted small' }, when(g.createdAt)),
        onJoin && g.status === 'waiting'
          ? h('button', { type: 'button', class: 'small', onclick: () => onJoin(g) }, t('list.join'))
          : null,
      );
    }),
  );
}
