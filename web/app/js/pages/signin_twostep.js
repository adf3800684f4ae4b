// @ts-check
// Signing in on the sign-in page, two-step sign-in included: the password step, then (when the account
// asks for it) a code of the authenticator app or a backup code, sent with the step's ticket. Once signed
// in, the page is loaded anew at `next`: the session module reads who is signed in from its hint
// (`mancala.account` in localStorage, the key session.js keeps) and checks it with the server.

import { call } from '../net/api.js';
import { t } from '../i18n.js';
import { errorText, el } from '../ui.js';

/**
 * Signed in as `name`: the header's hint, then the page at `next`.
 * @param {string} name
 * @param {string} next
 */
function done(name, next) {
  try {
    localStorage.setItem('mancala.account', JSON.stringify(name));
  } catch {
    /* private mode: the page asks the server */
  }
  location.assign(next);
}

/**
 * The password step. Resolves once signed in (the page then moves on), or once `box` shows the second
 * step; throws the server's refusal of the password.
 * @param {HTMLElement} box the sign-in panel, replaced by the code's form when a code is asked for
 * @param {string} name
 * @param {string} password
 * @param {string} next
 */
export async function signInWithPassword(box, name, password, next) {
  const answer = await call('POST', '/api/account/signin', { name, password });
  if (!answer.second_step) {
    done(answer.name, next);
    return;
  }
  box.replaceChildren(...codeStep(answer.ticket, next));
  const input = box.querySelector('input');
  if (input) input.focus();
}

/**
 * @param {string} ticket
 * @param {string} next
 */
function codeStep(ticket, next) {
  let backup = false;
  const note = el('p', { id: 'twostep-note' }, t('twostep.second_note'));
  const label = el('span', {}, t('twostep.code'));
  const code = el('input', {
    id: 'twostep-signin-code',
    name: 'code',
    required: true,
    inputmode: 'numeric',
    autocomplete: 'one-time-code',
    maxlength: 12,
  });
  const error = el('p', { class: 'error', role: 'alert', id: 'twostep-signin-error' });
  const submit = el('button', { type: 'submit', class: 'primary' }, t('twostep.verify'));
  const toggle = el(
    'button',
    { type: 'button', class: 'ghost small', id: 'twostep-use-backup' },
    t('twostep.use_backup'),
  );
  toggle.addEventListener('click', () => {
    backup = !backup;
    note.textContent = t(backup ? 'twostep.backup_note' : 'twostep.second_note');
    label.textContent = t(backup ? 'twostep.backup' : 'twostep.code');
    toggle.textContent = t(backup ? 'twostep.use_app' : 'twostep.use_backup');
    code.setAttribute('inputmode', backup ? 'text' : 'numeric');
    code.value = '';
    code.focus();
  });
  const form = el(
    'form',
    { id: 'twostep-signin-form', class: 'grid narrow' },
    el('label', {}, label, ' ', code),
    submit,
    toggle,
    error,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    submit.disabled = true;
    try {
      const answer = await call('POST', '/api/account/signin/code', { ticket, code: code.value });
      done(answer.name, next);
    } catch (err) {
      error.textContent = errorText(err, 'twostep');
      if (err && typeof err === 'object' && 'code' in err && err.code === 'second_step_expired') {
        error.append(' ', el('a', { href: `/signin?next=${encodeURIComponent(next)}` }, t('twostep.restart')));
      }
    } finally {
      submit.disabled = false;
    }
  });
  return [el('h1', {}, t('twostep.second_title')), note, form];
}
