// @ts-check
// History: the games with the API's filters (player, variant, status, result) and paging. The filters
// live in the address (/games?status=finished&variant=azigo), so a filtered list can be linked.

import { api } from '../net/api.js';
import { gameListElement } from '../gamelist.js';
import { go } from '../router.js';
import { t } from '../i18n.js';
import { errorText, el, VARIANTS, variantName } from '../ui.js';

/** @param {[string, string][]} pairs */
const opts = (pairs) => pairs.map(([v, t]) => el('option', { value: v }, t));

/** The catalog's books this page's words are in. */
export const books = ['lists'];

/** @param {HTMLElement} main */
export function mount(main) {
  document.title = `${t('games.title')} · Mancala`;
  const params = new URLSearchParams(location.search);
  const player = el('input', {
    name: 'player',
    id: 'f-player',
    value: params.get('player') || '',
    placeholder: t('form.any'),
    maxlength: 24,
  });
  const variant = el(
    'select',
    { name: 'variant', id: 'f-variant' },
    opts([['', t('form.any')], ...VARIANTS.map((v) => /** @type {[string, string]} */ ([v, variantName(v)]))]),
  );
  const status = el(
    'select',
    { name: 'status', id: 'f-status' },
    opts([
      ['', 'any'],
      ['waiting', t('games.status.waiting')],
      ['ongoing', t('games.status.ongoing')],
      ['finished', t('games.status.finished')],
    ]),
  );
  const result = el(
    'select',
    { name: 'result', id: 'f-result' },
    opts([
      ['', t('form.any')],
      ['south', t('games.result.south')],
      ['north', t('games.result.north')],
      ['draw', t('games.result.draw')],
    ]),
  );
  variant.value = params.get('variant') || '';
  status.value = params.get('status') || '';
  result.value = params.get('result') || '';
  const form = el(
    'form',
    { class: 'filters' },
    el('label', {}, `${t('games.player')} `, player),
    el('label', {}, `${t('form.game')} `, variant),
    el('label', {}, `${t('games.status')} `, status),
    el('label', {}, `${t('games.result')} `, result),
    el('button', { type: 'submit' }, t('games.show')),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const q = new URLSearchParams();
    /** @type {[string, HTMLInputElement | HTMLSelectElement][]} */
    const fields = [
      ['player', player],
      ['variant', variant],
      ['status', status],
      ['result', result],
    ];
    for (const [k, el] of fields) if (el.value) q.set(k, el.value.trim());
    go(`/games${q.toString() ? `?${q}` : ''}`);
  });
  const box = el('div', {});
  const pager = el('div', { class: 'pager' });
  main.append(el('section', { class: 'panel' }, el('h1', {}, t('games.title')), form, box, pager));
  gamesPage(box, pager, {
    player: params.get('player') || undefined,
    variant: params.get('variant') || undefined,
    status: params.get('status') || undefined,
    result: params.get('result') || undefined,
  });
}

/**
 * A paged list of games; `Next` follows the API's cursor, `First page` starts again.
 * @param {HTMLElement} box
 * @param {HTMLElement} pager
 * @param {import('../net/api.js').GameFilters} filters
 * @param {string} [forPlayer] whose games these are
 */
export function gamesPage(box, pager, filters, forPlayer) {
  /** @param {string | undefined} cursor */
  const load = async (cursor) => {
    box.replaceChildren(el('p', { class: 'muted' }, t('common.loading')));
    try {
      const page = await api.games({ ...filters, limit: 20, cursor });
      // On a player's page (`forPlayer`), each finished game says whether that player won.
      box.replaceChildren(gameListElement(page.games, { empty: t('games.none'), player: forPlayer }));
      const next = page.nextCursor;
      pager.replaceChildren(
        ...(cursor
          ? [el('button', { type: 'button', class: 'small', onclick: () => load(undefined) }, t('games.first_page'))]
          : []),
        ...(next
          ? [
              el(
                'button',
                { type: 'button', class: 'small', id: 'next-page', onclick: () => load(next) },
                t('games.next_page'),
              ),
            ]
          : []),
      );
    } catch (e) {
      box.replaceChildren(el('p', { class: 'error', role: 'alert' }, errorText(e)));
    }
  };
  load(undefined);
}
