// @ts-check
// Home: the first screen (what the site is, where the games come from, the three ways in), the lobby
// (quick pairing per variant and clock, casual or rated; the live seek list; a seek form; the "waiting for
// an opponent" state with cancel), then the form that creates a game by invite link or against the
// computer, the games waiting for an opponent (join in one click), live games to watch and recent finished
// games, and the six variants with their rules summary and source. Drawn as the game page is: a controller
// (home/ctrl.js) holds the state and the actions, the view (home/view/*.js) is a pure function of it, every
// redraw one keyed snabbdom patch; the lobby socket's messages reach the controller through a table
// (home/handlers.js). The seek list and the lists of waiting and live games are live (the lobby socket);
// the recently finished games are fetched once, and again when a game leaves the live list.

import { t } from '../i18n.js';
import { redrawer } from '../patch.js';
import { learnStyle } from '../ui.js';
import { HomeCtrl } from '../home/ctrl.js';
import { view } from '../home/view/main.js';

/** The catalog's books this page's words are in. */
export const books = ['home', 'lobby', 'lists'];

/** The view is whole once the four games are in (the lists are live and may come later). @param {Element} el */
export const ready = (el) => !el.querySelector('.variants')?.textContent?.includes(t('common.loading'));

/** @param {HTMLElement} main */
export function mount(main) {
  learnStyle();
  document.title = t('home.title');
  const draw = redrawer(main, () => view(ctrl));
  const ctrl = new HomeCtrl(() => !ctrl.stopped && draw());
  draw();
  ctrl.start();
  return () => ctrl.stop();
}
