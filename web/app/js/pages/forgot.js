// @ts-check
// "Forgot your password?" (`/forgot`): with mail configured, a form for the account's name or its
// confirmed address; the server answers the same whoever is named, and the page says a link is on its way
// if there is such an account. Without mail, the page says to ask the site's operator, who makes a link
// with `mancala-server admin reset-password NAME`.

import { mailApi as api } from '../net/mailapi.js';
import { language, t } from '../i18n.js';
import { errorText, el } from '../ui.js';
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
  const panel = el('section', { class: 'panel' }, el('h1', {}, t('forgot.title')));
  main.append(panel);
  api
    .site()
    .then((site) =>
      panel.append(site.mail ? form() : el('p', { id: 'forgot-operator', role: 'status' }, t('forgot.no_mail'))),
    )
    .catch((err) => panel.append(el('p', { class: 'error', role: 'alert' }, errorText(err))));
}

/** The form that asks for a link. */
function form() {
  const who = el('input', {
    id: 'forgot-who',
    name: 'who',
    required: true,
    maxlength: 254,
    autocomplete: 'username',
  });
  const submit = el('button', { type: 'submit', class: 'primary' }, t('forgot.submit'));
  const error = el('p', { class: 'error', role: 'alert', id: 'forgot-error' });
  const box = el(
    'form',
    { id: 'forgot-form', class: 'grid narrow' },
    el('p', {}, t('forgot.intro')),
    el('label', {}, `${t('forgot.who')} `, who),
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
        el('p', { id: 'forgot-sent', role: 'status' }, t('forgot.sent')),
        el('p', {}, el('a', { href: '/signin' }, t('auth.signin'))),
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
