// @ts-check
// A tournament's standings (rank, name with a BOT mark and "(paused)" or "(withdrawn)", the rating they
// joined with, an arena's score sheet and streak or a Swiss's tie-breaks, the score; this person's line
// marked), and how its points are scored.

import { h } from '../../vendor/snabbdom.js';
import { t } from '../../i18n.js';
import { halves, quarters } from '../words.js';

/** @typedef {import('../../net/tournamentwire.js').TournamentView} TournamentView */
/** @typedef {import('../../net/tournamentwire.js').StandingLine} StandingLine */

/** @param {boolean} arena */
function head(arena) {
  /** @param {string} text @param {string} [title] */
  const num = (text, title) => h('th.num', { attrs: title ? { scope: 'col', title } : { scope: 'col' } }, text);
  return h('tr', [
    num('#'),
    h('th', { attrs: { scope: 'col' } }, t('tour.player')),
    num(t('tour.rating')),
    ...(arena
      ? [h('th.sheet-col', { attrs: { scope: 'col' } }, t('tour.sheet'))]
      : [
          num(t('tour.buchholz'), t('tour.buchholz_long')),
          num(t('tour.cut1'), t('tour.cut1_long')),
          num(t('tour.sb'), t('tour.sb_long')),
          num(t('tour.wins')),
        ]),
    num(t('tour.score')),
  ]);
}

/**
 * @param {StandingLine} l
 * @param {boolean} arena
 * @param {string} myName this person's name in lower case ('' for a guest)
 */
function row(l, arena, myName) {
  return h(
    'tr',
    {
      key: l.name,
      attrs: { 'data-player': l.name },
      class: { mine: l.name.toLowerCase() === myName, withdrawn: l.withdrawn },
    },
    [
      h('td.num', String(l.rank)),
      h('td.pname-cell', [
        h('a', { attrs: { href: `/@/${encodeURIComponent(l.name)}` } }, l.name),
        l.bot ? h('span.bot-mark', { attrs: { title: t('tour.bot_long') } }, t('tour.bot')) : null,
        l.withdrawn ? h('span.muted.small', ` ${t(arena ? 'tour.paused_mark' : 'tour.withdrawn_mark')}`) : null,
      ]),
      h('td.num.rating', String(l.rating)),
      ...(arena
        ? [
            h('td.sheet', { attrs: { 'aria-label': t('tour.sheet_label', { points: (l.sheet || []).join(' ') }) } }, [
              ...(l.sheet || []).map((p) => h('span', { class: { double: p >= 4 } }, String(p))),
              l.fire ? h('span.fire', { attrs: { title: t('tour.fire'), 'aria-label': t('tour.fire') } }, '×2') : null,
            ]),
          ]
        : [
            h('td.num', halves(l.tieBreaks?.buchholz ?? 0)),
            h('td.num', halves(l.tieBreaks?.buchholzCut1 ?? 0)),
            h('td.num', quarters(l.tieBreaks?.sonnebornBerger ?? 0)),
            h('td.num', String(l.tieBreaks?.wins ?? 0)),
          ]),
      h('td.num.score', [h('strong', arena ? String(l.score) : halves(l.score))]),
    ],
  );
}

/**
 * @param {TournamentView} v
 * @param {string} myName
 */
export function standings(v, myName) {
  if (!v.standings.length) return h('div#t-standings.tstandings', [h('p.muted', t('tour.nobody'))]);
  const arena = v.kind === 'arena';
  return h('div#t-standings.tstandings', [
    h('div.table-scroll', [
      h('table#standings.ratings.standings', [
        h('thead', [head(arena)]),
        h(
          'tbody',
          v.standings.map((l) => row(l, arena, myName)),
        ),
      ]),
    ]),
  ]);
}

/**
 * How the points of the standings are scored, and berserk where the arena allows it.
 * @param {TournamentView} v
 */
export function scoring(v) {
  const lines =
    v.kind === 'arena'
      ? [
          t('tour.scoring.arena'),
          t('tour.scoring.streak'),
          t('tour.scoring.early'),
          t(v.berserk ? 'tour.scoring.berserk' : 'tour.scoring.no_berserk'),
        ]
      : [t('tour.scoring.swiss')];
  return h('div#t-scoring.tscoring.small', [
    h('h3', t('tour.scoring.title')),
    h(
      'ul',
      lines.map((l) => h('li', l)),
    ),
  ]);
}
