// @ts-check
// The review panel of a finished game: a "Review" button, the server's progress while it computes, then
// each side's accuracy and marks and a graph of the game's value for South along the game (SVG drawn
// here: a point per ply, marked decisions coloured, the ply shown by the replay as a line; a point, by
// click or by key, shows its ply). The marks in the move list are view/moves.js's.

import { h } from '../../vendor/snabbdom.js';
import { t } from '../../i18n.js';
import { sideName } from '../../ui.js';
import { valueText } from '../../value.js';
import { MARK_SYMBOL } from './moves.js';

/** @typedef {import('../ctrl.js').GameCtrl} GameCtrl */
/** @typedef {import('../review.js').Review} Review */
/** @typedef {import('../replay.js').ReplayCtrl} ReplayCtrl */

/** @param {GameCtrl} ctrl */
export function reviewPanel(ctrl) {
  const replay = ctrl.replay;
  if (!replay || replay.plies === 0) return h('div.review-box');
  const r = replay.review;
  let body;
  if (r.state === 'ready' && r.data) body = reviewed(r.data, replay);
  else if (r.state === 'waiting')
    body = [
      h(
        'p#review-progress.muted',
        { attrs: { role: 'status' } },
        r.progress ? t('review.progress', { done: r.progress.done, of: r.progress.of }) : t('review.asking'),
      ),
    ];
  else
    body = [
      r.error ? h('p#review-error.error', { attrs: { role: 'alert' } }, r.error) : null,
      h(
        'button#review-start.small',
        { attrs: { type: 'button' }, on: { click: () => r.start() } },
        t(r.error ? 'review.retry' : 'review.start'),
      ),
    ].filter((x) => x !== null);
  return h('div.review-box', [
    h('section#review.review', { attrs: { 'aria-label': t('review.title'), 'data-state': r.state } }, [
      h('h2.small-h', t('review.title')),
      ...body,
    ]),
  ]);
}

/**
 * @param {Review} data
 * @param {ReplayCtrl} replay
 */
function reviewed(data, replay) {
  return [
    h(
      'ul.review-sides',
      ['south', 'north'].map((side) => {
        const acc = data.accuracy[/** @type {'south' | 'north'} */ (side)];
        /** @type {Record<string, number>} */
        const counts = { inaccuracy: 0, mistake: 0, blunder: 0 };
        for (const d of data.decisions) if (d.side === side && d.judged?.mark) counts[d.judged.mark] += 1;
        return h('li', { attrs: { 'data-side': side, 'data-accuracy': acc === null ? '' : String(acc) } }, [
          h('strong', sideName(side)),
          ' ',
          acc === null ? t('review.no_accuracy') : t('review.accuracy', { accuracy: acc.toFixed(1) }),
          // Only the marks the side has: a clean game reads as its accuracy alone.
          ...Object.entries(counts)
            .filter(([, n]) => n > 0)
            .map(([mark, n]) =>
              h(`span.review-count.mark-${mark}`, { attrs: { 'data-mark': mark } }, [
                ' · ',
                t(`review.count.${mark}`, { count: n }),
              ]),
            ),
        ]);
      }),
    ),
    graph(data, replay),
    h('p.muted.small', t('review.graph_note')),
  ];
}

/**
 * The value for South along the game; a point per ply that has one.
 * @param {Review} data
 * @param {ReplayCtrl} replay
 */
function graph(data, replay) {
  const width = 320;
  const height = 120;
  const pad = 6;
  const n = data.graph.length - 1;
  const values = /** @type {number[]} */ (data.graph.filter((v) => v !== null));
  // The scale: the largest value shown, at least two blunders' worth, so a quiet game stays flat.
  const top = Math.max(data.thresholds.blunder * 2, ...values.map((v) => Math.abs(v)));
  /** @param {number} i */
  const x = (i) => pad + (n === 0 ? 0 : (i * (width - 2 * pad)) / n);
  /** @param {number} v */
  const y = (v) => height / 2 - (v * (height / 2 - pad)) / top;
  /** @type {string[][]} runs of known values, split where a value is unknown */
  const runs = [[]];
  data.graph.forEach((v, i) => {
    if (v === null) runs.push([]);
    else runs[runs.length - 1].push(`${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  });
  const shown = replay.ply;
  const points = data.graph.map((v, i) => {
    if (v === null) return null;
    const d = i > 0 ? data.decisions[i - 1] : null;
    const mark = d?.judged?.mark || '';
    const label =
      i === 0
        ? t('review.point_start', { value: valueText({ counters: v }) })
        : t('review.point', {
            ply: i,
            side: sideName(d?.side || ''),
            decision: d?.decision || '',
            value: valueText({ counters: v }),
          }) + (mark ? ` (${t(`review.mark.${mark}`)})` : '');
    return h(
      'circle.review-point',
      {
        key: i,
        class: { [`mark-${mark}`]: !!mark, current: i === shown },
        attrs: {
          cx: x(i).toFixed(1),
          cy: y(v).toFixed(1),
          r: mark ? 4.5 : 3,
          tabindex: 0,
          role: 'button',
          'aria-label': label,
          'data-ply': i,
        },
        on: {
          click: () => replay.go(i),
          keydown: (/** @type {KeyboardEvent} */ e) => {
            if (e.key !== 'Enter' && e.key !== ' ') return;
            e.preventDefault();
            replay.go(i);
          },
        },
      },
      [h('title', label)],
    );
  });
  return h(
    'svg.review-graph',
    { attrs: { viewBox: `0 0 ${width} ${height}`, role: 'group', 'aria-label': t('review.graph') } },
    [
      h('line.zero', { attrs: { x1: pad, x2: width - pad, y1: height / 2, y2: height / 2 } }),
      h('line.shown', { attrs: { x1: x(shown), x2: x(shown), y1: 0, y2: height } }),
      ...runs.filter((r) => r.length > 1).map((r) => h('polyline.line', { attrs: { points: r.join(' ') } })),
      ...points.filter((p) => p !== null),
    ],
  );
}
