// @ts-check
// The analysis board as a pure function of its controller's state: the header (the game, "Copy position",
// "Edit the position", "Paste a position"), the board (board/diagram.js's, hosted as the game page hosts its
// board: put in on insert, drawn by the controller's actions) with the decisions that are not a hole, a
// hole's two directions or the editor's controls under it, and beside it the engine's value, its best
// line, every move with its value, the line played with its variations and the steps through it.
// pages/analysis.js patches it on every redraw.

import { h } from '../../vendor/snabbdom.js';
import { has, t } from '../../i18n.js';
import { decisionText, sideName, VARIANTS, variantName } from '../../ui.js';
import { valueSentence, valueText } from '../../value.js';
import { editorControls } from './editor.js';

/** @typedef {import('../ctrl.js').AnalysisCtrl} AnalysisCtrl */
/** @typedef {import('../../vendor/snabbdom.js').VNode} VNode */

/** @param {AnalysisCtrl} ctrl */
function header(ctrl) {
  return [
    h('div.actions.analysis-actions', [
      h(
        'select#analysis-variant',
        {
          attrs: { 'aria-label': t('form.game') },
          props: { value: ctrl.variant },
          on: { change: (e) => ctrl.setVariant(/** @type {HTMLSelectElement} */ (e.target).value) },
        },
        // Ikibuguzo's own start is the secret choice of arrays, which has nothing to analyse: its two
        // fixed openings are offered instead.
        VARIANTS.filter((v) => v !== 'ikibuguzo').map((v) =>
          h('option', { attrs: { value: v }, props: { selected: v === ctrl.variant } }, variantName(v)),
        ),
      ),
      h(
        'button#analysis-copy.ghost',
        { attrs: { type: 'button' }, on: { click: () => ctrl.copy() } },
        t(ctrl.copied ? 'common.copied' : 'analysis.copy'),
      ),
      h(
        'button#analysis-edit.ghost',
        { attrs: { type: 'button', disabled: !!ctrl.editor }, on: { click: () => ctrl.openEditor() } },
        t('editor.open'),
      ),
    ]),
    h(
      'details#analysis-paste',
      {
        props: { open: ctrl.pasteOpen },
        on: { toggle: (e) => (ctrl.pasteOpen = /** @type {HTMLDetailsElement} */ (e.target).open) },
      },
      [
        h('summary', t('analysis.paste')),
        h('div.actions.analysis-actions', [
          h('input#analysis-position', {
            attrs: { type: 'text', spellcheck: 'false', 'aria-label': t('analysis.position') },
            props: { value: ctrl.text },
            on: {
              input: (e) => ctrl.typeText(/** @type {HTMLInputElement} */ (e.target).value),
              keydown: (e) => e.key === 'Enter' && ctrl.load(),
            },
          }),
          h(
            'button#analysis-load',
            { attrs: { type: 'button' }, on: { click: () => ctrl.load() } },
            t('analysis.load'),
          ),
        ]),
      ],
    ),
  ];
}

/**
 * The board, and under it the editor's controls, a hole's two directions, or the decisions that are not a hole.
 * @param {AnalysisCtrl} ctrl
 */
function boardColumn(ctrl) {
  const d = ctrl.diagram;
  /** @type {VNode[]} */
  let choices;
  if (ctrl.editor) choices = [editorControls(ctrl, ctrl.editor)];
  else if (ctrl.directions)
    choices = ctrl.directions.map((x) =>
      h(
        'button',
        { key: x, attrs: { type: 'button' }, on: { click: () => ctrl.decide(x) } },
        t(x.endsWith(':cw') ? 'decision.clockwise' : 'decision.anticlockwise', { hole: x.split(':')[0] }),
      ),
    );
  else
    choices = ctrl
      .others()
      .map((x) =>
        h('button', { key: x, attrs: { type: 'button' }, on: { click: () => ctrl.decide(x) } }, t(`decision.${x}`)),
      );
  return h('div', [
    h('div.diagram', {
      key: 'diagram',
      hook: { insert: (v) => v.elm && /** @type {HTMLElement} */ (v.elm).append(d.box, d.caption) },
    }),
    h('div.choices', choices),
  ]);
}

/**
 * The line shown, each move a button back to the position after it, and after a move the other moves
 * played from the same position (its variations), each a button to the line through it.
 * @param {AnalysisCtrl} ctrl
 */
function played(ctrl) {
  return h(
    'ol#analysis-line.small',
    ctrl.line.map((p, k) => {
      const others = (k === 0 ? ctrl.root.children : ctrl.line[k - 1].children).filter((c) => c !== p);
      const here = k + 1 === ctrl.at;
      return h('li', { class: { here } }, [
        h(
          'button.link.move',
          {
            attrs: { type: 'button', 'aria-current': here ? 'step' : false, 'data-decision': p.decision },
            on: { click: () => ctrl.goTo(k + 1) },
          },
          decisionText(p.decision),
        ),
        others.length
          ? h('span.alts.muted', [
              ' (',
              ...others.flatMap((o, j) => [
                j ? ' ' : '',
                h(
                  'button.link.alt',
                  {
                    attrs: { type: 'button', 'data-decision': o.decision },
                    on: { click: () => ctrl.follow(o, k + 1) },
                  },
                  decisionText(o.decision),
                ),
              ]),
              ')',
            ])
          : null,
      ]);
    }),
  );
}

/**
 * The best line as the players' turns: "South: c3 · North: f2, d1 (relay) · …", each decision said what
 * it is as the engine read it (the bare decisions when the server sends no turns).
 * @param {import('../ctrl.js').Analysis} a
 */
function bestLine(a) {
  if (!a.best_turns?.length) return a.best.map(decisionText).join(', ');
  /** @param {{decision: string, kind: string}} d */
  const step = (d) =>
    has(`analysis.step.${d.kind}`)
      ? t(`analysis.step.${d.kind}`, { decision: decisionText(d.decision) })
      : decisionText(d.decision);
  return a.best_turns
    .map((turn) =>
      t('analysis.best_turn', { side: sideName(turn.side), decisions: turn.decisions.map(step).join(', ') }),
    )
    .join(' · ');
}

/** @param {AnalysisCtrl} ctrl */
function textColumn(ctrl) {
  const a = ctrl.editor ? null : ctrl.shown;
  const side = /** @type {'south' | 'north'} */ (a?.side);
  const value = a
    ? t('analysis.value', { side: sideName(side), value: valueSentence(a.value, side), count: a.depth })
    : ctrl.thinking && !ctrl.editor
      ? t('analysis.thinking')
      : '';
  /** @param {string} label @param {string} id @param {number} to */
  const step = (label, id, to) =>
    h(
      `button#${id}.small.ghost`,
      { attrs: { type: 'button', 'aria-label': label, title: label }, on: { click: () => ctrl.goTo(to) } },
      label,
    );
  return h('div.text', [
    h('p#analysis-value', { attrs: { 'aria-live': 'polite' } }, value),
    h('p#analysis-best.small', a ? t('analysis.best', { line: bestLine(a) }) : ''),
    h('h2.small-h', t('analysis.moves')),
    h(
      'ol#analysis-moves.small',
      (a?.decisions || []).map((s) =>
        h('li', { key: s.decision }, [
          h(
            'button.link',
            { attrs: { type: 'button', 'data-decision': s.decision }, on: { click: () => ctrl.decide(s.decision) } },
            decisionText(s.decision),
          ),
          h('span.muted', ` · ${valueText(s.value)}`),
        ]),
      ),
    ),
    h('h2.small-h', t('analysis.line')),
    h('div.actions', [
      step(t('replay.start'), 'analysis-start', 0),
      step(t('replay.previous'), 'analysis-back', ctrl.at - 1),
      step(t('replay.next'), 'analysis-forward', ctrl.at + 1),
    ]),
    played(ctrl),
    h('p.error', { attrs: { role: 'alert' } }, ctrl.error),
  ]);
}

/** @param {AnalysisCtrl} ctrl */
export function view(ctrl) {
  return h('section.panel', [
    h('h1', t('analysis.title')),
    h('p.muted.small', t('analysis.intro')),
    ...header(ctrl),
    h('div.lesson', [boardColumn(ctrl), textColumn(ctrl)]),
  ]);
}
