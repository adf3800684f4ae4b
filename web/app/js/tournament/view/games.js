// @ts-check
// A tournament's games, newest first (the wave or round, South – North as a link to watch it, "playing"
// or the result with its reason, a medley's game), and a Swiss's byes under them.

import { h } from '../../vendor/snabbdom.js';
import { has, t } from '../../i18n.js';
import { variantName } from '../../ui.js';

/** @typedef {import('../../net/tournamentwire.js').TournamentView} TournamentView */
/** @typedef {import('../../net/tournamentwire.js').TournamentGame} TournamentGame */

/**
 * @param {TournamentView} v
 * @param {TournamentGame} g
 */
function gameLine(v, g) {
  const result = !g.over ? t('tour.playing') : g.winner === 'south' ? '1–0' : g.winner === 'north' ? '0–1' : '½–½';
  const why = g.over && g.reason ? (has(`reason.${g.reason}`) ? t(`reason.${g.reason}`) : g.reason) : '';
  return h('li', { key: g.id, attrs: { 'data-game': g.id } }, [
    h('a.game-link', { attrs: { href: `/game/${encodeURIComponent(g.id)}` } }, [
      h('span.muted.small.tround', t(v.kind === 'swiss' ? 'tour.round_n' : 'tour.wave_n', { n: g.round })),
      ' ',
      h('strong', `${g.south} – ${g.north}`),
    ]),
    h('span.tresult', { class: { live: !g.over } }, result),
    why ? h('span.muted.small', why) : null,
    v.variants.length > 1 ? h('span.muted.small', variantName(g.variant)) : null,
  ]);
}

/** @param {TournamentView} v */
export function gameList(v) {
  return h(
    'ul#t-games.tgames',
    v.games.length ? v.games.map((g) => gameLine(v, g)) : [h('li.muted', { key: 'none' }, t('tour.no_games'))],
  );
}

/** @param {TournamentView} v */
export function byes(v) {
  return h(
    'p#t-byes.small.muted',
    { attrs: { hidden: !v.byes.length } },
    v.byes.map((b) => t('tour.bye', { round: b.round, name: b.name })).join(' · '),
  );
}
