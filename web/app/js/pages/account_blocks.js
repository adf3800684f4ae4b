// @ts-check
// The account page's list of blocked players, oldest first, each with its Unblock button.

import { listBlocks, setBlocked } from '../blocks.js';
import { t } from '../i18n.js';
import { errorText, h, when } from '../ui.js';

export function blocksPanel() {
  const list = h('ul', { id: 'blocks', class: 'tokens' });
  const msg = h('p', { class: 'error', role: 'alert' });
  const load = async () => {
    try {
      const blocks = await listBlocks();
      list.replaceChildren(
        ...(blocks.length
          ? blocks.map((b) =>
              h(
                'li',
                { 'data-blocked': b.name },
                h('a', { href: `/@/${encodeURIComponent(b.name)}` }, h('strong', {}, b.name)),
                ' ',
                h('span', { class: 'muted small' }, t('blocks.since', { when: when(b.createdAt) })),
                ' ',
                h('button', { type: 'button', class: 'small', onclick: () => unblock(b.name) }, t('blocks.unblock')),
              ),
            )
          : [h('li', { class: 'muted' }, t('blocks.none'))]),
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
  return h(
    'section',
    { class: 'panel', id: 'blocks-panel' },
    h('h2', {}, t('blocks.title')),
    h('p', { class: 'muted small' }, t('blocks.note')),
    list,
    msg,
  );
}
