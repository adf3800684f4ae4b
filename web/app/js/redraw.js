// @ts-check
// How a page drawn from a controller is put on the screen: one element under the page's `main`, patched
// by snabbdom with the page's view of the controller at every redraw (a keyed patch: what stays, a
// button under the pointer, a field being typed in, is the same element afterwards). Every page's, the
// game page's too: a view that throws leaves the next redraw free to draw again. Apart from patch.js's
// widgets so that the game page, which needs only this, loads no more.

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
  return redrawerAt(root, render, after);
}

/**
 * A redraw function for `render`, drawn in place of `root`, an element already in the document (a
 * widget's place outside `main`: the header's corner, the notices before `main`). A root whose tag, id
 * and classes are the view's own is patched in place, not replaced.
 * @param {Element} root
 * @param {() => VNode} render
 * @param {() => void} [after]
 * @returns {() => void}
 */
export function redrawerAt(root, render, after = () => {}) {
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

/**
 * Moves the focus where the controller asked (`focusNext`, a selector under `main`), once: a redrawer's
 * `after` for the pages whose actions move the focus.
 * @param {HTMLElement} main
 * @param {{focusNext: string}} ctrl
 */
export function focusAsked(main, ctrl) {
  if (!ctrl.focusNext) return;
  const el = /** @type {HTMLElement | null} */ (main.querySelector(ctrl.focusNext));
  ctrl.focusNext = '';
  el?.focus();
}
