// @ts-check
// The account page's view, a pure function of its controller: signed out, the ways in; signed in, the
// name, then the panels: password, two-step sign-in (twostep.js), email (email.js), API tokens, the
// players blocked, download my data, close my account (email.js).

import { t } from '../../i18n.js';
import { when } from '../../ui.js';
import { h } from '../../vendor/snabbdom.js';
import { closePanel, emailPanel } from './email.js';
import { field, form } from './field.js';
import { twoStepPanel } from './twostep.js';

/** @typedef {import('../ctrl.js').AccountCtrl} AccountCtrl */

/** @param {AccountCtrl} ctrl */
export function view(ctrl) {
  const name = ctrl.name;
  if (name === undefined) return h('div');
  if (name === null)
    return h('div', [
      h('section.panel', [
        h('h1', t('account.title')),
        h('p', [
          `${t('account.signed_out')} `,
          h('a', { attrs: { href: '/signin?next=/account' } }, t('auth.signin')),
          ` ${t('account.or')} `,
          h('a', { attrs: { href: '/signup' } }, t('auth.signup')),
        ]),
      ]),
    ]);
  return h('div', [
    h('section.panel', [
      h('h1', t('account.title')),
      h('p', [
        `${t('account.signed_in_as')} `,
        h('a', { attrs: { href: `/@/${encodeURIComponent(name)}` } }, [h('strong', name)]),
      ]),
    ]),
    passwordPanel(ctrl),
    twoStepPanel(ctrl.twostep),
    emailPanel(ctrl.email),
    tokensPanel(ctrl),
    blocksPanel(ctrl),
    dataPanel(),
    closePanel(ctrl.close, name),
  ]);
}

/** @param {AccountCtrl} ctrl */
function passwordPanel(ctrl) {
  const p = ctrl.password;
  return h('section.panel', [
    h('h2', t('auth.password')),
    form('form#pw-form.grid.narrow', {}, () => ctrl.changePassword(), [
      h('label', [
        `${t('account.current')} `,
        field(
          'input#pw-current',
          { type: 'password', required: true, autocomplete: 'current-password' },
          p.current,
          (v) => (p.current = v),
        ),
      ]),
      h('label', [
        `${t('account.new')} `,
        field(
          'input#pw-new',
          { type: 'password', required: true, minlength: 8, maxlength: 256, autocomplete: 'new-password' },
          p.next,
          (v) => (p.next = v),
        ),
      ]),
      h('button.primary', { attrs: { type: 'submit' } }, t('account.change')),
      h('p#pw-message', { attrs: { role: 'status', class: p.said.error ? 'error' : '' } }, p.said.text),
    ]),
  ]);
}

/** @param {AccountCtrl} ctrl */
function tokensPanel(ctrl) {
  const tk = ctrl.tokens;
  return h('section.panel', [
    h('h2', t('account.tokens')),
    h('p.muted.small', t('account.tokens_note')),
    h(
      'ul#tokens.tokens',
      tk.list === null
        ? []
        : tk.list.length
          ? tk.list.map((tok) =>
              h('li', { key: tok.id, attrs: { 'data-token-id': tok.id } }, [
                h('strong', tok.label),
                ' ',
                h('span.muted.small', t('account.created', { when: when(tok.createdAt) })),
                ' ',
                h(
                  'button.small.danger',
                  { attrs: { type: 'button' }, on: { click: () => ctrl.revokeToken(tok.id) } },
                  t('account.revoke'),
                ),
              ]),
            )
          : [h('li.muted', t('account.no_token'))],
    ),
    form('form#token-form.row', {}, () => ctrl.createToken(), [
      h('label', [
        `${t('account.label')} `,
        field(
          'input#token-label',
          { required: true, maxlength: 64, placeholder: t('account.label_example') },
          tk.label,
          (v) => (tk.label = v),
        ),
      ]),
      h('button', { attrs: { type: 'submit' } }, t('account.create')),
    ]),
    h(
      'div#new-token-box',
      tk.fresh
        ? [
            h('p', t('account.token_once', { label: tk.fresh.label })),
            h('input#new-token', {
              attrs: { readonly: true, 'aria-label': t('account.new_token') },
              props: { value: tk.fresh.token },
            }),
          ]
        : [],
    ),
    h('p.error', { attrs: { role: 'alert' } }, tk.error),
  ]);
}

/**
 * The players blocked, oldest first, each with its Unblock button.
 * @param {AccountCtrl} ctrl
 */
function blocksPanel(ctrl) {
  const b = ctrl.blocks;
  return h('section#blocks-panel.panel', [
    h('h2', t('blocks.title')),
    h('p.muted.small', t('blocks.note')),
    h(
      'ul#blocks.tokens',
      b.list === null
        ? []
        : b.list.length
          ? b.list.map((x) =>
              h('li', { key: x.name, attrs: { 'data-blocked': x.name } }, [
                h('a', { attrs: { href: `/@/${encodeURIComponent(x.name)}` } }, [h('strong', x.name)]),
                ' ',
                h('span.muted.small', t('blocks.since', { when: when(x.createdAt) })),
                ' ',
                h(
                  'button.small',
                  { attrs: { type: 'button' }, on: { click: () => ctrl.unblock(x.name) } },
                  t('blocks.unblock'),
                ),
              ]),
            )
          : [h('li.muted', t('blocks.none'))],
    ),
    h('p.error', { attrs: { role: 'alert' } }, b.error),
  ]);
}

/** Download my data: a plain link, the answer is a file. */
const dataPanel = () =>
  h('section#data-panel.panel', [
    h('h2', t('data.title')),
    h('p.muted.small', t('data.note')),
    h('p.links', [
      h('a#data-download.button', { attrs: { href: '/api/account/export', download: '' } }, t('data.download')),
    ]),
  ]);
