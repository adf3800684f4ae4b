// @ts-check
// What the account and sign-in views share: an input whose value is the controller's (typing sets it, a
// redraw puts it back), a form whose submit stays on the page, the browser's check of a form's fields.

import { field as bound } from '../../patch.js';
import { h } from '../../vendor/snabbdom.js';

/** @typedef {import('../../vendor/snabbdom.js').Attrs} Attrs */
/** @typedef {import('../../vendor/snabbdom.js').Hooks} Hooks */
/** @typedef {import('../../vendor/snabbdom.js').VNodeChildElement} VNodeChildElement */

/**
 * An input whose value is the controller's (patch.js's `field`).
 * @param {string} sel the input's selector (`input#id`)
 * @param {Attrs} attrs
 * @param {string} value
 * @param {(value: string) => void} set
 * @param {Hooks} [hook]
 */
export const field = (sel, attrs, value, set, hook) => bound(sel, { attrs, hook }, value, set);

/**
 * @param {string} sel the form's selector
 * @param {Attrs} attrs
 * @param {() => void} submit
 * @param {VNodeChildElement[]} children
 */
export const form = (sel, attrs, submit, children) =>
  h(
    sel,
    {
      attrs,
      on: {
        submit: (e) => {
          e.preventDefault();
          submit();
        },
      },
    },
    children,
  );

/**
 * The form a button belongs to, to ask the browser whether its fields are filled in as required.
 * @param {Event} e a button's click
 */
export const valid = (e) => !!(/** @type {HTMLButtonElement} */ (e.currentTarget).form?.reportValidity());
