// @ts-check
// The analysis board's position editor: a click on a hole adds a counter to it (or takes one away), the side
// to move is chosen, and the position text is built from that: the side, `hole=count` for every non-empty
// hole, then the position's other tokens as they were (docs/rules.md#d11-position-text). Whether such a
// position is one the game can hold is the server's to say when the text is loaded: nothing here knows a
// rule.

import { t } from './i18n.js';
import { h, sideName } from './ui.js';
import * as wire from './wire.js';

/** A hole's token of a position text (`c2=4`); the others (`turn=9`, `store.south=3`) are kept. */
const HOLE_TOKEN = /^[a-z]\d+=\d+$/;

export class PositionEditor {
  /**
   * @param {{board: any, position: string, redraw: () => void, done: (text: string) => void, cancel: () => void}} o
   *   the board and position text to start from, as the server sent them
   */
  constructor(o) {
    this.wireBoard = o.board;
    /** @type {Record<string, number>} */
    this.counts = wire.holesByName(o.board);
    /** The hole names in the board's reading order. */
    this.names = Object.keys(this.counts);
    const tokens = o.position.trim().split(/\s+/);
    /** @type {'south' | 'north'} */
    this.side = tokens[0] === 'north' ? 'north' : 'south';
    this.rest = tokens.slice(1).filter((tok) => !HOLE_TOKEN.test(tok));
    this.removing = false;
    this.redraw = o.redraw;
    this.total = h('p', { id: 'editor-total', class: 'small muted', 'aria-live': 'polite' });
    const add = h('button', { type: 'button', id: 'editor-add', 'aria-pressed': 'true' }, t('editor.add'));
    const remove = h('button', { type: 'button', id: 'editor-remove', 'aria-pressed': 'false' }, t('editor.remove'));
    const mode = (/** @type {boolean} */ removing) => {
      this.removing = removing;
      add.setAttribute('aria-pressed', String(!removing));
      remove.setAttribute('aria-pressed', String(removing));
    };
    add.onclick = () => mode(false);
    remove.onclick = () => mode(true);
    const side = h(
      'select',
      { id: 'editor-side', 'aria-label': t('editor.side') },
      ...['south', 'north'].map((s) => h('option', { value: s }, t('editor.to_move', { side: sideName(s) }))),
    );
    side.value = this.side;
    side.addEventListener('change', () => {
      this.side = side.value === 'north' ? 'north' : 'south';
    });
    const clear = h('button', { type: 'button', id: 'editor-clear', class: 'ghost' }, t('editor.clear'));
    clear.onclick = () => {
      for (const n of this.names) this.counts[n] = 0;
      this.changed();
    };
    const done = h('button', { type: 'button', id: 'editor-done' }, t('editor.done'));
    done.onclick = () => o.done(this.text());
    const cancel = h('button', { type: 'button', id: 'editor-cancel', class: 'ghost' }, t('editor.cancel'));
    cancel.onclick = () => o.cancel();
    this.controls = h(
      'div',
      { id: 'editor', class: 'editor' },
      h('p', { class: 'small' }, t('editor.help')),
      h('div', { class: 'actions' }, add, remove, side, clear),
      this.total,
      h('div', { class: 'actions' }, done, cancel),
    );
    this.changed();
  }

  /** The board as edited, in the server's shape, for the diagram (nothing legal while editing). */
  board() {
    return { ...this.wireBoard, holes: this.names.map((n) => this.counts[n]), legal: [], to_move: this.side };
  }

  /** A click on hole `name`: one counter more, or one less. @param {string} name */
  click(name) {
    if (!(name in this.counts)) return;
    this.counts[name] = Math.max(0, this.counts[name] + (this.removing ? -1 : 1));
    this.changed();
  }

  changed() {
    const count = this.names.reduce((n, k) => n + this.counts[k], 0);
    this.total.textContent = t('editor.total', { count });
    this.redraw();
  }

  /** The position text of the edited position. */
  text() {
    const holes = this.names.filter((n) => this.counts[n] > 0).map((n) => `${n}=${this.counts[n]}`);
    return [this.side, ...holes, ...this.rest].join(' ');
  }
}
