// @ts-check
// The account page's two-step sign-in panel, a pure function of its part of the controller
// (account/twostep.js): off, setting up a secret, the backup codes shown once, on.

import { t } from '../../i18n.js';
import { when } from '../../ui.js';
import { h } from '../../vendor/snabbdom.js';
import { field, form, valid } from './field.js';

/** @typedef {import('../twostep.js').TwoStepPart} TwoStepPart */

/** @param {TwoStepPart} s */
export function twoStepPanel(s) {
  return h('section#twostep-panel.panel', [
    h('h2', t('twostep.title')),
    h('div#twostep-body', body(s)),
    h('p#twostep-error.error', { attrs: { role: 'alert' } }, s.error),
  ]);
}

/** @param {TwoStepPart} s */
function body(s) {
  switch (s.mode) {
    case 'off':
      return [
        h('p#twostep-state.muted.small', t('twostep.off_note')),
        h('button#twostep-start', { attrs: { type: 'button' }, on: { click: () => s.start() } }, t('twostep.start')),
      ];
    case 'setup':
      return s.setup ? setupView(s, s.setup) : [];
    case 'codes':
      return codesView(s);
    case 'on':
      return s.status ? onView(s, s.status) : [];
    default:
      return [];
  }
}

/**
 * @param {TwoStepPart} s
 * @param {{secret: string, uri: string, qr_svg: string}} setup
 */
function setupView(s, setup) {
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`;
  return [
    h('p', t('twostep.scan')),
    h('img#twostep-qr', { attrs: { src: qr, width: 220, height: 220, alt: t('twostep.qr') } }),
    h('p', [
      `${t('twostep.key')} `,
      h('code#twostep-secret', { attrs: { 'data-uri': setup.uri } }, setup.secret.replace(/(.{4})(?=.)/g, '$1 ')),
    ]),
    form('form#twostep-enable-form.grid.narrow', {}, () => s.enable(), [
      h('label', [
        `${t('twostep.code')} `,
        field(
          'input#twostep-code',
          {
            required: true,
            inputmode: 'numeric',
            autocomplete: 'one-time-code',
            pattern: '[0-9 ]{6,7}',
            maxlength: 7,
          },
          s.code,
          (v) => (s.code = v),
        ),
      ]),
      h('button.primary', { attrs: { type: 'submit' } }, t('twostep.enable')),
      h('button.ghost', { attrs: { type: 'button' }, on: { click: () => s.load() } }, t('twostep.cancel')),
    ]),
  ];
}

/**
 * The backup codes, shown once.
 * @param {TwoStepPart} s
 */
function codesView(s) {
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(s.text())}`;
  return [
    h('h3', t('twostep.codes_title')),
    h('p', t('twostep.codes_note')),
    h(
      'ul#twostep-backup-codes.tokens',
      s.codes.map((c) => h('li', [h('code', c)])),
    ),
    h('p.row', [
      h('button#twostep-copy', { attrs: { type: 'button' }, on: { click: () => s.copy() } }, t('twostep.copy')),
      h('a#twostep-download', { attrs: { href: file, download: 'mancala-backup-codes.txt' } }, t('twostep.download')),
      h('button#twostep-done.primary', { attrs: { type: 'button' }, on: { click: () => s.load() } }, t('twostep.done')),
      h('span.muted.small', { attrs: { role: 'status' } }, s.copied),
    ]),
  ];
}

/**
 * @param {TwoStepPart} s
 * @param {import('../twostep.js').TwoStepStatus} status
 */
function onView(s, status) {
  /** @param {'backup-codes' | 'disable'} what */
  const act = (what) => (/** @type {Event} */ e) => valid(e) && s.act(what);
  return [
    h('p#twostep-state', t('twostep.on_note', { when: when(status.enabled_at) })),
    h('p.muted.small', t('twostep.left', { count: status.backup_codes_left })),
    form('form#twostep-confirm-form.grid.narrow', {}, () => {}, [
      h('label', [
        `${t('twostep.password')} `,
        field(
          'input#twostep-password',
          { type: 'password', required: true, autocomplete: 'current-password' },
          s.password,
          (v) => (s.password = v),
        ),
      ]),
      h('label', [
        `${t('twostep.code_or_backup')} `,
        field(
          'input#twostep-confirm-code',
          { required: true, autocomplete: 'one-time-code', maxlength: 12 },
          s.code,
          (v) => (s.code = v),
        ),
      ]),
      h('p.row', [
        h(
          'button#twostep-new-codes',
          { attrs: { type: 'button' }, on: { click: act('backup-codes') } },
          t('twostep.new_codes'),
        ),
        h(
          'button#twostep-disable.danger',
          { attrs: { type: 'button' }, on: { click: act('disable') } },
          t('twostep.disable'),
        ),
      ]),
    ]),
  ];
}
