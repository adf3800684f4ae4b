// @ts-check
// A tournament (`/tournament/{id}`): its header (kind, games, a medley's game now and the next change,
// clock, status with the countdown to its start or end, or the round), Join and Withdraw (Pause in an
// arena; a password field when it is private), the standings (an arena's score sheet and streak, a Swiss's
// tie-breaks), its games (each a link to watch it) and byes. Drawn as the game page is: a controller
// (tournament/ctrl.js) holds the state and the actions, the view (tournament/view/*.js) is a pure function
// of it, every redraw one keyed snabbdom patch; the read-only socket's messages reach the controller
// through a table (tournament/handlers.js).

import { t } from '../i18n.js';
import { redrawer } from '../patch.js';
import { TournamentCtrl } from '../tournament/ctrl.js';
import { view } from '../tournament/view/main.js';
import { pageStyle } from '../tournament/words.js';

export const books = ['tournaments'];

/**
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { id }) {
  pageStyle();
  document.title = `${t('tour.title')} · Mancala`;
  const draw = redrawer(main, () => view(ctrl));
  const ctrl = new TournamentCtrl(id, () => !ctrl.stopped && draw());
  draw();
  ctrl.start();
  return () => ctrl.stop();
}
