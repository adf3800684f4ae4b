// Small DOM helpers shared by the pages: element building (text is always set as text, never as HTML),
// and the words for variants, sides, outcomes and clocks.

export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else if (v === true) e.setAttribute(k, '');
    else e.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

export const VARIANT_NAMES = {
  ikibuguzo: 'Ikibuguzo',
  'ikibuguzo-opening-1': 'Ikibuguzo (opening 1)',
  'ikibuguzo-opening-2': 'Ikibuguzo (opening 2)',
  kubuguza: 'Kubuguza',
  njombwa: 'Njombwa',
  azigo: 'Azigo',
};

/** Where each game's rules come from (the seeds of RULES.md). */
export const SOURCES = {
  ikibuguzo: 'Murray 1951: 217',
  'ikibuguzo-opening-1': 'Murray 1951: 217',
  'ikibuguzo-opening-2': 'Murray 1951: 217',
  kubuguza: 'Merriam 1953',
  njombwa: 'Sanderson 1913: 732–733',
  azigo: 'Murray 1951: 189',
};

export const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
export const other = (side) => (side === 'south' ? 'north' : 'south');

const REASONS = {
  'no-legal-move': 'no legal move',
  'all-captured': 'all captured',
  'special-win': 'special win',
  'endless-sowing': 'endless sowing',
  'turn-limit': 'turn limit',
  'both-passed': 'both passed',
  resignation: 'resignation',
  timeout: 'time out',
  abandonment: 'abandonment',
  aborted: 'aborted',
};

export function outcomeText(o) {
  if (!o) return '';
  const why = REASONS[o.reason] || o.reason;
  if (o.reason === 'aborted') return 'Game aborted';
  return o.winner ? `${cap(o.winner)} wins (${why})` : `Draw (${why})`;
}

export function clockText(ms) {
  const t = Math.max(0, ms);
  const m = Math.floor(t / 60000);
  const s = Math.floor((t % 60000) / 1000);
  const base = `${m}:${String(s).padStart(2, '0')}`;
  return t < 10000 ? `${base}.${Math.floor((t % 1000) / 100)}` : base;
}

export function timeControl(c) {
  if (!c) return 'no clock';
  return `${c.baseSecs % 60 === 0 ? c.baseSecs / 60 : (c.baseSecs / 60).toFixed(1)}+${c.incrementSecs}`;
}

export function playerName(p) {
  return p ? p.name : '—';
}

export function gameLine(g) {
  const who = `${playerName(g.players.south)} – ${playerName(g.players.north)}`;
  const width = g.variant === 'njombwa' && g.options.width && g.options.width !== 8 ? ` 4x${g.options.width}` : '';
  const state = g.status === 'finished' ? outcomeText(g.result) : g.status === 'waiting' ? 'waiting for an opponent' : `${g.plies} moves`;
  return { title: `${VARIANT_NAMES[g.variant] || g.variant}${width}`, who, clock: timeControl(g.clock), state };
}

export function when(ms) {
  if (!ms) return '';
  return new Date(ms).toLocaleString();
}
