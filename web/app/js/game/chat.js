// @ts-check
// The game's chat panel, loaded when a person opens the chat: the lines of the rooms this viewer reads
// (a player: the players' room, and the spectators' once the game is over; a spectator: the spectators'),
// a line to say (a player to the opponent; a spectator signed in to the other spectators), and a player's
// "Mute" of the opponent, kept in this browser (`mancala.muted`: the names whose lines are hidden). A
// signed-in reader blocks an account from its line's menu, or the opponent beside "Mute": the server then
// leaves that account's lines out, and the page hides those it has already. Every line is drawn as text,
// never as markup.

import { h } from '../vendor/snabbdom.js';
import { t } from '../i18n.js';
import { me } from '../session.js';
import { errorText, other } from '../ui.js';
import { isBlocked, loadBlocks, needsLoad, setBlocked } from '../blocks.js';
import { lineMenu } from '../linemenu.js';

/** @typedef {import('./ctrl.js').GameCtrl} GameCtrl */

const MUTED = 'mancala.muted';

/** The account whose block the reader is asked to confirm (one question at a time, as the commands'). */
let confirming = /** @type {string | null} */ (null);

/** @returns {string[]} */
function muted() {
  try {
    return JSON.parse(localStorage.getItem(MUTED) || '[]');
  } catch {
    return [];
  }
}

/** @param {string} name */
function toggleMute(name) {
  const now = muted();
  const next = now.includes(name) ? now.filter((n) => n !== name) : [...now, name].slice(-200);
  localStorage.setItem(MUTED, JSON.stringify(next));
}

/**
 * Opens the report dialog, loaded on the first report: the game page stays within its weight budget.
 * @param {Parameters<typeof import('../moderation/report.js').openReport>[0]} what
 */
const openReport = async (what) => (await import('../moderation/report.js')).openReport(what);

/**
 * @param {GameCtrl} ctrl
 */
export function chatPanel(ctrl) {
  const s = ctrl.s;
  if (needsLoad()) loadBlocks().then(() => ctrl.redraw());
  const hidden = muted();
  /** A line of an account (a spectator's, or a registered seat's): the ones a block hides. */
  const account = (/** @type {import('../types.js').ChatLine} */ l) =>
    l.side === null || !!s.game?.players[l.side]?.registered;
  const lines = s.chat.filter((l) => !hidden.includes(l.by) && !(account(l) && isBlocked(l.by)));
  const oppSeat = s.seat ? s.game?.players[other(s.seat)] : null;
  const opp = oppSeat?.name ?? null;
  const mine = me()?.toLowerCase();
  /** @param {string} name @param {boolean} on */
  const setBlock = (name, on) =>
    setBlocked(name, on).then(
      () => ctrl.redraw(),
      (e) => ctrl.say(t('blocks.error', { reason: errorText(e) })),
    );
  /** Block asks first (what it does); unblock acts at once. @param {string} name */
  const blockAction = (name) => {
    const on = !isBlocked(name);
    return {
      id: 'block',
      label: t(on ? 'blocks.block_name' : 'blocks.unblock_name', { name }),
      run: () => (on ? ((confirming = name), ctrl.redraw()) : setBlock(name, false)),
    };
  };
  const question = confirming
    ? h('p#block-confirm.small.confirm', { key: 'block-confirm' }, [
        `${t('blocks.confirm', { name: confirming })} `,
        h(
          'button#block-yes.danger.small',
          {
            attrs: { type: 'button' },
            on: { click: () => (setBlock(/** @type {string} */ (confirming), true), (confirming = null)) },
          },
          t('blocks.yes', { name: confirming }),
        ),
        ' ',
        h(
          'button#block-no.ghost.small',
          { attrs: { type: 'button' }, on: { click: () => ((confirming = null), ctrl.redraw()) } },
          t('common.no'),
        ),
      ])
    : null;
  /** The actions on a line (block, report): those of a signed-in reader on another account's line. */
  const actions = (/** @type {import('../types.js').ChatLine} */ l) => {
    if (!mine || !account(l) || l.by.toLowerCase() === mine) return [];
    const report = {
      id: 'report',
      label: t('chat.report'),
      run: () => openReport({ player: l.by, game: s.game?.id, line: l.n, text: l.text }),
    };
    return l.n ? [blockAction(l.by), report] : [blockAction(l.by)];
  };
  const room = s.seat ? 'players' : 'spectators';
  const canSay = !!s.seat || !!me();
  /** @param {SubmitEvent} e */
  const submit = (e) => {
    e.preventDefault();
    const input = /** @type {HTMLFormElement} */ (e.target).elements.namedItem('line');
    const field = /** @type {HTMLInputElement} */ (input);
    if (!field.value.trim()) return;
    if (!ctrl.socket?.chat(room, field.value)) ctrl.say(t('game.not_connected'));
    field.value = '';
    ctrl.redraw();
  };
  return h('section#chat.chat', { attrs: { 'aria-label': t('chat.title') } }, [
    h('h2.small-h', t(s.seat ? 'chat.players' : 'chat.spectators')),
    h(
      'ol.chat-lines',
      { attrs: { 'aria-live': 'polite' } },
      lines.length
        ? lines.map((l) =>
            h('li', { attrs: { 'data-room': l.room, 'data-by': l.by, 'data-n': l.n ?? '' } }, [
              h('b', `${l.by}${l.room === 'spectators' && s.seat ? ` (${t('chat.spectator')})` : ''}: `),
              l.text,
              lineMenu(t('blocks.line_menu', { name: l.by }), actions(l)),
            ]),
          )
        : [h('li.muted.small', t('chat.none'))],
    ),
    question,
    canSay
      ? h('form.chat-say', { on: { submit } }, [
          h('input', {
            attrs: { name: 'line', maxlength: 140, autocomplete: 'off', 'aria-label': t('chat.say') },
          }),
          h('button.small', { attrs: { type: 'submit' } }, t('chat.send')),
        ])
      : h('p.muted.small', [h('a', { attrs: { href: '/signin' } }, t('chat.sign_in'))]),
    h('p.small', [
      opp
        ? h(
            'button#chat-mute.ghost.small',
            { attrs: { type: 'button' }, on: { click: () => (toggleMute(opp), ctrl.redraw()) } },
            t(hidden.includes(opp) ? 'chat.unmute' : 'chat.mute', { name: opp }),
          )
        : null,
      opp && mine && oppSeat?.registered
        ? h(
            'button#chat-block.ghost.small',
            { attrs: { type: 'button' }, on: { click: () => blockAction(opp).run() } },
            blockAction(opp).label,
          )
        : null,
      opp && s.seat && me() && s.game?.players[other(s.seat)]?.registered
        ? h(
            'button#report-opponent.ghost.small',
            { attrs: { type: 'button' }, on: { click: () => openReport({ player: opp, game: s.game?.id }) } },
            t('chat.report_opponent', { name: opp }),
          )
        : null,
      h(
        'button.ghost.small',
        { attrs: { type: 'button' }, on: { click: () => ((ctrl.chatOpen = false), ctrl.redraw()) } },
        t('chat.hide'),
      ),
    ]),
  ]);
}
