// @ts-check
// The account page's two-step sign-in: off, a button sets up a secret (its QR code and the key as text)
// and a first code of the app turns it on; the ten backup codes are then shown once, to copy or download.
// On, the password and a code (or a backup code) turn it off or give new backup codes.

import { call } from '../net/api.js';
import { t } from '../i18n.js';
import { errorText, el, when } from '../ui.js';

/**
 * @typedef {object} TwoStepStatus
 * @property {boolean} enabled
 * @property {number} [enabled_at]
 * @property {number} backup_codes_left
 */

export function twoStepPanel() {
  const body = el('div', { id: 'twostep-body' });
  const msg = el('p', { class: 'error', role: 'alert', id: 'twostep-error' });
  /** @param {unknown} err */
  const fail = (err) => {
    msg.textContent = errorText(err, 'twostep');
  };
  const load = async () => {
    msg.textContent = '';
    try {
      /** @type {TwoStepStatus} */
      const status = await call('GET', '/api/account/twostep');
      body.replaceChildren(...(status.enabled ? onView(status, load, fail, show) : offView(start)));
    } catch (err) {
      fail(err);
    }
  };
  const start = async () => {
    msg.textContent = '';
    try {
      const setup = await call('POST', '/api/account/twostep/setup');
      body.replaceChildren(...setupView(setup, load, fail, show));
    } catch (err) {
      fail(err);
    }
  };
  /** @param {string[]} codes */
  const show = (codes) => body.replaceChildren(...codesView(codes, load));
  load();
  return el('section', { class: 'panel', id: 'twostep-panel' }, el('h2', {}, t('twostep.title')), body, msg);
}

/** @param {() => void} start */
function offView(start) {
  return [
    el('p', { class: 'muted small', id: 'twostep-state' }, t('twostep.off_note')),
    el('button', { type: 'button', id: 'twostep-start', onclick: start }, t('twostep.start')),
  ];
}

/**
 * @param {{secret: string, uri: string, qr_svg: string}} setup
 * @param {() => void} cancel
 * @param {(err: unknown) => void} fail
 * @param {(codes: string[]) => void} show
 */
function setupView(setup, cancel, fail, show) {
  const code = el('input', {
    id: 'twostep-code',
    required: true,
    inputmode: 'numeric',
    autocomplete: 'one-time-code',
    pattern: '[0-9 ]{6,7}',
    maxlength: 7,
  });
  const form = el(
    'form',
    { id: 'twostep-enable-form', class: 'grid narrow' },
    el('label', {}, `${t('twostep.code')} `, code),
    el('button', { type: 'submit', class: 'primary' }, t('twostep.enable')),
    el('button', { type: 'button', class: 'ghost', onclick: cancel }, t('twostep.cancel')),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      const answer = await call('POST', '/api/account/twostep/enable', { code: code.value });
      show(answer.backup_codes);
    } catch (err) {
      fail(err);
    }
  });
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`;
  return [
    el('p', {}, t('twostep.scan')),
    el('img', { id: 'twostep-qr', src: qr, width: 220, height: 220, alt: t('twostep.qr') }),
    el(
      'p',
      {},
      `${t('twostep.key')} `,
      el('code', { id: 'twostep-secret', 'data-uri': setup.uri }, setup.secret.replace(/(.{4})(?=.)/g, '$1 ')),
    ),
    form,
  ];
}

/**
 * The backup codes, shown once.
 * @param {string[]} codes
 * @param {() => void} done
 */
function codesView(codes, done) {
  const text = `${codes.join('\n')}\n`;
  const said = el('span', { class: 'muted small', role: 'status' });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      said.textContent = t('twostep.copied');
    } catch {
      said.textContent = '';
    }
  };
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return [
    el('h3', {}, t('twostep.codes_title')),
    el('p', {}, t('twostep.codes_note')),
    el('ul', { id: 'twostep-backup-codes', class: 'tokens' }, ...codes.map((c) => el('li', {}, el('code', {}, c)))),
    el(
      'p',
      { class: 'row' },
      el('button', { type: 'button', id: 'twostep-copy', onclick: copy }, t('twostep.copy')),
      el('a', { href: file, download: 'mancala-backup-codes.txt', id: 'twostep-download' }, t('twostep.download')),
      el('button', { type: 'button', class: 'primary', id: 'twostep-done', onclick: done }, t('twostep.done')),
      said,
    ),
  ];
}

/**
 * @param {TwoStepStatus} status
 * @param {() => void} reload
 * @param {(err: unknown) => void} fail
 * @param {(codes: string[]) => void} show
 */
function onView(status, reload, fail, show) {
  const password = el('input', {
    type: 'password',
    id: 'twostep-password',
    required: true,
    autocomplete: 'current-password',
  });
  const code = el('input', {
    id: 'twostep-confirm-code',
    required: true,
    autocomplete: 'one-time-code',
    maxlength: 12,
  });
  /** @param {string} path */
  const act = async (path) => {
    if (!form.reportValidity()) return;
    try {
      const answer = await call('POST', path, { password: password.value, code: code.value });
      if (answer && answer.backup_codes) show(answer.backup_codes);
      else reload();
    } catch (err) {
      fail(err);
    }
  };
  const form = el(
    'form',
    { id: 'twostep-confirm-form', class: 'grid narrow' },
    el('label', {}, `${t('twostep.password')} `, password),
    el('label', {}, `${t('twostep.code_or_backup')} `, code),
    el(
      'p',
      { class: 'row' },
      el(
        'button',
        { type: 'button', id: 'twostep-new-codes', onclick: () => act('/api/account/twostep/backup-codes') },
        t('twostep.new_codes'),
      ),
      el(
        'button',
        { type: 'button', class: 'danger', id: 'twostep-disable', onclick: () => act('/api/account/twostep/disable') },
        t('twostep.disable'),
      ),
    ),
  );
  form.addEventListener('submit', (e) => e.preventDefault());
  return [
    el('p', { id: 'twostep-state' }, t('twostep.on_note', { when: when(status.enabled_at) })),
    el('p', { class: 'muted small' }, t('twostep.left', { count: status.backup_codes_left })),
    form,
  ];
}
