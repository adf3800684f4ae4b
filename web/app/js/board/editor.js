// @ts-check
// The analysis board's position editor, its state: a click on a hole adds a counter to it (or takes one
// away), the side to move is chosen, and the position text is built from that: the side, `hole=count` for
// every non-empty hole, then the position's other tokens as they were (docs/rules.md#d11-position-text).
// Whether such a position is one the game can hold is the server's to say when the text is loaded:
// nothing here knows a rule. analysis/view/editor.js draws its controls.

import * as wire from '../net/wire.js';

/** A hole's token of a position text (`c2=4`); the others (`turn=9`, `store.south=3`) are kept. */
const HOLE_TOKEN = /^[a-z]\d+=\d+$/;

export class PositionEditor {
  /**
   * @param {import('../net/wire.js').WireBoard} board the board to start from, as the server sent it
   * @param {string} position its position text
   */
  constructor(board, position) {
    this.wireBoard = board;
    /** @type {Record<string, number>} */
    this.counts = wire.holesByName(board);
    /** The hole names in the board's reading order. */
    this.names = Object.keys(this.counts);
    const tokens = position.trim().split(/\s+/);
    /** @type {'south' | 'north'} */
    this.side = tokens[0] === 'north' ? 'north' : 'south';
    this.rest = tokens.slice(1).filter((tok) => !HOLE_TOKEN.test(tok));
    /** whether a click takes a counter away (else it adds one) */
    this.removing = false;
  }

  /** The board as edited, in the server's shape, for the diagram (nothing legal while editing). */
  board() {
    return { ...this.wireBoard, holes: this.names.map((n) => this.counts[n]), legal: [], to_move: this.side };
  }

  /** A click on hole `name`: one counter more, or one less. @param {string} name */
  click(name) {
    if (!(name in this.counts)) return;
    this.counts[name] = Math.max(0, this.counts[name] + (this.removing ? -1 : 1));
  }

  /** Every hole emptied. */
  clear() {
    for (const n of this.names) this.counts[n] = 0;
  }

  /** @param {string} side */
  setSide(side) {
    this.side = side === 'north' ? 'north' : 'south';
  }

  /** The counters on the board. */
  total() {
    return this.names.reduce((n, k) => n + this.counts[k], 0);
  }

  /** The position text of the edited position. */
  text() {
    const holes = this.names.filter((n) => this.counts[n] > 0).map((n) => `${n}=${this.counts[n]}`);
    return [this.side, ...holes, ...this.rest].join(' ');
  }
}
