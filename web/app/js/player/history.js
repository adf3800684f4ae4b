// @ts-check
// The games page's controller and view (`/games`): the filters (player, variant, status, result), every
// field's value held here so a redraw keeps what is typed, and the paged list. The filters live in the
// address (/games?status=finished&variant=azigo), so a filtered list can be linked: showing goes to the
// address of the filters chosen.

import { go } from '../router.js';
import { t } from '../i18n.js';
import { VARIANTS, variantName } from '../ui.js';
import { field } from '../patch.js';
import { h } from '../vendor/snabbdom.js';
import { GamesPager, pagerView } from './games.js';

/** @typedef {'player' | 'variant' | 'status' | 'result'} Filter */
const FILTERS = /** @type {Filter[]} */ (['player', 'variant', 'status', 'result']);

export class HistoryCtrl {
  /**
   * @param {URLSearchParams} params the address's filters
   * @param {() => void} redraw
   */
  constructor(params, redraw) {
    /** @type {Record<Filter, string>} */
    this.fields = { player: '', variant: '', status: '', result: '' };
    for (const f of FILTERS) this.fields[f] = params.get(f) || '';
    this.pager = new GamesPager(
      Object.fromEntries(FILTERS.filter((f) => this.fields[f]).map((f) => [f, this.fields[f]])),
      redraw,
    );
  }

  start() {
    this.pager.load(undefined);
  }

  /** @param {Filter} f @param {string} value */
  set(f, value) {
    this.fields[f] = value;
  }

  show() {
    const q = new URLSearchParams();
    for (const f of FILTERS) if (this.fields[f]) q.set(f, this.fields[f].trim());
    go(`/games${q.toString() ? `?${q}` : ''}`);
  }
}

/** @param {[string, string][]} pairs @param {string} chosen */
const opts = (pairs, chosen) =>
  pairs.map(([v, text]) => h('option', { attrs: { value: v }, props: { selected: v === chosen } }, text));

/**
 * @param {HistoryCtrl} ctrl
 * @param {Filter} f
 * @param {[string, string][]} pairs
 */
const select = (ctrl, f, pairs) =>
  field(`select#f-${f}`, { attrs: { name: f } }, ctrl.fields[f], (v) => ctrl.set(f, v), opts(pairs, ctrl.fields[f]));

/** @param {HistoryCtrl} ctrl */
export function view(ctrl) {
  const any = t('form.any');
  return h('section.panel', [
    h('h1', t('games.title')),
    h(
      'form.filters',
      {
        on: {
          submit: (e) => {
            e.preventDefault();
            ctrl.show();
          },
        },
      },
      [
        h('label', [
          `${t('games.player')} `,
          field(
            'input#f-player',
            { attrs: { name: 'player', placeholder: any, maxlength: 24 } },
            ctrl.fields.player,
            (v) => ctrl.set('player', v),
          ),
        ]),
        h('label', [
          `${t('form.game')} `,
          select(ctrl, 'variant', [
            ['', any],
            ...VARIANTS.map((v) => /** @type {[string, string]} */ ([v, variantName(v)])),
          ]),
        ]),
        h('label', [
          `${t('games.status')} `,
          select(ctrl, 'status', [
            ['', any],
            ['waiting', t('games.status.waiting')],
            ['ongoing', t('games.status.ongoing')],
            ['finished', t('games.status.finished')],
          ]),
        ]),
        h('label', [
          `${t('games.result')} `,
          select(ctrl, 'result', [
            ['', any],
            ['south', t('games.result.south')],
            ['north', t('games.result.north')],
            ['draw', t('games.result.draw')],
          ]),
        ]),
        h('button', { attrs: { type: 'submit' } }, t('games.show')),
      ],
    ),
    ...pagerView(ctrl.pager),
  ]);
}
