// @ts-check
// The whole puzzle page as a pure function of the controller's state: the modes (puzzles near one's
// rating, the daily puzzle, the streak) and, for the first and the streak, the game and theme; then the
// board (the solver at the bottom) beside the goal in words, what the page waits for, the verdict, the
// solution, the puzzle's themes and rating; under them the solver's rating and history. What a line's end
// shows (result.js) and an account's history (account.js) are loaded on demand, after the first view.

import { h } from '../../vendor/snabbdom.js';
import { t } from '../../i18n.js';
import { lazy } from '../../redraw.js';
import { variantName } from '../../ui.js';
import { progress } from '../progress.js';
import { goalText, streakLine, themeName } from '../words.js';
import { boardHost, choices } from './board.js';

/** @typedef {import('../ctrl.js').PuzzleCtrl} PuzzleCtrl */

/** The verdict, the solution and what comes next: asked once a puzzle is drawn, drawn once a line ends. */
const result = lazy(() => import('./result.js'));
/** An account's history, under the puzzle. */
const account = lazy(() => import('./account.js'));

/** The games a puzzle is of (Ikibuguzo's rule sets are one game). */
export const GAMES = ['kubuguza', 'ikibuguzo', 'njombwa', 'azigo'];
/** The themes, in the server's order. */
export const THEMES = [
  'relay_capture',
  'sown_on_capture',
  'reverse_capture',
  'special_win',
  'store_move',
  'cross_sowing',
  'no_moves',
  'endgame',
  'opening',
  'defence',
];

/** @param {PuzzleCtrl} ctrl */
export function title(ctrl) {
  return t(ctrl.mode === 'daily' ? 'puzzle.daily' : ctrl.mode === 'streak' ? 'puzzle.streak.title' : 'puzzle.title');
}

/** @param {PuzzleCtrl} ctrl */
function modes(ctrl) {
  const link = (/** @type {string} */ href, /** @type {string} */ key, /** @type {boolean} */ here) =>
    h('a', { attrs: { href, 'aria-current': here ? 'page' : false } }, t(key));
  return h('nav.puzzle-modes', { attrs: { 'aria-label': t('puzzle.modes') } }, [
    link('/puzzles', 'puzzle.mode.next', ctrl.mode === 'next'),
    link('/puzzles/daily', 'puzzle.daily', ctrl.mode === 'daily'),
    link('/puzzles/streak', 'puzzle.streak.title', ctrl.mode === 'streak'),
  ]);
}

/** @param {PuzzleCtrl} ctrl */
function filters(ctrl) {
  if (ctrl.mode !== 'next' && ctrl.mode !== 'streak') return null;
  const select = (
    /** @type {string} */ id,
    /** @type {string} */ label,
    /** @type {string} */ value,
    /** @type {[string, string][]} */ options,
    /** @type {(v: string) => void} */ set,
  ) =>
    h('label.small', [
      `${t(label)} `,
      h(
        `select#${id}`,
        { props: { value }, on: { change: (e) => set(/** @type {HTMLSelectElement} */ (e.target).value) } },
        options.map(([v, words]) => h('option', { attrs: { value: v }, props: { selected: v === value } }, words)),
      ),
    ]);
  return h('div.puzzle-filters', [
    select(
      'puzzle-game',
      'puzzle.game_label',
      ctrl.game,
      [['', t('puzzle.all_games')], ...GAMES.map((g) => /** @type {[string, string]} */ ([g, variantName(g)]))],
      (g) => ctrl.filter(g, ctrl.theme),
    ),
    select(
      'puzzle-theme',
      'puzzle.theme_label',
      ctrl.theme,
      [['', t('puzzle.all_themes')], ...THEMES.map((x) => /** @type {[string, string]} */ ([x, themeName(x)]))],
      (x) => ctrl.filter(ctrl.game, x),
    ),
  ]);
}

/** What the page waits for, or what just happened. @param {PuzzleCtrl} ctrl */
function statusText(ctrl) {
  switch (ctrl.phase) {
    case 'loading':
      return t('common.loading');
    case 'busy':
      return t('puzzle.status.busy');
    case 'play':
      return t(
        ctrl.retried ? 'puzzle.status.retry' : ctrl.given.length ? 'puzzle.status.keep_going' : 'puzzle.status.find',
      );
    case 'right':
    case 'wrong':
      return t('puzzle.status.over');
    default:
      return '';
  }
}

/**
 * The game the puzzle is in, linked to its rules (a player who has not met it learns it there).
 * @param {import('../../net/puzzlewire.js').PuzzleView} p the server's puzzle
 */
function gameLine(p) {
  return h('p#puzzle-of.small', [
    `${t('puzzle.game_is')} `,
    h('a', { attrs: { href: `/rules/${encodeURIComponent(p.variant)}` } }, variantName(p.variant)),
  ]);
}

/** The puzzle's themes, rating, and its link. @param {PuzzleCtrl} ctrl */
function about(ctrl) {
  const p = ctrl.puzzle;
  if (!p) return null;
  const themes = p.themes.length ? p.themes.map(themeName).join(', ') : t('puzzle.no_theme');
  return h('div#puzzle-about.small', [
    h('p', [
      h('span#puzzle-puzzle-rating', t('puzzle.rating', { rating: String(ctrl.answer?.puzzle_rating ?? p.rating) })),
      ` · ${t('puzzle.plays', { count: p.plays + (ctrl.answer?.recorded ? 1 : 0) })}`,
    ]),
    h('p#puzzle-themes', t('puzzle.themes', { themes })),
    h('p.links', [h('a#puzzle-link', { attrs: { href: `/puzzles/${p.id}` } }, t('puzzle.link'))]),
  ]);
}

/** Who is solving: an account's rating, or a guest's progress kept in this browser. @param {PuzzleCtrl} ctrl */
function whoLine(ctrl) {
  if (!ctrl.signedIn) {
    const p = progress();
    return h('p#puzzle-who.small.muted', [
      t('puzzle.guest', { solved: String(p.solved.length), best: String(p.streakBest) }),
      ' ',
      h('a', { attrs: { href: `/signin?next=${encodeURIComponent(location.pathname)}` } }, t('puzzle.guest_sign_in')),
    ]);
  }
  const r = ctrl.history?.rating;
  const rating = r ? `${r.rating}${r.provisional ? '?' : ''}` : '1500?';
  return h('p#puzzle-who.small', [
    h('span#puzzle-rating', t('puzzle.your_rating', { rating })),
    ' · ',
    h('a', { attrs: { href: '#puzzle-history' } }, t('puzzle.history.link')),
  ]);
}

/** @param {PuzzleCtrl} ctrl */
function historySection(ctrl) {
  return ctrl.signedIn ? (account.now(ctrl.redraw)?.historySection(ctrl) ?? null) : null;
}

/** @param {PuzzleCtrl} ctrl */
export function view(ctrl) {
  const p = ctrl.puzzle;
  // Asked while the puzzle is played, so that its end is drawn at once.
  const r = p ? result.now(ctrl.redraw) : null;
  const wide = p && p.board && p.board.columns >= 20;
  const head = [h('h1', title(ctrl)), modes(ctrl), filters(ctrl)];
  if (ctrl.phase === 'none') {
    return h('div.puzzle-page', [
      h('section.panel', [
        ...head,
        h('p#puzzle-none', ctrl.noneKey ? t(ctrl.noneKey) : ''),
        ctrl.error ? h('p.error', { attrs: { role: 'alert' } }, ctrl.error) : null,
        ctrl.mode === 'streak' && ctrl.run ? h('p', streakLine(ctrl)) : null,
        whoLine(ctrl),
      ]),
      historySection(ctrl),
    ]);
  }
  return h('div.puzzle-page', [
    h('section.panel', [
      ...head,
      h(`div.lesson.puzzle${wide ? '.wide' : ''}`, [
        h('div', [boardHost(ctrl), choices(ctrl)]),
        h('div.text', [
          p ? gameLine(p) : null,
          h('p#puzzle-goal.goal', p ? goalText(p) : ''),
          h(
            'p#puzzle-status.status',
            { attrs: { 'aria-live': 'polite', 'data-phase': ctrl.phase, 'data-given': String(ctrl.given.length) } },
            statusText(ctrl),
          ),
          ctrl.mode === 'streak' && ctrl.phase !== 'wrong' ? h('p#puzzle-streak.small', streakLine(ctrl)) : null,
          h('p#puzzle-error.error', { attrs: { role: 'alert' } }, ctrl.error),
          r ? r.verdict(ctrl) : h('div#puzzle-verdict.verdict', { attrs: { hidden: true } }),
          r?.afterActions(ctrl),
          r?.solution(ctrl),
          p ? about(ctrl) : null,
          whoLine(ctrl),
        ]),
      ]),
    ]),
    historySection(ctrl),
  ]);
}
