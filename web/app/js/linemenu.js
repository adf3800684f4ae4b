// @ts-check
// A small menu of actions on one thing of a page (a chat line: "Block", and beside it whatever else acts
// on a line): a "⋯" button that opens the list, closed again by choosing an action. Built on <details>,
// so it opens with the keyboard and is announced without any script of its own.

import { h } from './vendor/snabbdom.js';

/** Loads `people.css` once: the style of the ban notice, a chat line's menu and the block button. */
export function peopleStyle() {
  if (document.querySelector('link[data-people]')) return;
  const base = /** @type {HTMLLinkElement | null} */ (document.querySelector('link[rel=stylesheet]'));
  const href = base ? base.href.replace(/app\.css$/, 'people.css') : '';
  if (!href) return;
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
  link.dataset.people = '';
  document.head.append(link);
}

peopleStyle();

/** @typedef {{id: string, label: string, run: () => void}} LineAction */

/**
 * @param {string} label what the menu acts on, for screen readers ("Actions on this line by amina")
 * @param {LineAction[]} actions
 */
export function lineMenu(label, actions) {
  if (!actions.length) return null;
  return h('details.line-menu', [
    h('summary.ghost.small', { attrs: { 'aria-label': label, title: label } }, '⋯'),
    h(
      'div.line-menu-items',
      { attrs: { role: 'menu' } },
      actions.map((a) =>
        h(
          'button.small',
          {
            attrs: { type: 'button', role: 'menuitem', 'data-action': a.id },
            on: {
              click: (/** @type {MouseEvent} */ e) => {
                const menu = /** @type {HTMLElement} */ (e.currentTarget).closest('details');
                if (menu) menu.open = false;
                a.run();
              },
            },
          },
          a.label,
        ),
      ),
    ),
  ]);
}
