// @ts-check
// Sign in and sign up: a name and a password (8 to 256 characters). On success the header shows the
// name and the page goes back where the person came from (`?next=`, a path of this app), else home.

import { go } from '../router.js';
import { signin, signup } from '../session.js';
import { t } from '../i18n.js';
import { errorText, h } from '../ui.js';

/** The catalog's books this page's words are in. */
export const books = ['account'];

/**
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { mode }) {
  const up = mode === 'signup';
  document.title = `${t(up ? 'auth.signup' : 'auth.signin')} · Mancala`;
  const error = h('p', { class: 'error', role: 'alert', id: 'auth-error' });
  const name = h('input', {
    id: 'auth-name',
    name: 'name',
    required: true,
    maxlength: 24,
    pattern: '[A-Za-z0-9_.\\-]{1,24}',
    autocomplete: 'username',
  });
  const password = h('input', {
    id: 'auth-password',
    name: 'password',
    type: 'password',
    required: true,
    minlength: up ? 8 : 1,
    maxlength: 256,
    autocomplete: up ? 'new-password' : 'current-password',
  });
  const submit = h('button', { type: 'submit', class: 'primary' }, t(up ? 'auth.signup' : 'auth.signin'));
  const form = h(
    'form',
    { id: 'auth-form', class: 'grid narrow' },
    h('label', {}, `${t('auth.name')} `, name),
    h('label', {}, `${t('auth.password')} `, password),
    up ? h('p', { class: 'muted small' }, t('auth.rules')) : null,
    submit,
    error,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    if (up && !name.checkValidity()) {
      error.textContent = t('form.name_rule');
      return;
    }
    if (up && password.value.length < 8) {
      error.textContent = t('auth.password_rule');
      return;
    }
    submit.disabled = true;
    try {
      await (up ? signup : signin)(name.value, password.value);
      const next = new URLSearchParams(location.search).get('next');
      go(next && next.startsWith('/') && !next.startsWith('//') ? next : '/');
    } catch (err) {
      error.textContent = errorText(err, up ? 'signup' : 'signin');
    } finally {
      submit.disabled = false;
    }
  });
  main.append(
    h(
      'section',
      { class: 'panel' },
      h('h1', {}, t(up ? 'auth.signup' : 'auth.signin')),
      form,
      h(
        'p',
        { class: 'muted' },
        `${t(up ? 'auth.have_account' : 'auth.no_account')} `,
        h('a', { href: up ? '/signin' : '/signup' }, t(up ? 'auth.signin' : 'auth.signup')),
        up ? '' : ` ${t('auth.guest_note')}`,
      ),
    ),
  );
  name.focus();
}
