// @ts-check
// The account page's email and closing panels, their state and actions: the address (set, changed or
// removed with the password; a new one waits for the link mailed to it), and closing the account for
// good behind a second step that asks for the password.

import { mailApi as api } from '../net/mailapi.js';
import { language, t } from '../i18n.js';
import { signout } from '../session.js';
import { errorText } from '../ui.js';

export class EmailPart {
  /** @param {() => void} redraw */
  constructor(redraw) {
    this.redraw = redraw;
    /** @type {{address: string | null, pending: string | null, mail: boolean} | null} null until answered */
    this.state = null;
    this.address = '';
    this.password = '';
    this.said = '';
    this.failed = false;
  }

  load() {
    api
      .emailState()
      .then((state) => {
        this.state = state;
      })
      .catch((err) => {
        this.failed = true;
        this.said = errorText(err);
      })
      .finally(() => this.redraw());
  }

  /** @param {string | null} email the new address, null to remove it */
  async send(email) {
    this.failed = false;
    this.said = '';
    try {
      this.state = await api.setEmail(email, this.password, language());
      this.password = '';
      this.address = '';
      this.said = email ? t('email.sent', { address: email.trim() }) : t('email.removed');
    } catch (err) {
      this.failed = true;
      this.said = errorText(err, 'email');
    }
    this.redraw();
  }
}

export class ClosePart {
  /**
   * @param {{name: string | null | undefined, focusNext: string}} page the account page's controller
   * @param {() => void} redraw
   */
  constructor(page, redraw) {
    this.page = page;
    this.redraw = redraw;
    /** @type {'start' | 'confirm' | 'done'} */
    this.step = 'start';
    this.password = '';
    this.error = '';
  }

  ask() {
    this.step = 'confirm';
    this.page.focusNext = '#close-password';
    this.redraw();
  }

  cancel() {
    this.step = 'start';
    this.password = '';
    this.error = '';
    this.redraw();
  }

  async submit() {
    this.error = '';
    try {
      await api.closeAccount(this.password);
      // The server cleared the cookie; this clears the header's name.
      await signout();
      this.step = 'done';
    } catch (err) {
      this.error = errorText(err, 'close');
    }
    this.redraw();
  }
}
