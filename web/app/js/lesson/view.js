// @ts-check
// A lesson's view, a pure function of its controller: the link to the lessons, the title, the board
// (the controller's widget, hosted with the caption of its sowing), and beside it the step counter and
// dots, the step's text and goal, the engine's verdict, the preview of the hovered hole, the decisions
// that are not a hole, the buttons to go on (with a read step's sowing controls) and the error.

import { t } from '../i18n.js';
import { hostAround } from '../patch.js';
import { variantName } from '../ui.js';
import { decisions as byHole } from '../gamestate.js';
import { h } from '../vendor/snabbdom.js';

/** @typedef {import('./ctrl.js').LessonCtrl} LessonCtrl */
/** @typedef {import('../vendor/snabbdom.js').VNode} VNode */

/**
 * A text child, or none when empty (the wide layout hides the empty lines with `:empty`).
 * @param {string} s
 */
const words = (s) => s || undefined;

/** @param {LessonCtrl} ctrl */
export function view(ctrl) {
  const s = ctrl.step();
  const v = ctrl.verdict;
  return h('section.panel', [
    h('p.small.links', [h('a', { attrs: { href: '/learn' } }, t('learn.all_lessons'))]),
    h('h1', ctrl.lesson ? ctrl.lesson.title : ctrl.title),
    h('div.lesson', { class: { wide: !!s && s.board.columns >= 20 } }, [
      hostAround('div', { key: 'board' }, [ctrl.diagram.box, ctrl.diagram.caption], []),
      h('div.text', { key: 'text' }, [
        h('p.muted.small.steps-count', words(s ? t('learn.step_of', { n: s.number, of: s.of }) : '')),
        h('ol.steps-dots', { attrs: { 'aria-label': t('learn.steps') } }, ctrl.lesson ? dots(ctrl) : []),
        h('p.step-text', words(s ? s.text : '')),
        s?.reading
          ? h('div.reading', { key: 'reading' }, [h('p.small', [h('strong', t('learn.reading'))]), h('p', s.reading)])
          : null,
        h('p.goal', { attrs: { hidden: !s?.goal } }, words(s?.goal ? s.goal.text : '')),
        legend(ctrl),
        h(
          'div.verdict',
          {
            class: v ? { [v.status]: true } : {},
            attrs: { role: 'status', 'aria-live': 'polite', hidden: !v },
          },
          words(v ? v.text : ''),
        ),
        h('p#preview.preview-line.muted.small', { attrs: { 'aria-live': 'polite' } }, words(ctrl.preview)),
        h('div.choices', choices(ctrl)),
        actions(ctrl),
        h('p.error', { attrs: { role: 'alert' } }, words(ctrl.error)),
      ]),
    ]),
  ]);
}

/** The marks a step's board may carry, each drawn as its own kind of ring. */
const RINGS = ['goal', 'focus', 'danger'];

/**
 * What the rings on the board mean, when the step marks a hole: the marked holes' rings and, while the
 * reader plays, the playable holes' (the two were once told apart by colour alone).
 * @param {LessonCtrl} ctrl
 */
function legend(ctrl) {
  const s = ctrl.step();
  const kinds = RINGS.filter((k) => (s?.marks?.holes || []).some((m) => m.kind === k));
  if (!kinds.length) return h('ul.ring-legend', { key: 'legend', attrs: { hidden: true } });
  const shown = ctrl.playing() ? ['playable', ...kinds] : kinds;
  return h(
    'ul.ring-legend.small',
    { key: 'legend', attrs: { 'aria-label': t('learn.legend') } },
    shown.map((k) =>
      h('li', { key: k, attrs: { 'data-ring': k } }, [
        h(`span.ring.${k}`, { attrs: { 'aria-hidden': 'true' } }),
        t(`learn.legend.${k}`),
      ]),
    ),
  );
}

/** @param {LessonCtrl} ctrl */
const dots = (ctrl) =>
  (ctrl.lesson?.steps || []).map((x, k) => {
    const done = ctrl.done.has(x.id);
    return h('li', {
      key: x.id,
      class: { done, here: k === ctrl.at },
      attrs: {
        'aria-label': t(done ? 'learn.step_done' : 'learn.step_todo', { n: k + 1 }),
        'aria-current': k === ctrl.at ? 'step' : false,
      },
    });
  });

/**
 * The two directions of the hole asked about, or the decisions that are not a hole.
 * @param {LessonCtrl} ctrl
 * @returns {VNode[]}
 */
function choices(ctrl) {
  if (!ctrl.playing()) return [];
  const { byHole: holes, others } = byHole(ctrl.legal());
  /** @param {string} d @param {string} label */
  const button = (d, label) =>
    h('button', { key: d, attrs: { type: 'button' }, on: { click: () => ctrl.decide(d) } }, label);
  const hole = ctrl.asking;
  if (hole) {
    return [
      ...(holes.get(hole) || []).map((d) =>
        button(d, t(d.endsWith(':cw') ? 'decision.clockwise' : 'decision.anticlockwise', { hole })),
      ),
      h(
        'button.ghost',
        { key: 'cancel', attrs: { type: 'button' }, on: { click: () => ctrl.offer() } },
        t('common.cancel'),
      ),
    ];
  }
  return others.map((d) => button(d, t(`decision.${d}`)));
}

/**
 * The buttons under the text: a read step's sowing controls, next (once read or met), try again, and on
 * the last step the invitation to a game, the next lesson and the list.
 * @param {LessonCtrl} ctrl
 */
function actions(ctrl) {
  const s = ctrl.step();
  /** @type {VNode[]} */
  const list = [];
  const over = ctrl.over === 'read' || ctrl.over === 'met';
  if (ctrl.over === 'missed') {
    list.push(
      h(
        'button',
        { key: 'again', attrs: { type: 'button' }, on: { click: () => ctrl.showStep(ctrl.at) } },
        t('learn.again'),
      ),
    );
  }
  if (over && s?.next) {
    list.push(
      h(
        'button#next.primary',
        { key: 'next', attrs: { type: 'button' }, on: { click: () => ctrl.next() } },
        t('learn.next'),
      ),
    );
  }
  if (over && !s?.next) {
    const invite = s?.invite;
    if (invite) {
      list.push(
        h(
          'button#invite.primary',
          { key: 'invite', attrs: { type: 'button' }, on: { click: () => ctrl.invite(invite) } },
          invite.text || t('learn.play_computer', { game: variantName(invite.variant) }),
        ),
      );
    }
    const nextLesson = ctrl.lesson?.next_lesson;
    if (nextLesson) {
      // Before a course has taught a whole game, the next lesson is the way on (no game offered yet).
      list.push(
        h(
          'a#next-lesson',
          { key: 'next-lesson', attrs: { href: `/learn/${nextLesson}`, class: invite ? 'button' : 'button primary' } },
          t('learn.next_lesson'),
        ),
      );
    }
    list.push(h('a', { key: 'all', attrs: { href: '/learn' } }, t('learn.all_lessons')));
  }
  return hostAround('div.actions', { key: 'actions' }, ctrl.demo ? [ctrl.demo.el] : [], list);
}
