// @ts-check
// "Block" / "Unblock" for one account, as a button of a page drawn without snabbdom (a profile), with a
// line saying what the block does while it holds. Nothing for a guest, nor on one's own page.

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
  const draw = () => {
    const on = isBlocked(name);
    button.textContent = t(on ? 'blocks.unblock_name' : 'blocks.block_name', { name });
    button.classList.toggle('danger', !on);
    note.textContent = on ? t('blocks.blocked_note', { name }) : '';
  };
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      await setBlocked(name, !isBlocked(name));
      draw();
    } catch (e) {
      note.textContent = t('blocks.error', { reason: errorText(e) });
    } finally {
      button.disabled = false;
    }
  });
  draw();
  loadBlocks().then(draw);
  return el('div', { class: 'block-box' }, button, note);
}
