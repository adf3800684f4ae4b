// Any address the app does not know.
import { h } from '../ui.js';

export function mount(main) {
  document.title = 'Not found · Mancala';
  main.append(h('section', { class: 'panel' }, h('h1', {}, 'Page not found'), h('p', {}, h('a', { href: '/' }, 'Go to the start page'))));
}
