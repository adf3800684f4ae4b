// @ts-check
// "Block" / "Unblock" for one account (a profile's), with a line saying what the block does while it
// holds. Blocking asks first (what it does, "Yes, block" or "No"), as the game's commands do; unblocking
// acts at once. Nothing for a guest, nor on one's own page. A controller the page holds (its redraw is the
// page's) and a pure view the page's view puts in place.

import { isBlocked, loadBlocks, setBlocked } from './blocks.js';
import { t } from './i18n.js';
import { me } from './session.js';
import { errorText } from './ui.js';
import { h } from './vendor/snabbdom.js';
import { peopleStyle } from './linemenu.js';

peopleStyle();

/** @typedef {import('./vendor/snabbdom.js').VNode} VNode */

export class BlockCtrl {
  /**
   * @param {string} name the account's registered spelling
   * @param {() => void} redraw the page's
   */
  constructor(name, redraw) {
    this.name = name;
    this.redraw = redraw;
    /** Whether "Block {name}?" is asked. */
    this.asking = false;
    this.busy = false;
    /** Why the last change failed, said in place of the note. */
    this.error = '';
    /** The id, under the box, of the button to focus after the next redraw. */
    this.focusNext = '';
    loadBlocks().then(() => this.redraw());
  }

  /** The button for account `name`, or null (a guest, or one's own page). @param {string} name @param {() => void} redraw */
  static maybe(name, redraw) {
    const owner = me();
    return !owner || owner.toLowerCase() === name.toLowerCase() ? null : new BlockCtrl(name, redraw);
  }

  get blocked() {
    return isBlocked(this.name);
  }

  /** The toggle: unblocking acts at once, blocking asks first. */
  toggle() {
    if (this.blocked) this.set(false);
    else this.ask(true);
  }

  /** @param {boolean} shown */
  ask(shown) {
    this.asking = shown;
    this.focusNext = shown ? 'block-no' : 'block-toggle';
    this.redraw();
  }

  confirm() {
    this.ask(false);
    this.set(true);
  }

  /** @param {boolean} on */
  async set(on) {
    this.busy = true;
    this.error = '';
    this.redraw();
    try {
      await setBlocked(this.name, on);
    } catch (e) {
      this.error = t('blocks.error', { reason: errorText(e) });
    } finally {
      this.busy = false;
      this.redraw();
    }
  }

  /** Moves the focus where an action asked, once the box is patched. @param {Element} box */
  takeFocus(box) {
    if (!this.focusNext) return;
    const target = /** @type {HTMLElement | null} */ (box.querySelector(`#${this.focusNext}`));
    this.focusNext = '';
    target?.focus();
  }
}

/**
 * @param {BlockCtrl} ctrl
 * @returns {VNode}
 */
export function blockView(ctrl) {
  const { name, asking } = ctrl;
  const on = ctrl.blocked;
  const focus = (/** @type {VNode} */ v) => ctrl.takeFocus(/** @type {Element} */ (v.elm));
  return h('div.block-box', { hook: { insert: focus, postpatch: (_, v) => focus(v) } }, [
    h(
      'button#block-toggle.small',
      {
        class: { danger: !on },
        attrs: { type: 'button', hidden: asking, disabled: ctrl.busy },
        on: { click: () => ctrl.toggle() },
      },
      t(on ? 'blocks.unblock_name' : 'blocks.block_name', { name }),
    ),
    h('p#block-confirm.small.confirm', { attrs: { hidden: !asking } }, [
      t('blocks.confirm', { name }),
      ' ',
      h(
        'button#block-yes.danger.small',
        { attrs: { type: 'button' }, on: { click: () => ctrl.confirm() } },
        t('blocks.yes', { name }),
      ),
      ' ',
      h(
        'button#block-no.ghost.small',
        { attrs: { type: 'button' }, on: { click: () => ctrl.ask(false) } },
        t('common.no'),
      ),
    ]),
    h(
      'p#block-note.muted.small',
      { attrs: { role: 'status' } },
      ctrl.error || (on ? t('blocks.blocked_note', { name }) : ''),
    ),
  ]);
}
