// @ts-check
// The account page: the signed-in name, changing the password (every other session is signed out),
// the email address (account_email.js), the API tokens for scripts and bots (create one, shown once;
// revoke), the players it blocks, two-step sign-in (account_twostep.js), download my data and close my
// account (account_email.js).

import { api } from '../net/api.js';
import { ready } from '../session.js';
import { t } from '../i18n.js';
import { errorText, el, when } from '../ui.js';
import { blocksPanel } from './account_blocks.js';
import { twoStepPanel } from './account_twostep.js';
import { closePanel, dataPanel, emailPanel } from './account_email.js';

/** The catalog's books this page's words are in. */
export const books = ['account', 'blocks', 'twostep', 'email'];

/** @param {HTMLElement} main */
export function mount(main) {
  document.title = `${t('account.title')} · Mancala`;
  const box = el('div');
  main.append(box);
  ready().then((name) => {
    if (!name) {
      box.replaceChildren(
        el(
          'section',
          { class: 'panel' },
          el('h1', {}, t('account.title')),
          el(
            'p',
            {},
            `${t('account.signed_out')} `,
            el('a', { href: '/signin?next=/account' }, t('auth.signin')),
            ` ${t('account.or')} `,
            el('a', { href: '/signup' }, t('auth.signup')),
          ),
        ),
      );
      return;
    }
    box.replaceChildren(
      el(
        'section',
        { class: 'panel' },
        el('h1', {}, t('account.title')),
        el(
          'p',
          {},
          `${t('account.signed_in_as')} `,
          el('a', { href: `/@/${encodeURIComponent(name)}` }, el('strong', {}, name)),
        ),
      ),
      passwordPanel(),
      twoStepPanel(),
      emailPanel(),
      tokensPanel(),
      blocksPanel(),
      dataPanel(),
      closePanel(name),
    );
  });
}

function passwordPanel() {
  const current = el('input', { type: 'password', id: 'pw-current', required: true, autocomplete: 'current-password' });
  const next = el('input', {
    type: 'password',
    id: 'pw-new',
    required: true,
    minlength: 8,
    maxlength: 256,
    autocomplete: 'new-password',
  });
  const msg = el('p', { id: 'pw-message', role: 'status' });
  const form = el(
    'form',
    { id: 'pw-form', class: 'grid narrow' },
    el('label', {}, `${t('account.current')} `, current),
    el('label', {}, `${t('account.new')} `, next),
    el('button', { type: 'submit', class: 'primary' }, t('account.change')),
    msg,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    msg.className = '';
    if (next.value.length < 8) {
      msg.className = 'error';
      msg.textContent = t('auth.password_rule');
      return;
    }
    try {
      await api.changePassword(current.value, next.value);
      msg.textContent = t('account.changed');
      current.value = '';
      next.value = '';
    } catch (err) {
      msg.className = 'error';
      msg.textContent = errorText(err, 'password');
    }
  });
  return el('section', { class: 'panel' }, el('h2', {}, t('auth.password')), form);
}

function tokensPanel() {
  const list = el('ul', { id: 'tokens', class: 'tokens' });
  const label = el('input', {
    id: 'token-label',
    required: true,
    maxlength: 64,
    placeholder: t('account.label_example'),
  });
  const fresh = el('div', { id: 'new-token-box' });
  const msg = el('p', { class: 'error', role: 'alert' });
  const load = async () => {
    try {
      const tokens = await api.tokens();
      list.replaceChildren(
        ...(tokens.length
          ? tokens.map((tok) =>
              el(
                'li',
                { 'data-token-id': tok.id },
                el('strong', {}, tok.label),
                ' ',
                el('span', { class: 'muted small' }, t('account.created', { when: when(tok.createdAt) })),
                ' ',
                el(
                  'button',
                  { type: 'button', class: 'small danger', onclick: () => revoke(tok) },
                  t('account.revoke'),
                ),
              ),
            )
          : [el('li', { class: 'muted' }, t('account.no_token'))]),
      );
    } catch (err) {
      msg.textContent = errorText(err);
    }
  };
  /** @param {{id: string}} token */
  const revoke = async (token) => {
    msg.textContent = '';
    try {
      await api.revokeToken(token.id);
      fresh.replaceChildren();
      await load();
    } catch (err) {
      msg.textContent = errorText(err, 'token');
    }
  };
  const form = el(
    'form',
    { id: 'token-form', class: 'row' },
    el('label', {}, `${t('account.label')} `, label),
    el('button', { type: 'submit' }, t('account.create')),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    msg.textContent = '';
    try {
      const made = await api.createToken(label.value);
      label.value = '';
      fresh.replaceChildren(
        el('p', {}, t('account.token_once', { label: made.label })),
        el('input', { readonly: true, id: 'new-token', value: made.token || '', 'aria-label': t('account.new_token') }),
      );
      await load();
    } catch (err) {
      msg.textContent = errorText(err, 'token');
    }
  });
  load();
  return el(
    'section',
    { class: 'panel' },
    el('h2', {}, t('account.tokens')),
    el('p', { class: 'muted small' }, t('account.tokens_note')),
    list,
    form,
    fresh,
    msg,
  );
}
