// @ts-check
// What moderation shows a signed-in person on every page: a moderator's warning, until acknowledged
// (`GET /api/account`'s `warnings`, `POST /api/account/warnings/{id}/acknowledge`), and for a moderator a
// link to `/mod` in the header.

import { api, call } from '../net/api.js';
import { loadBook, t } from '../i18n.js';
import { el } from '../ui.js';
import { moderationStyle } from './style.js';

/** Asks the account once and shows what it holds. */
export async function start() {
  let account;
  try {
    account = await api.account();
  } catch {
    return;
  }
  if (!account.moderator && !account.warnings.length) return;
  await loadBook('moderation');
  moderationStyle();
  const who = document.getElementById('who');
  if (account.moderator && who && !document.getElementById('mod-link')) {
    who.prepend(el('a', { href: '/mod', id: 'mod-link', class: 'small' }, t('mod.link')));
  }
  const main = document.getElementById('main');
  for (const w of account.warnings) {
    const box = el(
      'div',
      { class: 'warning-notice', role: 'alert', 'data-warning': w.id },
      el('strong', {}, t('warning.title')),
      el('p', {}, w.text),
      el(
        'button',
        {
          type: 'button',
          onclick: async () => {
            await call('POST', `/api/account/warnings/${encodeURIComponent(w.id)}/acknowledge`);
            box.remove();
          },
        },
        t('warning.ack'),
      ),
    );
    main?.before(box);
  }
}
