// @ts-check
// The board drawn in SVG for every shape (4x8, 4x9, 4x10, 2x20), from the viewer's side: pure drawing
// fed by state (hole counts, the playable holes, marks of the move being shown). Each hole is a
// focusable element whose accessible name starts with its notation name and its count ("a2 4"); the
// arrow keys move between holes and Enter or Space plays the focused one.

const NS = 'http://www.w3.org/2000/svg';
const CELL = 100;
const MARGIN = 34; // room for the hole names along the edges
const GAP = 18; // between the two players' halves
const SEEDS_DRAWN = 24; // more than this are shown by the count only

/** Seed positions inside a hole: a sunflower spiral, the same for every hole. */
const SPOTS = Array.from({ length: SEEDS_DRAWN }, (_, i) => {
  const r = 8.5 * Math.sqrt(i + 0.5);
  const a = i * 2.39996;
  return [Math.round(r * Math.cos(a) * 10) / 10, Math.round(r * Math.sin(a) * 10) / 10];
});

/**
 * @param {string} name
 * @param {Record<string, string | number>} attrs
 * @param {Element | null} [parent]
 * @returns {SVGElement}
 */
function el(name, attrs = {}, parent = null) {
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
 * Where each hole is drawn: grid coordinates for a board of `rows` x `columns` seen from `side`
 * (North sees it turned half round). A two-row board may be folded (2x20 on a narrow screen): each
 * player's row is drawn as two rows of half its length, the second half coming back along the first
 * (a1…j1 left to right, k1…t1 right to left above them; North's row the same from the top), so the
 * board looks like a four-row board and the sowing path stays unbroken (t1 beside t2).
 * @param {number} rows
 * @param {number} columns
 * @param {'south' | 'north'} side
 * @param {boolean} fold
 */
export function layout(rows, columns, side, fold) {
  const folded = fold && rows === 2;
  const width = folded ? columns / 2 : columns;
  const height = folded ? 4 : rows;
  const cells = [];
  for (let r = 1; r <= rows; r += 1) {
    for (let c = 0; c < columns; c += 1) {
      let x = c;
      let y = rows - r;
      if (folded) {
        const back = c >= width; // the second half of the row comes back
        x = back ? columns - 1 - c : c;
        y = r === 1 ? (back ? 2 : 3) : back ? 1 : 0;
      }
      if (side === 'north') [x, y] = [width - 1 - x, height - 1 - y];
      cells.push({ name: `${columnLetter(c)}${r}`, row: r, col: c, x, y });
    }
  }
  return { cells, width, height, folded, rows, columns };
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
 * @property {boolean} fold a two-row board drawn folded (layout)
 * @property {Set<string>} playable
 * @property {Record<string, string>} marks by hole: one of MARKS
 * @property {string | null} selected
 * @property {string} label
 * @property {{from: string, to: string}[]} [arrows] drawn from hole to hole (a diagram's sowing path)
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
 * @property {ReturnType<typeof layout>['cells'][number]} cell
 */

export class BoardView {
  /**
   * @param {HTMLElement} container
   * @param {{onHole: (name: string) => void, onHover?: (name: string | null) => void}} handlers
   *   `onHole(name)`: a hole clicked, tapped, or chosen with Enter/Space; `onHover(name)`: the pointer
   *   rests on a hole, or a touch is held on it (null: it left)
   */
  constructor(container, { onHole, onHover }) {
    this.container = container;
    this.onHole = onHole;
    this.onHover = onHover || null;
    /** @type {string} */
    this.arrowsKey = '';
    /** @type {string | null} */
    this.key = null;
    /** @type {Map<string, Hole>} */
    this.holes = new Map();
    /** @type {string | null} */
    this.focusName = null;
    /** @type {SVGElement | null} */
    this.svg = null;
  }

  /**
   * Draws `state`, touching only what changed since the last draw.
   * @param {BoardState} state
   */
  draw(state) {
    const key = `${state.rows}x${state.columns}/${state.side}/${state.fold ? 'fold' : 'flat'}`;
    if (key !== this.key) this.build(state, key);
    for (const [name, h] of this.holes) {
      const count = state.holes[name] ?? 0;
      const playable = state.playable.has(name);
      if (h.count !== count) {
        h.count = count;
        h.text.textContent = String(count);
        this.drawSeeds(h, count);
      }
      const label = `${name} ${count}${playable ? ', playable' : ''}`;
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
      el('circle', { cx: h.cx + SPOTS[i][0], cy: h.cy + SPOTS[i][1], r: 5.6, class: `seed s${i % 3}` }, h.seeds);
    }
  }

  /**
   * @param {BoardState} state
   * @param {string} key
   */
  build(state, key) {
    this.key = key;
    const L = layout(state.rows, state.columns, state.side, state.fold);
    const half = L.height / 2; // the two players' halves meet here
    /** @param {number} x @param {number} y */
    const pos = (x, y) => [MARGIN + x * CELL, MARGIN + y * CELL + (y >= half ? GAP : 0)];
    const W = MARGIN * 2 + L.width * CELL;
    const H = MARGIN * 2 + L.height * CELL + GAP;
    const svg = el('svg', {
      viewBox: `0 0 ${W} ${H}`,
      class: `board ${L.folded ? 'folded' : ''} cols${state.columns}`,
      role: 'group',
    });
    el(
      'rect',
      {
        x: MARGIN - 10,
        y: MARGIN - 10,
        width: W - 2 * MARGIN + 20,
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
      });
      if (L.folded) {
        // The letters no longer line up along an edge: each hole carries its name.
        el('text', { x: gx + 6, y: gy + 22, class: 'name', 'aria-hidden': 'true' }, g).textContent = cell.name;
      }
      this.holes.set(cell.name, { g, seeds, text, cx, cy, count: null, name: '', cell });
    }
    if (!L.folded) this.edgeNames(svg, L, pos, H);
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
   * One hole in the tab order: the focused one if any, else the first playable, else the first.
   * @param {BoardState} state
   */
  rove(state) {
    let target = this.focusName && this.holes.has(this.focusName) ? this.focusName : null;
    if (!target)
      target = [...this.holes.keys()].find((n) => state.playable.has(n)) || this.holes.keys().next().value || null;
    for (const [name, h] of this.holes) {
      const t = name === target ? '0' : '-1';
      if (h.g.getAttribute('tabindex') !== t) h.g.setAttribute('tabindex', t);
    }
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    const name = /** @type {Element | null} */ (e.target)?.getAttribute?.('data-hole');
    if (!name) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.onHole(name);
      return;
    }
    /** @type {Record<string, [number, number]>} */
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const d = moves[e.key];
    const here = this.holes.get(name);
    if (!d || !here) return;
    e.preventDefault();
    const { cell } = here;
    const next = [...this.holes.values()].find((h) => h.cell.x === cell.x + d[0] && h.cell.y === cell.y + d[1]);
    if (next) {
      this.focusName = next.cell.name;
      for (const h of this.holes.values()) h.g.setAttribute('tabindex', h === next ? '0' : '-1');
      /** @type {SVGElement & HTMLOrSVGElement} */ (next.g).focus();
    }
  }
}
