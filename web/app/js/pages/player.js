// @ts-check
// A player's page (`/@/{name}`, also `/player/{name}`): for a registered name the rating per variant
// (with "?" while provisional), a rating chart of one variant (the most played, or the one chosen),
// wins, draws and losses; Block / Unblock for a signed-in visitor; and the games where the name holds a
// seat (guests too). Drawn as the game page is: a controller (player/ctrl.js) holds the state and the
// actions, the view (player/view.js) is a pure function of it, every redraw one keyed snabbdom patch.

import { redrawer } from '../patch.js';
import { PlayerCtrl } from '../player/ctrl.js';
import { view } from '../player/view.js';

/** The catalog's books this page's words are in. */
export const books = ['lists', 'blocks'];

/**
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { name }) {
  document.title = `${name} · Mancala`;
  const draw = redrawer(main, () => view(ctrl));
  const ctrl = new PlayerCtrl(name, () => !ctrl.gone && draw());
  draw();
  ctrl.start();
  return () => ctrl.stop();
}
