// @ts-check
// The rules pages (`/rules/{variant}`), written for players by `mancala-learn`: the rules first, in short
// sections, each rule on a board diagram drawn from the position the server sends (marks and arrows; a
// diagram that plays shows its sowing on demand, step by step if one likes, from the engine's steps),
// where this site reads the sources its own way, that reading in a marked box; the sources' own words as
// numbered notes in one list at the end (with their reference, the translation in another language than
// English, and what the source's notation means). An address that names no game says so and lists the
// games. Drawn as the game page is: a controller (rules/ctrl.js) holds the answer and the diagrams'
// widgets, the view (rules/view.js) is a pure function of it, hosting the widgets.

import { t } from '../i18n.js';
import { redrawer } from '../patch.js';
import { RulesCtrl } from '../rules/ctrl.js';
import { view } from '../rules/view.js';
import { learnStyle, variantName } from '../ui.js';

/** The catalog's books this page's words are in. */
export const books = ['rules', 'demo'];

/**
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { variant }) {
  learnStyle();
  const draw = redrawer(main, () => view(ctrl));
  const ctrl = new RulesCtrl(variant, () => !ctrl.gone && draw());
  document.title = ctrl.known
    ? `${t('rules.title', { game: variantName(variant) })} · Mancala`
    : `${t('game.none')} · Mancala`;
  draw();
  ctrl.start();
  return () => ctrl.stop();
}
