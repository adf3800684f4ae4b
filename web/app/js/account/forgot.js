// @ts-check
// The pages a mailed or printed link leads to, and the way to one, each a small controller and its view:
// "Forgot your password?" (`/forgot`: with mail configured, a form for the account's name or confirmed
// address; the server answers the same whoever is named; without mail, ask the site's operator, who
// makes a link with `mancala-server admin reset-password NAME`), the reset link's page (`/reset/{token}`:
// a new password, once; every session is then signed out) and the email confirmation link's page
// (`/email/{token}`: sends the link's secret at once and says which account the address now belongs to;
// signed in or not, the link itself is the proof).

import { api } from '../net/api.js';
import { mailApi } from '../net/mailapi.js';
import { language, t } from '../i18n.js';
import { errorText } from '../ui.js';
import { h } from '../vendor/snabbdom.js';
import { field, form } from './view/field.js';

/** @param {import('../vendor/snabbdom.js').VNode} v an input's vnode, focused once in the page */
const focus = (v) => queueMicrotask(() => /** @type {HTMLElement} */ (v.elm).focus());

export class ForgotCtrl {
  /** @param {() => void} redraw */
  constructor(redraw) {
    this.redraw = redraw;
    /** @type {boolean | null} whether the server sends mail (null: not known yet) */
    this.mail = null;
    this.failed = '';
    this.who = '';
    this.error = '';
    this.busy = false;
    this.sent = false;
  }

  start() {
    mailApi
      .site()
      .then((site) => {
        this.mail = site.mail;
      })
      .catch((err) => {
        this.failed = errorText(err);
      })
      .finally(() => this.redraw());
  }

  async submit() {
    this.error = '';
    this.busy = true;
    this.redraw();
    try {
      await mailApi.forgotPassword(this.who.trim(), language());
      this.sent = true;
    } catch (err) {
      this.error = errorText(err, 'forgot');
    }
    this.busy = false;
    this.redraw();
  }
}

/** @param {ForgotCtrl} ctrl */
export function forgotView(ctrl) {
  return h('section.panel', [
    h('h1', t('forgot.title')),
    ctrl.failed
      ? h('p.error', { attrs: { role: 'alert' } }, ctrl.failed)
      : ctrl.mail === false
        ? h('p#forgot-operator', { attrs: { role: 'status' } }, t('forgot.no_mail'))
        : ctrl.mail
          ? form(
              'form#forgot-form.grid.narrow',
              {},
              () => ctrl.submit(),
              ctrl.sent
                ? [
                    h('p#forgot-sent', { attrs: { role: 'status' } }, t('forgot.sent')),
                    h('p.links', [h('a', { attrs: { href: '/signin' } }, t('auth.signin'))]),
                  ]
                : [
                    h('p', t('forgot.intro')),
                    h('label', [
                      `${t('forgot.who')} `,
                      field(
                        'input#forgot-who',
                        { name: 'who', required: true, maxlength: 254, autocomplete: 'username' },
                        ctrl.who,
                        (v) => (ctrl.who = v),
                        { insert: focus },
                      ),
                    ]),
                    h('button.primary', { attrs: { type: 'submit', disabled: ctrl.busy } }, t('forgot.submit')),
                    h('p#forgot-error.error', { attrs: { role: 'alert' } }, ctrl.error),
                  ],
            )
          : null,
  ]);
}

export class ResetCtrl {
  /**
   * @param {string} token the link's secret
   * @param {() => void} redraw
   */
  constructor(token, redraw) {
    this.token = token;
    this.redraw = redraw;
    this.password = '';
    this.again = '';
    this.error = '';
    this.busy = false;
    this.done = false;
  }

  async submit() {
    this.error = '';
    if (this.password.length < 8) this.error = t('auth.password_rule');
    else if (this.password !== this.again) this.error = t('reset.mismatch');
    if (this.error) {
      this.redraw();
      return;
    }
    this.busy = true;
    this.redraw();
    try {
      await api.resetPassword(this.token, this.password);
      this.done = true;
    } catch (err) {
      this.error = errorText(err, 'reset');
    }
    this.busy = false;
    this.redraw();
  }
}

/** @param {ResetCtrl} ctrl */
export function resetView(ctrl) {
  if (ctrl.done)
    return h('section.panel', [
      h('h1', t('reset.title')),
      h('p#reset-done', { attrs: { role: 'status' } }, t('reset.done')),
      h('p', [h('a.button.primary', { attrs: { href: '/signin' } }, t('auth.signin'))]),
    ]);
  /** @param {string} id @param {string} value @param {(v: string) => void} set @param {import('../vendor/snabbdom.js').Hooks} [hook] */
  const password = (id, value, set, hook) =>
    field(
      `input#reset-${id}`,
      { name: id, type: 'password', required: true, minlength: 8, maxlength: 256, autocomplete: 'new-password' },
      value,
      set,
      hook,
    );
  return h('section.panel', [
    h('h1', t('reset.title')),
    h('p', t('reset.intro')),
    form('form#reset-form.grid.narrow', {}, () => ctrl.submit(), [
      h('label', [
        `${t('account.new')} `,
        password('password', ctrl.password, (v) => (ctrl.password = v), { insert: focus }),
      ]),
      h('label', [`${t('reset.again')} `, password('again', ctrl.again, (v) => (ctrl.again = v))]),
      h('p.muted.small', t('reset.rules')),
      h('button.primary', { attrs: { type: 'submit', disabled: ctrl.busy } }, t('reset.submit')),
      h('p#reset-error.error', { attrs: { role: 'alert' } }, ctrl.error),
    ]),
  ]);
}

export class ConfirmCtrl {
  /**
   * @param {string} token the link's secret
   * @param {() => void} redraw
   */
  constructor(token, redraw) {
    this.token = token;
    this.redraw = redraw;
    /** @type {{name: string, address: string} | null} */
    this.done = null;
    this.error = '';
  }

  start() {
    mailApi
      .confirmEmail(this.token)
      .then((done) => {
        this.done = done;
      })
      .catch((err) => {
        this.error = errorText(err, 'confirm');
      })
      .finally(() => this.redraw());
  }
}

/** @param {ConfirmCtrl} ctrl */
export function confirmView(ctrl) {
  const d = ctrl.done;
  return h('section.panel', [
    h('h1', t('confirm.title')),
    d
      ? h('p#confirm-done', { attrs: { role: 'status' } }, t('confirm.done', { address: d.address, name: d.name }))
      : ctrl.error
        ? h('p#confirm-error.error', { attrs: { role: 'status' } }, ctrl.error)
        : h('p#confirm-status', { attrs: { role: 'status' } }, t('confirm.working')),
    d ? h('p.links', [h('a', { attrs: { href: '/account' } }, t('account.title'))]) : null,
  ]);
}
