// @ts-check
// The tournaments' list page as a pure function of its controller (list.js): the intro, the form of a new
// tournament for a signed-in person (form.js) or the invitation to sign in, then the running, upcoming
// and finished tournaments, each a line with its facts and its countdown. pages/tournaments.js patches it.

import { h } from '../../vendor/snabbdom.js';
import { t } from '../../i18n.js';
import { timeControl } from '../../ui.js';
import { at, kindText, lockMark, timeText, tournamentName, variantsText } from '../words.js';
import { createForm } from './form.js';

/** @typedef {import('../list.js').TournamentListCtrl} TournamentListCtrl */
/** @typedef {import('../../net/tournamentwire.js').TournamentSummary} TournamentSummary */

/**
 * A tournament of a list.
 * @param {TournamentSummary} s
 */
function line(s) {
  return h('li', { key: s.id, attrs: { 'data-tournament': s.id } }, [
    h('div.tline-head', [
      h('a.tname', { attrs: { href: `/tournament/${encodeURIComponent(s.id)}` } }, tournamentName(s)),
      s.private ? lockMark() : null,
      h('span.badge', kindText(s)),
    ]),
    h('div.tline-info.muted.small', [
      h('span', variantsText(s.variants)),
      h('span', timeControl(s.clock)),
      h('span', t(s.rated ? 'tour.rated' : 'tour.casual')),
      h('span', t('tour.players', { count: s.players })),
      s.status === 'finished'
        ? h('span', at(s.endsAt || s.startsAt))
        : h('span.ttime', { attrs: { 'data-time': s.id } }, timeText(s)),
      s.status === 'upcoming' ? h('span', at(s.startsAt)) : null,
    ]),
  ]);
}

/**
 * @param {TournamentListCtrl} ctrl
 * @param {'running' | 'upcoming' | 'finished'} k
 */
function section(ctrl, k) {
  const items = ctrl.lists?.[k];
  return h('section.panel', { key: k, attrs: { 'aria-labelledby': `tour-h-${k}` } }, [
    h(`h2#tour-h-${k}`, t(`tour.list.${k}`)),
    h(
      `ul#tour-${k}.tlist`,
      !items
        ? [h('li.muted', { key: 'loading' }, t('common.loading'))]
        : items.length
          ? items.map(line)
          : [h('li.muted', { key: 'none' }, t(`tour.none.${k}`))],
    ),
  ]);
}

/** @param {TournamentListCtrl} ctrl */
export function view(ctrl) {
  return h('div.tour-page', [
    h('section.panel', { key: 'head' }, [
      h('h1', t('tour.title')),
      h('p.muted', t('tour.intro')),
      h('div#tour-create', [
        ctrl.form
          ? createForm(ctrl.form)
          : h('p', [
              h('a', { attrs: { href: '/signin?next=/tournaments' } }, t('tour.signin')),
              ` ${t('tour.signin_why')}`,
            ]),
      ]),
      h('p#tour-list-error.error', { attrs: { role: 'alert' } }, ctrl.error),
    ]),
    section(ctrl, 'running'),
    section(ctrl, 'upcoming'),
    section(ctrl, 'finished'),
  ]);
}
