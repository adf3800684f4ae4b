// @ts-check
// Azigo's two rows of twenty, for board.js's BoardView (loaded with the first two-row board, so the pages
// of the four-row games do not carry it): on a wide screen two lines of twenty with the counts under the
// holes; on a narrow one the board turned a quarter to two columns of twenty, each hole a long cell with
// its name and count beside it. Each player's store is drawn at the start of his row, where his store
// move begins (South's before a1, North's after t2): its count, or "?" while it is hidden from the viewer.

import { columnLetter, el } from './board.js';
import { loadBook, t } from '../i18n.js';

// The stores' words.
await loadBook('board2');

/** @typedef {import('./board.js').BoardView} BoardView */
/** @typedef {import('./board.js').BoardState} BoardState */
/** @typedef {import('./board.js').Hole} Hole */

/**
 * Cells in SVG units: `lines`, a wide screen; `columns`, a phone, about one unit per CSS pixel there (a
 * board to look at: a rules diagram). `gap` parts the two players' halves.
 */
const GEOMETRY = {
  lines: { w: 100, h: 132, margin: 46, gap: 18 },
  columns: { w: 170, h: 28, margin: 6, gap: 14 },
};

/**
 * What a turned board a person plays on leaves the rows: the screen's height less its two players' lines
 * and the gaps around the board (CSS px), so that the whole board is on one screen once the page's header
 * has scrolled away.
 */
const ROOM = 112;

/**
 * The turned board a person plays on (a game, a lesson, a puzzle, the analysis board): one unit per CSS
 * pixel, its columns as wide as the box, its rows as tall as the screen's height allows (`ROOM`), between
 * 24 px (WCAG 2.5.8's smallest target) and 44 px (a touch target's full size); null for any other board.
 * The layout viewport's height is the one kept while a phone's address bar comes and goes, so the board
 * is not redrawn as the page scrolls.
 * @param {BoardView} view
 * @param {BoardState} state
 */
export function fitted(view, state) {
  if (!state.narrow || !view.fit) return null;
  const width = Math.min(view.container.clientWidth || window.innerWidth, 420);
  const { margin, gap } = GEOMETRY.columns;
  const room = (document.documentElement.clientHeight - ROOM) / (state.columns + 2);
  const h = Math.max(24, Math.min(44, Math.floor(room)));
  return { w: Math.floor((width - 2 * margin - gap) / 2), h, margin, gap };
}

/**
 * What tells one drawing of the board from another beyond its shape: a fitted board's cell size.
 * @param {BoardView} view
 * @param {BoardState} state
 */
export function sizeKey(view, state) {
  const g = fitted(view, state);
  return g ? `/${g.w}x${g.h}` : '';
}

// The board's own style, beside this module.
if (!document.querySelector('link[data-board2]')) {
  const href = new URL('../../css/board2.css', import.meta.url).href;
  document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href }));
  document.head.lastElementChild?.setAttribute('data-board2', '');
}

/**
 * Grid coordinates of each hole and store, seen from `side` (North sees the board turned half round). On
 * a narrow screen the board is turned a quarter anticlockwise: the viewer's row runs up the right-hand
 * column from his store at the bottom, the opponent's down the left-hand one, the sowing still
 * anticlockwise (t1 beside t2 at the top).
 * @param {number} columns
 * @param {'south' | 'north'} side
 * @param {boolean} narrow
 */
export function layout(columns, side, narrow) {
  const flat = columns + 2; // a store at each end
  /** @param {number} x @param {number} y */
  const place = (x, y) => {
    if (side === 'north') [x, y] = [flat - 1 - x, 1 - y];
    return narrow ? { x: y, y: flat - 1 - x } : { x, y };
  };
  const cells = [];
  for (const r of [1, 2]) {
    for (let c = 0; c < columns; c += 1)
      cells.push({ name: `${columnLetter(c)}${r}`, row: r, col: c, ...place(c + 1, 2 - r) });
  }
  const stores = /** @type {const} */ ([
    ['south', place(0, 1)],
    ['north', place(flat - 1, 0)],
  ]);
  return { cells, stores, width: narrow ? 2 : flat, height: narrow ? flat : 2 };
}

/**
 * Builds the board for `state` (called as a BoardView method).
 * @this {BoardView}
 * @param {BoardState} state
 * @param {string} key
 */
export function build(state, key) {
  this.key = key;
  const narrow = state.narrow;
  const G = narrow ? fitted(this, state) || GEOMETRY.columns : GEOMETRY.lines;
  const L = layout(state.columns, state.side, narrow);
  /** @param {number} x @param {number} y */
  const pos = (x, y) => [
    G.margin + x * G.w + (narrow && x >= 1 ? G.gap : 0),
    G.margin + y * G.h + (!narrow && y >= 1 ? G.gap : 0),
  ];
  const W = G.margin * 2 + L.width * G.w + (narrow ? G.gap : 0);
  const H = G.margin * 2 + L.height * G.h + (narrow ? 0 : G.gap);
  const svg = start(
    this,
    W,
    H,
    `${narrow ? 'columns' : 'lines'} cols${state.columns}`,
    narrow ? 4 : 10,
    narrow ? 12 : 22,
    G.margin,
  );
  for (const cell of L.cells) {
    const [gx, gy] = pos(cell.x, cell.y);
    const g = cellOf(this, svg, cell.name, gx, gy, G.w, G.h);
    // Turned, the pits line the middle; the counts and names go towards the outer edges.
    const left = cell.x === 0;
    const [cx, cy] = narrow ? [left ? gx + G.w - 44 : gx + 44, gy + G.h / 2] : [gx + G.w / 2, gy + 46];
    // A long pit, thinner on the shortest rows so that the pits never touch.
    const pit = Math.min(22, G.h - 8);
    if (narrow) el('rect', { x: cx - 38, y: cy - pit / 2, width: 76, height: pit, rx: pit / 2, class: 'pit' }, g);
    else el('circle', { cx, cy, r: 40, class: 'pit' }, g);
    const seeds = el('g', { class: 'seeds', 'aria-hidden': 'true' }, g);
    // Turned, a row's words sit on its middle line.
    const mid = gy + G.h / 2;
    const at = narrow
      ? { x: left ? gx + G.w - 88 : gx + 88, y: mid + 6, 'text-anchor': left ? 'end' : 'start' }
      : { x: cx, y: gy + G.h - 12, 'text-anchor': 'middle' };
    const text = el('text', { ...at, class: 'count', 'aria-hidden': 'true' }, g);
    if (narrow) {
      const name = { x: left ? gx + 6 : gx + G.w - 6, y: mid + 5, 'text-anchor': left ? 'start' : 'end' };
      el('text', { ...name, class: 'name', 'aria-hidden': 'true' }, g).textContent = cell.name;
    }
    // A long hole holds its seeds in two rows.
    const spot = narrow ? (/** @type {number} */ i) => [-33 + Math.floor(i / 2) * 6, i % 2 ? 5 : -5, 2.4] : undefined;
    this.holes.set(cell.name, { g, seeds, text, cx, cy, count: null, name: '', cell, spot });
  }
  for (const [side, cell] of L.stores) {
    const [gx, gy] = pos(cell.x, cell.y);
    const g = cellOf(this, svg, `store:${side}`, gx, gy, G.w, G.h);
    const [w, h] = narrow ? [G.w - 12, 22] : [80, G.h - 12];
    const [cx, cy] = [gx + G.w / 2, gy + G.h / 2];
    el('rect', { x: cx - w / 2, y: cy - h / 2, width: w, height: h, rx: 12, class: 'pit' }, g);
    el('title', {}, g);
    const text = el('text', { x: cx, y: narrow ? cy + 6 : cy + 15, class: 'count', 'text-anchor': 'middle' }, g);
    this.holes.set(`store:${side}`, { g, seeds: g, text, cx, cy, count: null, name: '', cell, store: side });
  }
  if (!narrow) {
    // The hole names along the edges, as in the notation: column letters and row numbers.
    for (const cell of L.cells.filter((k) => k.row === 1)) {
      const at = { x: pos(cell.x, 0)[0] + G.w / 2, y: H - G.margin / 2 + 10, 'text-anchor': 'middle' };
      el('text', { ...at, class: 'edge', 'aria-hidden': 'true' }, svg).textContent = columnLetter(cell.col);
    }
    for (const cell of L.cells.filter((k) => k.col === 0)) {
      const at = { x: G.margin / 2 - 4, y: pos(0, cell.y)[1] + G.h / 2 + 6, 'text-anchor': 'middle' };
      el('text', { ...at, class: 'edge', 'aria-hidden': 'true' }, svg).textContent = String(cell.row);
    }
  }
  this.container.replaceChildren(svg);
}

/**
 * A new SVG of `w` x `h` for `view`, with its wood `pad` beyond the `margin` all round.
 * @param {BoardView} view
 * @param {number} w
 * @param {number} h
 * @param {string} cls
 * @param {number} pad
 * @param {number} rx
 * @param {number} margin
 */
function start(view, w, h, cls, pad, rx, margin) {
  const svg = el('svg', { viewBox: `0 0 ${w} ${h}`, class: `board ${cls}`, role: 'group' });
  const [x, y] = [margin - pad, margin - pad];
  el('rect', { x, y, width: w - 2 * x, height: h - 2 * y, rx, class: 'wood' }, svg);
  svg.addEventListener('keydown', (e) => view.onKey(/** @type {KeyboardEvent} */ (e)));
  view.holes = new Map();
  view.svg = svg;
  view.arrowsKey = '';
  return svg;
}

/**
 * A hole's (or a store's) element, as board.js makes a four-row board's: the whole cell takes the tap;
 * a store answers only while it is playable, and plays `store`.
 * @param {BoardView} view
 * @param {SVGElement} svg
 * @param {string} key a hole's name, or `store:south`, `store:north`
 * @param {number} gx
 * @param {number} gy
 * @param {number} w
 * @param {number} h
 */
function cellOf(view, svg, key, gx, gy, w, h) {
  const store = key.startsWith('store');
  const g = el('g', { class: store ? 'store' : 'hole', role: 'button', tabindex: -1, 'data-hole': key }, svg);
  el('rect', { x: gx, y: gy, width: w, height: h, class: 'hit' }, g);
  g.addEventListener('click', () => {
    if (!store) view.onHole(key);
    else if (g.classList.contains('playable')) view.onHole('store');
  });
  const hover = view.onHover;
  if (hover && !store) {
    g.addEventListener('pointerenter', (e) => {
      if (/** @type {PointerEvent} */ (e).pointerType === 'mouse') hover(key);
    });
    g.addEventListener('pointerleave', () => hover(null));
    // A long press on a touch screen previews, as hovering does with a mouse.
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let press;
    g.addEventListener('touchstart', () => {
      press = setTimeout(() => hover(key), 450);
    });
    g.addEventListener('touchend', () => clearTimeout(press));
    g.addEventListener('touchmove', () => clearTimeout(press));
  }
  g.addEventListener('focus', () => {
    view.focusName = key;
    // Reached by keyboard (not by a click): previewed as if the pointer rested there.
    if (hover && !store && g.matches(':focus-visible')) hover(key);
  });
  if (hover && !store) g.addEventListener('blur', () => hover(null));
  return g;
}

/**
 * A store: its count, or "?" while hidden from the viewer; the store at the bottom (the player's own)
 * is playable when the decision `store` is legal (a store of 21 or more, to be sown one of two ways,
 * is sown with the buttons).
 * @param {Hole} h
 * @param {BoardState} state
 */
export function drawStore(h, state) {
  const side = /** @type {'south' | 'north'} */ (h.store);
  const count = state.stores?.[side] ?? null;
  const playable = state.playable.has('store') && state.side === side;
  const shown = count === null ? '?' : String(count);
  const label = t(count === null ? 'board.store_hidden' : 'board.store', { side: t(`side.${side}`), count: shown });
  const name = `${label}${playable ? ', playable' : ''}`;
  if (h.name === name) return;
  h.name = name;
  h.text.textContent = state.narrow ? `${t('board.store_word')} ${shown}` : shown;
  h.g.setAttribute('aria-label', name);
  h.g.setAttribute('role', playable ? 'button' : 'img');
  h.g.classList.toggle('playable', playable);
  const title = h.g.querySelector('title');
  if (title) title.textContent = label;
}
