// @ts-check
// The home page's view, a pure function of its controller: the first screen (what the site is, where the
// games come from, the three ways in), "your turn", the daily puzzle's card, this browser's games, the
// lobby (view/lobby.js), the create form (view/form.js), the games waiting, live and finished, and the
// six variants with their rules summary and source.

import { has, t } from '../../i18n.js';
import { clockText, variantName } from '../../ui.js';
import { gameList } from '../../gamelist.js';
import { h } from '../../vendor/snabbdom.js';
import { lobbyView, seeksView } from './lobby.js';
import { formView } from './form.js';
import { host } from './host.js';

/** @typedef {import('../ctrl.js').HomeCtrl} HomeCtrl */
/** @typedef {import('../../vendor/snabbdom.js').VNode} VNode */

/**
 * Where each game's rules come from (docs/rules.md#sources).
 * @type {Record<string, string>}
 */
const SOURCES = {
  ikibuguzo: 'Murray 1951: 217',
  'ikibuguzo-opening-1': 'Murray 1951: 217',
  'ikibuguzo-opening-2': 'Murray 1951: 217',
  kubuguza: 'Merriam 1953',
  njombwa: 'Sanderson 1913: 732–733',
  azigo: 'Murray 1951: 189',
};

const loading = () => h('p.muted', t('common.loading'));

/**
 * A panel with its heading.
 * @param {string} title
 * @param {any[]} children
 * @param {Record<string, any>} [attrs]
 */
const panel = (title, children, attrs = {}) => h('section.panel', { attrs }, [h('h2', title), ...children]);

/** @param {HomeCtrl} ctrl */
export function view(ctrl) {
  const games = ctrl.games;
  return h('div.home', [
    hero(ctrl),
    yourTurn(ctrl),
    host(ctrl.daily),
    panel(t('home.yours'), [h('div', ctrl.mine.length ? [gameList(ctrl.mine)] : [])], { hidden: !ctrl.mine.length }),
    lobbyView(ctrl),
    seeksView(ctrl),
    h('section.panel.create', { attrs: { id: 'play-computer' } }, [
      h('h2', t('home.create')),
      formView(ctrl),
      h('p.error', { attrs: { role: 'alert' } }, ctrl.error),
    ]),
    panel(t('home.waiting'), [
      h('div#waiting-list', [
        games ? gameList(games.waiting, { onJoin: (g) => ctrl.join(g), empty: t('home.none_waiting') }) : loading(),
      ]),
    ]),
    panel(t('home.live'), [
      h('div#live-list', [games ? gameList(games.live, { empty: t('home.none_live') }) : loading()]),
    ]),
    panel(t('home.finished'), [
      h('div#finished-list', ctrl.finished ? [gameList(ctrl.finished, { empty: t('home.none_finished') })] : []),
      h('p', [h('a', { attrs: { href: '/games' } }, t('home.all_games'))]),
    ]),
    panel(t('home.the_games'), [h('div.variants', ctrl.variants ? ctrl.variants.map(variant) : [loading()])]),
  ]);
}

/**
 * A game: its name, its summary in the page's language (the book `summaries`, else the server's own), its
 * source and the link to its rules.
 * @param {import('../../types.js').VariantInfo} v
 */
const variant = (v) =>
  h('article.variant', { key: v.id }, [
    h('h3', variantName(v.id)),
    h('p', has(`summary.${v.id}`) ? t(`summary.${v.id}`) : v.summary),
    h('p.muted.small', [
      `${t('home.source', { source: SOURCES[v.id] || '—' })} · `,
      h('a', { attrs: { href: `/rules/${v.id}` } }, t('home.full_rules')),
    ]),
  ]);

/**
 * "Your turn" for a signed-in person: the games waiting for the account's decision (yourturn.js), and the
 * button that asks once for notifications.
 * @param {HomeCtrl} ctrl
 */
function yourTurn(ctrl) {
  const games = ctrl.yourTurn;
  return h('section.panel', { attrs: { id: 'your-turn', hidden: games === null } }, [
    h('h2', t('home.your_turn')),
    h(
      'ul#your-turn-list',
      games?.length
        ? games.map((g) =>
            h('li', { key: g.id }, [
              h('a', { attrs: { href: `/game/${g.id}` } }, `${variantName(g.variant)} · ${g.id}`),
              g.timeLeftMs === null ? '' : ` · ${t('home.time_left', { time: clockText(g.timeLeftMs) })}`,
            ]),
          )
        : games
          ? [h('li.muted', t('home.none_your_turn'))]
          : [],
    ),
    ctrl.canNotify
      ? h('button.small.ghost', { attrs: { type: 'button' }, on: { click: () => ctrl.askNotify() } }, t('home.notify'))
      : null,
  ]);
}

/**
 * The first screen: what the site is and where the games come from, in two sentences, and the three ways
 * in (learn a game, play the computer, play a person).
 * @param {HomeCtrl} ctrl
 */
function hero(ctrl) {
  return h('section.panel.hero', [
    h('h1', t('home.hero.title')),
    h('p.lead', `${t('home.hero.what')} ${t('home.hero.where')}`),
    h('div.ways', [
      h('a#way-learn.button.primary', { attrs: { href: '/learn' } }, t('home.way.learn')),
      h(
        'a#way-computer.button',
        {
          attrs: { href: '#play-computer' },
          on: {
            click: (e) => {
              e.preventDefault();
              ctrl.playComputer();
            },
          },
        },
        t('home.way.computer'),
      ),
      h(
        'a#way-person.button',
        {
          attrs: { href: '#play-person' },
          on: {
            click: (e) => {
              e.preventDefault();
              document.getElementById('play-person')?.scrollIntoView({ behavior: 'smooth' });
            },
          },
        },
        t('home.way.person'),
      ),
    ]),
  ]);
}
