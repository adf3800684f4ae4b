// @ts-check
// The puzzles (`/puzzles`: near the solver's rating, of a game and a theme; `/puzzles/{id}`: one puzzle,
// a link to share; `/puzzles/daily`: the day's; `/puzzles/streak`: harder each time until the first
// miss), drawn as the game page is: a controller (puzzle/ctrl.js) holds the state and the actions, the
// view (puzzle/view/*.js) is a pure function of it, and every redraw is one snabbdom patch.

import { t } from '../i18n.js';
import { PuzzleCtrl } from '../puzzle/ctrl.js';
import { title, view } from '../puzzle/view/main.js';
import { focusAsked, redrawer } from '../patch.js';
import { learnStyle } from '../ui.js';

/** The catalog's books this page's words are in. */
export const books = ['puzzles'];

/**
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { id }) {
  learnStyle();
  const query = new URLSearchParams(location.search);
  const mode = id === 'daily' ? 'daily' : id === 'streak' ? 'streak' : id ? 'one' : 'next';
  const redraw = redrawer(
    main,
    () => view(ctrl),
    () => {
      focusAsked(main, ctrl);
      document.title = `${title(ctrl)} · Mancala`;
      // The game and theme chosen stay in the address, so it can be shared and reloaded.
      if (mode === 'next' || mode === 'streak') {
        const q = new URLSearchParams();
        if (ctrl.game) q.set('game', ctrl.game);
        if (ctrl.theme) q.set('theme', ctrl.theme);
        const want = `${location.pathname}${q.toString() ? `?${q}` : ''}`;
        if (want !== `${location.pathname}${location.search}`) history.replaceState(null, '', want);
      }
    },
  );
  const ctrl = new PuzzleCtrl(
    {
      mode,
      id: mode === 'one' ? id : '',
      game: query.get('game') || '',
      theme: query.get('theme') || '',
    },
    redraw,
  );
  const keys = (/** @type {KeyboardEvent} */ e) => ctrl.onKey(e);
  document.addEventListener('keydown', keys);
  document.title = `${t('puzzle.title')} · Mancala`;
  redraw();
  ctrl.start();
  return () => {
    document.removeEventListener('keydown', keys);
    ctrl.stop();
  };
}
