// @ts-check
// The account page: the signed-in name, changing the password (every other session is signed out),
// the email address (account_email.js), the API tokens for scripts and bots (create one, shown once;
// revoke), the players it blocks, two-step sign-in (account_twostep.js), download my data and close my
// account (account_email.js).

import { api } from '../api.js';
import { ready } from '../session.js';
import { t } from '../i18n.js';
import { errorText, h, when } from '../ui.js';
import { blocksPanel } from './account_blocks.js';
import { twoStepPanel } from './account_twostep.js';
import { closePanel, dataPanel, emailPanel } from './account_email.js';

/** The catalog's books this page's words are in. */
export const books = ['account', 'blocks', 'twostep', 'email'];

/** @param {HTMLElement} main */
export function mount(main) {
  document.title = `${t('account.title')} · Mancala`;
  const box = h('div');
  main.append(box);
  ready().then((name) => {
    if (!name) {
      box.replaceChildren(
        h(
          'section',
          { class: 'panel' },
          h('h1', {}, t('account.title')),
          h(
            'p',
            {},
            `${t('account.signed_out')} `,
            h('a', { href: '/signin?next=/account' }, t('auth.signin')),
            ` ${t('account.or')} `,
            h('a', { href: '/signup' }, t('auth.signup')),
          ),
        ),
      );
      return;
    }
    box.replaceChildren(
      h(
        'section',
        { class: 'panel' },
        h('h1', {}, t('account.title')),
        h(
          'p',
          {},
          `${t('account.signed_in_as')} `,
          h('a', { href: `/@/${encodeURIComponent(name)}` }, h('strong', {}, name)),
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
  const current = h('input', { type: 'password', id: 'pw-current', required: true, autocomplete: 'current-password' });
  const next = h('input', {
    type: 'password',
    id: 'pw-new',
    required: true,
    minlength: 8,
    maxlength: 256,
    autocomplete: 'new-password',
  });
  const msg = h('p', { id: 'pw-message', role: 'status' });
  const form = h(
    'form',
    { id: 'pw-form', class: 'grid narrow' },
    h('label', {}, `${t('account.current')} `, current),
    h('label', {}, `${t('account.new')} `, next),
    h('button', { type: 'submit', class: 'primary' }, t('account.change')),
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
  return h('section', { class: 'panel' }, h('h2', {}, t('auth.password')), form);
}

function tokensPanel() {
  const list = h('ul', { id: 'tokens', class: 'tokens' });
  const label = h('input', {
    id: 'token-label',
    required: true,
    maxlength: 64,
    placeholder: t('account.label_example'),
  });
  const fresh = h('div', { id: 'new-token-box' });
  const msg = h('p', { class: 'error', role: 'alert' });
  const load = async () => {
    try {
      const tokens = await api.tokens();
      list.replaceChildren(
        ...(tokens.length
          ? tokens.map((tok) =>
              h(
                'li',
                { 'data-token-id': tok.id },
                h('strong', {}, tok.label),
                ' ',
                h('span', { class: 'muted small' }, t('account.created', { when: when(tok.createdAt) })),
                ' ',
                h('button', { type: 'button', class: 'small danger', onclick: () => revoke(tok) }, t('account.revoke')),
              ),
            )
          : [h('li', { class: 'muted' }, t('account.no_token'))]),
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
  const form = h(
    'form',
    { id: 'token-form', class: 'row' },
    h('label', {}, `${t('account.label')} `, label),
    h('button', { type: 'submit' }, t('account.create')),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    msg.textContent = '';
    try {
      const made = await api.createToken(label.value);
      label.value = '';
      fresh.replaceChildren(
        h('p', {}, t('account.token_once', { label: made.label })),
        h('input', { readonly: true, id: 'new-token', value: made.token || '', 'aria-label': t('account.new_token') }),
      );
      await load();
    } catch (err) {
      msg.textContent = errorText(err, 'token');
    }
  });
  load();
  return h(
    'section',
    { class: 'panel' },
    h('h2', {}, t('account.tokens')),
    h('p', { class: 'muted small' }, t('account.tokens_note')),
    list,
    form,
    fresh,
    msg,
  );
}
