// @ts-check
// A player's page's view, a pure function of its controller: the name, Report, the record, Block, the
// ratings table, the chart of one variant, and the games.

import { t } from '../i18n.js';
import { blockView } from '../blockbutton.js';
import { host } from '../patch.js';
import { variantName } from '../ui.js';
import { h } from '../vendor/snabbdom.js';
import { pagerView } from './games.js';

/** @typedef {import('./ctrl.js').PlayerCtrl} PlayerCtrl */

/** @param {PlayerCtrl} ctrl */
export function view(ctrl) {
  const p = ctrl.profile;
  return h('section.panel', [
    h('h1', ctrl.name),
    ctrl.canReport
      ? h(
          'button#report-player.ghost.small',
          { attrs: { type: 'button' }, on: { click: () => ctrl.report() } },
          t('player.report'),
        )
      : null,
    p?.computerAssisted ? h('p#computer-assisted.error', t('player.computer_assisted')) : null,
    h('p#profile.muted', p ? [record(p)] : ctrl.missing),
    ctrl.block ? h('div', { key: 'block' }, [blockView(ctrl.block)]) : null,
    h('div#ratings-box', p ? [ratings(ctrl)] : []),
    h('div#chart-box', chart(ctrl)),
    h('h2', t('player.games')),
    ...pagerView(ctrl.games),
  ]);
}

/** @param {import('../types.js').PlayerProfile} p the profile */
const record = (p) =>
  h('span#record', [
    `${t('player.games_count', { count: p.games })} `,
    h('span', { attrs: { 'data-count': 'wins' } }, t('player.won', { count: p.wins })),
    ', ',
    h('span', { attrs: { 'data-count': 'draws' } }, t('player.drawn', { count: p.draws })),
    ', ',
    h('span', { attrs: { 'data-count': 'losses' } }, t('player.lost', { count: p.losses })),
    `, ${t('player.ongoing', { count: p.ongoing })}`,
  ]);

/** @param {PlayerCtrl} ctrl */
function ratings(ctrl) {
  const rows = ctrl.ratings();
  if (!rows.length) return h('p.muted', t('player.no_rated'));
  return h('table#ratings.ratings', [
    h('thead', [
      h('tr', [
        h('th', t('form.game')),
        h('th', t('player.rating')),
        h('th', t('player.deviation')),
        h('th', t('player.rated_games')),
      ]),
    ]),
    h(
      'tbody',
      rows.map(([v, r]) =>
        h('tr', { key: v, attrs: { 'data-variant': v }, class: { current: v === ctrl.variant } }, [
          h('td', [
            h('button.link', { attrs: { type: 'button' }, on: { click: () => ctrl.showChart(v) } }, variantName(v)),
          ]),
          h(
            'td.rating',
            { attrs: { title: r.provisional ? t('player.provisional') : '' } },
            `${r.rating}${r.provisional ? '?' : ''}`,
          ),
          h('td.muted', `±${r.deviation}`),
          h('td', String(r.games)),
        ]),
      ),
    ),
  ]);
}

/**
 * The chart of the variant chosen, once its history is in (the last one stays until then).
 * @param {PlayerCtrl} ctrl
 */
function chart(ctrl) {
  const c = ctrl.chart;
  if (!c) return [];
  if (c.error) return [h('p.error', c.error)];
  return [
    h('h2', t('player.rating_of', { game: variantName(c.variant) })),
    c.svg ? host('div', c.svg, { key: c.variant }) : h('p.muted', t('player.no_rated')),
  ];
}
