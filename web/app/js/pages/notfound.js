// @ts-check
// Any address the app does not know: a view with no state, patched as the other pages are.
import { t } from '../i18n.js';
import { redrawer } from '../patch.js';
import { h } from '../vendor/snabbdom.js';

const view = () =>
  h('section.panel', [
    h('h1', t('notfound.title')),
    h('p.links', [h('a', { attrs: { href: '/' } }, t('notfound.home'))]),
  ]);

/** @param {HTMLElement} main */
export function mount(main) {
  document.title = `${t('notfound.title')} · Mancala`;
  redrawer(main, view)();
}
