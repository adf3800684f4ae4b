// @ts-check
// The account page's list of blocked players, oldest first, each with its Unblock button.

import { listBlocks, setBlocked } from '../blocks.js';
import { t } from '../i18n.js';
import { errorText, el, when } from '../ui.js';

export function blocksPanel() {
  const list = el('ul', { id: 'blocks', class: 'tokens' });
  const msg = el('p', { class: 'error', role: 'alert' });
  const load = async () => {
    try {
      const blocks = await listBlocks();
      list.replaceChildren(
        ...(blocks.length
          ? blocks.map((b) =>
              el(
                'li',
                { 'data-blocked': b.name },
                el('a', { href: `/@/${encodeURIComponent(b.name)}` }, el('strong', {}, b.name)),
                ' ',
                el('span', { class: 'muted small' }, t('blocks.since', { when: when(b.createdAt) })),
                ' ',
                el('button', { type: 'button', class: 'small', onclick: () => unblock(b.name) }, t('blocks.unblock')),
              ),
            )
          : [el('li', { class: 'muted' }, t('blocks.none'))]),
      );
    } catch (err) {
      msg.textContent = errorText(err);
    }
  };
  /** @param {string} name */
  const unblock = async (name) => {
    msg.textContent = '';
    try {
      await setBlocked(name, false);
      await load();
    } catch (err) {
      msg.textContent = t('blocks.error', { reason: errorText(err) });
    }
  };
  load();
  return el(
    'section',
    { class: 'panel', id: 'blocks-panel' },
    el('h2', {}, t('blocks.title')),
    el('p', { class: 'muted small' }, t('blocks.note')),
    list,
    msg,
  );
}
