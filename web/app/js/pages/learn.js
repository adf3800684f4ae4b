// @ts-check
// The lessons (`/learn`): a course per game, its lessons in order, each with how many of its steps this
// player has met (kept in the browser, and on the account when signed in), and a link to the game's
// rules page.

import { api } from '../api.js';
import { language, t } from '../i18n.js';
import { stepsDone } from '../progress.js';
import { errorText, h, learnStyle } from '../ui.js';

/** The catalog's books this page's words are in. */
export const books = ['learn'];

/** @param {HTMLElement} main */
export function mount(main) {
  learnStyle();
  document.title = `${t('learn.title')} · Mancala`;
  const list = h('div', { class: 'courses' }, h('p', { class: 'muted' }, t('common.loading')));
  main.append(
    h('section', { class: 'panel' }, h('h1', {}, t('learn.title')), h('p', { class: 'lead' }, t('learn.intro')), list),
  );
  let gone = false;
  Promise.all([api.lessons(language()), stepsDone()])
    .then(([{ courses }, done]) => {
      if (gone) return;
      list.replaceChildren(
        ...courses.map((/** @type {any} */ c) =>
          h(
            'article',
            { class: 'course', id: `course-${c.game}` },
            h('h2', {}, c.title),
            h('p', {}, c.intro),
            h(
              'ol',
              { class: 'lessons' },
              c.lessons.map((/** @type {any} */ l) => {
                const met = l.steps.filter((/** @type {string} */ s) => done.has(s)).length;
                const all = met === l.steps.length;
                return h(
                  'li',
                  {},
                  h(
                    'span',
                    {},
                    h('a', { href: `/learn/${l.id}` }, l.title),
                    h('span', { class: 'muted small' }, ` · ${l.summary}`),
                  ),
                  h(
                    'span',
                    { class: all ? 'done-mark small' : 'muted small' },
                    all ? `✓ ${t('learn.lesson_done')}` : t('learn.progress', { done: met, of: l.steps.length }),
                  ),
                );
              }),
            ),
            h('p', { class: 'small' }, h('a', { href: `/rules/${c.game}` }, t('learn.rules_of'))),
          ),
        ),
      );
    })
    .catch((e) => {
      list.replaceChildren(h('p', { class: 'error', role: 'alert' }, errorText(e, 'learn')));
    });
  return () => {
    gone = true;
  };
}
