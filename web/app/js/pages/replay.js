// The replay of a finished game on its page: a ply slider, buttons and the arrow keys (Home/End for
// the start and the end); each position comes from `GET /api/games/{id}/position?ply=N` (kept once
// fetched), so what is shown is what the server says. Also the record's downloads.

import { api } from '../api.js';
import { h } from '../ui.js';

export function replayPanel(id, s, { show }) {
  let plies = s.game.plies;
  let ply = plies;
  const cache = new Map();
  let asked = 0;
  const slider = h('input', { type: 'range', min: 0, max: plies, value: plies, id: 'replay-ply', 'aria-label': 'Move shown' });
  const label = h('output', { id: 'replay-label', for: 'replay-ply' });
  const btn = (text, title, to) => h('button', { type: 'button', class: 'small ghost', title, 'aria-label': title, onclick: () => go(to()) }, text);
  const row = h('div', { class: 'replay-row' },
    btn('«', 'Start', () => 0), btn('◀', 'Previous move', () => ply - 1), slider, btn('▶', 'Next move', () => ply + 1), btn('»', 'End', () => plies));
  const title = h('h2', { class: 'small-h' }, 'Replay');
  // A game finished before any move (aborted, resigned at once) has nothing to replay.
  row.hidden = title.hidden = label.hidden = plies === 0;
  const el = h('section', { class: 'replay', 'aria-label': 'Replay' }, title, row, label,
    h('p', { class: 'small' }, 'Download the record: ',
      h('a', { href: api.exportPath(id), download: `${id}.txt` }, 'text'), ' · ',
      h('a', { href: api.exportPath(id, 'json'), download: `${id}.json` }, 'JSON')));

  async function go(n) {
    n = Math.max(0, Math.min(plies, n));
    ply = n;
    slider.value = String(n);
    label.textContent = n === plies ? `End of the game (move ${plies})` : `After move ${n} of ${plies}`;
    const mine = ++asked;
    if (n === plies) {
      show(null);
      el.dataset.shown = String(n);
      return;
    }
    try {
      if (!cache.has(n)) cache.set(n, (await api.position(id, n)).board);
      if (mine !== asked) return;
      show(cache.get(n));
      el.dataset.shown = String(n);
    } catch (e) {
      label.textContent = `Could not load move ${n}: ${e.message}`;
    }
  }

  slider.addEventListener('input', () => go(Number(slider.value)));
  const keys = (e) => {
    const t = e.target;
    if (t instanceof HTMLElement && (t.closest('input:not([type=range]), select, textarea') || t.closest('.board'))) return;
    const to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: plies }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };
  document.addEventListener('keydown', keys);
  go(plies);

  return {
    el,
    ply: () => ply,
    go,
    update(state) {
      if (state.game.plies !== plies) {
        plies = state.game.plies;
        slider.max = String(plies);
        go(plies);
      }
    },
    stop: () => document.removeEventListener('keydown', keys),
  };
}
