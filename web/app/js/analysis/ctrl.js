// @ts-check
// The analysis board's controller, as the game page's game/ctrl.js: it holds the state (the game, the
// position the line starts from, the tree of moves played and the line shown, the engine's analysis of
// the position shown, the position being edited, the refusal shown), the actions a person takes (play a
// hole or a listed move, step through the line, follow a variation, load, paste, copy or edit a
// position), and `redraw`, which pages/analysis.js turns into one keyed patch of the view (view/*.js).
// The board is board/diagram.js's, hosted by the view as the game page hosts its board and told what to show
// by the actions. The address always holds the position shown. No rule is worked out here: the holes
// offered are the board's `legal`, the values and lines the server's engine's.

import { api } from '../net/api.js';
import { Diagram } from '../board/diagram.js';
import { PositionEditor } from '../board/editor.js';
import { decisions as byHole } from '../gamestate.js';
import { errorText, VARIANTS } from '../ui.js';
import { lineThrough, playFrom } from './tree.js';

/** @typedef {import('../value.js').Value} Value */
/** @typedef {{decision: string, value: Value}} Scored */
/** A side's turn of the best line, each decision said what it is (the engine's reading). @typedef {{side: string, decisions: {decision: string, kind: string}[]}} LineTurn */
/** @typedef {{variant: string, position: string, side: string, board: import('../net/wire.js').WireBoard, value: Value, best: string[], best_turns?: LineTurn[], decisions: Scored[], depth: number}} Analysis */
/** @typedef {import('./tree.js').Move} Move */

/** How long "Copied" is said on the copy button. */
const COPIED_MS = 1500;

export class AnalysisCtrl {
  /**
   * @param {string} variant the variant of the address (`/analysis/{variant}`)
   * @param {URLSearchParams} query `position` (and Njombwa's `width`), or `game` and `ply`
   * @param {() => void} redraw patches the page from this state
   */
  constructor(variant, query, redraw) {
    this.redraw = redraw;
    this.query = query;
    /** @type {string | null} the position the line starts from (null: the variant's start) */
    this.base = query.get('position');
    // Ikibuguzo's own start has nothing to analyse, but a position of it given whole (a puzzle's) has.
    this.variant = VARIANTS.includes(variant) && (variant !== 'ikibuguzo' || this.base) ? variant : 'kubuguza';
    const width = Number(query.get('width'));
    // A finished game's variant is known once the server answers (`start`): its width is kept till then.
    const njombwa = this.variant === 'njombwa' || query.has('game');
    /** @type {number | null} Njombwa's width when not the default (a wider board's game or puzzle): the server checks it */
    this.width = njombwa && Number.isInteger(width) && width > 0 ? width : null;
    /** @type {{children: Move[]}} the moves played from the base position */
    this.root = { children: [] };
    /** @type {Move[]} the line shown: a path through the tree */
    this.line = [];
    /** the ply of the line shown (0: the base) */
    this.at = 0;
    /** @type {Map<string, Promise<Analysis>>} the engine's analyses, asked once per position */
    this.analyses = new Map();
    /** @type {Analysis | null} the analysis of the position shown, once it has come */
    this.shown = null;
    /** the engine is asked about the position shown */
    this.thinking = false;
    /** a move is being played (previewed and sown) */
    this.busy = false;
    this.gone = false;
    /** @type {PositionEditor | null} the position being edited, if it is */
    this.editor = null;
    /** @type {string[] | null} a hole's two directions, asked after a click on it */
    this.directions = null;
    this.error = '';
    /** the position text of the field under "Paste a position" (the position shown, or what is typed) */
    this.text = '';
    this.pasteOpen = false;
    this.copied = false;
    this.diagram = new Diagram({ onHole: (name) => this.clickHole(name) });
    /** @param {KeyboardEvent} e */
    this.keys = (e) => {
      const target = e.target;
      if (target instanceof Element && target.closest('input, select, textarea')) return;
      if (e.key === 'ArrowLeft') this.goTo(this.at - 1);
      if (e.key === 'ArrowRight') this.goTo(this.at + 1);
    };
  }

  /** The position text of the line's ply `i` (0: the base). @param {number} i */
  positionAt(i) {
    return i === 0 ? this.base : this.line[i - 1].position;
  }

  /** The rule set's options of the requests: Njombwa's width, when given. */
  options() {
    return this.width ? { options: { width: this.width } } : {};
  }

  /** The address of a position: the variant, the position and the width. @param {string | null} position */
  address(position) {
    const query = new URLSearchParams();
    if (position) query.set('position', position);
    if (this.width) query.set('width', String(this.width));
    const q = query.toString();
    return `/analysis/${this.variant}${q ? `?${q}` : ''}`;
  }

  /** The engine's analysis of a position, asked once. @param {string | null} position */
  analyse(position) {
    const key = `${this.variant} ${this.width ?? ''} ${position ?? ''}`;
    let a = this.analyses.get(key);
    if (!a) {
      const body = { variant: this.variant, ...this.options(), ...(position ? { position } : {}) };
      a = /** @type {Promise<Analysis>} */ (api.analysis(body));
      this.analyses.set(key, a);
      a.catch(() => this.analyses.delete(key));
    }
    return a;
  }

  /**
   * Shows ply `i` of the line: its board, then the engine's analysis of it.
   * @param {number} i
   * @param {boolean} [sown] its board is being sown (not shown at once)
   */
  async goTo(i, sown = false) {
    if (i < 0 || i > this.line.length || this.editor) return;
    this.at = i;
    const position = this.positionAt(i);
    history.replaceState(null, '', this.address(position));
    this.text = position || '';
    this.error = '';
    this.directions = null;
    if (i > 0 && !sown) this.diagram.show(this.line[i - 1].board);
    this.shown = null;
    this.thinking = true;
    this.diagram.set(new Set());
    this.redraw();
    try {
      const a = await this.analyse(position);
      if (this.gone || this.at !== i || this.editor) return;
      this.shown = a;
      this.thinking = false;
      if (i === 0) this.text = a.position;
      if (!this.busy) this.diagram.show(a.board);
      this.offer();
    } catch (e) {
      if (this.gone || this.at !== i) return;
      this.thinking = false;
      this.error = errorText(e, 'analysis');
    }
    this.redraw();
  }

  /** Follows the line through a variation `move`, shown at ply `k`. @param {Move} move @param {number} k */
  follow(move, k) {
    this.line = lineThrough(move);
    this.goTo(k);
  }

  /** The decisions that are not a hole (buttons under the board), of the position shown. */
  others() {
    if (this.editor || !this.shown) return [];
    return byHole(/** @type {string[]} */ (this.shown.board?.legal || [])).others;
  }

  /** The playable holes on the board (none while a move is played). */
  offer() {
    if (this.editor) return;
    const { byHole: holes } = byHole(/** @type {string[]} */ (this.shown?.board?.legal || []));
    this.diagram.set(this.busy ? new Set() : new Set(holes.keys()));
  }

  /** @param {string} name */
  clickHole(name) {
    if (this.editor) {
      this.editor.click(name);
      this.edited();
      return;
    }
    if (!this.shown || this.busy) return;
    const options = byHole(this.shown.board.legal || []).byHole.get(name) || [];
    if (options.length === 1) this.decide(options[0]);
    if (options.length > 1) {
      // Both directions are legal here: the player says which.
      this.directions = options;
      this.redraw();
    }
  }

  /**
   * Plays `decision` from the position shown, sown, then analysed: the line goes on through it, a move played
   * there before is followed again, and a new one becomes a variation beside the ones played there.
   * @param {string} decision
   */
  async decide(decision) {
    if (this.busy) return;
    this.busy = true;
    this.directions = null;
    this.offer();
    this.redraw();
    try {
      const position = this.positionAt(this.at);
      const p = await api.preview({
        variant: this.variant,
        ...this.options(),
        decision,
        ...(position ? { position } : {}),
      });
      if (this.gone) return;
      const parent = this.at === 0 ? null : this.line[this.at - 1];
      const ply = { decision: p.decision, position: p.position, board: p.board, events: p.events };
      this.line = lineThrough(playFrom(parent || this.root, parent, ply));
      const next = this.at + 1;
      this.goTo(next, true);
      await this.diagram.sow(p.events, p.board);
      this.busy = false;
      if (this.at === next && this.shown) this.diagram.show(this.shown.board);
      this.offer();
    } catch (e) {
      this.busy = false;
      this.offer();
      this.error = errorText(e, 'analysis');
    }
    this.redraw();
  }

  /** Starts over from the variant's start or a position text. @param {string | null} position */
  startFrom(position) {
    this.closeEditor();
    this.base = position;
    this.root = { children: [] };
    this.line = [];
    this.goTo(0);
  }

  /** @param {string} variant */
  setVariant(variant) {
    this.variant = variant;
    // Another game starts on its own default board.
    this.width = null;
    this.startFrom(null);
  }

  /** Loads the text of the field under "Paste a position". */
  load() {
    this.startFrom(this.text.trim() || null);
  }

  /** @param {string} text */
  typeText(text) {
    this.text = text;
  }

  /** The position's text, for another board or the terminal client: copied, not shown. */
  async copy() {
    try {
      await navigator.clipboard.writeText(this.text);
    } catch {
      // Not a secure context (a LAN address over http): the old way, through the field, shown for it.
      this.pasteOpen = true;
      this.redraw();
      const field = /** @type {HTMLInputElement | null} */ (document.getElementById('analysis-position'));
      field?.select();
      document.execCommand('copy');
    }
    this.copied = true;
    this.redraw();
    setTimeout(() => {
      this.copied = false;
      this.redraw();
    }, COPIED_MS);
  }

  /** Edits the position shown: the diagram shows the edited board, every hole clickable. */
  openEditor() {
    if (!this.shown || this.busy || this.editor) return;
    this.editor = new PositionEditor(this.shown.board, this.shown.position);
    this.directions = null;
    this.edited();
  }

  /** The edited board shown, its text in the field. */
  edited() {
    const ed = this.editor;
    if (!ed) return;
    this.diagram.show(ed.board());
    this.diagram.set(new Set(ed.names));
    this.text = ed.text();
    this.redraw();
  }

  /** The edited position, loaded once the engine has answered it: one it refuses keeps the editor open, with why. */
  editDone() {
    const ed = this.editor;
    if (!ed) return;
    const position = ed.text();
    this.error = '';
    this.redraw();
    this.analyse(position).then(
      () => this.editor && this.startFrom(position),
      (e) => {
        if (!this.editor) return;
        this.error = errorText(e, 'analysis');
        this.redraw();
      },
    );
  }

  editCancel() {
    this.closeEditor();
    this.goTo(this.at);
  }

  closeEditor() {
    this.editor = null;
    this.redraw();
  }

  // ---- life ----

  start() {
    document.addEventListener('keydown', this.keys);
    const game = this.query.get('game');
    const ply = Number(this.query.get('ply') || 0);
    if (!game) {
      this.startFrom(this.base);
      return;
    }
    // A finished game's position: the server gives its text, the line starts there.
    api
      .analysis({ game, ply })
      .then((/** @type {Analysis} */ a) => {
        if (this.gone) return;
        this.variant = a.variant;
        if (this.variant !== 'njombwa') this.width = null;
        this.analyses.set(`${this.variant} ${this.width ?? ''} ${a.position}`, Promise.resolve(a));
        this.startFrom(a.position);
      })
      .catch((e) => {
        this.error = errorText(e, 'analysis');
        this.redraw();
      });
  }

  stop() {
    this.gone = true;
    document.removeEventListener('keydown', this.keys);
  }
}
