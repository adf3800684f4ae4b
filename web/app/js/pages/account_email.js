// @ts-check
// The account page's email, data and closing panels: the address (set, changed or removed with the
// password; a new one waits for the link mailed to it), "download my data" (a plain link: the answer is a
// file), and closing the account for good behind a second step that asks for the password.

import { mailApi as api } from '../mailapi.js';
import { language, t } from '../i18n.js';
import { signout } from '../session.js';
import { errorText, h } from '../ui.js';

/** The email address panel. */
export function emailPanel() {
  const shown = h('p', { id: 'email-state' });
  const msg = h('p', { id: 'email-message', role: 'status' });
  const address = h('input', { id: 'email-address', type: 'email', maxlength: 254, autocomplete: 'email' });
  const password = h('input', {
    id: 'email-password',
    type: 'password',
    required: true,
    autocomplete: 'current-password',
  });
  const save = h('button', { type: 'submit', class: 'primary' }, t('email.save'));
  const remove = h('button', { type: 'button', id: 'email-remove', class: 'small' }, t('email.remove'));
  const form = h(
    'form',
    { id: 'email-form', class: 'grid narrow' },
    h('label', {}, `${t('email.new')} `, address),
    h('label', {}, `${t('email.password')} `, password),
    save,
    remove,
    msg,
  );
  const panel = h(
    'section',
    { class: 'panel', id: 'email-panel' },
    h('h2', {}, t('email.title')),
    h('p', { class: 'muted small' }, t('email.note')),
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
      panel.append(h('p', { class: 'muted small', id: 'email-no-mail' }, t('email.no_mail')));
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
  return h(
    'section',
    { class: 'panel', id: 'data-panel' },
    h('h2', {}, t('data.title')),
    h('p', { class: 'muted small' }, t('data.note')),
    h(
      'p',
      {},
      h('a', { id: 'data-download', class: 'button', href: '/api/account/export', download: '' }, t('data.download')),
    ),
  );
}

/** @param {string} name the signed-in account */
export function closePanel(name) {
  const password = h('input', {
    id: 'close-password',
    type: 'password',
    required: true,
    autocomplete: 'current-password',
  });
  const msg = h('p', { class: 'error', role: 'alert', id: 'close-error' });
  const start = h('button', { type: 'button', id: 'close-start', class: 'danger' }, t('close.start'));
  const cancel = h('button', { type: 'button', id: 'close-cancel' }, t('close.cancel'));
  const confirm = h(
    'form',
    { id: 'close-form', class: 'grid narrow', hidden: true },
    h('p', {}, t('close.confirm', { name })),
    h('label', {}, `${t('auth.password')} `, password),
    h('button', { type: 'submit', class: 'danger' }, t('close.submit')),
    cancel,
    msg,
  );
  const panel = h(
    'section',
    { class: 'panel', id: 'close-panel' },
    h('h2', {}, t('close.title')),
    h('p', { class: 'muted small' }, t('close.note')),
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
        h('h2', {}, t('close.title')),
        h('p', { id: 'close-done', role: 'status' }, t('close.done')),
        h('p', {}, h('a', { href: '/' }, 'Mancala')),
      );
    } catch (err) {
      msg.textContent = errorText(err, 'close');
    }
  });
  return panel;
}
