// @ts-check
// The rules pages (`/rules/{variant}`), written for players by `mancala-learn`: short sections, each rule
// on a board diagram drawn from the position the server sends (marks and arrows for the sowing; a
// diagram that plays shows its sowing on demand, sown from the engine's steps), the sources' own words
// with their reference (and, in another language than English, the translation beside them), and
// where the sources are silent, the reading this site plays, marked as such. An address that names no
// game says so and lists the games.

import { api } from '../api.js';
import { Diagram } from '../diagram.js';
import { language, t } from '../i18n.js';
import { errorText, h, learnStyle, VARIANTS, variantName } from '../ui.js';

/** The games with a rules page, one per game (Ikibuguzo's three rule sets share one). */
const GAMES = ['kubuguza', 'ikibuguzo', 'njombwa', 'azigo'];

/** The catalog's books this page's words are in. */
export const books = ['rules'];

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
  api
    .rules(variant, language())
    .then((r) => {
      title.textContent = r.title;
      body.replaceChildren(
        h('p', { class: 'lead' }, r.intro),
        h('p', { class: 'small' }, h('a', { href: '/learn' }, t('rules.learn_link'))),
        ...r.sections.map((/** @type {any} */ s) => section(s, diagrams)),
      );
      for (const d of diagrams) d.draw();
    })
    .catch((e) => {
      body.replaceChildren(h('p', { class: 'error', role: 'alert' }, errorText(e, 'rules')));
    });
  return () => {
    for (const d of diagrams) d.anim.finish();
  };
}

/**
 * One rule: its words, its boards, its sources, and this site's reading where the sources are silent.
 * @param {any} s
 * @param {Diagram[]} diagrams
 */
function section(s, diagrams) {
  const figures = s.diagrams.map((/** @type {any} */ d) => figure(d, diagrams));
  return h(
    'section',
    { id: `rule-${s.id}` },
    h('h2', {}, s.title),
    h(
      'div',
      { class: 'rule' },
      h(
        'div',
        {},
        ...s.body.map((/** @type {string} */ p) => h('p', {}, p)),
        ...s.quotes.map(quote),
        s.reading
          ? h(
              'div',
              { class: 'reading' },
              h('p', { class: 'small' }, h('strong', {}, t('rules.reading'))),
              h('p', {}, s.reading),
            )
          : null,
        s.developers ? h('p', { class: 'muted small' }, t('rules.developers', { file: s.developers })) : null,
      ),
      h('div', {}, ...figures),
    ),
  );
}

/**
 * A board diagram, with a button that sows its decisions when it plays some.
 * @param {any} d
 * @param {Diagram[]} diagrams
 */
function figure(d, diagrams) {
  const diagram = new Diagram({ label: d.caption });
  diagrams.push(diagram);
  diagram.show(d.board, d.marks);
  const controls = [];
  if (d.sowing) {
    const play = h('button', { type: 'button' }, t('rules.show_sowing'));
    play.addEventListener('click', async () => {
      play.disabled = true;
      diagram.show(d.board, d.marks);
      await diagram.sow(d.sowing.events, d.sowing.board);
      play.disabled = false;
      play.textContent = t('rules.again');
    });
    controls.push(play);
  }
  return h(
    'figure',
    { class: 'diagram' },
    diagram.box,
    h('figcaption', {}, d.caption),
    diagram.caption,
    h('div', { class: 'actions' }, ...controls),
  );
}

/**
 * A source's own words, its reference, and the translation beside them in another language.
 * @param {any} q
 */
function quote(q) {
  return h(
    'blockquote',
    { class: 'quote' },
    h('p', { class: 'words', lang: 'en' }, `“${q.words}”`),
    q.translation ? h('p', { class: 'translation' }, `${t('rules.translation')} ${q.translation}`) : null,
    h(
      'p',
      { class: 'muted small' },
      '— ',
      h('cite', {}, q.source),
      q.via ? ` (${t('rules.via', { via: q.via })})` : '',
      `. ${q.citation}`,
    ),
  );
}
