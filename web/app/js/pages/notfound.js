// @ts-check
// Any address the app does not know.
import { t } from '../i18n.js';
import { h } from '../ui.js';

/** @param {HTMLElement} main */
export function mount(main) {
  document.title = `${t('notfound.title')} · Mancala`;
  main.append(
    h(
      'section',
      { class: 'panel' },
      h('h1', {}, t('notfound.title')),
      h('p', {}, h('a', { href: '/' }, t('notfound.home'))),
    ),
  );
}
