// @ts-check
// "Forgot your password?" (`/forgot`): with mail configured, a form for the account's name or its
// confirmed address; the server answers the same whoever is named, and the page says a link is on its way
// if there is such an account. Without mail, the page says to ask the site's operator, who makes a link
// with `mancala-server admin reset-password NAME`.

import { mailApi as api } from '../mailapi.js';
import { language, t } from '../i18n.js';
import { errorText, h } from '../ui.js';
import { confirmPage } from './email.js';

/** The catalog's books this page's words are in. */
export const books = ['account', 'email'];

/**
 * `/forgot`, or with `token` the page of an email confirmation link (`/email/{token}`).
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { token }) {
  if (token) return confirmPage(main, token);
  document.title = `${t('forgot.title')} · Mancala`;
  const panel = h('section', { class: 'panel' }, h('h1', {}, t('forgot.title')));
  main.append(panel);
  api
    .site()
    .then((site) =>
      panel.append(site.mail ? form() : h('p', { id: 'forgot-operator', role: 'status' }, t('forgot.no_mail'))),
    )
    .catch((err) => panel.append(h('p', { class: 'error', role: 'alert' }, errorText(err))));
}

/** The form that asks for a link. */
function form() {
  const who = h('input', {
    id: 'forgot-who',
    name: 'who',
    required: true,
    maxlength: 254,
    autocomplete: 'username',
  });
  const submit = h('button', { type: 'submit', class: 'primary' }, t('forgot.submit'));
  const error = h('p', { class: 'error', role: 'alert', id: 'forgot-error' });
  const box = h(
    'form',
    { id: 'forgot-form', class: 'grid narrow' },
    h('p', {}, t('forgot.intro')),
    h('label', {}, `${t('forgot.who')} `, who),
    submit,
    error,
  );
  box.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    submit.disabled = true;
    try {
      await api.forgotPassword(who.value.trim(), language());
      box.replaceChildren(
        h('p', { id: 'forgot-sent', role: 'status' }, t('forgot.sent')),
        h('p', {}, h('a', { href: '/signin' }, t('auth.signin'))),
      );
    } catch (err) {
      error.textContent = errorText(err, 'forgot');
    } finally {
      submit.disabled = false;
    }
  });
  queueMicrotask(() => who.focus());
  return box;
}
