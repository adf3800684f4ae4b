// @ts-check
// The account page's two-step sign-in, its state and actions: off, a button sets up a secret (its QR code
// and the key as text) and a first code of the app turns it on; the ten backup codes are then shown once,
// to copy or download. On, the password and a code (or a backup code) turn it off or give new backup codes.

import { call } from '../net/api.js';
import { t } from '../i18n.js';
import { errorText } from '../ui.js';

/**
 * @typedef {object} TwoStepStatus
 * @property {boolean} enabled
 * @property {number} [enabled_at]
 * @property {number} backup_codes_left
 */

export class TwoStepPart {
  /** @param {() => void} redraw */
  constructor(redraw) {
    this.redraw = redraw;
    /**
     * What the panel shows: nothing yet, off, on, the setup of a secret, the backup codes.
     * @type {'loading' | 'off' | 'on' | 'setup' | 'codes'}
     */
    this.mode = 'loading';
    /** @type {TwoStepStatus | null} */
    this.status = null;
    /** @type {{secret: string, uri: string, qr_svg: string} | null} */
    this.setup = null;
    /** @type {string[]} the backup codes, shown once */
    this.codes = [];
    this.copied = '';
    /** The code typed (of the app when turning it on; of the app or a backup one when it is on). */
    this.code = '';
    this.password = '';
    this.error = '';
  }

  /** @param {'off' | 'on' | 'setup' | 'codes'} mode */
  show(mode) {
    this.mode = mode;
    this.code = '';
    this.password = '';
    this.copied = '';
    this.redraw();
  }

  /** @param {unknown} err */
  fail(err) {
    this.error = errorText(err, 'twostep');
    this.redraw();
  }

  async load() {
    this.error = '';
    try {
      this.status = await call('GET', '/api/account/twostep');
      this.show(this.status?.enabled ? 'on' : 'off');
    } catch (err) {
      this.fail(err);
    }
  }

  async start() {
    this.error = '';
    try {
      this.setup = await call('POST', '/api/account/twostep/setup');
      this.show('setup');
    } catch (err) {
      this.fail(err);
    }
  }

  async enable() {
    try {
      const answer = await call('POST', '/api/account/twostep/enable', { code: this.code });
      this.codes = answer.backup_codes;
      this.show('codes');
    } catch (err) {
      this.fail(err);
    }
  }

  /** @param {'backup-codes' | 'disable'} what */
  async act(what) {
    try {
      const answer = await call('POST', `/api/account/twostep/${what}`, { password: this.password, code: this.code });
      if (answer && answer.backup_codes) {
        this.codes = answer.backup_codes;
        this.show('codes');
      } else this.load();
    } catch (err) {
      this.fail(err);
    }
  }

  async copy() {
    try {
      await navigator.clipboard.writeText(this.text());
      this.copied = t('twostep.copied');
    } catch {
      this.copied = '';
    }
    this.redraw();
  }

  /** The backup codes as a file's text. */
  text() {
    return `${this.codes.join('\n')}\n`;
  }
}
