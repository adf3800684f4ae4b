// @ts-check
// What a player or a visitor can do beside the board: abort, resign and claim the win (each asking a
// confirmation first, which takes the focus and gives it back), the "Play as …" form of a waiting
// game, the invite link, and the seat link for another device (built only when asked for, so the
// token is not in the page otherwise).

import { h } from '../../vendor/snabbdom.js';
import { me } from '../../session.js';
import { prefs } from '../../prefs.js';
import { t } from '../../i18n.js';
import { other, sideName } from '../../ui.js';

/** @typedef {import('../ctrl.js').GameCtrl} GameCtrl */
/** @typedef {import('../ctrl.js').Command} Command */
/** @typedef {import('../../vendor/snabbdom.js').VNode} VNode */

/**
 * A command's button, or its question with "Yes" and "No" (`command.{type}`, `command.{type}.ask`,
 * `command.{type}.yes` in the catalog).
 * @param {GameCtrl} ctrl
 * @param {Command} type
 * @param {import('../../i18n.js').Params} [params]
 */
function ask(ctrl, type, params = {}) {
  if (ctrl.confirm === type) {
    return h('span.confirm', { key: `confirm-${type}` }, [
      `${t(`command.${type}.ask`, params)} `,
      h(
        'button.danger.small',
        { attrs: { type: 'button', 'data-confirm': type }, on: { click: () => ctrl.commands.command(type) } },
        t(`command.${type}.yes`),
      ),
      h('button.ghost.small', { attrs: { type: 'button' }, on: { click: () => ctrl.cancel() } }, t('common.no')),
    ]);
  }
  return h(
    'button.small',
    { key: type, attrs: { type: 'button', 'data-command': type }, on: { click: () => ctrl.commands.command(type) } },
    t(`command.${type}`),
  );
}

/** @param {GameCtrl} ctrl */
export function controls(ctrl) {
  const s = ctrl.s;
  const g = s.game;
  /** @type {VNode[]} */
  const items = [];
  if (g && s.seat && g.status !== 'finished') {
    if (ctrl.canAbort()) items.push(ask(ctrl, 'abort'));
    if (g.status === 'ongoing') items.push(ask(ctrl, 'resign'));
    const opp = other(s.seat);
    if (g.status === 'ongoing') items.push(offer(ctrl, 'draw', s.seat, opp));
    if (g.status === 'ongoing' && !g.rated && s.moves.some((m) => m.side === s.seat && !m.auto))
      items.push(offer(ctrl, 'takeback', s.seat, opp));
    if (g.status === 'ongoing' && !s.presence[opp] && s.presence.claimWinAt) {
      const wait = s.presence.claimWinAt - Date.now();
      if (wait <= 0) items.push(ask(ctrl, 'claim_win', { name: ctrl.nameOf(opp) }));
      else
        items.push(
          h(
            'span.muted.small',
            { key: 'claim-wait' },
            t('game.claim_wait', { name: ctrl.nameOf(opp), count: Math.ceil(wait / 1000) }),
          ),
        );
    }
  }
  // After the end: the rematch (the finished game's module draws it once loaded).
  if (ctrl.finished) items.push(...ctrl.finished.rematchControls(ctrl));
  if (g && !s.seat && g.status === 'waiting') items.push(joinForm(ctrl, g.players.south ? 'north' : 'south'));
  return h('div.controls', items);
}

/**
 * "Offer a draw" ("Propose a takeback"), the offer made, or the opponent's with "Accept" and "Decline".
 * @param {GameCtrl} ctrl
 * @param {'draw' | 'takeback'} type
 * @param {'south' | 'north'} seat
 * @param {'south' | 'north'} opp
 */
function offer(ctrl, type, seat, opp) {
  /** @param {'offer' | 'accept' | 'decline'} action @param {string} sel */
  const button = (action, sel) =>
    h(
      sel,
      { attrs: { type: 'button', [`data-${type}`]: action }, on: { click: () => ctrl.commands.offer(type, action) } },
      t(`${type}.${action}`),
    );
  const by = type === 'draw' ? ctrl.s.drawOffer : ctrl.s.takebackOffer;
  if (by === opp) {
    return h('span.confirm', { key: `${type}-offered` }, [
      `${t(`${type}.offered`, { name: ctrl.nameOf(opp) })} `,
      button('accept', 'button.small'),
      button('decline', 'button.ghost.small'),
    ]);
  }
  if (by === seat) return h('span.muted.small', { key: `${type}-mine` }, t(`${type}.mine`));
  return h('span', { key: type }, [button('offer', 'button.small')]);
}

/**
 * A signed-in person joins as their account; a guest under the name typed here.
 * @param {GameCtrl} ctrl
 * @param {'south' | 'north'} open
 */
function joinForm(ctrl, open) {
  const guest = !me();
  /** @param {Event} e */
  const submit = (e) => {
    e.preventDefault();
    const form = /** @type {HTMLFormElement} */ (e.target);
    const input = /** @type {HTMLInputElement | null} */ (form.querySelector('#join-name'));
    if (input) prefs.name = input.value;
    ctrl.join(input ? input.value : '');
  };
  return h(
    'form.join',
    { key: 'join', on: { submit } },
    [
      guest
        ? h('input#join-name', {
            attrs: { maxlength: 24, placeholder: t('game.join_name_placeholder'), 'aria-label': t('common.your_name') },
            props: { value: prefs.name || '' },
          })
        : null,
      h('button#join.primary', { attrs: { type: 'submit' } }, t('game.play_as', { side: sideName(open) })),
    ].filter((x) => x !== null),
  );
}

/**
 * The invite link while the game waits for an opponent.
 * @param {GameCtrl} ctrl
 */
export function invite(ctrl) {
  const g = ctrl.s.game;
  if (!g || g.status !== 'waiting' || !ctrl.s.seat) return h('div.invite');
  const link = `${location.origin}/game/${g.id}`;
  return h(
    'div.invite',
    [
      h('p', t('game.invite_send')),
      copyRow(ctrl, 'invite', link, { id: 'invite-link', 'aria-label': t('game.invite_link') }),
      g.inviteCode ? h('p.muted.small', t('game.invite_code', { code: g.inviteCode })) : null,
    ].filter((x) => x !== null),
  );
}

/**
 * A read-only field and its Copy button.
 * @param {GameCtrl} ctrl
 * @param {string} which
 * @param {string} value
 * @param {Record<string, string>} attrs
 */
function copyRow(ctrl, which, value, attrs) {
  return h('div.copy-row', { key: which }, [
    h('input', { attrs: { readonly: true, ...attrs }, props: { value } }),
    h(
      'button.small',
      {
        attrs: { type: 'button' },
        on: {
          click: (e) => {
            const row = /** @type {HTMLElement} */ (e.currentTarget).parentElement;
            const field = /** @type {HTMLInputElement} */ (row?.querySelector('input'));
            ctrl.copy(field, which);
          },
        },
      },
      ctrl.copied === which ? t('common.copied') : t('common.copy'),
    ),
  ]);
}

/**
 * Continue on another device: the player's own link, built when asked for.
 * @param {GameCtrl} ctrl
 */
export function seatLink(ctrl) {
  const s = ctrl.s;
  if (!s.seat || s.game?.status === 'finished') return h('div.seat-link');
  if (!ctrl.seatLinkOpen) {
    return h('div.seat-link', [
      h(
        'button#seat-link.small.ghost',
        { attrs: { type: 'button' }, on: { click: () => ctrl.openSeatLink() } },
        t('game.seat_link'),
      ),
    ]);
  }
  const token = ctrl.seatToken();
  return h(
    'div.seat-link',
    token
      ? [
          copyRow(ctrl, 'seat', `${location.origin}/game/${ctrl.id}#seat=${token}`, {
            'aria-label': t('game.seat_link_label'),
          }),
          h('p.muted.small', t('game.seat_link_private')),
        ]
      : [],
  );
}
