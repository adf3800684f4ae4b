// @ts-check
// The whole game page as a pure function of the controller's state: the board column (player bars,
// board, caption) and the side column (title, kind, connection, status, rating change, note, choices,
// controls, invite, replay, review, view options, moves, seat link). pages/game.js patches it on every redraw.

import { h } from '../../vendor/snabbdom.js';
import { SPEEDS } from '../../board/anim.js';
import { prefs } from '../../prefs.js';
import { t } from '../../i18n.js';
import { decisionText, resultText, sideName, timeControl } from '../../ui.js';
import { decisions } from '../../gamestate.js';
import { boardBox, caption, choices, previewLine } from './board.js';
import { controls, invite, seatLink } from './controls.js';
import { moveList } from './moves.js';
import { playerBar, ratingLine } from './players.js';

/** @typedef {import('../ctrl.js').GameCtrl} GameCtrl */

/** @param {string} status */
const connWords = (status) => (['open', 'gone', 'done'].includes(status) ? '' : t(`conn.${status}`));

/**
 * The status line: whose move it is, the result, or what the page waits for.
 * @param {GameCtrl} ctrl
 */
export function statusText(ctrl) {
  const s = ctrl.s;
  if (!s.game || !s.board) return t('game.status.connecting');
  if (s.game.status === 'waiting') return t('game.status.waiting');
  // The result once the board has finished sowing the move that ended the game, not over it.
  if (s.game.status === 'finished')
    return ctrl.sowingLeft()
      ? t('game.status.last_sowing')
      : resultText(s.game.result || s.board.outcome, s.game.players, s.seat);
  if (s.awaitingBoard) return t('game.status.forced');
  if (ctrl.socket?.pending) return t('game.status.sending', { decision: decisionText(ctrl.socket.pending.decision) });
  const me = s.seat;
  if (s.board.toMove === 'both') {
    if (me && s.board.waiting.includes(me)) return t('game.status.choose');
    return t(s.board.waiting.length > 1 ? 'game.status.both_choose' : 'game.status.other_chooses', {
      side: sideName(s.board.waiting[0] || ''),
    });
  }
  if (me && s.board.toMove === me) {
    if (!s.board.legal.length) return t('game.status.your_move_wait');
    // The viewer's own last decision did not end the turn (its steps say; after a reload, without them:
    // it is the viewer's and not a secret choice of arrays).
    const last = s.moves[s.moves.length - 1];
    if (
      last?.side !== me ||
      !(last.steps ? !last.steps.some((x) => x.type === 'turn_end') : !/^opening:/.test(last.decision || 'opening:'))
    )
      return t('game.status.your_move');
    const holes = [...decisions(s.board.legal).byHole.keys()];
    return t(
      holes.length === 1
        ? 'game.status.goes_on_at'
        : holes.length
          ? 'game.status.goes_on'
          : 'game.status.goes_on_choose',
      {
        hole: holes[0],
      },
    );
  }
  return t('game.status.to_move', { side: sideName(s.board.toMove || '') });
}

/** The first moves' countdown (games between people). @param {GameCtrl} ctrl */
function abortLine(ctrl) {
  const s = ctrl.s;
  const at = s.game?.status === 'ongoing' && s.board ? s.presence.abortAt : null;
  if (!at || !s.board) return h('p#abort-wait', { attrs: { hidden: true } });
  const count = Math.max(0, Math.ceil((at - Date.now()) / 1000));
  const late = s.board.toMove === 'both' ? s.board.waiting : [s.board.toMove];
  const key = s.seat && late.includes(s.seat) ? '_you' : late.length > 1 ? '_both' : '';
  return h('p#abort-wait.muted.small', t(`game.abort_wait${key}`, { count, side: sideName(late[0] || '') }));
}

/**
 * A finished game's winner for the tests and the style: `south`, `north` or `draw` (false: not over, or
 * its last move still being sown).
 * @param {GameCtrl} ctrl
 */
function winner(ctrl) {
  const g = ctrl.s.game;
  const o = g?.status === 'finished' && !ctrl.sowingLeft() ? g.result || ctrl.s.board?.outcome : null;
  return o ? o.winner || 'draw' : false;
}

/** @param {GameCtrl} ctrl */
function viewOptions(ctrl) {
  return h('div.view-opts', [
    h(
      'select#speed',
      {
        attrs: { 'aria-label': t('game.speed') },
        props: { value: ctrl.speed },
        on: { change: (e) => ctrl.setSpeed(/** @type {HTMLSelectElement} */ (e.target).value) },
      },
      Object.keys(SPEEDS).map((k) =>
        h('option', { attrs: { value: k }, props: { selected: k === ctrl.speed } }, t(`speed.${k}`)),
      ),
    ),
    h(
      'button#skip.small.ghost',
      { attrs: { type: 'button', hidden: !ctrl.frame }, on: { click: () => ctrl.skip() } },
      t('game.skip'),
    ),
    h('button.small.ghost', { attrs: { type: 'button' }, on: { click: () => ctrl.flip() } }, t('game.flip')),
    h(
      'button#sound.small.ghost',
      {
        attrs: { type: 'button', 'aria-pressed': String(prefs.sound) },
        on: { click: () => ((prefs.sound = !prefs.sound), ctrl.redraw()) },
      },
      t('game.sound'),
    ),
  ]);
}

/** @param {GameCtrl} ctrl */
export function view(ctrl) {
  const g = ctrl.s.game;
  if (ctrl.status === 'gone') {
    // An address that names no game: only what applies.
    return h('div.game.gone', [
      h('section.panel', [
        h('h1.game-title', t('game.none')),
        h('p#note.error', { attrs: { role: 'alert' } }, ctrl.message),
        h('p.links', [h('a', { attrs: { href: '/' } }, t('game.none_play'))]),
      ]),
    ]);
  }
  const kind = g ? `${t(g.rated ? 'game.rated' : 'game.casual')} · ${timeControl(g.clock)}` : '';
  return h('div.game', [
    h('div.board-col', [
      playerBar(ctrl, 'top'),
      boardBox(ctrl),
      playerBar(ctrl, 'bottom'),
      caption(ctrl),
      previewLine(ctrl),
      ctrl.finished?.mistakePanel(ctrl),
    ]),
    h('aside.side-col', [
      h('h1.game-title', ctrl.title()),
      h('p#game-kind.muted.small', kind),
      ctrl.tournament?.line(),
      h('span#conn.conn', { attrs: { 'data-state': ctrl.status } }, connWords(ctrl.status)),
      h(
        'span#watching.muted.small',
        ctrl.s.presence.watching ? t('game.watching', { count: ctrl.s.presence.watching }) : '',
      ),
      h('p#status.status', { attrs: { 'aria-live': 'polite', 'data-winner': winner(ctrl) } }, statusText(ctrl)),
      abortLine(ctrl),
      ratingLine(ctrl),
      h('p#note.error', { attrs: { role: 'alert' } }, ctrl.message),
      choices(ctrl),
      controls(ctrl),
      invite(ctrl),
      ctrl.finished?.replayPanel(ctrl),
      ctrl.finished?.reviewPanel(ctrl),
      viewOptions(ctrl),
      ctrl.chat && ctrl.chatOpen
        ? ctrl.chat.chatPanel(ctrl)
        : h(
            'button#chat-open.small.ghost',
            { on: { click: () => ctrl.openChat() } },
            t('chat.open', { count: ctrl.s.chat.length }),
          ),
      h('h2.small-h', t('game.moves')),
      moveList(ctrl),
      seatLink(ctrl),
    ]),
  ]);
}
