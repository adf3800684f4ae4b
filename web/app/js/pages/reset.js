// @ts-check
// The page of a password reset link (`/reset/{token}`, printed by the operator's `mancala-server admin
// reset-password NAME`): the player chooses a new password once; every session of the account is then
// signed out, and the page sends them to sign in with it.

import { api } from '../net/api.js';
import { t } from '../i18n.js';
import { errorText, el } from '../ui.js';

/** The catalog's books this page's words are in. */
export const books = ['account', 'reset'];

/**
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { token }) {
  document.title = `${t('reset.title')} · Mancala`;
  const error = el('p', { class: 'error', role: 'alert', id: 'reset-error' });
  const password = el('input', {
    id: 'reset-password',
    name: 'password',
    type: 'password',
    required: true,
    minlength: 8,
    maxlength: 256,
    autocomplete: 'new-password',
  });
  const again = el('input', {
    id: 'reset-again',
    name: 'again',
    type: 'password',
    required: true,
    minlength: 8,
    maxlength: 256,
    autocomplete: 'new-password',
  });
  const submit = el('button', { type: 'submit', class: 'primary' }, t('reset.submit'));
  const form = el(
    'form',
    { id: 'reset-form', class: 'grid narrow' },
    el('label', {}, `${t('account.new')} `, password),
    el('label', {}, `${t('reset.again')} `, again),
    el('p', { class: 'muted small' }, t('reset.rules')),
    submit,
    error,
  );
  const panel = el('section', { class: 'panel' }, el('h1', {}, t('reset.title')), el('p', {}, t('reset.intro')), form);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    if (password.value.length < 8) {
      error.textContent = t('auth.password_rule');
      return;
    }
    if (password.value !== again.value) {
      error.textContent = t('reset.mismatch');
      return;
    }
    submit.disabled = true;
    try {
      await api.resetPassword(token, password.value);
      panel.replaceChildren(
        el('h1', {}, t('reset.title')),
        el('p', { id: 'reset-done', role: 'status' }, t('reset.done')),
        el('p', {}, el('a', { href: '/signin', class: 'button primary' }, t('auth.signin'))),
      );
    } catch (err) {
      error.textContent = errorText(err, 'reset');
    } finally {
      submit.disabled = false;
    }
  });
  main.append(panel);
  password.focus();
}
