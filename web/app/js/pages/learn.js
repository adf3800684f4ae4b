// @ts-check
// The lessons (`/learn`): a course per game, its lessons in order, each with how many of its steps this
// player has met (kept in the browser, and on the account when signed in), and a link to the game's
// rules page.

import { api } from '../net/api.js';
import { language, t } from '../i18n.js';
import { stepsDone } from '../progress.js';
import { errorText, el, learnStyle } from '../ui.js';

/** The catalog's books this page's words are in. */
export const books = ['learn'];

/** @param {HTMLElement} main */
export function mount(main) {
  learnStyle();
  document.title = `${t('learn.title')} · Mancala`;
  const list = el('div', { class: 'courses' }, el('p', { class: 'muted' }, t('common.loading')));
  main.append(
    el(
      'section',
      { class: 'panel' },
      el('h1', {}, t('learn.title')),
      el('p', { class: 'lead' }, t('learn.intro')),
      list,
    ),
  );
  let gone = false;
  Promise.all([api.lessons(language()), stepsDone()])
    .then(([{ courses }, done]) => {
      if (gone) return;
      list.replaceChildren(
        ...courses.map((/** @type {any} */ c) =>
          el(
            'article',
            { class: 'course', id: `course-${c.game}` },
            el('h2', {}, c.title),
            el('p', {}, c.intro),
            el(
              'ol',
              { class: 'lessons' },
              c.lessons.map((/** @type {any} */ l) => {
                const met = l.steps.filter((/** @type {string} */ s) => done.has(s)).length;
                const all = met === l.steps.length;
                return el(
                  'li',
                  {},
                  el(
                    'span',
                    {},
                    el('a', { href: `/learn/${l.id}` }, l.title),
                    el('span', { class: 'muted small' }, ` · ${l.summary}`),
                  ),
                  el(
                    'span',
                    { class: all ? 'done-mark small' : 'muted small' },
                    all ? `✓ ${t('learn.lesson_done')}` : t('learn.progress', { done: met, of: l.steps.length }),
                  ),
                );
              }),
            ),
            el('p', { class: 'small' }, el('a', { href: `/rules/${c.game}` }, t('learn.rules_of'))),
          ),
        ),
      );
    })
    .catch((e) => {
      list.replaceChildren(el('p', { class: 'error', role: 'alert' }, errorText(e, 'learn')));
    });
  return () => {
    gone = true;
  };
}
