// @ts-check
// A player's page (`/@/{name}`, also `/player/{name}`): for a registered name the rating per variant
// (with "?" while provisional), a rating chart of one variant (the most played, or the one chosen),
// wins, draws and losses; Block / Unblock for a signed-in visitor; and the games where the name holds a
// seat (guests too).

import { api } from '../api.js';
import { blockButton } from '../blockbutton.js';
import { ratingChart } from '../chart.js';
import { t } from '../i18n.js';
import { errorText, h, variantName } from '../ui.js';
import { gamesPage } from './games.js';
import { me } from '../session.js';

/** The catalog's books this page's words are in. */
export const books = ['lists', 'blocks'];

/**
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { name }) {
  document.title = `${name} · Mancala`;
  const profile = h('p', { class: 'muted', id: 'profile' });
  const ratings = h('div', { id: 'ratings-box' });
  const chartBox = h('div', { id: 'chart-box' });
  const box = h('div');
  const pager = h('div', { class: 'pager' });
  const title = h('h1', {}, name);
  main.append(
    h('section', { class: 'panel' }, title, profile, ratings, chartBox, h('h2', {}, t('player.games')), box, pager),
  );

  let stopped = false;
  /** @param {string} variant */
  const showChart = async (variant) => {
    for (const tr of ratings.querySelectorAll('tr')) tr.classList.toggle('current', tr.dataset.variant === variant);
    try {
      const points = await api.ratingHistory(name, variant);
      if (stopped) return;
      chartBox.replaceChildren(
        h('h2', {}, t('player.rating_of', { game: variantName(variant) })),
        points.length
          ? ratingChart(points, { label: t('player.chart_label', { name, game: variantName(variant) }) })
          : h('p', { class: 'muted' }, t('player.no_rated')),
      );
    } catch (e) {
      chartBox.replaceChildren(h('p', { class: 'error' }, errorText(e, 'player')));
    }
  };

  api
    .player(name)
    .then((p) => {
      title.textContent = p.name; // the registered spelling
      document.title = `${p.name} · Mancala`;
      const self = me();
      if (self && self.toLowerCase() !== p.name.toLowerCase()) {
        const report = async () => (await import('../moderation/report.js')).openReport({ player: p.name });
        title.after(
          h(
            'button',
            { type: 'button', class: 'ghost small', id: 'report-player', onclick: report },
            t('player.report'),
          ),
        );
      }
      profile.replaceChildren(
        h(
          'span',
          { id: 'record' },
          `${t('player.games_count', { count: p.games })} `,
          h('span', { 'data-count': 'wins' }, t('player.won', { count: p.wins })),
          ', ',
          h('span', { 'data-count': 'draws' }, t('player.drawn', { count: p.draws })),
          ', ',
          h('span', { 'data-count': 'losses' }, t('player.lost', { count: p.losses })),
          `, ${t('player.ongoing', { count: p.ongoing })}`,
        ),
      );
      if (p.computerAssisted) {
        profile.before(h('p', { class: 'error', id: 'computer-assisted' }, t('player.computer_assisted')));
      }
      const block = blockButton(p.name);
      if (block) profile.after(block);
      const rows = Object.entries(p.ratings).sort((a, b) => b[1].games - a[1].games);
      if (!rows.length) {
        ratings.replaceChildren(h('p', { class: 'muted' }, t('player.no_rated')));
        return;
      }
      ratings.replaceChildren(
        h(
          'table',
          { class: 'ratings', id: 'ratings' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', {}, t('form.game')),
              h('th', {}, t('player.rating')),
              h('th', {}, t('player.deviation')),
              h('th', {}, t('player.rated_games')),
            ),
          ),
          h(
            'tbody',
            {},
            rows.map(([v, r]) =>
              h(
                'tr',
                { 'data-variant': v },
                h(
                  'td',
                  {},
                  h('button', { type: 'button', class: 'link', onclick: () => showChart(v) }, variantName(v)),
                ),
                h(
                  'td',
                  { class: 'rating', title: r.provisional ? t('player.provisional') : '' },
                  `${r.rating}${r.provisional ? '?' : ''}`,
                ),
                h('td', { class: 'muted' }, `±${r.deviation}`),
                h('td', {}, String(r.games)),
              ),
            ),
          ),
        ),
      );
      showChart(rows[0][0]);
    })
    .catch((e) => {
      profile.textContent = e.status === 404 ? t('player.guest') : errorText(e, 'player');
    });
  gamesPage(box, pager, { player: name }, name);
  return () => {
    stopped = true;
  };
}
