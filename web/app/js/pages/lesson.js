// @ts-check
// A lesson (`/learn/{game}/{lesson}`), in lichess /learn's shape: the board with the step's marks, the
// text, the goal line; the learner clicks a hole (a direction, a store move or an array is offered from
// the board's `legal`, never worked out here) and the server's engine judges the turn: met, missed,
// illegal or continue. The page sows the returned steps, shows the hint for that move or the success,
// and offers the next step; the last step offers a game against the computer in one click. Resting the
// pointer on a playable hole (a long press on a phone) previews where its sowing ends. Drawn as the game
// page is: a controller (lesson/ctrl.js) holds the state, the actions and the board's widgets, the view
// (lesson/view.js) is a pure function of it, hosting the widgets.

import { LessonCtrl } from '../lesson/ctrl.js';
import { view } from '../lesson/view.js';
import { focusAsked, redrawer } from '../patch.js';
import { learnStyle } from '../ui.js';

/** The catalog's books this page's words are in. */
export const books = ['learn'];

/**
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { game, lesson }) {
  learnStyle();
  const draw = redrawer(
    main,
    () => view(ctrl),
    () => focusAsked(main, ctrl),
  );
  const ctrl = new LessonCtrl(`${game}/${lesson}`, () => !ctrl.gone && draw());
  draw();
  ctrl.start();
  return () => ctrl.stop();
}
