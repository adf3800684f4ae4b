// @ts-check
// The move list: one line per ply (the side, the decision in words, "forced" for the server's own moves,
// the review's mark). A line is a button where it shows something: the board after it (a finished game),
// its sowing in full (a move seen live), the review's explanation (a marked one). The current line is
// kept in view.

import { h } from '../../vendor/snabbdom.js';
import { t } from '../../i18n.js';
import { decisionText, sideName } from '../../ui.js';
import { memo } from './memo.js';

/** The symbols of the review's marks, as on lichess. */
export const MARK_SYMBOL = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** @typedef {import('../ctrl.js').GameCtrl} GameCtrl */

/** @param {GameCtrl} ctrl */
export function moveList(ctrl) {
  const replay = ctrl.replay;
  const current = replay && replay.board ? replay.ply : null;
  const review = replay?.review.data ? replay.review : null;
  const focus = review?.focus ?? null;
  return memo(ctrl, 'moves', [ctrl.s.moves, current, !!replay, review?.data, focus, ctrl.seen.size, ctrl.again], () =>
    h(
      'ol#moves.moves',
      {
        hook: {
          postpatch: (_, v) => scroll(/** @type {HTMLElement} */ (v.elm)),
          insert: (v) => scroll(/** @type {HTMLElement} */ (v.elm)),
        },
      },
      ctrl.s.moves.map((mv) => {
        const words = [
          h('span.muted', `${sideName(mv.side)} `),
          mv.decision === null ? t('moves.secret') : decisionText(mv.decision),
          mv.auto ? h('span.muted.small', ` ${t('moves.forced')}`) : null,
        ];
        const open = replay
          ? () => (review?.mark(mv.ply) ? review.explain(mv.ply) : (replay.go(mv.ply), ctrl.sowAgain(mv.ply)))
          : ctrl.seen.has(mv.ply)
            ? () => ctrl.sowAgain(mv.ply)
            : null;
        return h(
          'li',
          {
            key: mv.ply,
            class: {
              auto: mv.auto,
              current: current === mv.ply,
              focus: focus === mv.ply,
              again: ctrl.again === mv.ply,
            },
            attrs: { value: mv.ply, 'data-ply': mv.ply },
          },
          [
            open
              ? h(
                  'button.move',
                  { attrs: { type: 'button' }, on: { click: open } },
                  words.filter((x) => x !== null),
                )
              : h(
                  'span',
                  words.filter((x) => x !== null),
                ),
            markOf(review?.mark(mv.ply) ?? null),
          ].filter((x) => x !== null),
        );
      }),
    ),
  );
}

/**
 * A review's mark, as its symbol with its name for screen readers and as a tooltip.
 * @param {'inaccuracy' | 'mistake' | 'blunder' | null} mark
 */
function markOf(mark) {
  if (!mark) return null;
  const name = t(`review.mark.${mark}`);
  return h(`span.mark.mark-${mark}`, { attrs: { title: name, 'aria-label': name, 'data-mark': mark } }, [
    ` ${MARK_SYMBOL[mark]}`,
  ]);
}

/** The current line, else the last, in view: the list scrolls, not the page. @param {HTMLElement} list */
function scroll(list) {
  const c = list.querySelector('li.current, li.focus')?.getBoundingClientRect();
  const l = list.getBoundingClientRect();
  list.scrollTop += !c ? list.scrollHeight : c.top < l.top ? c.top - l.top : Math.max(0, c.bottom - l.bottom);
}
