// @ts-check
// A tournament's page as a pure function of its controller's state: the header (name, facts, status with
// its countdown, a medley's game now and next, the socket's state), the actions (Join with a password
// field for a private one, Withdraw or Pause, the link to one's game), the refusal, then the standings
// with how points are scored (standings.js) and the games and byes (games.js); the standings and games are redrawn only when a new view arrives (memo). pages/tournament.js
// patches it on every redraw.

import { h } from '../../vendor/snabbdom.js';
import { t } from '../../i18n.js';
import { me } from '../../session.js';
import { timeControl, variantName } from '../../ui.js';
import { memo } from '../../game/view/memo.js';
import { at, countdown, kindText, lockMark, refusalView, timeText, tournamentName, variantsText } from '../words.js';
import { byes, gameList } from './games.js';
import { scoring, standings } from './standings.js';

/** @typedef {import('../ctrl.js').TournamentCtrl} TournamentCtrl */
/** @typedef {import('../../net/tournamentwire.js').TournamentView} TournamentView */
/** @typedef {import('../../vendor/snabbdom.js').VNode} VNode */

/** @param {TournamentCtrl} ctrl */
function title(ctrl) {
  const v = ctrl.view;
  if (v) return h('h1#t-name', [tournamentName(v), ...(v.private ? [' ', lockMark()] : [])]);
  const words = { loading: 'common.loading', missing: 'tour.not_found', failed: 'tour.title', shown: 'tour.title' };
  return h('h1#t-name', t(words[ctrl.load]));
}

/** @param {TournamentCtrl} ctrl */
function conn(ctrl) {
  const st = ctrl.status;
  const words = st === 'connecting' ? t('conn.connecting') : st === 'open' || st === null ? '' : t('conn.closed');
  return h('span#t-conn.conn', { attrs: st ? { 'data-state': st } : {} }, words);
}

/** @param {TournamentView} v */
function facts(v) {
  const items = [
    kindText(v),
    variantsText(v.variants),
    timeControl(v.clock),
    t(v.rated ? 'tour.rated' : 'tour.casual'),
    v.bots ? t('tour.bots_allowed') : '',
    v.berserk ? t('tour.berserk_allowed') : '',
    v.createdBy ? t('tour.by', { name: v.createdBy }) : t('tour.scheduled'),
  ].filter(Boolean);
  return h(
    'p#t-facts.tfacts',
    items.flatMap((x, i) => (i ? [h('span.sep', { attrs: { 'aria-hidden': 'true' } }, ' · '), x] : [x])),
  );
}

/**
 * The status with its countdown (not a live region: it changes every second), and a medley's game now.
 * @param {TournamentView | null} v
 */
function time(v) {
  if (!v) return [h('p#t-status.tstatus'), h('p#t-medley.small', { attrs: { hidden: true } })];
  const upcoming = v.status === 'upcoming' && v.startsAt > Date.now();
  const status = h('p#t-status.tstatus', { attrs: { 'data-status': v.status } }, [
    timeText(v),
    ...(upcoming ? [' ', h('span.muted.small', at(v.startsAt))] : []),
  ]);
  const isMedley = v.variants.length > 1 && v.status === 'running';
  let medley = '';
  if (isMedley) {
    const now = v.variantNow || v.variants[0];
    const next = v.variants[(v.variants.indexOf(now) + 1) % v.variants.length];
    medley = v.nextVariantAt
      ? t('tour.medley_now_next', { game: variantName(now), next: variantName(next), time: countdown(v.nextVariantAt) })
      : t('tour.medley_now', { game: variantName(now) });
  }
  return [status, h('p#t-medley.small', { attrs: { hidden: !isMedley } }, medley)];
}

/** @param {TournamentCtrl} ctrl */
function myGame(ctrl) {
  const g = ctrl.view?.me?.game;
  if (!g) return h('p#t-mygame.tmygame', { attrs: { hidden: true } });
  return h('p#t-mygame.tmygame', [
    `${t('tour.your_game')} `,
    h(
      'a#t-mygame-link',
      { attrs: { href: `/game/${encodeURIComponent(g.game.id)}` }, on: { click: () => ctrl.openMyGame() } },
      t('tour.go_to_game'),
    ),
  ]);
}

/**
 * Join (with a password field when private), then Withdraw or Pause; a guest is asked to sign in.
 * @param {TournamentCtrl} ctrl
 * @returns {VNode}
 */
function actions(ctrl) {
  const v = ctrl.view;
  if (!v || v.status === 'finished') return h('div#t-actions.tactions');
  if (!me())
    return h('div#t-actions.tactions', [
      h('p', [
        h(
          'a#t-signin',
          { attrs: { href: `/signin?next=${encodeURIComponent(location.pathname)}` } },
          t('tour.signin_join'),
        ),
        ` ${t('tour.accounts_only')}`,
      ]),
    ]);
  const place = v.me;
  const arena = v.kind === 'arena';
  if (place?.joined && !place.withdrawn)
    return h('div#t-actions.tactions', [
      h(
        'button#t-withdraw',
        { key: 'withdraw', attrs: { type: 'button', disabled: ctrl.busy }, on: { click: () => ctrl.withdraw() } },
        t(arena ? 'tour.pause' : 'tour.withdraw'),
      ),
      h('span.muted.small', t(arena ? 'tour.joined_arena' : 'tour.joined_swiss')),
    ]);
  return h('div#t-actions.tactions', [
    v.private
      ? h('input#t-password', {
          key: 'password',
          attrs: {
            type: 'password',
            autocomplete: 'off',
            'aria-label': t('tour.password'),
            placeholder: t('tour.password'),
          },
          props: { value: ctrl.password },
          on: {
            input: (e) => ctrl.typePassword(/** @type {HTMLInputElement} */ (e.target).value),
            keydown: (e) => e.key === 'Enter' && ctrl.join(),
          },
        })
      : null,
    h(
      'button#t-join.primary',
      { key: 'join', attrs: { type: 'button', disabled: ctrl.busy }, on: { click: () => ctrl.join() } },
      t(place?.joined ? 'tour.rejoin' : 'tour.join'),
    ),
    place?.withdrawn ? h('span.muted.small', t(arena ? 'tour.paused' : 'tour.withdrawn')) : null,
  ]);
}

/** @param {TournamentCtrl} ctrl */
export function view(ctrl) {
  const v = ctrl.view;
  const myName = (me() || '').toLowerCase();
  return h('div.tour', [
    h('section.panel.thead', [
      h('div.row.spread', [title(ctrl), conn(ctrl)]),
      v ? facts(v) : h('p#t-facts.tfacts'),
      ...time(v),
      actions(ctrl),
      myGame(ctrl),
      h('p#t-error.error', { attrs: { role: 'alert' } }, refusalView(ctrl.error)),
    ]),
    h('section.panel', { attrs: { 'aria-labelledby': 't-h-standings' } }, [
      h('h2#t-h-standings', t('tour.standings')),
      v ? memo(ctrl, 'standings', [v, myName], () => standings(v, myName)) : h('div#t-standings.tstandings'),
      v ? memo(ctrl, 'scoring', [v.kind, v.berserk], () => scoring(v)) : h('div#t-scoring.tscoring.small'),
    ]),
    h('section.panel', { attrs: { 'aria-labelledby': 't-h-games' } }, [
      h('h2#t-h-games', t('tour.games')),
      v ? memo(ctrl, 'games', [v], () => gameList(v)) : h('ul#t-games.tgames'),
      v ? memo(ctrl, 'byes', [v], () => byes(v)) : h('p#t-byes.small.muted', { attrs: { hidden: true } }),
    ]),
  ]);
}
