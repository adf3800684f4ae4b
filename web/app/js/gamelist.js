// @ts-check
// A list of games (lobby, history, a player's games): one line per game with a link to it, and a
// Join button on games that wait for an opponent. On a player's page each finished game says whether
// that player won, lost or drew. Drawn as snabbdom vnodes, which the
// pages' views place.

import { has, t } from './i18n.js';
import { resultText, shownName, timeControl, variantName, when } from './ui.js';
import { h } from './vendor/snabbdom.js';

/**
 * @param {import('./types.js').Game[]} games
 * @param {{onJoin?: (g: import('./types.js').Game) => void, empty?: string, player?: string}} [o]
 */
export function gameList(games, { onJoin, empty = t('games.none'), player } = {}) {
  if (!games.length) return h('p.muted', empty);
  return h(
    'ul.games',
    games.map((g) => {
      const l = gameLine(g, player);
      return h('li', { key: g.id, attrs: { 'data-game': g.id } }, [
        h('a.game-link', { attrs: { href: `/game/${g.id}` } }, [
          h('strong', l.title),
          ' ',
          h('span', l.who),
          ' ',
          h('span.muted', `${l.clock} · `),
          l.kind
            ? h('span', { attrs: { class: `result ${l.kind}`, 'data-result': l.kind } }, l.state)
            : h('span.muted', l.state),
        ]),
        h('span.muted.small', when(g.createdAt)),
        onJoin && g.status === 'waiting'
          ? h('button.small', { attrs: { type: 'button' }, on: { click: () => onJoin(g) } }, t('list.join'))
          : null,
      ]);
    }),
  );
}

/** @param {import('./types.js').Player | null} p */
function playerName(p) {
  return p ? shownName(p.name) : '—';
}

/**
 * A finished game's result for one of its players: won, lost or drawn.
 * @param {import('./types.js').Game} g
 * @param {string} name
 */
function resultFor(g, name) {
  const o = g.result;
  const low = name.toLowerCase();
  const seat =
    g.players.south?.name.toLowerCase() === low
      ? 'south'
      : g.players.north?.name.toLowerCase() === low
        ? 'north'
        : null;
  if (!o || !seat || o.reason === 'aborted') return { text: resultText(o, g.players, null), kind: '' };
  const kind = !o.winner ? 'drawn' : o.winner === seat ? 'won' : 'lost';
  const reason = has(`reason.${o.reason}`) ? t(`reason.${o.reason}`) : o.reason;
  return { text: t(`list.${kind}`, { reason }), kind };
}

/**
 * A game as a line of a list; `player` names whose list it is (a finished game then says won, lost
 * or drawn).
 * @param {import('./types.js').Game} g
 * @param {string} [player]
 */
function gameLine(g, player) {
  const who = `${playerName(g.players.south)} – ${playerName(g.players.north)}`;
  const width = g.variant === 'njombwa' && g.options.width && g.options.width !== 8 ? ` 4x${g.options.width}` : '';
  const result = player ? resultFor(g, player) : { text: resultText(g.result, g.players, null), kind: '' };
  const state =
    g.status === 'finished'
      ? result.text
      : g.status === 'waiting'
        ? t('list.waiting')
        : t('list.moves', { count: g.plies });
  const title = `${variantName(g.variant)}${width}`;
  return { title, who, clock: timeControl(g.clock), state, kind: g.status === 'finished' ? result.kind : '' };
}
