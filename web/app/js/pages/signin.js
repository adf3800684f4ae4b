// @ts-check
// Sign in and sign up: a name and a password (8 to 256 characters). On success the header shows the
// name and the page goes back where the person came from (`?next=`, a path of this app), else home. A
// sign-in goes through signin_twostep.js, which asks for a code when the account has two-step sign-in.

import { go } from '../router.js';
import { signup } from '../session.js';
import { t } from '../i18n.js';
import { errorText, el } from '../ui.js';
import { signInWithPassword } from './signin_twostep.js';

/** The catalog's books this page's words are in. */
export const books = ['account', 'twostep', 'email'];

/**
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { mode }) {
  const up = mode === 'signup';
  document.title = `${t(up ? 'auth.signup' : 'auth.signin')} · Mancala`;
  const error = el('p', { class: 'error', role: 'alert', id: 'auth-error' });
  const name = el('input', {
    id: 'auth-name',
    name: 'name',
    required: true,
    maxlength: 24,
    pattern: '[A-Za-z0-9_.\\-]{1,24}',
    autocomplete: 'username',
  });
  const password = el('input', {
    id: 'auth-password',
    name: 'password',
    type: 'password',
    required: true,
    minlength: up ? 8 : 1,
    maxlength: 256,
    autocomplete: up ? 'new-password' : 'current-password',
  });
  const submit = el('button', { type: 'submit', class: 'primary' }, t(up ? 'auth.signup' : 'auth.signin'));
  const form = el(
    'form',
    { id: 'auth-form', class: 'grid narrow' },
    el('label', {}, `${t('auth.name')} `, name),
    el('label', {}, `${t('auth.password')} `, password),
    up ? el('p', { class: 'muted small' }, t('auth.rules')) : null,
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
    const next = new URLSearchParams(location.search).get('next');
    const target = next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
    try {
      if (up) {
        await signup(name.value, password.value);
        go(target);
      } else {
        await signInWithPassword(panel, name.value, password.value, target);
      }
    } catch (err) {
      error.textContent = errorText(err, up ? 'signup' : 'signin');
    } finally {
      submit.disabled = false;
    }
  });
  const panel = el(
    'section',
    { class: 'panel' },
    el('h1', {}, t(up ? 'auth.signup' : 'auth.signin')),
    form,
    el(
      'p',
      { class: 'muted' },
      `${t(up ? 'auth.have_account' : 'auth.no_account')} `,
      el('a', { href: up ? '/signin' : '/signup' }, t(up ? 'auth.signin' : 'auth.signup')),
      up ? '' : ` ${t('auth.guest_note')}`,
    ),
    up ? null : forgotLink(),
  );
  main.append(panel);
  name.focus();
}

/** "Forgot your password?": the way to a reset link (`/forgot`). */
function forgotLink() {
  return el('p', {}, el('a', { href: '/forgot', id: 'forgot-link' }, t('forgot.link')));
}
