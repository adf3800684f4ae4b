// @ts-check
// The puzzle's board region: the board (board/diagram.js's, which snabbdom hosts as the game page hosts its
// board: put in on insert, drawn by the controller), the caption of the sowing, and the decisions that
// are not one hole (the two directions of a hole, the store, an opening).

import { h } from '../../vendor/snabbdom.js';
import { has, t } from '../../i18n.js';
import { decisions } from '../../gamestate.js';

/** @typedef {import('../ctrl.js').PuzzleCtrl} PuzzleCtrl */

/** @param {PuzzleCtrl} ctrl */
export function boardHost(ctrl) {
  return h('div.puzzle-board', {
    key: 'board',
    hook: {
      insert: (v) => {
        const el = /** @type {HTMLElement} */ (v.elm);
        el.append(ctrl.diagram.box, ctrl.diagram.caption);
        ctrl.diagram.draw();
      },
    },
  });
}

/**
 * The two directions of the hole chosen, and the decisions that are not holes.
 * @param {PuzzleCtrl} ctrl
 */
export function choices(ctrl) {
  const { byHole, others } = decisions(ctrl.legal());
  const buttons = [];
  const sel = ctrl.selected;
  const both = sel ? byHole.get(sel) : undefined;
  if (sel && both) {
    for (const d of both) {
      buttons.push(
        h(
          'button.primary',
          { key: d, attrs: { type: 'button', 'data-decision': d }, on: { click: () => ctrl.decide(d) } },
          t(d.endsWith(':cw') ? 'decision.clockwise' : 'decision.anticlockwise', { hole: sel }),
        ),
      );
    }
    buttons.push(
      h('button.ghost', { key: 'cancel', attrs: { type: 'button' }, on: { click: () => ctrl.cancel() } }, [
        t('common.cancel'),
      ]),
    );
  }
  for (const d of others) {
    buttons.push(
      h(
        'button.primary',
        { key: d, attrs: { type: 'button', 'data-decision': d }, on: { click: () => ctrl.decide(d) } },
        has(`decision.${d}`) ? t(`decision.${d}`) : d,
      ),
    );
  }
  return h('div#puzzle-choices.choices', buttons);
}
