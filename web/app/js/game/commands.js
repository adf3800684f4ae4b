// @ts-check
// What a player asks of the game over the socket, beside the decisions: resign, abort and claim the win
// (each confirmed first: the confirmation asked is the controller's `confirm`), berserk, draw and takeback
// offers and their answers, the rematch; and going to the rematch once it is made. Each says "not
// connected" when the socket cannot send. The controller (ctrl.js) holds one; the views call it.

import { t } from '../i18n.js';
import { keepSeat } from '../prefs.js';
import { go } from '../router.js';

/** @typedef {import('./ctrl.js').GameCtrl} GameCtrl */
/** @typedef {'resign' | 'abort' | 'claim_win'} Command */

export class Commands {
  /** @param {GameCtrl} ctrl */
  constructor(ctrl) {
    this.ctrl = ctrl;
  }

  /**
   * The first press asks for a confirmation; the second (the "Yes" button) sends.
   * @param {Command} type
   */
  command(type) {
    const c = this.ctrl;
    if (c.confirm !== type) {
      c.confirm = type;
      c.focusNext = `[data-confirm="${type}"]`;
      c.redraw();
      return;
    }
    c.confirm = null;
    this.sent(!!c.socket?.command(type));
  }

  /** Berserks: half the clock for an extra point on a win (an arena's game); sent at once, as on lichess. */
  berserk() {
    this.sent(!!this.ctrl.socket?.command('berserk'));
  }

  /**
   * May the player berserk now? In a game that allows it, once, before their first decision of their own.
   * @returns {boolean}
   */
  canBerserk() {
    const s = this.ctrl.s;
    const g = s.game;
    if (!g?.berserk || !s.seat || g.status !== 'ongoing' || g.berserk[s.seat]) return false;
    return !s.moves.some((m) => m.side === s.seat && !m.auto);
  }

  /**
   * Offers a draw or proposes a takeback, or accepts or declines the opponent's.
   * @param {'draw' | 'takeback'} type
   * @param {'offer' | 'accept' | 'decline'} action
   */
  offer(type, action) {
    const sent = type === 'takeback' && action === 'offer' ? 'propose' : action;
    this.sent(!!this.ctrl.socket?.offer(type, sent));
  }

  /**
   * Offers a rematch, answers the opponent's offer, or cancels one's own.
   * @param {'offer' | 'accept' | 'decline' | 'cancel'} action
   */
  rematch(action) {
    this.sent(!!this.ctrl.socket?.rematch(action));
  }

  /**
   * The rematch was made: a player goes to it with its new seat.
   * @param {{type: 'rematch', next: import('../types.js').NextGame}} m
   */
  rematched(m) {
    this.ctrl.applyState(m);
    const seat = m.next.seat;
    if (seat) {
      keepSeat(m.next.game, seat.token, seat.seat);
      go(`/game/${m.next.game}`);
    }
  }

  /** @param {boolean} ok whether the socket took the message */
  sent(ok) {
    if (!ok) this.ctrl.message = t('game.not_connected');
    this.ctrl.redraw();
  }
}
