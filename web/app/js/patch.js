// @ts-check
// How a page drawn from a controller is put on the screen: one element under the page's `main`, patched
// by snabbdom with the page's view of the controller at every redraw (a keyed patch: what stays, a
// button under the pointer, a field being typed in, is the same element afterwards). Every page's, the
// game page's too: a view that throws leaves the next redraw free to draw again.

import { attributesModule, classModule, eventListenersModule, h, init, propsModule } from './vendor/snabbdom.js';

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
 * An element of a module of its own (a chart, the Block button), hosted in a vnode as the game page hosts
 * its board: put in by the `insert` hook, and swapped only when the view hands another element.
 * @param {string} sel the host's selector
 * @param {Element | null} element
 * @param {Record<string, any>} [data] the host's own attributes, key…
 */
export const host = (sel, element, data = {}) =>
  h(sel, {
    ...data,
    element,
    hook: {
      insert: (v) => element && /** @type {Element} */ (v.elm).append(element),
      postpatch: (old, v) => {
        if (old.data?.element !== element)
          /** @type {Element} */ (v.elm).replaceChildren(...(element ? [element] : []));
      },
    },
  });

/** @param {VNode} _old @param {VNode} v */
const syncValue = (_old, v) => {
  const e = /** @type {HTMLInputElement} */ (v.elm);
  if (e.value !== v.data?.value) e.value = v.data?.value;
};

/**
 * A field (input, select, textarea) whose value is the controller's: typing sets it through `set`, and
 * every patch puts the controller's value back where the two differ. (snabbdom's `props` compare a value
 * with the last vnode's, not with what was typed since: a field the controller empties after a submit
 * would keep the typed text.)
 * @param {string} sel the field's selector (`input#id`)
 * @param {Record<string, any>} data the field's other data (attrs, hook…)
 * @param {string} value
 * @param {(value: string) => void} set
 * @param {VNode[]} [children] a select's options
 */
export const field = (sel, data, value, set, children) =>
  h(
    sel,
    {
      ...data,
      value,
      hook: { ...data.hook, create: syncValue, update: syncValue },
      on: { ...data.on, input: (/** @type {Event} */ e) => set(/** @type {HTMLInputElement} */ (e.target).value) },
    },
    children,
  );

/**
 * Puts `want` at the start (`atEnd`: at the end) of `parent`, in order, moving only what is out of place
 * (moving an element would take the focus from a button in it).
 * @param {Element} parent
 * @param {Element[]} want
 * @param {boolean} atEnd
 */
function place(parent, want, atEnd) {
  const nodes = [...parent.childNodes];
  const from = atEnd ? nodes.length - want.length : 0;
  if (want.every((e, i) => nodes[from + i] === e)) return;
  if (atEnd) parent.append(...want);
  else parent.prepend(...want);
}

/**
 * A vnode whose own children (vnodes) sit between elements of widgets made elsewhere (a board diagram,
 * its caption, a sowing's controls): `before` ahead of them, `after` behind, all put in when the vnode is
 * created and kept in place at every patch; a widget missing from the lists is taken out. The children
 * must be a list (a text child would replace the widgets).
 * @param {string} sel
 * @param {Record<string, any>} data
 * @param {Element[]} before
 * @param {(VNode | string | null)[]} children
 * @param {Element[]} [after]
 */
export const hostAround = (sel, data, before, children, after = []) =>
  h(
    sel,
    {
      ...data,
      hosted: [...before, ...after],
      hook: {
        ...data.hook,
        create: (/** @type {VNode} */ _e, /** @type {VNode} */ v) => {
          const parent = /** @type {Element} */ (v.elm);
          place(parent, before, false);
          place(parent, after, true);
          data.hook?.create?.(_e, v);
        },
        postpatch: (/** @type {VNode} */ old, /** @type {VNode} */ v) => {
          const parent = /** @type {Element} */ (v.elm);
          const kept = new Set([...before, ...after]);
          for (const e of old.data?.hosted || []) if (!kept.has(e)) e.remove();
          place(parent, before, false);
          place(parent, after, true);
          data.hook?.postpatch?.(old, v);
        },
      },
    },
    /** @type {any} */ (children),
  );
