// @ts-check
// The account page's email, data and closing panels: the address (set, changed or removed with the
// password; a new one waits for the link mailed to it), "download my data" (a plain link: the answer is a
// file), and closing the account for good behind a second step that asks for the password.

import { mailApi as api } from '../net/mailapi.js';
import { language, t } from '../i18n.js';
import { signout } from '../session.js';
import { errorText, el } from '../ui.js';

/** The email address panel. */
export function emailPanel() {
  const shown = el('p', { id: 'email-state' });
  const msg = el('p', { id: 'email-message', role: 'status' });
  const address = el('input', { id: 'email-address', type: 'email', maxlength: 254, autocomplete: 'email' });
  const password = el('input', {
    id: 'email-password',
    type: 'password',
    required: true,
    autocomplete: 'current-password',
  });
  const save = el('button', { type: 'submit', class: 'primary' }, t('email.save'));
  const remove = el('button', { type: 'button', id: 'email-remove', class: 'small' }, t('email.remove'));
  const form = el(
    'form',
    { id: 'email-form', class: 'grid narrow' },
    el('label', {}, `${t('email.new')} `, address),
    el('label', {}, `${t('email.password')} `, password),
    save,
    remove,
    msg,
  );
  const panel = el(
    'section',
    { class: 'panel', id: 'email-panel' },
    el('h2', {}, t('email.title')),
    el('p', { class: 'muted small' }, t('email.note')),
    shown,
    form,
  );
  /** @param {{address: string | null, pending: string | null, mail: boolean}} state */
  const draw = (state) => {
    const lines = [state.address ? t('email.address', { address: state.address }) : t('email.none')];
    if (state.pending) lines.push(t('email.pending', { address: state.pending }));
    shown.textContent = lines.join(' ');
    remove.hidden = !state.address && !state.pending;
    if (!state.mail) {
      save.hidden = true;
      address.closest('label')?.setAttribute('hidden', '');
      if (!state.address) form.hidden = true;
      panel.append(el('p', { class: 'muted small', id: 'email-no-mail' }, t('email.no_mail')));
    }
  };
  /** @param {string | null} email */
  const send = async (email) => {
    msg.className = '';
    msg.textContent = '';
    try {
      const state = await api.setEmail(email, password.value, language());
      password.value = '';
      address.value = '';
      msg.textContent = email ? t('email.sent', { address: email.trim() }) : t('email.removed');
      draw(state);
    } catch (err) {
      msg.className = 'error';
      msg.textContent = errorText(err, 'email');
    }
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    send(address.value);
  });
  remove.addEventListener('click', () => {
    if (!password.reportValidity()) return;
    send(null);
  });
  api
    .emailState()
    .then(draw)
    .catch((err) => {
      msg.className = 'error';
      msg.textContent = errorText(err);
    });
  return panel;
}

/** Download my data, and close my account. */
export function dataPanel() {
  return el(
    'section',
    { class: 'panel', id: 'data-panel' },
    el('h2', {}, t('data.title')),
    el('p', { class: 'muted small' }, t('data.note')),
    el(
      'p',
      {},
      el('a', { id: 'data-download', class: 'button', href: '/api/account/export', download: '' }, t('data.download')),
    ),
  );
}

/** @param {string} name the signed-in account */
export function closePanel(name) {
  const password = el('input', {
    id: 'close-password',
    type: 'password',
    required: true,
    autocomplete: 'current-password',
  });
  const msg = el('p', { class: 'error', role: 'alert', id: 'close-error' });
  const start = el('button', { type: 'button', id: 'close-start', class: 'danger' }, t('close.start'));
  const cancel = el('button', { type: 'button', id: 'close-cancel' }, t('close.cancel'));
  const confirm = el(
    'form',
    { id: 'close-form', class: 'grid narrow', hidden: true },
    el('p', {}, t('close.confirm', { name })),
    el('label', {}, `${t('auth.password')} `, password),
    el('button', { type: 'submit', class: 'danger' }, t('close.submit')),
    cancel,
    msg,
  );
  const panel = el(
    'section',
    { class: 'panel', id: 'close-panel' },
    el('h2', {}, t('close.title')),
    el('p', { class: 'muted small' }, t('close.note')),
    start,
    confirm,
  );
  start.addEventListener('click', () => {
    start.hidden = true;
    confirm.hidden = false;
    password.focus();
  });
  cancel.addEventListener('click', () => {
    confirm.hidden = true;
    start.hidden = false;
    password.value = '';
    msg.textContent = '';
  });
  confirm.addEventListener('submit', async (e) => {
    e.preventDefault();
    msg.textContent = '';
    try {
      await api.closeAccount(password.value);
      // The server cleared the cookie; this clears the header's name.
      await signout();
      panel.replaceChildren(
        el('h2', {}, t('close.title')),
        el('p', { id: 'close-done', role: 'status' }, t('close.done')),
        el('p', {}, el('a', { href: '/' }, 'Mancala')),
      );
    } catch (err) {
      msg.textContent = errorText(err, 'close');
    }
  });
  return panel;
}
