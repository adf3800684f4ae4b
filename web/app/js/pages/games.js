// @ts-check
// History: the games with the API's filters (player, variant, status, result) and paging. The filters
// live in the address (/games?status=finished&variant=azigo), so a filtered list can be linked. Drawn as
// the game page is: a controller (player/history.js, with the paged list of player/games.js) holds the
// state and the actions, its view is a pure function of it, every redraw one keyed snabbdom patch.

import { t } from '../i18n.js';
import { redrawer } from '../patch.js';
import { HistoryCtrl, view } from '../player/history.js';

/** The catalog's books this page's words are in. */
export const books = ['lists'];

/** @param {HTMLElement} main */
export function mount(main) {
  document.title = `${t('games.title')} · Mancala`;
  let gone = false;
  const draw = redrawer(main, () => view(ctrl));
  const ctrl = new HistoryCtrl(new URLSearchParams(location.search), () => !gone && draw());
  draw();
  ctrl.start();
  return () => {
    gone = true;
  };
}
