// @ts-check
// What the puzzle page says once the line is over: solved or missed (and the choice expected), the
// account's rating change, the streak's end, the whole solution to step through, "try again" after a
// miss (the position before the wrong decision, as lichess's retry), "next puzzle", the link to the
// analysis board at the position shown, and the vote of an account. Loaded on demand (view/main.js): the
// first view of a puzzle shows none of it.

import { h } from '../../vendor/snabbdom.js';
import { t } from '../../i18n.js';
import { decisionText, sideName } from '../../ui.js';
import { streakLine } from '../words.js';

/** @typedef {import('../ctrl.js').PuzzleCtrl} PuzzleCtrl */

/** @param {PuzzleCtrl} ctrl */
const over = (ctrl) => ctrl.phase === 'right' || ctrl.phase === 'wrong';

/**
 * Solved, or missed with the choice that was expected.
 * @param {PuzzleCtrl} ctrl
 */
export function verdict(ctrl) {
  if (!over(ctrl)) return h('div#puzzle-verdict.verdict', { attrs: { hidden: true } });
  const right = ctrl.phase === 'right';
  const lines = [h('strong', t(right ? 'puzzle.solved' : 'puzzle.failed'))];
  if (right && ctrl.offLine) {
    const expected = ctrl.solution()[ctrl.offLine.at]?.decision || '';
    lines.push(
      h(
        'p#puzzle-other-answer',
        t('puzzle.other_answer', {
          played: decisionText(ctrl.offLine.ply.decision),
          expected: decisionText(expected),
        }),
      ),
    );
  }
  if (!right && ctrl.miss) {
    lines.push(
      h(
        'p',
        t('puzzle.expected', { played: decisionText(ctrl.miss.played), expected: decisionText(ctrl.miss.expected) }),
      ),
    );
  }
  lines.push(h('p.small', ratingChange(ctrl)));
  // While the streak goes on, its line is the page's (#puzzle-streak); the verdict says only its end.
  if (ctrl.mode === 'streak' && !right) lines.push(h('p#puzzle-streak-end.small', streakLine(ctrl)));
  return h(`div#puzzle-verdict.verdict.${right ? 'met' : 'missed'}`, { attrs: { role: 'status' } }, lines);
}

/** @param {PuzzleCtrl} ctrl */
function ratingChange(ctrl) {
  const a = ctrl.answer;
  if (a?.rating) {
    const diff = a.rating.after - a.rating.before;
    return t('puzzle.rating_change', {
      before: String(a.rating.before),
      after: String(a.rating.after),
      diff: `${diff >= 0 ? '+' : '−'}${Math.abs(diff)}`,
    });
  }
  return t(ctrl.signedIn ? 'puzzle.not_rated_again' : 'puzzle.not_rated_guest');
}

/**
 * The solution: its decisions (each a button that shows the board after it) and the step buttons.
 * @param {PuzzleCtrl} ctrl
 */
export function solution(ctrl) {
  if (!over(ctrl)) return null;
  const sol = ctrl.solution();
  const stepButton = (/** @type {string} */ id, /** @type {string} */ label, /** @type {number} */ to) =>
    h(
      `button#${id}.small.ghost`,
      {
        attrs: { type: 'button', 'aria-label': t(label), title: t(label), disabled: to < 0 || to > sol.length },
        on: { click: () => ctrl.step(to) },
      },
      t(`${label}_short`),
    );
  return h('div#puzzle-solution', [
    h('h2.small-h', t('puzzle.solution')),
    h(
      'ol.puzzle-line.small',
      sol.map((d, i) =>
        h('li', { key: i }, [
          h(
            'button.linkish',
            {
              attrs: { type: 'button', 'aria-current': ctrl.at === i + 1 ? 'step' : false },
              on: { click: () => ctrl.step(i + 1) },
            },
            `${sideName(d.side)} ${decisionText(d.decision)}`,
          ),
          alsoRight(ctrl, i),
        ]),
      ),
    ),
    h('div.actions.puzzle-steps', [
      stepButton('puzzle-first', 'puzzle.step.first', 0),
      stepButton('puzzle-prev', 'puzzle.step.prev', ctrl.at - 1),
      stepButton('puzzle-forward', 'puzzle.step.next', ctrl.at + 1),
      stepButton('puzzle-last', 'puzzle.step.last', sol.length),
      h('span#puzzle-at.muted.small', t('puzzle.step.of', { n: String(ctrl.at), of: String(sol.length) })),
    ]),
  ]);
}

/**
 * The other right answers at decision `i` of the solution ("c1 also wins"), if any.
 * @param {PuzzleCtrl} ctrl
 * @param {number} i
 */
function alsoRight(ctrl, i) {
  /** @type {{at: number, decision: string}[]} */
  const all = ctrl.answer?.alternatives || [];
  const here = all.filter((a) => a.at === i).map((a) => decisionText(a.decision));
  if (!here.length) return null;
  const key = ctrl.puzzle?.goal?.kind === 'win' ? 'puzzle.also_wins' : 'puzzle.also_good';
  return h('span.puzzle-also.muted', ` — ${here.map((decision) => t(key, { decision })).join('; ')}`);
}

/**
 * Next puzzle, the analysis board at the position shown, and (an account) the vote.
 * @param {PuzzleCtrl} ctrl
 */
export function afterActions(ctrl) {
  const p = ctrl.puzzle;
  if (!over(ctrl) || !p) return null;
  const streakOver = ctrl.mode === 'streak' && ctrl.phase === 'wrong';
  // The rule set's options the analysis board takes: Njombwa's width (a wider board's puzzle).
  const query = new URLSearchParams({ position: ctrl.positionShown() });
  if (p.options?.width && p.options.width !== 8) query.set('width', String(p.options.width));
  const analysis = `/analysis/${encodeURIComponent(p.variant)}?${query}`;
  const buttons = [
    // A streak ends at its first miss; any other puzzle may be tried again from before the wrong decision.
    ctrl.phase === 'wrong' && ctrl.mode !== 'streak'
      ? h('button#puzzle-retry', { attrs: { type: 'button' }, on: { click: () => ctrl.retry() } }, t('puzzle.retry'))
      : null,
    h(
      'button#puzzle-next.primary',
      { attrs: { type: 'button' }, on: { click: () => ctrl.next() } },
      t(streakOver ? 'puzzle.streak.again' : 'puzzle.next'),
    ),
    h('a#puzzle-analysis.button', { attrs: { href: analysis } }, t('puzzle.analysis')),
  ];
  const vote = ctrl.signedIn
    ? h('div#puzzle-vote.actions', [
        h('span.small', t('puzzle.vote.ask')),
        h(
          'button.small.ghost',
          {
            attrs: { type: 'button', 'aria-pressed': String(ctrl.voted === 'up'), 'data-vote': 'up' },
            on: { click: () => ctrl.vote(true) },
          },
          t('puzzle.vote.up'),
        ),
        h(
          'button.small.ghost',
          {
            attrs: { type: 'button', 'aria-pressed': String(ctrl.voted === 'down'), 'data-vote': 'down' },
            on: { click: () => ctrl.vote(false) },
          },
          t('puzzle.vote.down'),
        ),
        h('span.small.muted', { attrs: { 'aria-live': 'polite' } }, ctrl.voted ? t('puzzle.vote.thanks') : ''),
        ctrl.voteError ? h('span.small.error', { attrs: { role: 'alert' } }, ctrl.voteError) : null,
      ])
    : null;
  return h('div', [h('div.actions', buttons), vote]);
}
