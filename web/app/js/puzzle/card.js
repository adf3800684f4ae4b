// @ts-check
// The daily puzzle's card on the home page: the day's position drawn as a still board (the lessons'
// diagram, the solver at the bottom, nothing to play), its goal in words, and a link to solve it at
// `/puzzles/daily`. No card when the server has no puzzle. The card is a view (`dailyView`) of what
// `loadDaily` brings; the diagram is its one element of its own, put in when the card is.

import { puzzleApi } from './api.js';
import { Diagram } from '../board/diagram.js';
import { loadBook, t } from '../i18n.js';
import { variantName } from '../ui.js';
import { goalText } from './words.js';
import { h } from '../vendor/snabbdom.js';

/** @typedef {{puzzle: import('../net/puzzlewire.js').PuzzleView, diagram: Diagram}} Daily */

/**
 * The day's puzzle and its still diagram, or null when there is none (none served, or the server not
 * reached: the home page goes on without the card).
 * @returns {Promise<Daily | null>}
 */
export async function loadDaily() {
  try {
    const [{ puzzle }] = await Promise.all([puzzleApi.daily(), loadBook('puzzles')]);
    const diagram = new Diagram();
    diagram.side = puzzle.solver === 'north' ? 'north' : 'south';
    return { puzzle, diagram };
  } catch {
    return null;
  }
}

/**
 * @param {Daily} daily
 */
export function dailyView({ puzzle, diagram }) {
  // The board is a picture here: out of the tab order and of the accessibility tree (the link says what
  // it shows), and a click on it is the link's. It is drawn once in the page, where its width is known.
  const still = h('div.daily-board', {
    key: puzzle.id,
    attrs: { inert: '' },
    hook: {
      insert: (v) => {
        /** @type {HTMLElement} */ (v.elm).append(diagram.box);
        diagram.show(puzzle.board);
      },
    },
  });
  return h('section#daily-puzzle.panel.daily-puzzle', [
    h('h2', t('puzzle.daily')),
    h('a#daily-puzzle-link.daily-link', { attrs: { href: '/puzzles/daily' } }, [
      still,
      h('span.daily-goal', goalText(puzzle)),
      h('span.small', [`${variantName(puzzle.variant)} · `, h('span.solve', t('puzzle.solve'))]),
    ]),
  ]);
}
