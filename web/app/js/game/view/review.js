// @ts-check
// The review panel of a finished game: a "Review" button, the server's progress while it computes, then
// each side's accuracy and marks (and what accuracy means) and a graph of the game's value for South along the game (SVG drawn
// here: a point per ply, marked decisions coloured, the ply shown by the replay as a line; a point, by
// click or by key, shows its ply). Under the board, the mistake panel: the decision explained (the
// better one, the opponent's reply, and what each line captures over the next turns, in sentences made of
// the server's lines so that every figure adds up), either line walked on the board turn by turn, and the
// next and previous mistakes. The marks in the move list are view/moves.js's.

import { h } from '../../vendor/snabbdom.js';
import { has, language, t } from '../../i18n.js';
import { decisionText, sideName } from '../../ui.js';
import { counters, valueSentence } from '../../value.js';
import { MARK_SYMBOL } from './moves.js';

/** @typedef {import('../ctrl.js').GameCtrl} GameCtrl */
/** @typedef {import('../review.js').Review} Review */
/** @typedef {import('../review.js').ReviewCtrl} ReviewCtrl */
/** @typedef {import('../review.js').Turn} Turn */
/** @typedef {import('../review.js').Line} Line */
/** @typedef {import('../replay.js').ReplayCtrl} ReplayCtrl */

/** @param {GameCtrl} ctrl */
export function reviewPanel(ctrl) {
  const replay = ctrl.replay;
  if (!replay || replay.plies === 0) return h('div.review-box');
  const r = replay.review;
  let body;
  if (r.state === 'ready' && r.data) body = reviewed(r.data, replay, ctrl);
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
 * @param {GameCtrl} ctrl
 */
function reviewed(data, replay, ctrl) {
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
          acc === null ? t('review.no_accuracy') : t('review.accuracy', { accuracy: percent(acc) }),
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
    h('p.muted.small', t('review.accuracy_note')),
    graph(data, replay),
    h('p.muted.small', t('review.graph_note')),
  ];
}

/** @param {number} x an accuracy, to a tenth as the page's language writes it */
const percent = (x) =>
  new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(x);

/**
 * Under the board, once the review is in: the decision explained, and the way to the next and the
 * previous mistake (a player steps through their own, a spectator through both sides').
 * @param {GameCtrl} ctrl
 */
export function mistakePanel(ctrl) {
  const replay = ctrl.replay;
  const r = replay?.review;
  if (!replay || !r?.data || !r.marked(null).length) return h('div.mistake-box');
  const side = ctrl.s.seat;
  /** @param {1 | -1} dir @param {string} id */
  const step = (dir, id) => {
    const to = r.neighbour(dir, side, replay.ply, replay.plies);
    return h(
      `button#${id}.small`,
      { attrs: { type: 'button', disabled: to === null }, on: { click: () => to !== null && r.explain(to) } },
      t(`review.${dir > 0 ? 'next' : 'previous'}`),
    );
  };
  return h('div.mistake-box', [
    h('section#mistake.mistake', { attrs: { 'aria-live': 'polite', 'aria-label': t('review.mistakes') } }, [
      ...explanation(r, ctrl),
      h('div.replay-row', [step(-1, 'mistake-previous'), step(1, 'mistake-next')]),
    ]),
  ]);
}

/**
 * The decision explained: which it was, the better one and what it does, the opponent's reply to the
 * played one, what each line captures over the next turns and what the played one gives away; then the
 * line walked, or the buttons that walk either.
 * @param {ReviewCtrl} r
 * @param {GameCtrl} ctrl
 */
function explanation(r, ctrl) {
  const d = r.focus === null ? null : r.data?.decisions[r.focus - 1];
  const j = d?.judged;
  if (!d || !j?.mark) return [];
  const e = r.current();
  const played = decisionText(d.decision);
  const mark = t(`review.mark.${j.mark}`);
  const [better, line] = [e?.better || null, e?.played || null];
  const best = decisionText(j.best);
  const reply = line?.turns[1];
  // While a line is walked its turns and steps come first, next to the board they move.
  const walk = better && line ? walkPart(r, better, line) : [];
  const walking = !!r.walk;
  return [
    h('p.small', { attrs: { 'data-ply': d.ply } }, [
      h('strong', t('review.move', { ply: d.ply, side: sideName(d.side), decision: played })),
      h(`span.mark.mark-${j.mark}`, ` ${MARK_SYMBOL[j.mark]} ${mark}`),
    ]),
    ...(walking ? walk : []),
    h(
      'p#better',
      { attrs: { 'data-best': j.best } },
      better
        ? captureText(['review.better_capture', 'review.better_quiet'], better.turns[0], { decision: best })
        : t(e?.state === 'error' ? 'review.better_quiet' : 'review.asking_better', { decision: best }),
    ),
    reply?.captured
      ? h(
          'p#reply',
          captureText(['review.reply_capture', 'review.reply_quiet'], reply, {
            played,
            side: sideName(reply.side),
            decision: reply.decisions.map((x) => decisionText(x.decision)).join(', '),
          }),
        )
      : null,
    better && line ? h('p#lines', linesText(d.side, e?.turns || 0, best, better, played, line)) : null,
    h('p#lost', lostText(d.decision, j, e?.state === 'ready' ? e.gives : null)),
    ...(walking ? [] : walk),
  ].filter((x) => x !== null);
}

/**
 * A turn's captures in a sentence of the catalog (the first id; the second when it takes nothing):
 * "Better: c2, capturing 6 from f3 and f4, because …": the count, the holes taken from, and the reason
 * the engine gave for the first capture (`why.{rule}`, the caption's words).
 * @param {[string, string]} ids
 * @param {Turn} turn
 * @param {Record<string, string>} params
 */
function captureText([captures, quiet], turn, params) {
  /** @type {import('../../types.js').Step[]} */
  const caps = turn.decisions.flatMap((x) => x.steps).filter((x) => x.type === 'capture');
  if (!turn.captured || !caps.length) return t(quiet, params);
  const holes = [...new Set(caps.map((x) => (x.type === 'capture' ? x.from : '')))];
  const first = caps[0];
  const reason = first.type === 'capture' ? first.reason : null;
  const [last, inner, outer] = reason?.holes || [];
  const why = reason && has(`why.${reason.rule}`) ? `, ${t(`why.${reason.rule}`, { last, inner, outer })}` : '';
  return t(captures, {
    ...params,
    count: turn.captured,
    holes: new Intl.ListFormat(language(), { type: 'conjunction' }).format(holes),
    why,
  });
}

/** A net count with its sign: +5, −12, 0. @param {number} n */
const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/**
 * What each line captures over its turns, for the mover and the opponent, and the mover's net.
 * @param {string} side the mover
 * @param {number} turns how many turns the lines were followed for
 * @param {string} best
 * @param {Line} b
 * @param {string} played
 * @param {Line} p
 */
function linesText(side, turns, best, b, played, p) {
  return t('review.lines', {
    turns,
    side: sideName(side),
    opponent: sideName(side === 'south' ? 'north' : 'south'),
    best,
    best_mine: b.mine,
    best_theirs: b.theirs,
    best_net: signed(b.net),
    played,
    played_mine: p.mine,
    played_theirs: p.theirs,
    played_net: signed(p.net),
  });
}

/**
 * What the played decision cost: a won game thrown away or a loss walked into (the review's proven
 * results), else the counters it gives away against the better one over the lines' turns (`gives`,
 * once the lines are in).
 * @param {string} decision
 * @param {import('../review.js').Judgement} j
 * @param {number | null} gives
 */
function lostText(decision, j, gives) {
  const words = decisionText(decision);
  const best = decisionText(j.best);
  if (j.before.win_in !== undefined && j.after.win_in === undefined)
    return t('review.lost_win', { decision: words, best, count: j.before.win_in });
  if (j.after.loss_in !== undefined && j.before.loss_in === undefined)
    return t('review.walked_into', { decision: words, count: j.after.loss_in });
  if (gives === null) return '';
  return gives > 0
    ? t('review.gives', { decision: words, best, count: gives })
    : t('review.gives_later', { decision: words, best });
}

/**
 * The line walked on the board (its turns, the one reached marked, the steps back and forth and the way
 * back to the game), or the buttons that walk either line.
 * @param {ReviewCtrl} r
 * @param {Line} better
 * @param {Line} played
 */
function walkPart(r, better, played) {
  const l = r.walked();
  if (!l || !r.walk) {
    /** @param {string} id @param {'better' | 'played'} which @param {Line} line */
    const show = (id, which, line) =>
      h(
        `button#${id}.small`,
        { attrs: { type: 'button' }, on: { click: () => r.startWalk(which) } },
        t('review.show_line', { decision: decisionText(line.first) }),
      );
    return [h('div.replay-row', [show('show-better', 'better', better), show('show-played', 'played', played)])];
  }
  const at = r.walk.turn;
  return [
    h(
      'section#line.review-line',
      { attrs: { 'aria-label': t('review.line_title', { decision: decisionText(l.first) }) } },
      [
        h('p.small.muted', t('review.line_title', { decision: decisionText(l.first) })),
        h(
          'ol.line-turns.small',
          l.turns.map((turn, i) =>
            h(
              'li',
              {
                class: { current: i === at - 1 },
                attrs: { 'data-turn': i + 1, 'aria-current': i === at - 1 ? 'step' : 'false' },
              },
              t(turn.captured ? 'review.turn_capture' : 'review.turn_quiet', {
                side: sideName(turn.side),
                decisions: turn.decisions.map((x) => decisionText(x.decision)).join(', '),
                count: turn.captured,
              }),
            ),
          ),
        ),
        h('div.replay-row', [
          h(
            'button#line-previous.small',
            { attrs: { type: 'button', disabled: at === 0 }, on: { click: () => r.step(-1) } },
            t('review.line_previous'),
          ),
          h(
            'button#line-next.small',
            { attrs: { type: 'button', disabled: at >= l.turns.length }, on: { click: () => r.step(1) } },
            t('review.line_next'),
          ),
          h(
            'button#line-back.small',
            { attrs: { type: 'button' }, on: { click: () => r.endWalk() } },
            t('review.line_back'),
          ),
        ]),
      ],
    ),
  ];
}

/**
 * The board's caption while a line is walked and not being sown: where the line stands; null otherwise.
 * @param {ReviewCtrl} r
 */
export function lineCaption(r) {
  const line = r.walked();
  if (!line || !r.walk) return null;
  const decision = decisionText(line.first);
  return r.walk.turn === 0
    ? t('review.line_start', { decision })
    : t('review.line_at', { decision, turn: r.walk.turn, turns: line.turns.length });
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
    const value = valueSentence({ counters: v }, 'south');
    const label =
      i === 0
        ? t('review.point_start', { value })
        : t('review.point', {
            ply: i,
            side: sideName(d?.side || ''),
            decision: decisionText(d?.decision || ''),
            value,
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
