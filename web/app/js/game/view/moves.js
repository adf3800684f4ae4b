// @ts-check
// The move list: one line per ply (the side, the decision, "forced" for the server's own moves, the
// review's mark once it is in); in a finished game a line shows the board after it. Redrawn only when the moves or the replayed ply
// change; the current line is kept in view.

import { h } from '../../vendor/snabbdom.js';
import { t } from '../../i18n.js';
import { sideName } from '../../ui.js';
import { memo } from './memo.js';

/** The symbols of the review's marks, as on lichess. */
export const MARK_SYMBOL = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** @typedef {import('../ctrl.js').GameCtrl} GameCtrl */

/** @param {GameCtrl} ctrl */
export function moveList(ctrl) {
  const replay = ctrl.replay;
  const current = replay && replay.board ? replay.ply : null;
  const review = replay?.review.data ? replay.review : null;
  return memo(ctrl, 'moves', [ctrl.s.moves, current, !!replay, review?.data], () =>
    h(
      'ol#moves.moves',
      {
        class: { clickable: !!replay },
        hook: {
          postpatch: (_, v) => scroll(/** @type {HTMLElement} */ (v.elm)),
          insert: (v) => scroll(/** @type {HTMLElement} */ (v.elm)),
        },
      },
      ctrl.s.moves.map((mv) =>
        h(
          'li',
          {
            key: mv.ply,
            class: { auto: mv.auto, current: current === mv.ply },
            attrs: { value: mv.ply, 'data-ply': mv.ply },
            on: replay ? { click: () => replay.go(mv.ply) } : {},
          },
          [
            h('span.muted', `${sideName(mv.side)} `),
            mv.decision === null ? t('moves.secret') : mv.decision,
            mv.auto ? h('span.muted.small', ` ${t('moves.forced')}`) : null,
            markOf(review?.mark(mv.ply) ?? null),
          ].filter((x) => x !== null),
        ),
      ),
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

/** Keeps the current line, else the last one, in view. @param {HTMLElement} list */
function scroll(list) {
  const current = list.querySelector('li.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
  else list.scrollTop = list.scrollHeight;
}
