// @ts-check
// The analysis board (`/analysis/{variant}?position=…`, or `/analysis?game=ID&ply=N` from a finished
// game's replay): a position played freely as a line of moves, with the engine's value, its best line
// and every legal move's value, for each position of the line. Clicking a playable hole (or a move of the
// engine's list) plays it through the server's preview, which answers the steps to sow and the position
// after; stepping back and playing another move starts a variation there, kept beside the first line (a
// tree of moves: each move of the line lists the other moves played from the same position). The
// address always holds the position shown, so it can be shared; the position's text (the engine's
// notation) is not shown but copied with "Copy position", and one can be pasted under "Paste a position".
// Moves and values are said in words. No rule is worked out here: the holes offered are the board's
// `legal`, the values and lines the server's engine's.

import { api } from '../api.js';
import { Diagram } from '../diagram.js';
import { PositionEditor } from '../editor.js';
import { decisions as byHole } from '../gamestate.js';
import { t } from '../i18n.js';
import { decisionText, errorText, h, learnStyle, sideName, VARIANTS, variantName } from '../ui.js';
import { valueSentence, valueText } from '../value.js';

/** @typedef {import('../value.js').Value} Value */
/** @typedef {{decision: string, value: Value}} Scored */
/** @typedef {{variant: string, position: string, side: string, board: any, value: Value, best: string[], decisions: Scored[], depth: number}} Analysis */
/** @typedef {{decision: string, position: string, board: any, events: string[]}} Ply */
/**
 * A position of the tree of moves played: the move to it and what the server said of it, and the moves
 * played from it (the first is its main line, the others its variations).
 * @typedef {Ply & {parent: Move | null, children: Move[]}} Move
 */

/**
 * The line through `move`: the moves before it, then its main continuation.
 * @param {Move} move
 */
function lineThrough(move) {
  const line = [];
  for (let m = /** @type {Move | null} */ (move); m; m = m.parent) line.unshift(m);
  for (let m = move.children[0]; m; m = m.children[0]) line.push(m);
  return line;
}

/** The catalog's books this page's words are in. */
export const books = ['editor', 'value'];

/**
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { variant: fromPath }) {
  learnStyle();
  const query = new URLSearchParams(location.search);
  /** @type {string | null} the position the line starts from (null: the variant's start) */
  let base = query.get('position');
  // Ikibuguzo's own start has nothing to analyse, but a position of it given whole (a puzzle's) has.
  let variant = VARIANTS.includes(fromPath) && (fromPath !== 'ikibuguzo' || base) ? fromPath : 'kubuguza';
  /** @type {{children: Move[]}} the moves played from the base position */
  let root = { children: [] };
  /** @type {Move[]} the line shown: a path through the tree */
  let line = [];
  let at = 0;
  /** @type {Map<string, Promise<Analysis>>} */
  const analyses = new Map();
  /** @type {Analysis | null} */
  let shown = null;
  let busy = false;
  let gone = false;
  /** @type {PositionEditor | null} the position being edited, if it is */
  let editor = null;

  const select = h(
    'select',
    { id: 'analysis-variant', 'aria-label': t('form.game') },
    // Ikibuguzo's own start is the secret choice of arrays, which has nothing to analyse: its two
    // fixed openings are offered instead.
    ...VARIANTS.filter((v) => v !== 'ikibuguzo').map((v) => h('option', { value: v }, variantName(v))),
  );
  const text = h('input', {
    id: 'analysis-position',
    type: 'text',
    spellcheck: 'false',
    'aria-label': t('analysis.position'),
  });
  const load = h('button', { type: 'button', id: 'analysis-load' }, t('analysis.load'));
  const copy = h('button', { type: 'button', id: 'analysis-copy', class: 'ghost' }, t('analysis.copy'));
  const paste = h(
    'details',
    { id: 'analysis-paste' },
    h('summary', {}, t('analysis.paste')),
    h('div', { class: 'actions analysis-actions' }, text, load),
  );
  const edit = h('button', { type: 'button', id: 'analysis-edit', class: 'ghost' }, t('editor.open'));
  const value = h('p', { id: 'analysis-value', 'aria-live': 'polite' });
  const best = h('p', { id: 'analysis-best', class: 'small' });
  const moves = h('ol', { id: 'analysis-moves', class: 'small' });
  const played = h('ol', { id: 'analysis-line', class: 'small' });
  const choices = h('div', { class: 'choices' });
  const error = h('p', { class: 'error', role: 'alert' });
  const diagram = new Diagram({ onHole: (name) => clickHole(name) });
  const step = (/** @type {string} */ label, /** @type {string} */ id, /** @type {() => number} */ to) =>
    h(
      'button',
      { type: 'button', class: 'small ghost', id, 'aria-label': label, title: label, onclick: () => goTo(to()) },
      label,
    );
  main.append(
    h(
      'section',
      { class: 'panel' },
      h('h1', {}, t('analysis.title')),
      h('p', { class: 'muted small' }, t('analysis.intro')),
      h('div', { class: 'actions analysis-actions' }, select, copy, edit),
      paste,
      h(
        'div',
        { class: 'lesson' },
        h('div', {}, diagram.box, diagram.caption, choices),
        h(
          'div',
          { class: 'text' },
          value,
          best,
          h('h2', { class: 'small-h' }, t('analysis.moves')),
          moves,
          h('h2', { class: 'small-h' }, t('analysis.line')),
          h(
            'div',
            { class: 'actions' },
            step(t('replay.start'), 'analysis-start', () => 0),
            step(t('replay.previous'), 'analysis-back', () => at - 1),
            step(t('replay.next'), 'analysis-forward', () => at + 1),
          ),
          played,
          error,
        ),
      ),
    ),
  );

  /** The position text of the line's ply `i` (0: the base). */
  const positionAt = (/** @type {number} */ i) => (i === 0 ? base : line[i - 1].position);

  /** The engine's analysis of a position, asked once. @param {string | null} position */
  const analyse = (position) => {
    const key = `${variant} ${position ?? ''}`;
    let a = analyses.get(key);
    if (!a) {
      a = /** @type {Promise<Analysis>} */ (api.analysis({ variant, ...(position ? { position } : {}) }));
      analyses.set(key, a);
      a.catch(() => analyses.delete(key));
    }
    return a;
  };

  /** Shows ply `i` of the line: its board, then the engine's analysis of it. */
  const goTo = async (/** @type {number} */ i, sown = false) => {
    if (i < 0 || i > line.length || editor) return;
    at = i;
    const position = positionAt(i);
    history.replaceState(
      null,
      '',
      `/analysis/${variant}${position ? `?position=${encodeURIComponent(position)}` : ''}`,
    );
    text.value = position || '';
    error.textContent = '';
    choices.replaceChildren();
    drawLine();
    if (i > 0 && !sown) diagram.show(line[i - 1].board);
    shown = null;
    diagram.set(new Set());
    value.textContent = t('analysis.thinking');
    best.textContent = '';
    moves.replaceChildren();
    try {
      const a = await analyse(position);
      if (gone || at !== i || editor) return;
      shown = a;
      if (i === 0) text.value = a.position;
      if (!busy) diagram.show(a.board);
      offer();
      const side = /** @type {'south' | 'north'} */ (a.side);
      value.textContent = t('analysis.value', {
        side: sideName(side),
        value: valueSentence(a.value, side),
        count: a.depth,
      });
      best.textContent = t('analysis.best', { line: a.best.map(decisionText).join(', ') });
      moves.replaceChildren(
        ...a.decisions.map((s) =>
          h(
            'li',
            {},
            h(
              'button',
              { type: 'button', class: 'link', 'data-decision': s.decision, onclick: () => decide(s.decision) },
              decisionText(s.decision),
            ),
            h('span', { class: 'muted' }, ` · ${valueText(s.value)}`),
          ),
        ),
      );
    } catch (e) {
      if (gone || at !== i) return;
      value.textContent = '';
      error.textContent = errorText(e, 'analysis');
    }
  };

  /**
   * The line shown, each move a button back to the position after it, and after a move the other moves
   * played from the same position (its variations), each a button to the line through it.
   */
  const drawLine = () => {
    played.replaceChildren(
      ...line.map((p, k) => {
        const others = (k === 0 ? root.children : line[k - 1].children).filter((c) => c !== p);
        return h(
          'li',
          { class: k + 1 === at ? 'here' : '' },
          h(
            'button',
            {
              type: 'button',
              class: 'link move',
              'aria-current': k + 1 === at ? 'step' : null,
              'data-decision': p.decision,
              onclick: () => goTo(k + 1),
            },
            decisionText(p.decision),
          ),
          others.length
            ? h(
                'span',
                { class: 'alts muted' },
                ' (',
                others.flatMap((o, j) => [
                  j ? ' ' : '',
                  h(
                    'button',
                    {
                      type: 'button',
                      class: 'link alt',
                      'data-decision': o.decision,
                      onclick: () => ((line = lineThrough(o)), goTo(k + 1)),
                    },
                    decisionText(o.decision),
                  ),
                ]),
                ')',
              )
            : null,
        );
      }),
    );
  };

  /** The playable holes, and buttons for the decisions that are not holes. */
  const offer = () => {
    if (editor) return;
    const legal = /** @type {string[]} */ (shown?.board?.legal || []);
    const { byHole: holes, others } = byHole(legal);
    diagram.set(busy ? new Set() : new Set(holes.keys()));
    choices.replaceChildren(
      ...others.map((d) => h('button', { type: 'button', onclick: () => decide(d) }, t(`decision.${d}`))),
    );
  };

  /** @param {string} name */
  const clickHole = (name) => {
    if (editor) {
      editor.click(name);
      return;
    }
    if (!shown || busy) return;
    const options = byHole(shown.board.legal || []).byHole.get(name) || [];
    if (options.length === 1) decide(options[0]);
    if (options.length > 1) {
      // Both directions are legal here: the player says which.
      choices.replaceChildren(
        ...options.map((d) =>
          h(
            'button',
            { type: 'button', onclick: () => decide(d) },
            t(d.endsWith(':cw') ? 'decision.clockwise' : 'decision.anticlockwise', { hole: name }),
          ),
        ),
      );
    }
  };

  /**
   * Plays `decision` from the position shown, sown, then analysed: the line goes on through it, a move played
   * there before is followed again, and a new one becomes a variation beside the ones played there.
   * @param {string} decision
   */
  const decide = async (decision) => {
    if (busy) return;
    busy = true;
    offer();
    try {
      const position = positionAt(at);
      const p = await api.preview({ variant, decision, ...(position ? { position } : {}) });
      if (gone) return;
      const from = at === 0 ? root : line[at - 1];
      let move = from.children.find((c) => c.decision === p.decision);
      if (!move) {
        move = {
          decision: p.decision,
          position: p.position,
          board: p.board,
          events: p.events,
          parent: null,
          children: [],
        };
        move.parent = at === 0 ? null : line[at - 1];
        from.children.push(move);
      }
      line = lineThrough(move);
      const next = at + 1;
      goTo(next, true);
      await diagram.sow(p.events, p.board);
      busy = false;
      if (at === next && shown) diagram.show(shown.board);
      offer();
    } catch (e) {
      busy = false;
      offer();
      error.textContent = errorText(e, 'analysis');
    }
  };

  /** Starts over from the variant's start or a position text. @param {string | null} position */
  const start = (position) => {
    closeEditor();
    base = position;
    root = { children: [] };
    line = [];
    goTo(0);
  };

  /** Edits the position shown: the diagram shows the edited board, every hole clickable. */
  const openEditor = () => {
    if (!shown || busy || editor) return;
    const from = shown;
    const redraw = () => {
      if (!editor) return;
      diagram.show(editor.board());
      diagram.set(new Set(editor.names));
      text.value = editor.text();
    };
    // The engine's values were the position's before the edit.
    value.textContent = '';
    best.textContent = '';
    moves.replaceChildren();
    editor = new PositionEditor({
      board: from.board,
      position: from.position,
      redraw,
      // Loaded once the engine has answered it: a position it refuses keeps the editor open, with why.
      done: (position) => {
        error.textContent = '';
        analyse(position).then(
          () => editor && start(position),
          (e) => {
            if (editor) error.textContent = errorText(e, 'analysis');
          },
        );
      },
      cancel: () => {
        closeEditor();
        goTo(at);
      },
    });
    choices.replaceChildren(editor.controls);
    edit.disabled = true;
    redraw();
  };
  const closeEditor = () => {
    editor = null;
    edit.disabled = false;
    choices.replaceChildren();
  };
  edit.addEventListener('click', openEditor);
  // The position's text, for another board or the terminal client: copied, not shown.
  copy.addEventListener('click', async () => {
    const position = text.value;
    try {
      await navigator.clipboard.writeText(position);
    } catch {
      // Not a secure context (a LAN address over http): the old way, through the hidden field.
      paste.open = true;
      text.select();
      document.execCommand('copy');
    }
    copy.textContent = t('common.copied');
    setTimeout(() => (copy.textContent = t('analysis.copy')), 1500);
  });

  select.value = variant;
  select.addEventListener('change', () => {
    variant = select.value;
    start(null);
  });
  load.addEventListener('click', () => start(text.value.trim() || null));
  text.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') start(text.value.trim() || null);
  });
  const keys = (/** @type {KeyboardEvent} */ e) => {
    const target = e.target;
    if (target instanceof Element && target.closest('input, select, textarea')) return;
    if (e.key === 'ArrowLeft') goTo(at - 1);
    if (e.key === 'ArrowRight') goTo(at + 1);
  };
  document.addEventListener('keydown', keys);

  const game = query.get('game');
  const ply = Number(query.get('ply') || 0);
  if (game) {
    // A finished game's position: the server gives its text, the line starts there.
    api
      .analysis({ game, ply })
      .then((/** @type {Analysis} */ a) => {
        if (gone) return;
        variant = a.variant;
        select.value = variant;
        analyses.set(`${variant} ${a.position}`, Promise.resolve(a));
        start(a.position);
      })
      .catch((e) => {
        error.textContent = errorText(e, 'analysis');
      });
  } else {
    start(base);
  }
  return () => {
    gone = true;
    document.removeEventListener('keydown', keys);
  };
}
