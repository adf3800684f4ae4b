// @ts-check
// The "Report" dialog: a player reported from their profile, from a game (the opponent) or from a chat
// line (the line's number goes with it, so the moderator reads the words). Drawn as a modal <dialog> of
// its own, so any page (snabbdom or plain DOM) can open it. Once sent, the dialog says so and its only
// button is "Close"; the outcome is never told (docs/moderation.md).

import { call } from '../net/api.js';
import { loadBook, t } from '../i18n.js';
import { el, errorText } from '../ui.js';
import { moderationStyle } from './style.js';

const REASONS = ['cheat', 'insult', 'leave', 'boost', 'name', 'other'];

/**
 * Opens the dialog to report `player`, about `game` and its chat line `line` (with its `text`) when given.
 * @param {{player: string, game?: string | null, line?: number | null, text?: string | null, reason?: string}} what
 */
export async function openReport(what) {
  await loadBook('moderation');
  moderationStyle();
  document.getElementById('report-dialog')?.remove();
  const status = el('p', { class: 'small', role: 'status', id: 'report-status' });
  const reason = /** @type {HTMLSelectElement} */ (
    el(
      'select',
      { name: 'reason', id: 'report-reason' },
      REASONS.map((r) => el('option', { value: r }, t(`report.reason.${r}`))),
    )
  );
  reason.value = what.reason || (what.line ? 'insult' : 'other');
  const text = /** @type {HTMLTextAreaElement} */ (
    el('textarea', { name: 'text', id: 'report-text', maxlength: 500, rows: 3, required: true })
  );
  const send = /** @type {HTMLButtonElement} */ (el('button', { type: 'submit', id: 'report-send' }, t('report.send')));
  const close = el(
    'button',
    { type: 'button', class: 'ghost', id: 'report-close', onclick: () => dialog.close() },
    t('report.cancel'),
  );
  const dialog = /** @type {HTMLDialogElement} */ (
    el(
      'dialog',
      { id: 'report-dialog', class: 'report-dialog', 'aria-labelledby': 'report-title' },
      el(
        'form',
        {
          method: 'dialog',
          onsubmit: async (/** @type {SubmitEvent} */ e) => {
            e.preventDefault();
            send.disabled = true;
            try {
              const body = { player: what.player, reason: reason.value, text: text.value };
              if (what.game) Object.assign(body, { game: what.game });
              if (what.line) Object.assign(body, { line: what.line });
              await call('POST', '/api/reports', body);
              status.textContent = t('report.sent');
              send.hidden = true;
              reason.disabled = text.disabled = true;
              close.textContent = t('report.close');
              close.focus();
            } catch (err) {
              status.textContent = t('report.error', { reason: errorText(err) });
              send.disabled = false;
            }
          },
        },
        el('h2', { id: 'report-title' }, t('report.title', { name: what.player })),
        what.text ? el('p', { class: 'muted small' }, t('report.quoted', { text: what.text })) : null,
        el('label', {}, t('report.reason'), ' ', reason),
        el('label', { class: 'block' }, t('report.text'), el('br'), text),
        el('p', {}, send, ' ', close),
        status,
      ),
    )
  );
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  text.focus();
}
