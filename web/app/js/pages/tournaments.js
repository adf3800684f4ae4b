// @ts-check
// Tournaments (`/tournaments`): the running, upcoming and finished ones (refreshed every few seconds, the
// countdowns every second), and for a signed-in person the form of a new one (arena or Swiss, one game or
// a medley arena of several, the clock, the start, its length, rated, bots, a password), which goes to the
// new tournament's page. Drawn as the game page is: a controller (tournament/list.js, the form's state in
// tournament/form.js), the view a pure function of it (tournament/view/list.js, view/form.js), every
// redraw one keyed snabbdom patch.

import { t } from '../i18n.js';
import { redrawer } from '../patch.js';
import { TournamentListCtrl } from '../tournament/list.js';
import { view } from '../tournament/view/list.js';
import { pageStyle } from '../tournament/words.js';

/** The catalog's books this page's words are in. */
export const books = ['tournaments'];

/** @param {HTMLElement} main */
export function mount(main) {
  pageStyle();
  document.title = `${t('tour.title')} · Mancala`;
  const draw = redrawer(main, () => view(ctrl));
  const ctrl = new TournamentListCtrl(() => !ctrl.stopped && draw());
  draw();
  ctrl.start();
  return () => ctrl.stop();
}
