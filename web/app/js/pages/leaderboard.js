// Leaderboards (`/leaderboard/{variant}`): the best established (not provisional) ratings of a variant,
// with a tab per variant.

import { api } from '../api.js';
import { h, VARIANT_NAMES } from '../ui.js';

export function mount(main, { variant }) {
  const name = VARIANT_NAMES[variant] || variant;
  document.title = `${name} leaderboard · Mancala`;
  const tabs = h('nav', { class: 'tabs' }, Object.entries(VARIANT_NAMES).map(([id, n]) =>
    h('a', { href: `/leaderboard/${id}`, class: id === variant ? 'here' : '', 'aria-current': id === variant ? 'page' : null }, n)));
  const box = h('div', { id: 'leaderboard' }, h('p', { class: 'muted' }, 'Loading…'));
  main.append(h('section', { class: 'panel' }, h('h1', {}, `${name} leaderboard`), tabs, box,
    h('p', { class: 'muted small' }, 'Established ratings only: a rating is provisional (not listed) until its deviation is 110 or less.')));
  api.leaderboard(variant, 100).then((rows) => {
    if (!rows.length) {
      box.replaceChildren(h('p', { class: 'muted' }, 'Nobody has an established rating in this game yet.'));
      return;
    }
    box.replaceChildren(h('table', { class: 'ratings' },
      h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, 'Player'), h('th', {}, 'Rating'), h('th', {}, 'Rated games'))),
      h('tbody', {}, rows.map((r, i) => h('tr', { 'data-player': r.name },
        h('td', {}, String(i + 1)), h('td', {}, h('a', { href: `/@/${encodeURIComponent(r.name)}` }, r.name)),
        h('td', { class: 'rating' }, String(r.rating)), h('td', {}, String(r.games)))))));
  }).catch((e) => {
    box.replaceChildren(h('p', { class: 'error' }, e.message));
  });
}
