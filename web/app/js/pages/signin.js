// Sign in and sign up: a name and a password (8 to 256 characters). On success the header shows the
// name and the page goes back where the person came from (`?next=`, a path of this app), else home.

import { go } from '../main.js';
import { signin, signup } from '../session.js';
import { h } from '../ui.js';

export function mount(main, { mode }) {
  const up = mode === 'signup';
  document.title = `${up ? 'Sign up' : 'Sign in'} · Mancala`;
  const error = h('p', { class: 'error', role: 'alert', id: 'auth-error' });
  const name = h('input', { id: 'auth-name', name: 'name', required: true, maxlength: 24, pattern: '[A-Za-z0-9_.\\-]{1,24}', autocomplete: 'username' });
  const password = h('input', { id: 'auth-password', name: 'password', type: 'password', required: true, minlength: up ? 8 : 1, maxlength: 256, autocomplete: up ? 'new-password' : 'current-password' });
  const submit = h('button', { type: 'submit', class: 'primary' }, up ? 'Sign up' : 'Sign in');
  const form = h('form', { id: 'auth-form', class: 'grid narrow' },
    h('label', {}, 'Name ', name),
    h('label', {}, 'Password ', password),
    up ? h('p', { class: 'muted small' }, 'A name is 1 to 24 letters, digits, _, - or .; a password 8 to 256 characters.') : null,
    submit, error);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    if (up && !name.checkValidity()) {
      error.textContent = 'A name is 1 to 24 letters, digits, _, - or .';
      return;
    }
    if (up && password.value.length < 8) {
      error.textContent = 'A password has at least 8 characters.';
      return;
    }
    submit.disabled = true;
    try {
      await (up ? signup : signin)(name.value, password.value);
      const next = new URLSearchParams(location.search).get('next');
      go(next && next.startsWith('/') && !next.startsWith('//') ? next : '/');
    } catch (err) {
      error.textContent = err.message;
    } finally {
      submit.disabled = false;
    }
  });
  main.append(h('section', { class: 'panel' },
    h('h1', {}, up ? 'Sign up' : 'Sign in'), form,
    h('p', { class: 'muted' }, up ? 'Already have an account? ' : 'No account yet? ',
      h('a', { href: up ? '/signin' : '/signup' }, up ? 'Sign in' : 'Sign up'),
      up ? '' : '. Without an account you can still play casual games under a guest name.')));
  name.focus();
}
