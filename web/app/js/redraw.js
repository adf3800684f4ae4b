// @ts-check
// How a page drawn from a controller is put on the screen: one element under the page's `main`, patched
// by snabbdom with the page's view of the controller at every redraw (a keyed patch: what stays, a
// button under the pointer, a field being typed in, is the same element afterwards). Every page's, the
// game page's too: a view that throws leaves the next redraw free to draw again. Apart from patch.js's
// widgets so that the game page, which needs only this, loads no more. And the parts of a page its first
// view does not show, loaded on demand and drawn once in (`lazy`).

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

/**
 * @template T
 * @typedef {object} Lazy a module loaded on demand
 * @property {(then?: () => void) => T | null} now the module once it is in; before, null, its load
 *   begun, and `then` called once it is in (a redraw, to draw what needs it)
 * @property {() => Promise<T | null>} load the module, loaded once; null when it could not be (the
 *   network went: the next need asks again)
 */

/**
 * A module for a part of a page that its first view does not show (a finished line's panels, a lesson's
 * sowing to watch): out of the page's static graph, so out of the HTML's `modulepreload` list and of
 * the requests the page waits for. Written `lazy(() => import('./literal.js'))`, as the service worker
 * keeps the modules a literal `import()` names for offline use.
 * @template T
 * @param {() => Promise<T>} load
 * @returns {Lazy<T>}
 */
export function lazy(load) {
  /** @type {T | null} */
  let mod = null;
  /** @type {Promise<T> | null} */
  let loading = null;
  /** @type {Set<() => void>} */
  const waiting = new Set();
  const start = () =>
    (loading ??= load().then(
      (m) => {
        mod = m;
        for (const f of waiting) f();
        waiting.clear();
        return m;
      },
      (e) => {
        // Not loaded (the network went): the next need asks again.
        loading = null;
        throw e;
      },
    ));
  return {
    now(then) {
      if (mod) return mod;
      if (then) waiting.add(then);
      start().catch(() => {});
      return null;
    },
    load: () => (mod ? Promise.resolve(mod) : start().catch(() => null)),
  };
}
