// @ts-check
// The home page's view, a pure function of its controller: the first screen (what the site is, where the
// games come from, the three ways in), "your turn", the daily puzzle's card, this browser's games, the
// lobby (view/lobby.js), the create form (view/form.js), the games waiting, live and finished, and the
// four games, each in one plain sentence with its source and rules (Ikibuguzo's fixed-array rule sets as
// its options, in its card).

import { dailyView } from '../../puzzle/card.js';
import { has, t } from '../../i18n.js';
import { clockText, variantName } from '../../ui.js';
import { gameList } from '../../gamelist.js';
import { h } from '../../vendor/snabbdom.js';
import { lobbyView, seeksView } from './lobby.js';
import { formView } from './form.js';

/** @typedef {import('../ctrl.js').HomeCtrl} HomeCtrl */
/** @typedef {import('../../vendor/snabbdom.js').VNode} VNode */

/**
 * Where each game's rules come from (docs/rules.md#sources).
 * @type {Record<string, string>}
 */
const SOURCES = {
  ikibuguzo: 'Murray 1951: 217',
  kubuguza: 'Merriam 1953',
  njombwa: 'Sanderson 1913: 732–733',
  azigo: 'Murray 1951: 189',
};

const loading = () => h('p.muted', t('common.loading'));

/**
 * A panel with its heading.
 * @param {string} title
 * @param {import('../../vendor/snabbdom.js').VNodeChildElement[]} children
 * @param {import('../../vendor/snabbdom.js').Attrs} [attrs]
 */
const panel = (title, children, attrs = {}) => h('section.panel', { attrs }, [h('h2', title), ...children]);

/** @param {HomeCtrl} ctrl */
export function view(ctrl) {
  const games = ctrl.games;
  return h('div.home', [
    hero(ctrl),
    yourTurn(ctrl),
    ctrl.daily ? dailyView(ctrl.daily) : null,
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
      h('p.links', [h('a', { attrs: { href: '/games' } }, t('home.all_games'))]),
    ]),
    panel(t('home.the_games'), [h('div.variants', ctrl.variants ? games4(ctrl.variants) : [loading()])]),
  ]);
}

/** A game and the rule sets that are its options (Ikibuguzo's fixed opening arrays). */
const OPTIONS = { ikibuguzo: ['ikibuguzo-opening-1', 'ikibuguzo-opening-2'] };
const ORDER = ['ikibuguzo', 'kubuguza', 'njombwa', 'azigo'];

/**
 * The four games: the rule sets that are another's options go in its card, not in one of their own.
 * @param {import('../../types.js').VariantInfo[]} variants
 */
function games4(variants) {
  const options = new Set(Object.values(OPTIONS).flat());
  // In the headline's order: Burundi, Rwanda, Malawi, Nigeria.
  const rank = (/** @type {string} */ id) => (ORDER.indexOf(id) + ORDER.length + 1) % (ORDER.length + 1);
  return variants
    .filter((v) => !options.has(v.id))
    .sort((a, b) => rank(a.id) - rank(b.id))
    .map((v) => variant(v, variants));
}

/**
 * A game: its name, its summary in the page's language (the book `summaries`, else the server's own), its
 * source and the link to its rules, and its options' rules.
 * @param {import('../../types.js').VariantInfo} v
 * @param {import('../../types.js').VariantInfo[]} all
 */
const variant = (v, all) => {
  const options = (OPTIONS[/** @type {keyof typeof OPTIONS} */ (v.id)] || []).filter((id) =>
    all.some((x) => x.id === id),
  );
  return h('article.variant', { key: v.id }, [
    h('h3', variantName(v.id)),
    h('p', has(`summary.${v.id}`) ? t(`summary.${v.id}`) : v.summary),
    options.length
      ? h('p.muted.small.options', [
          t('home.fixed_arrays'),
          ...options.flatMap((id, i) => [i ? ' · ' : '', h('a', { attrs: { href: `/rules/${id}` } }, variantName(id))]),
        ])
      : null,
    h('p.muted.small', [
      `${t('home.source', { source: SOURCES[v.id] || '—' })} · `,
      h('a', { attrs: { href: `/rules/${v.id}` } }, t('home.full_rules')),
    ]),
  ]);
};

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
