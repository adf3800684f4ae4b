// @ts-check
// The player bars above and below the board (presence dot, name, rating, side, store, secret choice,
// clock) and the rating change of a finished rated game. Each bar is redrawn only when what it shows
// changed, so a ticking clock redraws its own bar only.

import { h } from '../../vendor/snabbdom.js';
import { t } from '../../i18n.js';
import { clockText, shownName, sideName } from '../../ui.js';
import { LOW_MS } from '../clock.js';
import { memo } from './memo.js';

/** @typedef {import('../ctrl.js').GameCtrl} GameCtrl */
/** @typedef {import('../../types.js').Side} Side */
/** @typedef {import('../../vendor/snabbdom.js').VNode} VNode */

/** @param {number} d */
export const signed = (d) => (d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '±0');
/** @param {number} d */
const diffClass = (d) => ({ up: d > 0, down: d < 0 });

/** @param {string} c */
function choiceWord(c) {
  if (c === 'hidden') return t('choice.hidden');
  if (c === 'pending') return t('choice.pending');
  return t('choice.array', { array: c.split(':')[1] });
}

/**
 * A bar: `where` is 'top' or 'bottom'.
 * @param {GameCtrl} ctrl
 * @param {'top' | 'bottom'} where
 * @returns {VNode}
 */
export function playerBar(ctrl, where) {
  const s = ctrl.s;
  const bottom = ctrl.bottomSide();
  /** @type {Side} */
  const side = where === 'bottom' ? bottom : bottom === 'south' ? 'north' : 'south';
  const sel = `div.player.${where}-player`;
  const g = s.game;
  if (!g) return h(sel, { key: where });
  const p = g.players[side];
  const left = ctrl.clock.millis(side);
  const b = s.board;
  const turn = !!b && (b.toMove === side || (b.toMove === 'both' && b.waiting.includes(side)));
  const change = g.result?.ratings?.[side] || null;
  const rating = ctrl.ratingOf[side];
  const store = b?.variant === 'azigo' ? b.stores[side] : undefined;
  const choice = b && (b.toMove === 'both' || b.choices[side] !== 'pending') ? b.choices[side] : null;
  const clock = left === null ? null : clockText(left);
  const running = ctrl.clock.isRunning(side);
  const low = left !== null && left < LOW_MS;
  const toMove = turn && g.status === 'ongoing';
  const berserked = !!g.berserk?.[side];
  const canBerserk = side === s.seat && ctrl.commands.canBerserk();
  const deps = [
    berserked,
    canBerserk,
    side,
    where,
    p?.name,
    p?.registered,
    s.presence[side],
    change,
    rating,
    s.seat,
    store,
    choice,
    clock,
    running,
    low,
    toMove,
  ];
  return memo(ctrl, `bar-${where}`, deps, () => {
    const here = !!s.presence[side];
    const bits = [
      h(`span.dot.${here ? 'on' : 'off'}`, { attrs: { title: t(here ? 'presence.here' : 'presence.away') } }, [
        h('span.sr-only', t(here ? 'presence.here' : 'presence.away')),
      ]),
      p?.registered
        ? h('a.pname', { attrs: { href: `/@/${encodeURIComponent(p.name)}` } }, p.name)
        : h('strong.pname', p ? shownName(p.name) : t('game.open_seat')),
      ratingBits(side, change, rating),
      h('span.muted', ` ${side === s.seat ? t('game.side_you', { side: sideName(side) }) : sideName(side)}`),
      store === undefined
        ? null
        : h(
            'span.store',
            { attrs: { 'data-store': side } },
            store === null ? t('store.hidden') : t('store.count', { count: store }),
          ),
      choice === null ? null : h('span.choice', { attrs: { 'data-choice-of': side } }, choiceWord(choice)),
      clock === null ? null : h('span.clock', { class: { running, low }, attrs: { 'data-clock': side } }, clock),
      berserked
        ? h(
            'span.berserked',
            {
              attrs: { 'data-berserked': side, title: t('berserk.done'), role: 'img', 'aria-label': t('berserk.done') },
            },
            '⚔',
          )
        : null,
      canBerserk
        ? h(
            'button.small.berserk',
            {
              attrs: { type: 'button', 'data-berserk': side, title: t('berserk.hint') },
              on: { click: () => ctrl.commands.berserk() },
            },
            `⚔ ${t('berserk.button')}`,
          )
        : null,
    ];
    return h(
      sel,
      { key: where, class: { 'to-move': toMove } },
      bits.filter((x) => x !== null),
    );
  });
}

/**
 * A player's rating beside the name: before the game and the change once a rated game is over, else
 * the current rating in this variant (registered players).
 * @param {Side} side
 * @param {import('../../types.js').RatingChange | null} change
 * @param {import('../../types.js').Rating | null} r
 */
function ratingBits(side, change, r) {
  if (change) {
    const d = change.after - change.before;
    return h('span.prating', { attrs: { 'data-rating': side } }, [
      ` ${change.before}${change.provisional ? '?' : ''} `,
      h('span.diff', { class: diffClass(d) }, signed(d)),
    ]);
  }
  return r ? h('span.prating', { attrs: { 'data-rating': side } }, ` ${r.rating}${r.provisional ? '?' : ''}`) : null;
}

/**
 * The rating changes of a finished rated game, one line per player.
 * @param {GameCtrl} ctrl
 */
export function ratingLine(ctrl) {
  const g = ctrl.s.game;
  const r = g?.status === 'finished' ? g.result?.ratings : null;
  return memo(ctrl, 'rating-line', [r], () =>
    h(
      'p#rating-change.rating-change',
      !g || !r
        ? []
        : /** @type {Side[]} */ (['south', 'north']).map((side) => {
            const c = r[side];
            const d = c.after - c.before;
            return h('span.change', { attrs: { 'data-change': side } }, [
              `${ctrl.nameOf(side)}: ${c.before} → ${c.after}${c.provisional ? '?' : ''} `,
              h('span.diff', { class: diffClass(d) }, `(${signed(d)})`),
            ]);
          }),
    ),
  );
}
