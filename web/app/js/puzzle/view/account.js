// @ts-check
// An account's puzzle history (results by theme, the newest attempts, the best streak, from `GET
// /api/puzzles/history`), under the puzzle. Loaded on demand (view/main.js): a guest has none, and the
// first view of a puzzle does not wait for it.

import { h } from '../../vendor/snabbdom.js';
import { t } from '../../i18n.js';
import { variantName, when } from '../../ui.js';
import { themeName } from '../words.js';

/** @typedef {import('../ctrl.js').PuzzleCtrl} PuzzleCtrl */

/**
 * The account's history: best streak, results by theme, newest attempts (each a link to its puzzle).
 * @param {PuzzleCtrl} ctrl
 */
export function historySection(ctrl) {
  if (!ctrl.signedIn) return null;
  const hist = ctrl.history;
  const body = [];
  if (ctrl.historyError) body.push(h('p.error', { attrs: { role: 'alert' } }, ctrl.historyError));
  else if (!hist) body.push(h('p.muted', t('common.loading')));
  else if (!hist.recent.length) body.push(h('p.muted', t('puzzle.history.none')));
  else {
    body.push(h('p.small', t('puzzle.history.best_streak', { best: String(hist.streak_best) })));
    if (hist.themes.length)
      body.push(
        h('table.puzzle-themes.small', [
          h('caption', t('puzzle.history.by_theme')),
          h('thead', [
            h('tr', [
              h('th', { attrs: { scope: 'col' } }, t('puzzle.history.theme')),
              h('th', { attrs: { scope: 'col' } }, t('puzzle.history.solved')),
            ]),
          ]),
          h(
            'tbody',
            hist.themes.map((x) =>
              h('tr', [
                h('th', { attrs: { scope: 'row' } }, themeName(x.theme)),
                h('td', t('puzzle.history.of', { won: String(x.won), attempts: String(x.attempts) })),
              ]),
            ),
          ),
        ]),
      );
    body.push(
      h('h3.small-h', t('puzzle.history.recent')),
      h(
        'ul.puzzle-recent.small',
        hist.recent.map((a) =>
          h('li', [
            h('a', { attrs: { href: `/puzzles/${a.puzzle}` } }, variantName(a.game)),
            ' · ',
            t(a.won ? 'puzzle.history.won' : 'puzzle.history.lost'),
            ' · ',
            t('puzzle.history.rating', { rating: String(a.rating_after) }),
            h('span.muted', ` · ${when(a.at)}`),
          ]),
        ),
      ),
    );
  }
  return h('section#puzzle-history.panel', [h('h2', t('puzzle.history.title')), ...body]);
}
