// @ts-check
// The game's chat panel, loaded when a person opens the chat: the lines of the rooms this viewer reads
// (a player: the players' room, and the spectators' once the game is over; a spectator: the spectators'),
// a line to say (a player to the opponent; a spectator signed in to the other spectators), and a player's
// "Mute" of the opponent, kept in this browser (`mancala.muted`: the names whose lines are hidden). Every
// line is drawn as text, never as markup.

import { h } from '../vendor/snabbdom.js';
import { t } from '../i18n.js';
import { me } from '../session.js';
import { other } from '../ui.js';

/** @typedef {import('./ctrl.js').GameCtrl} GameCtrl */

const MUTED = 'mancala.muted';

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
 * @param {GameCtrl} ctrl
 */
export function chatPanel(ctrl) {
  const s = ctrl.s;
  const hidden = muted();
  const lines = s.chat.filter((l) => !hidden.includes(l.by));
  const opp = s.seat ? s.game?.players[other(s.seat)]?.name : null;
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
            h('li', { attrs: { 'data-room': l.room } }, [
              h('b', `${l.by}${l.room === 'spectators' && s.seat ? ` (${t('chat.spectator')})` : ''}: `),
              l.text,
            ]),
          )
        : [h('li.muted.small', t('chat.none'))],
    ),
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
      h(
        'button.ghost.small',
        { attrs: { type: 'button' }, on: { click: () => ((ctrl.chatOpen = false), ctrl.redraw()) } },
        t('chat.hide'),
      ),
    ]),
  ]);
}
