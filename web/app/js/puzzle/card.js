// @ts-check
// The daily puzzle's card on the home page: the day's position drawn as a still board (the lessons'
// diagram, the solver at the bottom, nothing to play), its goal in words, and a link to solve it at
// `/puzzles/daily`. No card when the server has no puzzle.

import { puzzleApi } from './api.js';
import { Diagram } from '../board/diagram.js';
import { loadBook, t } from '../i18n.js';
import { el, variantName } from '../ui.js';
import { goalText } from './words.js';

/** @returns {HTMLElement} the card, filled (and shown) once the day's puzzle is in */
export function dailyCard() {
  const card = el('section', { class: 'panel daily-puzzle', id: 'daily-puzzle', hidden: true });
  Promise.all([puzzleApi.daily(), loadBook('puzzles')])
    .then(([{ puzzle }]) => {
      const diagram = new Diagram();
      diagram.side = puzzle.solver === 'north' ? 'north' : 'south';
      // The board is a picture here: out of the tab order and of the accessibility tree (the link says
      // what it shows), and a click on it is the link's.
      const still = el('div', { class: 'daily-board', inert: true }, diagram.box);
      card.append(
        el('h2', {}, t('puzzle.daily')),
        el(
          'a',
          { href: '/puzzles/daily', class: 'daily-link', id: 'daily-puzzle-link' },
          still,
          el('span', { class: 'daily-goal' }, goalText(puzzle)),
          el(
            'span',
            { class: 'small' },
            `${variantName(puzzle.variant)} · `,
            el('span', { class: 'solve' }, t('puzzle.solve')),
          ),
        ),
      );
      card.hidden = false;
      diagram.show(puzzle.board);
    })
    .catch(() => {
      // No puzzle today (none served) or the server unreachable: the home page goes on without the card.
    });
  return card;
}
