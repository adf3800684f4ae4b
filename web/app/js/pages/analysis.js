// @ts-check
// The analysis board (`/analysis/{variant}?position=…`, or `/analysis?game=ID&ply=N` from a finished
// game's replay): a position played freely as a line of moves, with the engine's value, its best line
// and every legal move's value, for each position of the line. Clicking a playable hole (or a move of the
// engine's list) plays it through the server's preview, which answers the steps to sow and the position
// after; stepping back and playing another move starts a variation there, kept beside the first line (a
// tree of moves: analysis/tree.js). The address always holds the position shown, so it can be shared;
// the position's text (the engine's notation) is not shown but copied with "Copy position", and one can
// be pasted under "Paste a position". Moves and values are said in words. Drawn as the game page is: a
// controller (analysis/ctrl.js) holds the state and the actions, the view (analysis/view/*.js) is a pure
// function of it, every redraw one keyed snabbdom patch.

import { AnalysisCtrl } from '../analysis/ctrl.js';
import { view } from '../analysis/view/main.js';
import { redrawer } from '../patch.js';
import { learnStyle } from '../ui.js';

/** The catalog's books this page's words are in. */
export const books = ['editor', 'value'];

/**
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { variant }) {
  learnStyle();
  const draw = redrawer(main, () => view(ctrl));
  const ctrl = new AnalysisCtrl(variant, new URLSearchParams(location.search), () => !ctrl.gone && draw());
  draw();
  ctrl.start();
  return () => ctrl.stop();
}
