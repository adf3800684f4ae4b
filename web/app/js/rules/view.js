// @ts-check
// The rules page's view, a pure function of its controller: the games' tabs, the title, then the rules
// in short sections (each rule's words with the numbers of the notes that give its sources, this site's
// reading in a marked box where it has one, and its diagrams), and the sources' own words as numbered
// notes in one list at the end. An address that names no game says so and lists the games.

import { t } from '../i18n.js';
import { hostAround } from '../patch.js';
import { variantName } from '../ui.js';
import { h } from '../vendor/snabbdom.js';

/** @typedef {import('./ctrl.js').RulesCtrl} RulesCtrl */
/** @typedef {import('../vendor/snabbdom.js').VNode} VNode */

/** The games with a rules page, one per game (Ikibuguzo's three rule sets share one). */
const GAMES = ['kubuguza', 'ikibuguzo', 'njombwa', 'azigo'];

/** @param {RulesCtrl} ctrl */
export function view(ctrl) {
  /** @param {string} id */
  const link = (id) => {
    const here = id === ctrl.variant;
    return h(
      'a',
      { key: id, class: { here }, attrs: { href: `/rules/${id}`, 'aria-current': here ? 'page' : false } },
      variantName(id),
    );
  };
  if (!ctrl.known) {
    return h('section.panel', [
      h('h1', t('game.none')),
      h('p#no-game', t('rules.unknown', { name: ctrl.variant })),
      h(
        'ul.game-links',
        GAMES.map((id) => h('li', [link(id)])),
      ),
    ]);
  }
  const r = ctrl.rules;
  return h('section.panel', [
    h('nav.tabs', { attrs: { 'aria-label': t('common.games') } }, GAMES.map(link)),
    h('h1', r ? r.title : t('rules.title', { game: variantName(ctrl.variant) })),
    h(
      'div.rules-page',
      ctrl.error
        ? [h('p.error', { attrs: { role: 'alert' } }, ctrl.error)]
        : r
          ? [
              h('p.lead', r.intro),
              h('p.small.links', [h('a', { attrs: { href: '/learn' } }, t('rules.learn_link'))]),
              ...r.sections.map((s) => section(ctrl, s)),
              notes(r.notes),
            ]
          : [h('p.muted', t('common.loading'))],
    ),
  ]);
}

/**
 * One rule: its words with the numbers of the notes that give its sources, this site's reading where
 * it has one, and its boards.
 * @param {RulesCtrl} ctrl
 * @param {import('../net/learnwire.js').SectionView} s
 */
function section(ctrl, s) {
  const calls = s.notes.length
    ? h(
        'sup.calls',
        s.notes.flatMap((n, i) => [
          i ? ', ' : null,
          h('a', { attrs: { href: `#note-${n}`, id: `call-${n}`, 'aria-label': t('rules.note', { n }) } }, String(n)),
        ]),
      )
    : null;
  const last = s.body.length - 1;
  const wide = s.diagrams.some((d) => d.board.columns >= 20);
  return h('section', { key: s.id, attrs: { id: `rule-${s.id}` } }, [
    h('h2', s.title),
    h('div.rule', { class: { wide } }, [
      h('div', [
        ...s.body.map((p, i) => h('p', [p, i === last ? calls : null])),
        s.reading ? h('div.reading', [h('p.small', [h('strong', t('rules.reading'))]), h('p', s.reading)]) : null,
      ]),
      h(
        'div',
        s.diagrams.map((d, i) => figure(ctrl, d, i)),
      ),
    ]),
  ]);
}

/**
 * A board diagram, its caption, the caption of the sowing shown and the sowing's controls. The board is
 * first drawn once it is on the page, at the width the page gives it (a board drawn before, off the
 * page, would be drawn narrow, and the later draw could land before that one: board.js draws two-row
 * boards once board2.js is loaded).
 * @param {RulesCtrl} ctrl
 * @param {import('../net/learnwire.js').DiagramView} d
 * @param {number} i
 */
function figure(ctrl, d, i) {
  const f = /** @type {import('./ctrl.js').Figure} */ (ctrl.figures.get(d));
  const { box, caption } = f.diagram;
  return hostAround(
    'figure.diagram',
    { key: i, hook: { insert: () => f.diagram.show(d.board, d.marks) } },
    [box],
    [h('figcaption', d.caption)],
    f.demo ? [caption, f.demo.el] : [caption],
  );
}

/**
 * The sources' own words, numbered, in one list at the end: each with its short reference (the full one
 * with a source's first note), the translation in another language than English, what the source's own
 * notation means, and a link back to its rule.
 * @param {import('../net/learnwire.js').NoteView[]} list
 */
const notes = (list) =>
  h('section#notes.notes', [
    h('h2', t('rules.notes')),
    h('p.muted.small', t('rules.notes_intro')),
    h(
      'ol',
      list.map((n) =>
        h('li', { key: n.number, attrs: { id: `note-${n.number}`, value: n.number } }, [
          h('p.words', { attrs: { lang: 'en' } }, `“${n.words}”`),
          n.translation ? h('p.translation', `${t('rules.translation')} ${n.translation}`) : null,
          n.explanation ? h('p.explanation', n.explanation) : null,
          h('p.muted.small', [
            '— ',
            h('cite', n.source),
            n.citation ? `. ${n.citation}` : null,
            n.via ? ` ${t('rules.via', { via: n.via })}` : null,
            ' ',
            h('a', { attrs: { href: `#call-${n.number}`, 'aria-label': t('rules.back', { n: n.number }) } }, '↩'),
          ]),
        ]),
      ),
    ),
  ]);
