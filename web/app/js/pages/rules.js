// @ts-check
// The rules pages (`/rules/{variant}`), written for players by `mancala-learn`: the rules first, in short
// sections, each rule on a board diagram drawn from the position the server sends (marks and arrows; a
// diagram that plays shows its sowing on demand, step by step if one likes, from the engine's steps),
// where this site reads the sources its own way, that reading in a marked box; the sources' own words as
// numbered notes in one list at the end (with their reference, the translation in another language than
// English, and what the source's notation means). An address that names no game says so and lists the
// games.

import { api } from '../net/api.js';
import { Demo } from '../board/demo.js';
import { Diagram } from '../board/diagram.js';
import { language, t } from '../i18n.js';
import { errorText, el, learnStyle, VARIANTS, variantName } from '../ui.js';

/** The games with a rules page, one per game (Ikibuguzo's three rule sets share one). */
const GAMES = ['kubuguza', 'ikibuguzo', 'njombwa', 'azigo'];

/** The catalog's books this page's words are in. */
export const books = ['rules', 'demo'];

/**
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { variant }) {
  learnStyle();
  /** @param {string} id */
  const link = (id) =>
    el(
      'a',
      { href: `/rules/${id}`, class: id === variant ? 'here' : '', 'aria-current': id === variant ? 'page' : null },
      variantName(id),
    );
  if (!VARIANTS.includes(variant)) {
    document.title = `${t('game.none')} · Mancala`;
    main.append(
      el(
        'section',
        { class: 'panel' },
        el('h1', {}, t('game.none')),
        el('p', { id: 'no-game' }, t('rules.unknown', { name: variant })),
        el(
          'ul',
          { class: 'game-links' },
          GAMES.map((id) => el('li', {}, link(id))),
        ),
      ),
    );
    return;
  }
  const name = variantName(variant);
  document.title = `${t('rules.title', { game: name })} · Mancala`;
  const tabs = el('nav', { class: 'tabs', 'aria-label': t('common.games') }, GAMES.map(link));
  const title = el('h1', {}, t('rules.title', { game: name }));
  const body = el('div', { class: 'rules-page' }, el('p', { class: 'muted' }, t('common.loading')));
  main.append(el('section', { class: 'panel' }, tabs, title, body));
  /** @type {Diagram[]} */
  const diagrams = [];
  /** @type {Demo[]} */
  const demos = [];
  api
    .rules(variant, language())
    .then((r) => {
      title.textContent = r.title;
      body.replaceChildren(
        el('p', { class: 'lead' }, r.intro),
        el('p', { class: 'small' }, el('a', { href: '/learn' }, t('rules.learn_link'))),
        ...r.sections.map((/** @type {any} */ s) => section(s, diagrams, demos)),
        notes(r.notes),
      );
      for (const d of diagrams) d.draw();
    })
    .catch((e) => {
      body.replaceChildren(el('p', { class: 'error', role: 'alert' }, errorText(e, 'rules')));
    });
  return () => {
    for (const d of demos) d.stop();
    for (const d of diagrams) d.anim.finish();
  };
}

/**
 * One rule: its words with the numbers of the notes that give its sources, this site's reading where
 * it has one, and its boards.
 * @param {any} s
 * @param {Diagram[]} diagrams
 * @param {Demo[]} demos
 */
function section(s, diagrams, demos) {
  const figures = s.diagrams.map((/** @type {any} */ d) => figure(d, diagrams, demos));
  const calls = s.notes.length
    ? el(
        'sup',
        { class: 'calls' },
        s.notes.flatMap((/** @type {number} */ n, /** @type {number} */ i) => [
          i ? ', ' : '',
          el('a', { href: `#note-${n}`, id: `call-${n}`, 'aria-label': t('rules.note', { n }) }, String(n)),
        ]),
      )
    : null;
  const paragraphs = s.body.map((/** @type {string} */ p, /** @type {number} */ i) =>
    el('p', {}, p, i === s.body.length - 1 ? calls : null),
  );
  const wide = s.diagrams.some((/** @type {any} */ d) => d.board.columns >= 20);
  return el(
    'section',
    { id: `rule-${s.id}` },
    el('h2', {}, s.title),
    el(
      'div',
      { class: `rule${wide ? ' wide' : ''}` },
      el(
        'div',
        {},
        ...paragraphs,
        s.reading
          ? el(
              'div',
              { class: 'reading' },
              el('p', { class: 'small' }, el('strong', {}, t('rules.reading'))),
              el('p', {}, s.reading),
            )
          : null,
      ),
      el('div', {}, ...figures),
    ),
  );
}

/**
 * A board diagram, with the controls of its sowing when it plays some.
 * @param {any} d
 * @param {Diagram[]} diagrams
 * @param {Demo[]} demos
 */
function figure(d, diagrams, demos) {
  const diagram = new Diagram({ label: d.caption });
  diagrams.push(diagram);
  diagram.show(d.board, d.marks);
  /** @type {HTMLElement | null} */
  let controls = null;
  if (d.sowing) {
    const demo = new Demo(diagram, d, d.sowing, { label: t('rules.show_sowing') });
    demos.push(demo);
    controls = demo.el;
  }
  return el('figure', { class: 'diagram' }, diagram.box, el('figcaption', {}, d.caption), diagram.caption, controls);
}

/**
 * The sources' own words, numbered, in one list at the end: each with its short reference (the full one
 * with a source's first note), the translation in another language than English, what the source's own
 * notation means, and a link back to its rule.
 * @param {any[]} list
 */
function notes(list) {
  return el(
    'section',
    { id: 'notes', class: 'notes' },
    el('h2', {}, t('rules.notes')),
    el('p', { class: 'muted small' }, t('rules.notes_intro')),
    el(
      'ol',
      {},
      list.map((n) =>
        el(
          'li',
          { id: `note-${n.number}`, value: n.number },
          el('p', { class: 'words', lang: 'en' }, `“${n.words}”`),
          n.translation ? el('p', { class: 'translation' }, `${t('rules.translation')} ${n.translation}`) : null,
          n.explanation ? el('p', { class: 'explanation' }, n.explanation) : null,
          el(
            'p',
            { class: 'muted small' },
            '— ',
            el('cite', {}, n.source),
            n.citation ? `. ${n.citation}` : '',
            n.via ? ` ${t('rules.via', { via: n.via })}` : '',
            ' ',
            el('a', { href: `#call-${n.number}`, 'aria-label': t('rules.back', { n: n.number }) }, '↩'),
          ),
        ),
      ),
    ),
  );
}
