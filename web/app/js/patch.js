// @ts-check
// How a page drawn from a controller is put on the screen: one element under the page's `main`, patched
// by snabbdom with the page's view of the controller at every redraw (a keyed patch: what stays, a
// button under the pointer, a field being typed in, is the same element afterwards). The game page
// (pages/game.js) does the same with its own focus handling.

import { attributesModule, classModule, eventListenersModule, init, propsModule } from './vendor/snabbdom.js';

/** @typedef {import('./vendor/snabbdom.js').VNode} VNode */

export const patch = init([classModule, attributesModule, propsModule, eventListenersModule]);

/**
 * A redraw function for `render`, drawn under `main`; the first draw happens on the first call.
 * `after` runs once the page is patched (to move the focus, to set the title).
 * @param {HTMLElement} main
 * @param {() => VNode} render
 * @param {() => void} [after]
 * @returns {() => void}
 */
export function redrawer(main, render, after = () => {}) {
  const root = document.createElement('div');
  main.append(root);
  /** @type {VNode | Element} */
  let vnode = root;
  let patching = false;
  let again = false;
  return () => {
    // A redraw asked during a patch (a hook's) runs right after it.
    if (patching) {
      again = true;
      return;
    }
    patching = true;
    try {
      do {
        again = false;
        vnode = patch(vnode, render());
      } while (again);
    } finally {
      patching = false;
    }
    after();
  };
}
