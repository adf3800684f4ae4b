// The account page: the signed-in name, changing the password (every other session is signed out),
// and the API tokens for scripts and bots (create one, shown once; revoke).

import { api } from '../api.js';
import { ready } from '../session.js';
import { h, when } from '../ui.js';

export function mount(main) {
  document.title = 'Account · Mancala';
  const box = h('div');
  main.append(box);
  ready().then((name) => {
    if (!name) {
      box.replaceChildren(h('section', { class: 'panel' }, h('h1', {}, 'Account'),
        h('p', {}, 'You are not signed in. ', h('a', { href: '/signin?next=/account' }, 'Sign in'), ' or ', h('a', { href: '/signup' }, 'sign up'), '.')));
      return;
    }
    box.replaceChildren(
      h('section', { class: 'panel' }, h('h1', {}, 'Account'),
        h('p', {}, 'Signed in as ', h('a', { href: `/@/${encodeURIComponent(name)}` }, h('strong', {}, name)), '.')),
      passwordPanel(),
      tokensPanel());
  });
}

function passwordPanel() {
  const current = h('input', { type: 'password', id: 'pw-current', required: true, autocomplete: 'current-password' });
  const next = h('input', { type: 'password', id: 'pw-new', required: true, minlength: 8, maxlength: 256, autocomplete: 'new-password' });
  const msg = h('p', { id: 'pw-message', role: 'status' });
  const form = h('form', { id: 'pw-form', class: 'grid narrow' },
    h('label', {}, 'Current password ', current), h('label', {}, 'New password ', next),
    h('button', { type: 'submit', class: 'primary' }, 'Change the password'), msg);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    msg.className = '';
    if (next.value.length < 8) {
      msg.className = 'error';
      msg.textContent = 'A password has at least 8 characters.';
      return;
    }
    try {
      await api.changePassword(current.value, next.value);
      msg.textContent = 'Password changed. Your other sessions are signed out.';
      current.value = '';
      next.value = '';
    } catch (err) {
      msg.className = 'error';
      msg.textContent = err.message;
    }
  });
  return h('section', { class: 'panel' }, h('h2', {}, 'Password'), form);
}

function tokensPanel() {
  const list = h('ul', { id: 'tokens', class: 'tokens' });
  const label = h('input', { id: 'token-label', required: true, maxlength: 64, placeholder: 'e.g. my bot' });
  const fresh = h('div', { id: 'new-token-box' });
  const msg = h('p', { class: 'error', role: 'alert' });
  const load = async () => {
    try {
      const tokens = await api.tokens();
      list.replaceChildren(...(tokens.length ? tokens.map((t) => h('li', { 'data-token-id': t.id },
        h('strong', {}, t.label), ' ', h('span', { class: 'muted small' }, `created ${when(t.createdAt)}`), ' ',
        h('button', { type: 'button', class: 'small danger', onclick: () => revoke(t) }, 'Revoke'))) : [h('li', { class: 'muted' }, 'No API token.')]));
    } catch (err) {
      msg.textContent = err.message;
    }
  };
  const revoke = async (t) => {
    msg.textContent = '';
    try {
      await api.revokeToken(t.id);
      fresh.replaceChildren();
      await load();
    } catch (err) {
      msg.textContent = err.message;
    }
  };
  const form = h('form', { id: 'token-form', class: 'row' }, h('label', {}, 'Label ', label), h('button', { type: 'submit' }, 'Create a token'));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    msg.textContent = '';
    try {
      const t = await api.createToken(label.value);
      label.value = '';
      fresh.replaceChildren(h('p', {}, `Token “${t.label}”: copy it now, it is not shown again.`),
        h('input', { readonly: true, id: 'new-token', value: t.token || '', 'aria-label': 'The new token' }));
      await load();
    } catch (err) {
      msg.textContent = err.message;
    }
  });
  load();
  return h('section', { class: 'panel' }, h('h2', {}, 'API tokens'),
    h('p', { class: 'muted small' }, 'For scripts, bots and the terminal client: send it as ', h('code', {}, 'Authorization: Bearer TOKEN'), '.'),
    list, form, fresh, msg);
}

