// @ts-check
// Leaderboards (`/leaderboard/{variant}`): the best established (not provisional) ratings of a variant,
// with a tab per variant. Drawn as the game page is: a controller (player/leaderboard.js) holds the
// rows, its view is a pure function of it, patched by snabbdom.

import { t } from '../i18n.js';
import { redrawer } from '../patch.js';
import { LeaderboardCtrl, view } from '../player/leaderboard.js';
import { variantName } from '../ui.js';

/** The catalog's books this page's words are in. */
export const books = ['lists'];

/**
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { variant }) {
  document.title = `${t('leaderboard.title', { game: variantName(variant) })} · Mancala`;
  let gone = false;
  const draw = redrawer(main, () => view(ctrl));
  const ctrl = new LeaderboardCtrl(variant, () => !gone && draw());
  draw();
  ctrl.start();
  return () => {
    gone = true;
  };
}
