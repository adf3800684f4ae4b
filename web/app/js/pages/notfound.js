// @ts-check
// Any address the app does not know.
import { t } from '../i18n.js';
import { el } from '../ui.js';

/** @param {HTMLElement} main */
export function mount(main) {
  document.title = `${t('notfound.title')} · Mancala`;
  main.append(
    el(
      'section',
      { class: 'panel' },
      el('h1', {}, t('notfound.title')),
      el('p', {}, el('a', { href: '/' }, t('notfound.home'))),
    ),
  );
}
