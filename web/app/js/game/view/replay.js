// @ts-check
// The replay panel of a finished game: « ◀ slider ▶ », the ply shown, and the record's downloads.

import { h } from '../../vendor/snabbdom.js';
import { api } from '../../net/api.js';
import { t } from '../../i18n.js';

/** @typedef {import('../ctrl.js').GameCtrl} GameCtrl */

/**
 * `&width=N` for a Njombwa game on a wider board: the analysis board's later moves are asked with it.
 * @param {GameCtrl} ctrl
 */
const widthQuery = (ctrl) => {
  const g = ctrl.s.game;
  return g?.variant === 'njombwa' && g.options?.width && g.options.width !== 8 ? `&width=${g.options.width}` : '';
};

/** @param {GameCtrl} ctrl */
export function replayPanel(ctrl) {
  const r = ctrl.replay;
  if (!r) return h('div.replay-box');
  const id = ctrl.id;
  const none = r.plies === 0; // finished before any move (aborted, resigned at once): nothing to replay
  /**
   * @param {string} text
   * @param {string} title
   * @param {() => number} to
   */
  const btn = (text, title, to) =>
    h(
      'button.small.ghost',
      { attrs: { type: 'button', title, 'aria-label': title }, on: { click: () => r.go(to()) } },
      text,
    );
  const label =
    r.error ||
    (r.ply === r.plies ? t('replay.end', { plies: r.plies }) : t('replay.after', { ply: r.ply, plies: r.plies }));
  return h('div.replay-box', [
    h(
      'section.replay',
      { attrs: { 'aria-label': t('replay.title'), 'data-shown': r.shown === null ? false : String(r.shown) } },
      [
        h('h2.small-h', { attrs: { hidden: none } }, t('replay.title')),
        h('div.replay-row', { attrs: { hidden: none } }, [
          btn('«', t('replay.start'), () => 0),
          btn('◀', t('replay.previous'), () => r.ply - 1),
          h('input#replay-ply', {
            attrs: { type: 'range', min: 0, max: r.plies, 'aria-label': t('replay.shown') },
            props: { value: String(r.ply) },
            on: { input: (e) => r.go(Number(/** @type {HTMLInputElement} */ (e.target).value)) },
          }),
          btn('▶', t('replay.next'), () => r.ply + 1),
          btn('»', t('replay.last'), () => r.plies),
        ]),
        h('output#replay-label', { attrs: { for: 'replay-ply', hidden: none } }, label),
        h(
          'p.small.links',
          h(
            'a#analyse',
            { attrs: { href: `/analysis?game=${encodeURIComponent(id)}&ply=${r.ply}${widthQuery(ctrl)}` } },
            t('analysis.open'),
          ),
        ),
        h('p.small.links', [
          t('replay.download'),
          h('a', { attrs: { href: api.exportPath(id), download: `${id}.txt` } }, t('replay.text')),
          ' · ',
          h('a', { attrs: { href: api.exportPath(id, 'json'), download: `${id}.json` } }, 'JSON'),
        ]),
      ],
    ),
  ]);
}
