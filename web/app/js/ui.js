// @ts-check
// Small DOM helpers shared by the pages: element building (text is always set as text, never as HTML),
// and the words for variants, sides, results, errors and clocks, and the clock presets of the forms.

import { has, language, t } from './i18n.js';

/** @typedef {string | number | boolean | null | undefined | Node} Child */

/**
 * An element with attributes (`on…` are listeners, `class` the class name, `true` an empty attribute,
 * null/undefined/false none) and children (text is set as text).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
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

/** The games, in the order the pages list them (their names are in the catalog: `variant.{id}`). */
export const VARIANTS = ['ikibuguzo', 'ikibuguzo-opening-1', 'ikibuguzo-opening-2', 'kubuguza', 'njombwa', 'azigo'];

/**
 * A game's name in the page's language (an unknown id as it is).
 * @param {string} id
 */
export const variantName = (id) => (has(`variant.${id}`) ? t(`variant.${id}`) : id);

/**
 * A game's summary in the page's language (the book `summaries`, loaded by the pages that show it),
 * else the server's own.
 * @param {import('./types.js').VariantInfo} v
 */
export const summary = (v) => (has(`summary.${v.id}`) ? t(`summary.${v.id}`) : v.summary);

/**
 * A side's name: South, North.
 * @param {string} side
 */
export const sideName = (side) => (has(`side.${side}`) ? t(`side.${side}`) : side);

/**
 * Where each game's rules come from (the seeds of RULES.md).
 * @type {Record<string, string>}
 */
export const SOURCES = {
  ikibuguzo: 'Murray 1951: 217',
  'ikibuguzo-opening-1': 'Murray 1951: 217',
  'ikibuguzo-opening-2': 'Murray 1951: 217',
  kubuguza: 'Merriam 1953',
  njombwa: 'Sanderson 1913: 732–733',
  azigo: 'Murray 1951: 189',
};

/** The clocks the forms offer, as `base+increment` seconds or `Nd` days per move ('' for none). */
export const CLOCKS = ['', '180+2', '300+3', '600+5', '900+10', '1800+20', '1d', '2d', '3d', '5d', '7d', '10d', '14d'];

/**
 * A clock choice of CLOCKS as the forms name it ("No clock", "5+3").
 * @param {string} v
 */
export const clockName = (v) => (v ? timeControl(clockOf(v)) : t('clock.none_choice'));

/**
 * A clock choice of CLOCKS as a time control.
 * @param {string} v
 * @returns {import('./types.js').TimeControl | null}
 */
export const clockOf = (v) =>
  !v
    ? null
    : v.endsWith('d')
      ? { baseSecs: 0, incrementSecs: 0, days: Number(v.slice(0, -1)) }
      : { baseSecs: Number(v.split('+')[0]), incrementSecs: Number(v.split('+')[1]) };

/**
 * A time control as CLOCKS writes it (the inverse of clockOf).
 * @param {import('./types.js').TimeControl} c
 */
export const clockKey = (c) => (c.days ? `${c.days}d` : `${c.baseSecs}+${c.incrementSecs}`);

/**
 * @param {'south' | 'north'} side
 * @returns {'south' | 'north'}
 */
export const other = (side) => (side === 'south' ? 'north' : 'south');

/** @param {import('./types.js').Outcome} o */
const reason = (o) => (has(`reason.${o.reason}`) ? t(`reason.${o.reason}`) : o.reason);

/**
 * The result said from the viewer's side: "You won (…)" or "You lost (…)" to a player, the winner's
 * name to everyone else.
 * @param {import('./types.js').Outcome | null | undefined} o
 * @param {{south: import('./types.js').Player | null, north: import('./types.js').Player | null}} players
 * @param {'south' | 'north' | null} seat the viewer's seat (null: a spectator)
 */
export function resultText(o, players, seat) {
  if (!o) return '';
  if (o.reason === 'aborted') return t('result.aborted');
  const why = reason(o);
  if (!o.winner) return t('result.draw', { reason: why });
  if (seat) return t(o.winner === seat ? 'result.you_won' : 'result.you_lost', { reason: why });
  return t('result.won', { name: players[o.winner]?.name || sideName(o.winner), reason: why });
}

/**
 * What went wrong, for a person: an API error's code said in a sentence of the catalog, the most
 * precise first (`error.{context}.{code}`, then `error.{code}`); the server's own sentence (English,
 * for developers) is never shown.
 * @param {unknown} e
 * @param {string} [context] what was being done: `game`, `join`, `signin`, …
 */
export function errorText(e, context = '') {
  const code = e && typeof e === 'object' && 'code' in e ? String(e.code) : 'unknown';
  if (context && has(`error.${context}.${code}`)) return t(`error.${context}.${code}`);
  return has(`error.${code}`) ? t(`error.${code}`) : t('error.unknown');
}

/** @param {number} ms */
export function clockText(ms) {
  const t = Math.max(0, ms);
  const hours = Math.floor(t / 3600000);
  // A correspondence clock: days and hours, or hours and minutes.
  if (hours >= 24) return `${Math.floor(hours / 24)}d ${hours % 24}h`;
  if (hours) return `${hours}h ${String(Math.floor(t / 60000) % 60).padStart(2, '0')}m`;
  const m = Math.floor(t / 60000);
  const s = Math.floor((t % 60000) / 1000);
  const base = `${m}:${String(s).padStart(2, '0')}`;
  return t < 10000 ? `${base}.${Math.floor((t % 1000) / 100)}` : base;
}

/** @param {import('./types.js').TimeControl | null} c */
export function timeControl(c) {
  if (!c) return t('clock.none');
  if (c.days) return t(c.days === 1 ? 'clock.day' : 'clock.days', { n: c.days });
  return `${c.baseSecs % 60 === 0 ? c.baseSecs / 60 : (c.baseSecs / 60).toFixed(1)}+${c.incrementSecs}`;
}

/** @param {import('./types.js').Player | null} p */
export function playerName(p) {
  return p ? p.name : '—';
}

/**
 * A finished game's result for one of its players: won, lost or drawn.
 * @param {import('./types.js').Game} g
 * @param {string} name
 */
function resultFor(g, name) {
  const o = g.result;
  const low = name.toLowerCase();
  const seat =
    g.players.south?.name.toLowerCase() === low
      ? 'south'
      : g.players.north?.name.toLowerCase() === low
        ? 'north'
        : null;
  if (!o || !seat || o.reason === 'aborted') return { text: resultText(o, g.players, null), kind: '' };
  const kind = !o.winner ? 'drawn' : o.winner === seat ? 'won' : 'lost';
  return { text: t(`list.${kind}`, { reason: reason(o) }), kind };
}

/**
 * A game as a line of a list; `player` names whose list it is (a finished game then says won, lost
 * or drawn).
 * @param {import('./types.js').Game} g
 * @param {string} [player]
 */
export function gameLine(g, player) {
  const who = `${playerName(g.players.south)} – ${playerName(g.players.north)}`;
  const width = g.variant === 'njombwa' && g.options.width && g.options.width !== 8 ? ` 4x${g.options.width}` : '';
  const result = player ? resultFor(g, player) : { text: resultText(g.result, g.players, null), kind: '' };
  const state =
    g.status === 'finished'
      ? result.text
      : g.status === 'waiting'
        ? t('list.waiting')
        : t('list.moves', { count: g.plies });
  const title = `${variantName(g.variant)}${width}`;
  return { title, who, clock: timeControl(g.clock), state, kind: g.status === 'finished' ? result.kind : '' };
}

/** @param {number | null | undefined} ms */
export function when(ms) {
  if (!ms) return '';
  return new Date(ms).toLocaleString(language());
}

/** Loads the learning pages' style sheet once (the game page does not need it). */
export function learnStyle() {
  if (document.querySelector('link[data-learn]')) return;
  const base = /** @type {HTMLLinkElement | null} */ (document.querySelector('link[rel=stylesheet]'));
  const href = base ? base.href.replace(/app\.css$/, 'learn.css') : '';
  if (href) document.head.append(h('link', { rel: 'stylesheet', href, 'data-learn': true }));
}
