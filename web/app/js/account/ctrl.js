// @ts-check
// The account page's controller (`/account`): who is signed in, and the state of each panel with the
// actions on it: the password change, the API tokens (the one just made, shown once), the players
// blocked; the email address and closing the account (email.js), two-step sign-in (twostep.js). Every
// field typed is held here, so a redraw keeps it. The views (account/view/*.js) are pure functions of it.

import { api } from '../net/api.js';
import { listBlocks, setBlocked } from '../blocks.js';
import { t } from '../i18n.js';
import { ready } from '../session.js';
import { errorText } from '../ui.js';
import { ClosePart, EmailPart } from './email.js';
import { TwoStepPart } from './twostep.js';

/** A line said under a form: its text, and whether it says what went wrong. */
export class Said {
  constructor() {
    this.text = '';
    this.error = false;
  }

  /** @param {string} text */
  ok(text) {
    this.text = text;
    this.error = false;
  }

  /** @param {string} text */
  fail(text) {
    this.text = text;
    this.error = true;
  }
}

export class AccountCtrl {
  /** @param {() => void} redraw */
  constructor(redraw) {
    this.redraw = redraw;
    /** @type {string | null | undefined} the account (null: signed out; undefined: not known yet) */
    this.name = undefined;
    this.password = { current: '', next: '', said: new Said() };
    /** @type {{list: {id: string, label: string, createdAt: number | null}[] | null, label: string, fresh: {label: string, token: string} | null, error: string}} */
    this.tokens = { list: null, label: '', fresh: null, error: '' };
    /** @type {{list: {name: string, createdAt: number}[] | null, error: string}} */
    this.blocks = { list: null, error: '' };
    this.email = new EmailPart(redraw);
    this.close = new ClosePart(this, redraw);
    this.twostep = new TwoStepPart(redraw);
    /** A CSS selector of the element to focus after the next patch. */
    this.focusNext = '';
    this.gone = false;
  }

  start() {
    ready().then((name) => {
      if (this.gone) return;
      this.name = name || null;
      this.redraw();
      if (!name) return;
      this.twostep.load();
      this.email.load();
      this.loadTokens();
      this.loadBlocks();
    });
  }

  stop() {
    this.gone = true;
  }

  async changePassword() {
    const p = this.password;
    p.said.ok('');
    if (p.next.length < 8) {
      p.said.fail(t('auth.password_rule'));
      this.redraw();
      return;
    }
    try {
      await api.changePassword(p.current, p.next);
      p.said.ok(t('account.changed'));
      p.current = '';
      p.next = '';
    } catch (err) {
      p.said.fail(errorText(err, 'password'));
    }
    this.redraw();
  }

  async loadTokens() {
    try {
      this.tokens.list = await api.tokens();
    } catch (err) {
      this.tokens.error = errorText(err);
    }
    this.redraw();
  }

  async createToken() {
    const tk = this.tokens;
    tk.error = '';
    try {
      const made = await api.createToken(tk.label);
      tk.label = '';
      tk.fresh = { label: made.label, token: made.token || '' };
      await this.loadTokens();
    } catch (err) {
      tk.error = errorText(err, 'token');
      this.redraw();
    }
  }

  /** @param {string} id */
  async revokeToken(id) {
    const tk = this.tokens;
    tk.error = '';
    try {
      await api.revokeToken(id);
      tk.fresh = null;
      await this.loadTokens();
    } catch (err) {
      tk.error = errorText(err, 'token');
      this.redraw();
    }
  }

  async loadBlocks() {
    try {
      this.blocks.list = await listBlocks();
    } catch (err) {
      this.blocks.error = errorText(err);
    }
    this.redraw();
  }

  /** @param {string} name */
  async unblock(name) {
    this.blocks.error = '';
    try {
      await setBlocked(name, false);
      await this.loadBlocks();
    } catch (err) {
      this.blocks.error = t('blocks.error', { reason: errorText(err) });
      this.redraw();
    }
  }
}
