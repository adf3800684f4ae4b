// @ts-check
// The page of an email confirmation link (`/email/{token}`, mailed when an address is set on the account
// page): it sends the link's secret at once and says which account the address now belongs to, or why the
// link cannot be used. Signed in or not: the link itself is the proof.

import { mailApi as api } from '../net/mailapi.js';
import { t } from '../i18n.js';
import { errorText, el } from '../ui.js';

/**
 * Drawn by the `forgot` page's module for `/email/{token}` (one route for both keeps the router small).
 * @param {HTMLElement} main
 * @param {string} token
 */
export function confirmPage(main, token) {
  document.title = `${t('confirm.title')} · Mancala`;
  const status = el('p', { id: 'confirm-status', role: 'status' }, t('confirm.working'));
  main.append(el('section', { class: 'panel' }, el('h1', {}, t('confirm.title')), status));
  api
    .confirmEmail(token)
    .then((done) => {
      status.id = 'confirm-done';
      status.textContent = t('confirm.done', { address: done.address, name: done.name });
      status.after(el('p', {}, el('a', { href: '/account' }, t('account.title'))));
    })
    .catch((err) => {
      status.id = 'confirm-error';
      status.className = 'error';
      status.textContent = errorText(err, 'confirm');
    });
}
