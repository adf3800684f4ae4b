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
 * @param {Record<string, string | number | boolean | null | undefined | EventListener> | null} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = String(v);
    else if (v === true) e.setAttribute(k, '');
    else e.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

/**
 * A decision in words: "b2", "b2 clockwise", "array 2", "the store"… (the notation stays in the API).
 * @param {string} d
 */
export function decisionText(d) {
  const [hole, how] = d.split(':');
  if (/^[a-t][1-4]$/.test(hole)) return how === 'cw' ? t('move.cw', { hole }) : hole;
  if (hole === 'opening') return t('choice.array', { array: how });
  return has(`move.${d}`) ? t(`move.${d}`) : d;
}

/** The games, in the order the pages list them (their names are in the catalog: `variant.{id}`). */
export const VARIANTS = ['ikibuguzo', 'ikibuguzo-opening-1', 'ikibuguzo-opening-2', 'kubuguza', 'njombwa', 'azigo'];

/**
 * A game's name in the page's language (an unknown id as it is).
 * @param {string} id
 */
export const variantName = (id) => (has(`variant.${id}`) ? t(`variant.${id}`) : id);

/**
 * A side's name: South, North.
 * @param {string} side
 */
export const sideName = (side) => (has(`side.${side}`) ? t(`side.${side}`) : side);

/**
 * @param {'south' | 'north'} side
 * @returns {'south' | 'north'}
 */
export const other = (side) => (side === 'south' ? 'north' : 'south');

/** A name the site gave (`anonymous`, the computer's `bot-easy`) in the reader's words. @param {string} name */
export function shownName(name) {
  const bot = /^bot-(random|easy|medium|hard|[1-8])$/.exec(name)?.[1];
  if (bot) return t('player.computer', { level: { random: '1', easy: '2', medium: '3', hard: '4' }[bot] || bot });
  return name === 'anonymous' ? t('player.anonymous') : name;
}

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
  if (o.reason === 'aborted' && o.late) return t('result.aborted_late', { side: sideName(o.late) });
  if (o.reason === 'aborted') return t('result.aborted');
  const why = reason(o);
  if (!o.winner) return t('result.draw', { reason: why });
  if (seat) return t(o.winner === seat ? 'result.you_won' : 'result.you_lost', { reason: why });
  const winner = players[o.winner]?.name;
  return t('result.won', { name: winner ? shownName(winner) : sideName(o.winner), reason: why });
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
  if (href) document.head.append(el('link', { rel: 'stylesheet', href, 'data-learn': true }));
}
