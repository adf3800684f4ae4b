// @ts-check
// Sign in and sign up (`/signin`, `/signup`), the controller and its view: a name and a password (8 to
// 256 characters), then, when the account has two-step sign-in, a code of the authenticator app or a
// backup code, sent with the password step's ticket. Signed up, the page goes back where the person
// came from (`?next=`, a path of this app), else home; signed in, the page is loaded anew there: the
// session module reads who is signed in from its hint (`mancala.account` in localStorage, the key
// session.js keeps) and checks it with the server.

import { call } from '../net/api.js';
import { go } from '../router.js';
import { signup } from '../session.js';
import { t } from '../i18n.js';
import { errorText } from '../ui.js';
import { h } from '../vendor/snabbdom.js';
import { field, form } from './view/field.js';

/** What a name may be (the server's rule: 1 to 24 of these). */
const NAME = '[A-Za-z0-9_.\\-]{1,24}';

/** @param {HTMLElement} e */
const focus = (e) => e.focus();

export class SigninCtrl {
  /**
   * @param {boolean} up signing up (else in)
   * @param {string | null} next the `?next=` path
   * @param {() => void} redraw
   */
  constructor(up, next, redraw) {
    this.up = up;
    this.next = next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
    this.redraw = redraw;
    this.name = '';
    this.password = '';
    this.error = '';
    this.busy = false;
    /** @type {string | null} the second step's ticket, once the password is right and a code is asked */
    this.ticket = null;
    this.code = '';
    /** Whether the code asked is a backup code (else the app's). */
    this.backup = false;
    /** Whether the second step's 5 minutes are over (the error links to a new sign-in). */
    this.expired = false;
    /** A CSS selector of the element to focus after the next patch. */
    this.focusNext = '';
  }

  async submit() {
    this.error = '';
    if (this.up && !new RegExp(`^${NAME}$`).test(this.name)) {
      this.error = t('form.name_rule');
      this.redraw();
      return;
    }
    if (this.up && this.password.length < 8) {
      this.error = t('auth.password_rule');
      this.redraw();
      return;
    }
    this.busy = true;
    this.redraw();
    try {
      if (this.up) {
        await signup(this.name, this.password);
        go(this.next);
      } else {
        const answer = await call('POST', '/api/account/signin', { name: this.name, password: this.password });
        if (!answer.second_step) this.done(answer.name);
        else {
          this.ticket = answer.ticket;
          this.focusNext = '#twostep-signin-code';
        }
      }
    } catch (err) {
      this.error = errorText(err, this.up ? 'signup' : 'signin');
    }
    this.busy = false;
    this.redraw();
  }

  toggleBackup() {
    this.backup = !this.backup;
    this.code = '';
    this.focusNext = '#twostep-signin-code';
    this.redraw();
  }

  async submitCode() {
    this.error = '';
    this.expired = false;
    this.busy = true;
    this.redraw();
    try {
      const answer = await call('POST', '/api/account/signin/code', { ticket: this.ticket, code: this.code });
      this.done(answer.name);
    } catch (err) {
      this.error = errorText(err, 'twostep');
      this.expired = !!err && typeof err === 'object' && 'code' in err && err.code === 'second_step_expired';
    }
    this.busy = false;
    this.redraw();
  }

  /**
   * Signed in as `name`: the header's hint, then the page at `next`.
   * @param {string} name
   */
  done(name) {
    try {
      localStorage.setItem('mancala.account', JSON.stringify(name));
    } catch {
      /* private mode: the page asks the server */
    }
    location.assign(this.next);
  }
}

/** @param {SigninCtrl} ctrl */
export function view(ctrl) {
  return h('section.panel', ctrl.ticket ? codeStep(ctrl) : passwordStep(ctrl));
}

/** @param {SigninCtrl} ctrl */
function passwordStep(ctrl) {
  const up = ctrl.up;
  return [
    h('h1', t(up ? 'auth.signup' : 'auth.signin')),
    form('form#auth-form.grid.narrow', {}, () => ctrl.submit(), [
      h('label', [
        `${t('auth.name')} `,
        field(
          'input#auth-name',
          { name: 'name', required: true, maxlength: 24, pattern: NAME, autocomplete: 'username' },
          ctrl.name,
          (v) => (ctrl.name = v),
          { insert: (v) => focus(/** @type {HTMLElement} */ (v.elm)) },
        ),
      ]),
      h('label', [
        `${t('auth.password')} `,
        field(
          'input#auth-password',
          {
            name: 'password',
            type: 'password',
            required: true,
            minlength: up ? 8 : 1,
            maxlength: 256,
            autocomplete: up ? 'new-password' : 'current-password',
          },
          ctrl.password,
          (v) => (ctrl.password = v),
        ),
      ]),
      up ? h('p.muted.small', t('auth.rules')) : null,
      h('button.primary', { attrs: { type: 'submit', disabled: ctrl.busy } }, t(up ? 'auth.signup' : 'auth.signin')),
      h('p#auth-error.error', { attrs: { role: 'alert' } }, ctrl.error),
    ]),
    h('p.muted', [
      `${t(up ? 'auth.have_account' : 'auth.no_account')} `,
      h('a', { attrs: { href: up ? '/signin' : '/signup' } }, t(up ? 'auth.signin' : 'auth.signup')),
      up ? '' : ` ${t('auth.guest_note')}`,
    ]),
    // "Forgot your password?": the way to a reset link.
    up ? null : h('p.links', [h('a#forgot-link', { attrs: { href: '/forgot' } }, t('forgot.link'))]),
  ];
}

/** @param {SigninCtrl} ctrl */
function codeStep(ctrl) {
  const backup = ctrl.backup;
  return [
    h('h1', t('twostep.second_title')),
    h('p#twostep-note', t(backup ? 'twostep.backup_note' : 'twostep.second_note')),
    form('form#twostep-signin-form.grid.narrow', {}, () => ctrl.submitCode(), [
      h('label', [
        h('span', t(backup ? 'twostep.backup' : 'twostep.code')),
        ' ',
        field(
          'input#twostep-signin-code',
          {
            name: 'code',
            required: true,
            inputmode: backup ? 'text' : 'numeric',
            autocomplete: 'one-time-code',
            maxlength: 12,
          },
          ctrl.code,
          (v) => (ctrl.code = v),
        ),
      ]),
      h('button.primary', { attrs: { type: 'submit', disabled: ctrl.busy } }, t('twostep.verify')),
      h(
        'button#twostep-use-backup.ghost.small',
        { attrs: { type: 'button' }, on: { click: () => ctrl.toggleBackup() } },
        t(backup ? 'twostep.use_app' : 'twostep.use_backup'),
      ),
      h('p#twostep-signin-error.error', { attrs: { role: 'alert' } }, [
        ctrl.error,
        ...(ctrl.expired
          ? [' ', h('a', { attrs: { href: `/signin?next=${encodeURIComponent(ctrl.next)}` } }, t('twostep.restart'))]
          : []),
      ]),
    ]),
  ];
}
