// @ts-check
// The game page, the same for a player and a spectator: a controller (game/ctrl.js) holds the state
// and the actions, the view (game/view/*.js) is a pure function of it, and every redraw is one keyed
// snabbdom patch, so buttons under the pointer or the focus stay the same elements. This browser's
// seat in the game is the token kept in localStorage (prefs.js); the plain /game/{id} link watches.

import { GameCtrl } from '../game/ctrl.js';
import { t } from '../i18n.js';
import { view } from '../game/view/main.js';
import { attributesModule, classModule, eventListenersModule, init, propsModule } from '../vendor/snabbdom.js';

const patch = init([classModule, attributesModule, propsModule, eventListenersModule]);

/**
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { id }) {
  document.title = `${t('game.title')} · Mancala`;
  const root = document.createElement('div');
  main.append(root);
  /** @type {import('../vendor/snabbdom.js').VNode | Element} */
  let vnode = root;
  let patching = false;
  let again = false;
  const redraw = () => {
    // A redraw asked during a patch (a hook's) runs right after it.
    if (patching) {
      again = true;
      return;
    }
    patching = true;
    do {
      again = false;
      vnode = patch(vnode, view(ctrl));
    } while (again);
    patching = false;
    if (ctrl.focusNext) {
      const el = /** @type {HTMLElement | null} */ (main.querySelector(ctrl.focusNext));
      ctrl.focusNext = '';
      el?.focus();
    }
    const g = ctrl.s.game;
    if (g) document.title = `${ctrl.title()} · ${ctrl.nameOf('south')} – ${ctrl.nameOf('north')} · Mancala`;
  };
  const ctrl = new GameCtrl(id, redraw);
  redraw();
  ctrl.start();
  return () => ctrl.stop();
}
