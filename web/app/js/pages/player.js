// @ts-check
// A player's page (`/@/{name}`, also `/player/{name}`): for a registered name the rating per variant
// (with "?" while provisional), a rating chart of one variant (the most played, or the one chosen),
// wins, draws and losses; Block / Unblock for a signed-in visitor; and the games where the name holds a
// seat (guests too).

import { api } from '../net/api.js';
import { blockButton } from '../blockbutton.js';
import { ratingChart } from '../chart.js';
import { t } from '../i18n.js';
import { errorText, el, variantName } from '../ui.js';
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
  const profile = el('p', { class: 'muted', id: 'profile' });
  const ratings = el('div', { id: 'ratings-box' });
  const chartBox = el('div', { id: 'chart-box' });
  const box = el('div');
  const pager = el('div', { class: 'pager' });
  const title = el('h1', {}, name);
  main.append(
    el('section', { class: 'panel' }, title, profile, ratings, chartBox, el('h2', {}, t('player.games')), box, pager),
  );

  let stopped = false;
  /** @param {string} variant */
  const showChart = async (variant) => {
    for (const tr of ratings.querySelectorAll('tr')) tr.classList.toggle('current', tr.dataset.variant === variant);
    try {
      const points = await api.ratingHistory(name, variant);
      if (stopped) return;
      chartBox.replaceChildren(
        el('h2', {}, t('player.rating_of', { game: variantName(variant) })),
        points.length
          ? ratingChart(points, { label: t('player.chart_label', { name, game: variantName(variant) }) })
          : el('p', { class: 'muted' }, t('player.no_rated')),
      );
    } catch (e) {
      chartBox.replaceChildren(el('p', { class: 'error' }, errorText(e, 'player')));
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
          el(
            'button',
            { type: 'button', class: 'ghost small', id: 'report-player', onclick: report },
            t('player.report'),
          ),
        );
      }
      profile.replaceChildren(
        el(
          'span',
          { id: 'record' },
          `${t('player.games_count', { count: p.games })} `,
          el('span', { 'data-count': 'wins' }, t('player.won', { count: p.wins })),
          ', ',
          el('span', { 'data-count': 'draws' }, t('player.drawn', { count: p.draws })),
          ', ',
          el('span', { 'data-count': 'losses' }, t('player.lost', { count: p.losses })),
          `, ${t('player.ongoing', { count: p.ongoing })}`,
        ),
      );
      if (p.computerAssisted) {
        profile.before(el('p', { class: 'error', id: 'computer-assisted' }, t('player.computer_assisted')));
      }
      const block = blockButton(p.name);
      if (block) profile.after(block);
      const rows = Object.entries(p.ratings).sort((a, b) => b[1].games - a[1].games);
      if (!rows.length) {
        ratings.replaceChildren(el('p', { class: 'muted' }, t('player.no_rated')));
        return;
      }
      ratings.replaceChildren(
        el(
          'table',
          { class: 'ratings', id: 'ratings' },
          el(
            'thead',
            {},
            el(
              'tr',
              {},
              el('th', {}, t('form.game')),
              el('th', {}, t('player.rating')),
              el('th', {}, t('player.deviation')),
              el('th', {}, t('player.rated_games')),
            ),
          ),
          el(
            'tbody',
            {},
            rows.map(([v, r]) =>
              el(
                'tr',
                { 'data-variant': v },
                el(
                  'td',
                  {},
                  el('button', { type: 'button', class: 'link', onclick: () => showChart(v) }, variantName(v)),
                ),
                el(
                  'td',
                  { class: 'rating', title: r.provisional ? t('player.provisional') : '' },
                  `${r.rating}${r.provisional ? '?' : ''}`,
                ),
                el('td', { class: 'muted' }, `±${r.deviation}`),
                el('td', {}, String(r.games)),
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
