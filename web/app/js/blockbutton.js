// @ts-check
// "Block" / "Unblock" for one account, as a button of a page drawn without snabbdom (a profile), with a
// line saying what the block does while it holds. Blocking asks first (what it does, "Yes, block" or
// "No"), as the game's commands do; unblocking acts at once. Nothing for a guest, nor on one's own page.

import { isBlocked, loadBlocks, setBlocked } from './blocks.js';
import { t } from './i18n.js';
import { me } from './session.js';
import { errorText, el } from './ui.js';
import { peopleStyle } from './linemenu.js';

peopleStyle();

/**
 * The button for account `name` (its registered spelling), or null.
 * @param {string} name
 */
export function blockButton(name) {
  const owner = me();
  if (!owner || owner.toLowerCase() === name.toLowerCase()) return null;
  const button = el('button', { type: 'button', class: 'small', id: 'block-toggle' });
  const note = el('p', { class: 'muted small', id: 'block-note', role: 'status' });
  const yes = el('button', { type: 'button', class: 'danger small', id: 'block-yes' }, t('blocks.yes', { name }));
  const no = el('button', { type: 'button', class: 'ghost small', id: 'block-no' }, t('common.no'));
  const ask = el(
    'p',
    { class: 'small confirm', id: 'block-confirm', hidden: true },
    t('blocks.confirm', { name }),
    ' ',
    yes,
    ' ',
    no,
  );
  const draw = () => {
    const on = isBlocked(name);
    button.textContent = t(on ? 'blocks.unblock_name' : 'blocks.block_name', { name });
    button.classList.toggle('danger', !on);
    note.textContent = on ? t('blocks.blocked_note', { name }) : '';
  };
  /** @param {boolean} on */
  const set = async (on) => {
    button.disabled = true;
    try {
      await setBlocked(name, on);
      draw();
    } catch (e) {
      note.textContent = t('blocks.error', { reason: errorText(e) });
    } finally {
      button.disabled = false;
    }
  };
  const asking = (/** @type {boolean} */ shown) => {
    ask.hidden = !shown;
    button.hidden = shown;
    (shown ? no : button).focus();
  };
  button.addEventListener('click', () => (isBlocked(name) ? set(false) : asking(true)));
  yes.addEventListener('click', () => (asking(false), set(true)));
  no.addEventListener('click', () => asking(false));
  draw();
  loadBlocks().then(draw);
  return el('div', { class: 'block-box' }, button, ask, note);
}
