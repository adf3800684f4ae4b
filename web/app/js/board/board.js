// @ts-check
// The board drawn in SVG for every shape (4x8, 4x9, 4x10, 2x20), from the viewer's side: pure drawing
// fed by state (hole counts, the playable holes, marks of the move being shown). Each hole is a
// focusable element whose accessible name starts with its notation name and its count ("a2 4"); the
// arrow keys move between holes and Enter or Space plays the focused one. A two-row board (Azigo) is
// drawn by board2.js, loaded when one is first shown.

const NS = 'http://www.w3.org/2000/svg';
const CELL = 100;
const MARGIN = 34; // room for the hole names along the edges
const GAP = 18; // between the two players' halves
const SEEDS_DRAWN = 24; // more than this are shown by the count only
/** A touch screen, as app.css knows it. */
const TOUCH = '(pointer: coarse), (any-pointer: coarse) and (max-width: 860px)';

/** Seed positions inside a hole: a sunflower spiral, the same for every hole. */
const SPOTS = Array.from({ length: SEEDS_DRAWN }, (_, i) => {
  const r = 8.5 * Math.sqrt(i + 0.5);
  const a = i * 2.39996;
  return [Math.round(r * Math.cos(a) * 10) / 10, Math.round(r * Math.sin(a) * 10) / 10];
});

/** @type {typeof import('./board2.js') | null} the two-row board's drawing, once loaded */
let two = null;

/**
 * @param {string} name
 * @param {Record<string, string | number>} attrs
 * @param {Element | null} [parent]
 * @returns {SVGElement}
 */
export function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

/** @param {number} c */
export function columnLetter(c) {
  return String.fromCharCode(97 + c);
}

/**
 * Where each hole is drawn: grid coordinates for a board of `rows` x `columns` seen from `side` (North
 * sees it turned half round).
 * @param {number} rows
 * @param {number} columns
 * @param {'south' | 'north'} side
 */
export function layout(rows, columns, side) {
  const cells = [];
  for (let r = 1; r <= rows; r += 1) {
    for (let c = 0; c < columns; c += 1) {
      const [x, y] = side === 'north' ? [columns - 1 - c, r - 1] : [c, rows - r];
      cells.push({ name: `${columnLetter(c)}${r}`, row: r, col: c, x, y });
    }
  }
  return { cells, width: columns, height: rows, rows, columns };
}

/**
 * The marks a hole can carry: the move being sown, the last move once it is over, a lesson's or a rules
 * diagram's marks (`focus`, `goal`, `danger`), and where a previewed move would end (`preview`).
 */
const MARKS = ['lifted', 'dropped', 'captured', 'last-from', 'last-to', 'focus', 'goal', 'danger', 'preview'];

/**
 * @typedef {object} BoardState
 * @property {number} rows
 * @property {number} columns
 * @property {Record<string, number>} holes
 * @property {'south' | 'north'} side
 * @property {boolean} narrow a narrow screen (a two-row board is then turned to two columns)
 * @property {{south: number | null, north: number | null}} [stores] a two-row board's (null: hidden)
 * @property {Set<string>} playable holes, and `store` when a store decision is legal
 * @property {Record<string, string>} marks by hole: one of MARKS
 * @property {string | null} selected
 * @property {string} label
 * @property {{from: string, to: string}[]} [arrows] drawn from hole to hole (a diagram's sowing path)
 * @property {Record<string, string>} [markWords] a mark's words, said with the hole's name
 */

/**
 * @typedef {object} Hole
 * @property {SVGElement} g
 * @property {SVGElement} seeds
 * @property {SVGElement} text
 * @property {number} cx
 * @property {number} cy
 * @property {number | null} count
 * @property {string} name the accessible name last set
 * @property {{x: number, y: number}} cell
 * @property {'south' | 'north'} [store] a store's owner (keyed `store:south`, `store:north`)
 * @property {(i: number) => number[]} [spot] where seed i goes, and its radius (a long hole)
 */

export class BoardView {
  /**
   * @param {HTMLElement} container
   * @param {{onHole: (name: string) => void, onHover?: (name: string | null) => void, fit?: boolean}} handlers
   *   `onHole(name)`: a hole clicked, tapped, or chosen with Enter/Space; `onHover(name)`: the pointer
   *   rests on a hole, or a touch is held on it (null: it left); `fit`: a board a person plays on
   */
  constructor(container, { onHole, onHover, fit = false }) {
    this.container = container;
    this.onHole = onHole;
    this.onHover = onHover || null;
    /** Turned on a phone, a board played on fills the screen's height (board2.js's `fitted`). */
    this.fit = fit;
    /** @type {string} */
    this.arrowsKey = '';
    /** @type {string | null} */
    this.key = null;
    /** @type {Map<string, Hole>} holes by name, and a two-row board's stores */
    this.holes = new Map();
    /** @type {string | null} */
    this.focusName = null;
    /** @type {SVGElement | null} */
    this.svg = null;
    /** @type {BoardState | null} the state to draw once `board2.js` has loaded */
    this.waiting = null;
  }

  /**
   * Draws `state`, touching only what changed since the last draw.
   * @param {BoardState} state
   */
  draw(state) {
    if (state.rows === 2 && !two) {
      // Only the latest state is drawn once the module is here: draws queued one by one could land in
      // any order, an earlier (narrower) one last.
      const waiting = this.waiting;
      this.waiting = state;
      if (!waiting) {
        import('./board2.js').then((m) => {
          two = m;
          const latest = /** @type {BoardState} */ (this.waiting);
          this.waiting = null;
          this.draw(latest);
        });
      }
      return;
    }
    const size = two && state.rows === 2 ? two.sizeKey(this, state) : '';
    const key = `${state.rows}x${state.columns}/${state.side}/${state.narrow}${size}`;
    if (key !== this.key) (two && state.rows === 2 ? two.build : this.build).call(this, state, key);
    for (const [name, h] of this.holes) {
      if (h.store) {
        two?.drawStore(h, state);
        continue;
      }
      const count = state.holes[name] ?? 0;
      const playable = state.playable.has(name);
      if (h.count !== count) {
        h.count = count;
        h.text.textContent = String(count);
        this.drawSeeds(h, count);
      }
      const said = state.markWords?.[state.marks[name]];
      const label = `${name} ${count}${playable ? ', playable' : ''}${said ? `, ${said}` : ''}`;
      if (h.name !== label) {
        h.name = label;
        h.g.setAttribute('aria-label', label);
        h.g.setAttribute('aria-disabled', playable ? 'false' : 'true');
        h.g.classList.toggle('playable', playable);
      }
      h.g.classList.toggle('selected', state.selected === name);
      for (const m of MARKS) h.g.classList.toggle(m, state.marks[name] === m);
    }
    this.svg?.setAttribute('aria-label', state.label);
    this.drawArrows(state.arrows || []);
    this.rove(state);
  }

  /**
   * Arrows from hole to hole, drawn above the holes; redrawn only when they change.
   * @param {{from: string, to: string}[]} arrows
   */
  drawArrows(arrows) {
    const key = arrows.map((a) => `${a.from}>${a.to}`).join(' ');
    if (key === this.arrowsKey || !this.svg) return;
    this.arrowsKey = key;
    this.svg.querySelector('g.arrows')?.remove();
    if (!arrows.length) return;
    const g = el('g', { class: 'arrows', 'aria-hidden': 'true' }, this.svg);
    for (const a of arrows) {
      const from = this.holes.get(a.from);
      const to = this.holes.get(a.to);
      if (!from || !to) continue;
      // Stop short of the centres so the counts stay readable, and end in a head drawn as a path.
      const dx = to.cx - from.cx;
      const dy = to.cy - from.cy;
      const len = Math.hypot(dx, dy) || 1;
      const [ux, uy] = [dx / len, dy / len];
      const [x1, y1] = [from.cx + ux * 22, from.cy + uy * 22];
      const [x2, y2] = [to.cx - ux * 26, to.cy - uy * 26];
      el('line', { x1, y1, x2, y2, class: 'arrow' }, g);
      const [px, py] = [-uy, ux];
      const head = `M${x2 + ux * 14},${y2 + uy * 14} L${x2 + px * 9},${y2 + py * 9} L${x2 - px * 9},${y2 - py * 9} Z`;
      el('path', { d: head, class: 'arrow-head' }, g);
    }
  }

  /**
   * @param {Hole} h
   * @param {number} count
   */
  drawSeeds(h, count) {
    h.seeds.replaceChildren();
    const n = Math.min(count, SEEDS_DRAWN);
    for (let i = 0; i < n; i += 1) {
      const [dx, dy, r] = h.spot ? h.spot(i) : [...SPOTS[i], 5.6];
      el('circle', { cx: h.cx + dx, cy: h.cy + dy, r, class: `seed s${i % 3}` }, h.seeds);
    }
  }

  /**
   * @param {BoardState} state
   * @param {string} key
   */
  build(state, key) {
    this.key = key;
    const L = layout(state.rows, state.columns, state.side);
    const half = L.height / 2; // the two players' halves meet here
    /** @param {number} x @param {number} y */
    const pos = (x, y) => [MARGIN + x * CELL, MARGIN + y * CELL + (y >= half ? GAP : 0)];
    // On a touch screen the right-hand margin (no names there) ends at the wood: wider cells, 44 px for
    // a 4x8 board on a 390 px phone.
    const right = state.narrow && matchMedia(TOUCH).matches ? 14 : MARGIN;
    const W = MARGIN + L.width * CELL + right;
    const H = MARGIN * 2 + L.height * CELL + GAP;
    const svg = el('svg', {
      viewBox: `0 0 ${W} ${H}`,
      class: `board square cols${state.columns}`,
      role: 'group',
    });
    el(
      'rect',
      {
        x: MARGIN - 10,
        y: MARGIN - 10,
        width: L.width * CELL + 20,
        height: H - 2 * MARGIN + 20,
        rx: 22,
        class: 'wood',
      },
      svg,
    );
    this.holes = new Map();
    for (const cell of L.cells) {
      const [gx, gy] = pos(cell.x, cell.y);
      const g = el('g', { class: 'hole', role: 'button', tabindex: -1, 'data-hole': cell.name }, svg);
      const cx = gx + CELL / 2;
      const cy = gy + CELL / 2 - 6;
      // The whole cell takes the tap, not just the pit: on a phone a 4x10 cell is about 36 px.
      el('rect', { x: gx, y: gy, width: CELL, height: CELL, class: 'hit' }, g);
      el('circle', { cx, cy, r: 40, class: 'pit' }, g);
      const seeds = el('g', { class: 'seeds', 'aria-hidden': 'true' }, g);
      const text = el(
        'text',
        { x: gx + CELL - 8, y: gy + CELL - 4, class: 'count', 'text-anchor': 'end', 'aria-hidden': 'true' },
        g,
      );
      g.addEventListener('click', () => this.onHole(cell.name));
      if (this.onHover) {
        const hover = this.onHover;
        g.addEventListener('pointerenter', (e) => {
          if (/** @type {PointerEvent} */ (e).pointerType === 'mouse') hover(cell.name);
        });
        g.addEventListener('pointerleave', () => hover(null));
        // A long press on a touch screen previews, as hovering does with a mouse.
        /** @type {ReturnType<typeof setTimeout> | undefined} */
        let press;
        g.addEventListener('touchstart', () => {
          press = setTimeout(() => hover(cell.name), 450);
        });
        g.addEventListener('touchend', () => clearTimeout(press));
        g.addEventListener('touchmove', () => clearTimeout(press));
      }
      g.addEventListener('focus', () => {
        this.focusName = cell.name;
        // Reached by keyboard (not by a click): previewed as if the pointer rested there.
        if (g.matches(':focus-visible')) this.onHover?.(cell.name);
      });
      g.addEventListener('blur', () => this.onHover?.(null));
      this.holes.set(cell.name, { g, seeds, text, cx, cy, count: null, name: '', cell });
    }
    this.edgeNames(svg, L, pos, H);
    svg.addEventListener('keydown', (e) => this.onKey(/** @type {KeyboardEvent} */ (e)));
    this.svg = svg;
    this.arrowsKey = '';
    this.container.replaceChildren(svg);
  }

  /**
   * Hole names along the edges, as in the notation: column letters and row numbers.
   * @param {SVGElement} svg
   * @param {ReturnType<typeof layout>} L
   * @param {(x: number, y: number) => number[]} pos
   * @param {number} H
   */
  edgeNames(svg, L, pos, H) {
    for (let c = 0; c < L.columns; c += 1) {
      const cell = L.cells.find((k) => k.col === c && k.row === 1);
      if (!cell) continue;
      const [gx, gy] = pos(cell.x, cell.y);
      const at = { x: gx + CELL / 2, y: H - MARGIN / 2 + 8 };
      el('text', { ...at, class: 'edge', 'text-anchor': 'middle', 'aria-hidden': 'true' }, svg).textContent =
        columnLetter(c);
    }
    for (let r = 1; r <= L.rows; r += 1) {
      const cell = L.cells.find((k) => k.col === 0 && k.row === r);
      if (!cell) continue;
      const [gx, gy] = pos(cell.x, cell.y);
      const at = { x: MARGIN / 2 - 4, y: gy + CELL / 2 + 6 };
      el('text', { ...at, class: 'edge', 'text-anchor': 'middle', 'aria-hidden': 'true' }, svg).textContent = String(r);
    }
  }

  /**
   * One hole in the tab order: the focused one, else the first playable, else the first. A hole that
   * cannot be played (emptied by the move made) hands it, and the focus it has, to the nearest playable.
   * @param {BoardState} state
   */
  rove(state) {
    let target = this.focusName && this.holes.has(this.focusName) ? this.focusName : null;
    const at = target ? this.holes.get(target) : null;
    if (state.playable.size && !state.playable.has(target || '')) {
      let far = Infinity;
      for (const [n, h] of this.holes) {
        const d = at ? Math.abs(h.cell.x - at.cell.x) + Math.abs(h.cell.y - at.cell.y) : 0;
        if (state.playable.has(n) && d < far) [far, target] = [d, n];
      }
      if (target && at?.g === document.activeElement) return this.move(target);
    }
    if (!target) target = this.holes.keys().next().value || null;
    for (const [name, h] of this.holes) {
      const t = name === target ? '0' : '-1';
      if (h.g.getAttribute('tabindex') !== t) h.g.setAttribute('tabindex', t);
    }
  }

  /** @param {string} name the hole the tab stop and the focus go to */
  move(name) {
    const next = this.holes.get(name);
    if (!next) return;
    this.focusName = name;
    for (const h of this.holes.values()) h.g.setAttribute('tabindex', h === next ? '0' : '-1');
    /** @type {SVGElement & HTMLOrSVGElement} */ (next.g).focus();
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    const g = /** @type {Element | null} */ (e.target);
    const name = g?.getAttribute?.('data-hole');
    const here = name ? this.holes.get(name) : undefined;
    if (!g || !here) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      g.dispatchEvent(new MouseEvent('click'));
      return;
    }
    /** @type {Record<string, [number, number]>} */
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const d = moves[e.key];
    if (!d) return;
    e.preventDefault();
    const { cell } = here;
    const next = [...this.holes].find(([, h]) => h.cell.x === cell.x + d[0] && h.cell.y === cell.y + d[1]);
    if (next) this.move(next[0]);
  }
}
