// @ts-check
// The game page, the same for a player and a spectator: a controller (game/ctrl.js) holds the state
// and the actions, the view (game/view/*.js) is a pure function of it, and every redraw is one keyed
// snabbdom patch (patch.js's, as every page's), so buttons under the pointer or the focus stay the same
// elements. This browser's seat in the game is the token kept in localStorage (prefs.js); the plain
// /game/{id} link watches.

import { GameCtrl } from '../game/ctrl.js';
import { t } from '../i18n.js';
import { view } from '../game/view/main.js';
import { focusAsked, redrawer } from '../redraw.js';

/** The view is whole once the game is in. @param {Element} el */
export const ready = (el) => !el.textContent?.includes(t('game.status.connecting'));

/**
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { id }) {
  document.title = `${t('game.title')} · Mancala`;
  /** @type {GameCtrl} */
  let ctrl;
  const redraw = redrawer(
    main,
    () => view(ctrl),
    () => {
      focusAsked(main, ctrl);
      if (ctrl.s.game) document.title = `${ctrl.title()} · ${ctrl.nameOf('south')} – ${ctrl.nameOf('north')} · Mancala`;
    },
  );
  ctrl = new GameCtrl(id, redraw);
  redraw();
  ctrl.start();
  return () => ctrl.stop();
}
