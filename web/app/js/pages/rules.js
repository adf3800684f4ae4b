// @ts-check
// The rules pages (`/rules/{variant}`), written for players by `mancala-learn`: the rules first, in short
// sections, each rule on a board diagram drawn from the position the server sends (marks and arrows; a
// diagram that plays shows its sowing on demand, step by step if one likes, from the engine's steps),
// where this site reads the sources its own way, that reading in a marked box; the sources' own words as
// numbered notes in one list at the end (with their reference, the translation in another language than
// English, and what the source's notation means). An address that names no game says so and lists the
// games.

import { api } from '../api.js';
import { Demo } from '../demo.js';
import { Diagram } from '../diagram.js';
import { language, t } from '../i18n.js';
import { errorText, h, learnStyle, VARIANTS, variantName } from '../ui.js';

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
    h(
      'a',
      { href: `/rules/${id}`, class: id === variant ? 'here' : '', 'aria-current': id === variant ? 'page' : null },
      variantName(id),
    );
  if (!VARIANTS.includes(variant)) {
    document.title = `${t('game.none')} · Mancala`;
    main.append(
      h(
        'section',
        { class: 'panel' },
        h('h1', {}, t('game.none')),
        h('p', { id: 'no-game' }, t('rules.unknown', { name: variant })),
        h(
          'ul',
          { class: 'game-links' },
          GAMES.map((id) => h('li', {}, link(id))),
        ),
      ),
    );
    return;
  }
  const name = variantName(variant);
  document.title = `${t('rules.title', { game: name })} · Mancala`;
  const tabs = h('nav', { class: 'tabs', 'aria-label': t('common.games') }, GAMES.map(link));
  const title = h('h1', {}, t('rules.title', { game: name }));
  const body = h('div', { class: 'rules-page' }, h('p', { class: 'muted' }, t('common.loading')));
  main.append(h('section', { class: 'panel' }, tabs, title, body));
  /** @type {Diagram[]} */
  const diagrams = [];
  /** @type {Demo[]} */
  const demos = [];
  api
    .rules(variant, language())
    .then((r) => {
      title.textContent = r.title;
      body.replaceChildren(
        h('p', { class: 'lead' }, r.intro),
        h('p', { class: 'small' }, h('a', { href: '/learn' }, t('rules.learn_link'))),
        ...r.sections.map((/** @type {any} */ s) => section(s, diagrams, demos)),
        notes(r.notes),
      );
      for (const d of diagrams) d.draw();
    })
    .catch((e) => {
      body.replaceChildren(h('p', { class: 'error', role: 'alert' }, errorText(e, 'rules')));
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
    ? h(
        'sup',
        { class: 'calls' },
        s.notes.flatMap((/** @type {number} */ n, /** @type {number} */ i) => [
          i ? ', ' : '',
          h('a', { href: `#note-${n}`, id: `call-${n}`, 'aria-label': t('rules.note', { n }) }, String(n)),
        ]),
      )
    : null;
  const paragraphs = s.body.map((/** @type {string} */ p, /** @type {number} */ i) =>
    h('p', {}, p, i === s.body.length - 1 ? calls : null),
  );
  const wide = s.diagrams.some((/** @type {any} */ d) => d.board.columns >= 20);
  return h(
    'section',
    { id: `rule-${s.id}` },
    h('h2', {}, s.title),
    h(
      'div',
      { class: `rule${wide ? ' wide' : ''}` },
      h(
        'div',
        {},
        ...paragraphs,
        s.reading
          ? h(
              'div',
              { class: 'reading' },
              h('p', { class: 'small' }, h('strong', {}, t('rules.reading'))),
              h('p', {}, s.reading),
            )
          : null,
      ),
      h('div', {}, ...figures),
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
  return h('figure', { class: 'diagram' }, diagram.box, h('figcaption', {}, d.caption), diagram.caption, controls);
}

/**
 * The sources' own words, numbered, in one list at the end: each with its short reference (the full one
 * with a source's first note), the translation in another language than English, what the source's own
 * notation means, and a link back to its rule.
 * @param {any[]} list
 */
function notes(list) {
  return h(
    'section',
    { id: 'notes', class: 'notes' },
    h('h2', {}, t('rules.notes')),
    h('p', { class: 'muted small' }, t('rules.notes_intro')),
    h(
      'ol',
      {},
      list.map((n) =>
        h(
          'li',
          { id: `note-${n.number}`, value: n.number },
          h('p', { class: 'words', lang: 'en' }, `“${n.words}”`),
          n.translation ? h('p', { class: 'translation' }, `${t('rules.translation')} ${n.translation}`) : null,
          n.explanation ? h('p', { class: 'explanation' }, n.explanation) : null,
          h(
            'p',
            { class: 'muted small' },
            '— ',
            h('cite', {}, n.source),
            n.citation ? `. ${n.citation}` : '',
            n.via ? ` ${t('rules.via', { via: n.via })}` : '',
            ' ',
            h('a', { href: `#call-${n.number}`, 'aria-label': t('rules.back', { n: n.number }) }, '↩'),
          ),
        ),
      ),
    ),
  );
}
