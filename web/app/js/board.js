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

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

export function columnLetter(c) {
  return String.fromCharCode(97 + c);
}

/**
 * Where each hole is drawn: grid coordinates for a board of `rows` x `columns` seen from `side`
 * (North sees it turned half round), optionally turned a quarter (2x20 on a narrow screen: the
 * columns run down the page).
 */
export function layout(rows, columns, side, vertical) {
  const cells = [];
  for (let r = 1; r <= rows; r += 1) {
    for (let c = 0; c < columns; c += 1) {
      let x = side === 'north' ? columns - 1 - c : c;
      let y = side === 'north' ? r - 1 : rows - r;
      if (vertical) [x, y] = [rows - 1 - y, x];
      cells.push({ name: `${columnLetter(c)}${r}`, row: r, col: c, x, y });
    }
  }
  const width = vertical ? rows : columns;
  const height = vertical ? columns : rows;
  return { cells, width, height, vertical, rows, columns };
}

export class BoardView {
  /** `onHole(name)` is called when a hole is clicked, tapped, or chosen with Enter/Space. */
  constructor(container, { onHole }) {
    this.container = container;
    this.onHole = onHole;
    this.key = null;
    this.holes = new Map();
    this.focusName = null;
  }

  /**
   * Draws `state`: {rows, columns, holes, side ('south'|'north'), vertical, playable: Set of hole
   * names, marks: {hole: 'lifted'|'dropped'|'captured'}, selected: hole name or null, label}.
   */
  draw(state) {
    const key = `${state.rows}x${state.columns}/${state.side}/${state.vertical ? 'v' : 'h'}`;
    if (key !== this.key) this.build(state, key);
    for (const [name, h] of this.holes) {
      const count = state.holes[name] ?? 0;
      const playable = state.playable.has(name);
      if (h.count !== count) {
        h.count = count;
        h.text.textContent = String(count);
        this.drawSeeds(h, count);
      }
      h.g.setAttribute('aria-label', `${name} ${count}${playable ? ', playable' : ''}`);
      h.g.setAttribute('aria-disabled', playable ? 'false' : 'true');
      h.g.classList.toggle('playable', playable);
      h.g.classList.toggle('selected', state.selected === name);
      for (const m of ['lifted', 'dropped', 'captured']) h.g.classList.toggle(m, state.marks?.[name] === m);
    }
    this.svg.setAttribute('aria-label', state.label || 'board');
    this.rove(state);
  }

  drawSeeds(h, count) {
    h.seeds.replaceChildren();
    const n = Math.min(count, SEEDS_DRAWN);
    for (let i = 0; i < n; i += 1) {
      el('circle', { cx: h.cx + SPOTS[i][0], cy: h.cy + SPOTS[i][1], r: 5.6, class: `seed s${i % 3}` }, h.seeds);
    }
  }

  build(state, key) {
    this.key = key;
    const L = layout(state.rows, state.columns, state.side, state.vertical);
    this.grid = L;
    const split = L.vertical ? 'x' : 'y'; // the axis along which the two halves meet
    const half = (L.vertical ? L.width : L.height) / 2;
    const pos = (x, y) => {
      const gx = MARGIN + x * CELL + (split === 'x' && x >= half ? GAP : 0);
      const gy = MARGIN + y * CELL + (split === 'y' && y >= half ? GAP : 0);
      return [gx, gy];
    };
    const W = MARGIN * 2 + L.width * CELL + (split === 'x' ? GAP : 0);
    const H = MARGIN * 2 + L.height * CELL + (split === 'y' ? GAP : 0);
    const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, class: `board ${L.vertical ? 'vertical' : ''} cols${state.columns}`, role: 'group' });
    el('rect', { x: MARGIN - 10, y: MARGIN - 10, width: W - 2 * MARGIN + 20, height: H - 2 * MARGIN + 20, rx: 22, class: 'wood' }, svg);
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
      const text = el('text', { x: gx + CELL - 8, y: gy + CELL - 4, class: 'count', 'text-anchor': 'end', 'aria-hidden': 'true' }, g);
      g.addEventListener('click', () => this.onHole(cell.name));
      g.addEventListener('focus', () => { this.focusName = cell.name; });
      this.holes.set(cell.name, { g, seeds, text, cx, cy, count: null, cell });
    }
    // Hole names along the edges, as in the notation: column letters and row numbers.
    for (let c = 0; c < state.columns; c += 1) {
      const cell = L.cells.find((k) => k.col === c && k.row === 1);
      const [gx, gy] = pos(cell.x, cell.y);
      const at = L.vertical ? { x: MARGIN / 2 - 6, y: gy + CELL / 2 } : { x: gx + CELL / 2, y: H - MARGIN / 2 + 8 };
      el('text', { ...at, class: 'edge', 'text-anchor': 'middle', 'aria-hidden': 'true' }, svg).textContent = columnLetter(c);
    }
    for (let r = 1; r <= state.rows; r += 1) {
      const cell = L.cells.find((k) => k.col === 0 && k.row === r);
      const [gx, gy] = pos(cell.x, cell.y);
      const at = L.vertical ? { x: gx + CELL / 2, y: MARGIN / 2 + 6 } : { x: MARGIN / 2 - 4, y: gy + CELL / 2 + 6 };
      el('text', { ...at, class: 'edge', 'text-anchor': 'middle', 'aria-hidden': 'true' }, svg).textContent = String(r);
    }
    svg.addEventListener('keydown', (e) => this.key_(e));
    this.svg = svg;
    this.container.replaceChildren(svg);
  }

  /** One hole in the tab order: the focused one if any, else the first playable, else the first. */
  rove(state) {
    let target = this.focusName && this.holes.has(this.focusName) ? this.focusName : null;
    if (!target) target = [...this.holes.keys()].find((n) => state.playable.has(n)) || this.holes.keys().next().value;
    for (const [name, h] of this.holes) h.g.setAttribute('tabindex', name === target ? '0' : '-1');
  }

  key_(e) {
    const name = e.target?.getAttribute?.('data-hole');
    if (!name) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.onHole(name);
      return;
    }
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const d = moves[e.key];
    if (!d) return;
    e.preventDefault();
    const { cell } = this.holes.get(name);
    const next = [...this.holes.values()].find((h) => h.cell.x === cell.x + d[0] && h.cell.y === cell.y + d[1]);
    if (next) {
      this.focusName = next.cell.name;
      for (const h of this.holes.values()) h.g.setAttribute('tabindex', h === next ? '0' : '-1');
      next.g.focus();
    }
  }
}
