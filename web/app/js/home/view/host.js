// @ts-check
// A part of the home page drawn by a module of its own (the ban notice: an
// element that updates itself), hosted in a vnode as the game page hosts its board: put in once, in the
// `insert` hook, and left alone by the patches.

import { h } from '../../vendor/snabbdom.js';

/** @param {HTMLElement} element */
export const host = (element) =>
  h('div', { hook: { insert: (v) => /** @type {HTMLElement} */ (v.elm).append(element) } });
