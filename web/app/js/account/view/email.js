// @ts-check
// The account page's email and closing panels, pure functions of their parts of the controller
// (account/email.js).

import { t } from '../../i18n.js';
import { h } from '../../vendor/snabbdom.js';
import { field, form } from './field.js';

/** @param {import('../email.js').EmailPart} e */
export function emailPanel(e) {
  const s = e.state;
  const lines = s ? [s.address ? t('email.address', { address: s.address }) : t('email.none')] : [];
  if (s?.pending) lines.push(t('email.pending', { address: s.pending }));
  const noMail = !!s && !s.mail;
  return h('section#email-panel.panel', [
    h('h2', t('email.title')),
    h('p.muted.small', t('email.note')),
    h('p#email-state', lines.join(' ')),
    form('form#email-form.grid.narrow', { hidden: noMail && !s?.address }, () => e.send(e.address), [
      h('label', { attrs: { hidden: noMail } }, [
        `${t('email.new')} `,
        field(
          'input#email-address',
          { type: 'email', maxlength: 254, autocomplete: 'email' },
          e.address,
          (v) => (e.address = v),
        ),
      ]),
      h('label', [
        `${t('email.password')} `,
        field(
          'input#email-password',
          { type: 'password', required: true, autocomplete: 'current-password' },
          e.password,
          (v) => (e.password = v),
        ),
      ]),
      h('button.primary', { attrs: { type: 'submit', hidden: noMail } }, t('email.save')),
      h(
        'button#email-remove.small',
        {
          attrs: { type: 'button', hidden: !s || (!s.address && !s.pending) },
          on: {
            click: (ev) => {
              const password = /** @type {HTMLButtonElement} */ (ev.currentTarget).form?.querySelector(
                '#email-password',
              );
              if (password && !(/** @type {HTMLInputElement} */ (password).reportValidity())) return;
              e.send(null);
            },
          },
        },
        t('email.remove'),
      ),
      h('p#email-message', { attrs: { role: 'status', class: e.failed ? 'error' : '' } }, e.said),
    ]),
    noMail ? h('p#email-no-mail.muted.small', t('email.no_mail')) : null,
  ]);
}

/**
 * Close my account, behind a second step that asks for the password.
 * @param {import('../email.js').ClosePart} c
 * @param {string} name the signed-in account
 */
export function closePanel(c, name) {
  if (c.step === 'done')
    return h('section#close-panel.panel', [
      h('h2', t('close.title')),
      h('p#close-done', { attrs: { role: 'status' } }, t('close.done')),
      h('p', [h('a', { attrs: { href: '/' } }, 'Mancala')]),
    ]);
  const confirming = c.step === 'confirm';
  return h('section#close-panel.panel', [
    h('h2', t('close.title')),
    h('p.muted.small', t('close.note')),
    h(
      'button#close-start.danger',
      { attrs: { type: 'button', hidden: confirming }, on: { click: () => c.ask() } },
      t('close.start'),
    ),
    form('form#close-form.grid.narrow', { hidden: !confirming }, () => c.submit(), [
      h('p', t('close.confirm', { name })),
      h('label', [
        `${t('auth.password')} `,
        field(
          'input#close-password',
          { type: 'password', required: true, autocomplete: 'current-password' },
          c.password,
          (v) => (c.password = v),
        ),
      ]),
      h('button.danger', { attrs: { type: 'submit' } }, t('close.submit')),
      h('button#close-cancel', { attrs: { type: 'button' }, on: { click: () => c.cancel() } }, t('close.cancel')),
      h('p#close-error.error', { attrs: { role: 'alert' } }, c.error),
    ]),
  ]);
}
