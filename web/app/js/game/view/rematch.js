// @ts-check
// After the end: a player's "Rematch" (sides swapped; or the opponent's offer with "Accept" and
// "Decline", or one's own offer with "Cancel") and "New opponent" (quick pairing again with the same
// settings); a spectator's link to the rematch once it is made; in a tournament's game, only the way back
// to the tournament. Part of the finished game's module.

import { h } from '../../vendor/snabbdom.js';
import { t } from '../../i18n.js';
import { clockKey } from '../../clocks.js';
import { other } from '../../ui.js';

/** @typedef {import('../ctrl.js').GameCtrl} GameCtrl */
/** @typedef {import('../../vendor/snabbdom.js').VNode} VNode */

/**
 * The tournament this tab's tournament page opened game `id` from (tournament/opened.js keeps them, under this key).
 * @param {string} id
 * @returns {string | null}
 */
function tournamentOf(id) {
  try {
    return JSON.parse(sessionStorage.getItem('mancala.tournament.games') || '{}')[id] || null;
  } catch {
    return null;
  }
}

/**
 * @param {GameCtrl} ctrl
 * @returns {VNode[]}
 */
export function rematchControls(ctrl) {
  const s = ctrl.s;
  const g = s.game;
  if (!g || g.status !== 'finished') return [];
  if (s.rematch) {
    return [h('a.button.small', { key: 'rematch-go', attrs: { href: `/game/${s.rematch.game}` } }, t('rematch.go'))];
  }
  if (!s.seat) return [];
  // A tournament's game (opened from its page in this tab): back to the tournament, which sends the
  // player to their next game; no rematch.
  const tournament = tournamentOf(g.id);
  if (tournament) {
    return [
      h(
        'a.button.small.primary',
        {
          key: 'tournament',
          attrs: { href: `/tournament/${encodeURIComponent(tournament)}`, id: 'back-to-tournament' },
        },
        t('rematch.tournament'),
      ),
    ];
  }
  const opp = other(s.seat);
  /** @param {'offer' | 'accept' | 'decline' | 'cancel'} action @param {string} sel */
  const button = (action, sel) =>
    h(
      sel,
      {
        key: `rematch-${action}`,
        attrs: { type: 'button', 'data-rematch': action },
        on: { click: () => ctrl.commands.rematch(action) },
      },
      t(`rematch.${action}`),
    );
  /** @type {VNode[]} */
  const items = [];
  if (s.rematchOffer === opp) {
    items.push(
      h('span.confirm', { key: 'rematch-offered' }, [
        `${t('rematch.offered', { name: ctrl.nameOf(opp) })} `,
        button('accept', 'button.small'),
        button('decline', 'button.ghost.small'),
      ]),
    );
  } else if (s.rematchOffer === s.seat) {
    items.push(
      h('span.muted.small', { key: 'rematch-mine' }, t('rematch.mine')),
      button('cancel', 'button.ghost.small'),
    );
  } else {
    items.push(button('offer', 'button.small'));
  }
  const clock = g.clock;
  if (clock && !g.players[opp]?.name.startsWith('bot-')) {
    const pair = `${g.variant}.${clockKey(clock)}${g.rated ? '.rated' : ''}`;
    items.push(
      h(
        'a.button.ghost.small',
        { key: 'new-opponent', attrs: { href: `/?pair=${encodeURIComponent(pair)}` } },
        t('rematch.new_opponent'),
      ),
    );
  }
  return items;
}
