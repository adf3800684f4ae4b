// @ts-check
// The board region: the SVG board (drawn by board/board.js's BoardView, which snabbdom hosts as lichess hosts
// chessground: created on insert, told the new state after each patch), the caption of the move being
// sown, the preview of the hole the pointer rests on (where the game allows it), and the decisions that
// are not a single hole (a direction to choose, the store, an opening).

import { h } from '../../vendor/snabbdom.js';
import { has, t } from '../../i18n.js';
import { decisionText, sideName } from '../../ui.js';
import { decisions } from '../../gamestate.js';

/** @typedef {import('../ctrl.js').GameCtrl} GameCtrl */

/**
 * The words of a decision that is not a hole (`decision.store`, `decision.opening:1`, …).
 * @param {string} d
 */
const decisionWords = (d) => (has(`decision.${d}`) ? t(`decision.${d}`) : d);

/** @param {GameCtrl} ctrl */
export function boardBox(ctrl) {
  return h('div.board-box', {
    key: 'board',
    attrs: { 'data-busy': ctrl.frame ? 'true' : 'false' },
    hook: {
      insert: (v) => {
        const el = /** @type {HTMLElement} */ (v.elm);
        ctrl.mountBoard(el);
        // A narrow screen turns Azigo's board: redraw when the box's width changes.
        const resize = new ResizeObserver(() => ctrl.redraw());
        resize.observe(el);
        ctrl.unobserve = () => resize.disconnect();
      },
      postpatch: () => ctrl.drawBoard(),
      destroy: () => ctrl.unobserve?.(),
    },
  });
}

/** @param {GameCtrl} ctrl */
export function caption(ctrl) {
  const f = ctrl.frame;
  const text =
    f && ctrl.sowing
      ? `${sideName(ctrl.sowing.side)} ${ctrl.sowing.decision ? decisionText(ctrl.sowing.decision) : ''} · ${f.caption}`
      : ctrl.replaying() && ctrl.replay
        ? ctrl.finished?.lineCaption(ctrl.replay.review) || t('replay.position_after', { ply: ctrl.replay.ply })
        : '';
  return h('p.caption.muted', { attrs: { 'aria-live': 'off' } }, text);
}

/**
 * What the hovered hole's move would do (the server's preview), or nothing.
 * @param {GameCtrl} ctrl
 */
export function previewLine(ctrl) {
  const p = ctrl.frame ? null : ctrl.shownPreview();
  return h('p#preview.preview-line.muted.small', { attrs: { 'aria-live': 'polite' } }, p ? p.text : '');
}

/**
 * The direction choice of the selected hole, and the decisions that are not holes.
 * @param {GameCtrl} ctrl
 */
export function choices(ctrl) {
  const legal = ctrl.replaying() ? [] : ctrl.legal();
  const { byHole, others } = decisions(legal);
  const buttons = [];
  const sel = ctrl.selected;
  const holeChoices = sel ? byHole.get(sel) : undefined;
  if (sel && holeChoices) {
    for (const d of holeChoices) {
      const cw = d.endsWith(':cw');
      buttons.push(
        h(
          'button.primary',
          { key: d, attrs: { type: 'button', 'data-decision': d }, on: { click: () => ctrl.decide(d) } },
          t(cw ? 'decision.clockwise' : 'decision.anticlockwise', { hole: d.split(':')[0] }),
        ),
      );
    }
    buttons.push(
      h(
        'button.ghost',
        { key: 'cancel', attrs: { type: 'button' }, on: { click: () => ctrl.cancel() } },
        t('common.cancel'),
      ),
    );
  }
  for (const d of others) {
    buttons.push(
      h(
        'button.primary',
        { key: d, attrs: { type: 'button', 'data-decision': d }, on: { click: () => ctrl.decide(d) } },
        decisionWords(d),
      ),
    );
  }
  return h('div#choices.choices', buttons);
}
