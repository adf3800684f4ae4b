// A player's page (`/@/{name}`, also `/player/{name}`): for a registered name the rating per variant
// (with "?" while provisional), a rating chart of one variant (the most played, or the one chosen),
// wins, draws and losses; and the games where the name holds a seat (guests too).

import { api } from '../api.js';
import { ratingChart } from '../chart.js';
import { h, VARIANT_NAMES } from '../ui.js';
import { gamesPage } from './games.js';

export function mount(main, { name }) {
  document.title = `${name} · Mancala`;
  const profile = h('p', { class: 'muted', id: 'profile' });
  const ratings = h('div', { id: 'ratings-box' });
  const chartBox = h('div', { id: 'chart-box' });
  const box = h('div');
  const pager = h('div', { class: 'pager' });
  const title = h('h1', {}, name);
  main.append(h('section', { class: 'panel' }, title, profile, ratings, chartBox, h('h2', {}, 'Games'), box, pager));

  let stopped = false;
  const showChart = async (variant) => {
    for (const tr of ratings.querySelectorAll('tr[data-variant]')) tr.classList.toggle('current', tr.dataset.variant === variant);
    try {
      const points = await api.ratingHistory(name, variant);
      if (stopped) return;
      chartBox.replaceChildren(h('h2', {}, `${VARIANT_NAMES[variant] || variant} rating`),
        points.length ? ratingChart(points, { label: `${name}'s ${VARIANT_NAMES[variant] || variant} rating` }) : h('p', { class: 'muted' }, 'No rated game yet.'));
    } catch (e) {
      chartBox.replaceChildren(h('p', { class: 'error' }, e.message));
    }
  };

  api.player(name).then((p) => {
    title.textContent = p.name; // the registered spelling
    document.title = `${p.name} · Mancala`;
    profile.replaceChildren(h('span', { id: 'record' }, `${p.games} games: `,
      h('span', { 'data-count': 'wins' }, `${p.wins} won`), ', ',
      h('span', { 'data-count': 'draws' }, `${p.draws} drawn`), ', ',
      h('span', { 'data-count': 'losses' }, `${p.losses} lost`), `, ${p.ongoing} ongoing.`));
    const rows = Object.entries(p.ratings).sort((a, b) => b[1].games - a[1].games);
    if (!rows.length) {
      ratings.replaceChildren(h('p', { class: 'muted' }, 'No rated game yet.'));
      return;
    }
    ratings.replaceChildren(h('table', { class: 'ratings', id: 'ratings' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Game'), h('th', {}, 'Rating'), h('th', {}, 'Deviation'), h('th', {}, 'Rated games'))),
      h('tbody', {}, rows.map(([v, r]) => h('tr', { 'data-variant': v },
        h('td', {}, h('button', { type: 'button', class: 'link', onclick: () => showChart(v) }, VARIANT_NAMES[v] || v)),
        h('td', { class: 'rating', title: r.provisional ? 'provisional: too few games to be sure' : '' }, `${r.rating}${r.provisional ? '?' : ''}`),
        h('td', { class: 'muted' }, `±${r.deviation}`),
        h('td', {}, String(r.games)))))));
    showChart(rows[0][0]);
  }).catch((e) => {
    profile.textContent = e.status === 404 ? 'Not a registered name: the games played under it as a guest.' : e.message;
  });
  gamesPage(box, pager, { player: name });
  return () => { stopped = true; };
}
