// @ts-check
// The widgets of the pages drawn with snabbdom: fields whose value is the controller's, and elements of
// modules of their own hosted in a vnode. The redraw itself is redraw.js's (re-exported here).

import { h } from './vendor/snabbdom.js';

export { focusAsked, patch, redrawer, redrawerAt } from './redraw.js';

/** @typedef {import('./vendor/snabbdom.js').VNode} VNode */
/** @typedef {import('./vendor/snabbdom.js').VNodeData} VNodeData */

/**
 * An element of a module of its own (a chart, the Block button), hosted in a vnode as the game page hosts
 * its board: put in by the `insert` hook, and swapped only when the view hands another element.
 * @param {string} sel the host's selector
 * @param {Element | null} element
 * @param {VNodeData} [data] the host's own attributes, key…
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
 * @param {VNodeData} data the field's other data (attrs, hook…)
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
 * @param {VNodeData} data
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
    children,
  );
