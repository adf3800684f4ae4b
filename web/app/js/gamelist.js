// A list of games (lobby, history, a player's games): one line per game with a link to it, and a
// Join button on games that wait for an opponent.

import { h, gameLine, when } from './ui.js';

export function gameList(games, { onJoin, empty = 'No games.' } = {}) {
  if (!games.length) return h('p', { class: 'muted' }, empty);
  return h('ul', { class: 'games' }, games.map((g) => {
    const l = gameLine(g);
    return h('li', { 'data-game': g.id },
      h('a', { href: `/game/${g.id}`, class: 'game-link' },
        h('strong', {}, l.title), ' ', h('span', {}, l.who), ' ',
        h('span', { class: 'muted' }, `${l.clock} · ${l.state}`)),
      h('span', { class: 'muted small' }, when(g.createdAt)),
      onJoin && g.status === 'waiting' ? h('button', { type: 'button', class: 'small', onclick: () => onJoin(g) }, 'Join') : null);
  }));
}
