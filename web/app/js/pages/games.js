// History: the games with the API's filters (player, variant, status, result) and paging. The filters
// live in the address (/games?status=finished&variant=azigo), so a filtered list can be linked.

import { api } from '../api.js';
import { gameList } from '../gamelist.js';
import { go } from '../main.js';
import { h, VARIANT_NAMES } from '../ui.js';

const opts = (pairs) => pairs.map(([v, t]) => h('option', { value: v }, t));

export function mount(main) {
  document.title = 'Games · Mancala';
  const params = new URLSearchParams(location.search);
  const player = h('input', { name: 'player', id: 'f-player', value: params.get('player') || '', placeholder: 'any', maxlength: 24 });
  const variant = h('select', { name: 'variant', id: 'f-variant' }, opts([['', 'any'], ...Object.entries(VARIANT_NAMES)]));
  const status = h('select', { name: 'status', id: 'f-status' }, opts([['', 'any'], ['waiting', 'waiting'], ['ongoing', 'ongoing'], ['finished', 'finished']]));
  const result = h('select', { name: 'result', id: 'f-result' }, opts([['', 'any'], ['south', 'South won'], ['north', 'North won'], ['draw', 'draw']]));
  variant.value = params.get('variant') || '';
  status.value = params.get('status') || '';
  result.value = params.get('result') || '';
  const form = h('form', { class: 'filters' },
    h('label', {}, 'Player ', player), h('label', {}, 'Game ', variant), h('label', {}, 'Status ', status), h('label', {}, 'Result ', result),
    h('button', { type: 'submit' }, 'Show'));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const q = new URLSearchParams();
    for (const [k, el] of [['player', player], ['variant', variant], ['status', status], ['result', result]]) if (el.value) q.set(k, el.value.trim());
    go(`/games${q.toString() ? `?${q}` : ''}`);
  });
  const box = h('div', {});
  const pager = h('div', { class: 'pager' });
  main.append(h('section', { class: 'panel' }, h('h1', {}, 'Games'), form, box, pager));
  gamesPage(box, pager, {
    player: params.get('player') || undefined,
    variant: params.get('variant') || undefined,
    status: params.get('status') || undefined,
    result: params.get('result') || undefined,
  });
}

/** A paged list of games; `Next` follows the API's cursor, `First page` starts again. */
export function gamesPage(box, pager, filters) {
  const load = async (cursor) => {
    box.replaceChildren(h('p', { class: 'muted' }, 'Loading…'));
    try {
      const page = await api.games({ ...filters, limit: 20, cursor });
      box.replaceChildren(gameList(page.games, { empty: 'No game matches.' }));
      // replaceChildren would write a null as the text "null".
      pager.replaceChildren(...[
        cursor ? h('button', { type: 'button', class: 'small', onclick: () => load(undefined) }, 'First page') : null,
        page.nextCursor ? h('button', { type: 'button', class: 'small', id: 'next-page', onclick: () => load(page.nextCursor) }, 'Next page') : null,
      ].filter(Boolean));
    } catch (e) {
      box.replaceChildren(h('p', { class: 'error', role: 'alert' }, e.message));
    }
  };
  load(undefined);
}
