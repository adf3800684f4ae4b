// @ts-check
// The position editor's controls under the analysis board (its state is board/editor.js's): add or take away
// counters, who is to move, empty the board, the total, then analyse the position or cancel.

import { h } from '../../vendor/snabbdom.js';
import { t } from '../../i18n.js';
import { sideName } from '../../ui.js';

/** @typedef {import('../ctrl.js').AnalysisCtrl} AnalysisCtrl */
/** @typedef {import('../../board/editor.js').PositionEditor} PositionEditor */

/**
 * @param {AnalysisCtrl} ctrl
 * @param {PositionEditor} ed
 */
export function editorControls(ctrl, ed) {
  /** @param {boolean} removing */
  const mode = (removing) => () => {
    ed.removing = removing;
    ctrl.redraw();
  };
  return h('div#editor.editor', { key: 'editor' }, [
    h('p.small', t('editor.help')),
    h('div.actions', [
      h(
        'button#editor-add',
        { attrs: { type: 'button', 'aria-pressed': String(!ed.removing) }, on: { click: mode(false) } },
        t('editor.add'),
      ),
      h(
        'button#editor-remove',
        { attrs: { type: 'button', 'aria-pressed': String(ed.removing) }, on: { click: mode(true) } },
        t('editor.remove'),
      ),
      h(
        'select#editor-side',
        {
          attrs: { 'aria-label': t('editor.side') },
          props: { value: ed.side },
          on: {
            change: (e) => {
              ed.setSide(/** @type {HTMLSelectElement} */ (e.target).value);
              ctrl.edited();
            },
          },
        },
        ['south', 'north'].map((s) =>
          h(
            'option',
            { attrs: { value: s }, props: { selected: s === ed.side } },
            t('editor.to_move', { side: sideName(s) }),
          ),
        ),
      ),
      h(
        'button#editor-clear.ghost',
        {
          attrs: { type: 'button' },
          on: {
            click: () => {
              ed.clear();
              ctrl.edited();
            },
          },
        },
        t('editor.clear'),
      ),
    ]),
    h('p#editor-total.small.muted', { attrs: { 'aria-live': 'polite' } }, t('editor.total', { count: ed.total() })),
    h('div.actions', [
      h('button#editor-done', { attrs: { type: 'button' }, on: { click: () => ctrl.editDone() } }, t('editor.done')),
      h(
        'button#editor-cancel.ghost',
        { attrs: { type: 'button' }, on: { click: () => ctrl.editCancel() } },
        t('editor.cancel'),
      ),
    ]),
  ]);
}
