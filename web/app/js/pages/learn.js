// @ts-check
// The lessons (`/learn`): a course per game, its lessons in order, each with how many of its steps this
// player has met (kept in the browser, and on the account when signed in), and a link to the game's
// rules page. Drawn as the game page is, in one module for so small a page: a controller (`LearnCtrl`,
// the courses and the steps met once answered) and its view, a pure function of it patched by snabbdom.

import { api } from '../net/api.js';
import { language, t } from '../i18n.js';
import { redrawer } from '../patch.js';
import { stepsDone } from '../progress.js';
import { errorText, learnStyle } from '../ui.js';
import { h } from '../vendor/snabbdom.js';

/** The catalog's books this page's words are in. */
export const books = ['learn'];

class LearnCtrl {
  /** @param {() => void} redraw */
  constructor(redraw) {
    this.redraw = redraw;
    /** @type {import('../net/learnwire.js').CourseView[] | null} the courses, once answered */
    this.courses = null;
    /** @type {Set<string>} the steps met */
    this.done = new Set();
    this.error = '';
    this.gone = false;
  }

  start() {
    Promise.all([api.lessons(language()), stepsDone()])
      .then(([{ courses }, done]) => {
        this.courses = courses;
        this.done = done;
      })
      .catch((e) => {
        this.error = errorText(e, 'learn');
      })
      .finally(() => this.redraw());
  }
}

/** @param {LearnCtrl} ctrl */
function view(ctrl) {
  return h('section.panel', [
    h('h1', t('learn.title')),
    h('p.lead', t('learn.intro')),
    h(
      'div.courses',
      ctrl.error
        ? [h('p.error', { attrs: { role: 'alert' } }, ctrl.error)]
        : ctrl.courses
          ? ctrl.courses.map((c) => course(c, ctrl.done))
          : [h('p.muted', t('common.loading'))],
    ),
  ]);
}

/** @param {import('../net/learnwire.js').CourseView} c @param {Set<string>} done */
const course = (c, done) =>
  h('article.course', { key: c.game, attrs: { id: `course-${c.game}` } }, [
    h('h2', c.title),
    h('p', c.intro),
    h(
      'ol.lessons',
      c.lessons.map((l) => {
        const met = l.steps.filter((s) => done.has(s)).length;
        const all = met === l.steps.length;
        return h('li', { key: l.id }, [
          h('span', [h('a', { attrs: { href: `/learn/${l.id}` } }, l.title), h('span.muted.small', ` · ${l.summary}`)]),
          h(
            'span',
            { attrs: { class: all ? 'done-mark small' : 'muted small' } },
            all ? `✓ ${t('learn.lesson_done')}` : t('learn.progress', { done: met, of: l.steps.length }),
          ),
        ]);
      }),
    ),
    h('p.small.links', [h('a', { attrs: { href: `/rules/${c.game}` } }, t('learn.rules_of'))]),
  ]);

/** @param {HTMLElement} main */
export function mount(main) {
  learnStyle();
  document.title = `${t('learn.title')} · Mancala`;
  const draw = redrawer(main, () => view(ctrl));
  const ctrl = new LearnCtrl(() => !ctrl.gone && draw());
  draw();
  ctrl.start();
  return () => {
    ctrl.gone = true;
  };
}
