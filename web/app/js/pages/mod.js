// @ts-check
// The moderators' page (`/mod`; the server answers 403 to anyone else, and so does every `/api/mod/…`
// route): the open reports, oldest first, each with every reporter's words, the reported chat line among
// the lines around it, the player's record, recent games and fair-play figures; the actions, each with a reason; a player's
// standing and notes by name; and the moderation log with its filters (docs/moderation.md).

import { call } from '../net/api.js';
import { t } from '../i18n.js';
import { el, when } from '../ui.js';
import { moderationStyle } from '../moderation/style.js';

/** The catalog's books this page's words are in. */
export const books = ['moderation'];

const ACTIONS = [
  'dismiss',
  'warn',
  'chat_timeout',
  'shadow_mute',
  'unmute',
  'close',
  'reopen',
  'mark',
  'unmark',
  'note',
];

/** @param {string} s */
const enc = (s) => encodeURIComponent(s);

/**
 * The action buttons on `player` (and its `report`), with the reason field they share.
 * @param {string} player @param {string | null} report @param {() => void} done
 */
function actions(player, report, done) {
  const reason = /** @type {HTMLInputElement} */ (
    el('input', { class: 'mod-reason', maxlength: 500, placeholder: t('mod.reason'), 'aria-label': t('mod.reason') })
  );
  const status = el('span', { class: 'small', role: 'status' });
  /** @param {string} action @param {number} [minutes] */
  const act = async (action, minutes) => {
    if (!reason.value.trim()) {
      status.textContent = t('mod.need_reason');
      reason.focus();
      return;
    }
    try {
      if (action === 'dismiss' && report) {
        await call('POST', `/api/mod/reports/${enc(report)}/dismiss`, { reason: reason.value });
      } else {
        const body = { action, reason: reason.value };
        if (minutes) Object.assign(body, { minutes });
        if (report) Object.assign(body, { report });
        await call('POST', `/api/mod/players/${enc(player)}/actions`, body);
      }
      status.textContent = t('mod.done');
      done();
    } catch (e) {
      status.textContent = e instanceof Error ? e.message : String(e);
    }
  };
  /** @param {string} action @param {number} [minutes] */
  const button = (action, minutes) =>
    el(
      'button',
      {
        type: 'button',
        class: 'small',
        'data-action': action,
        'data-minutes': minutes,
        onclick: () => act(action, minutes),
      },
      t(`mod.act.${action}`, { minutes: minutes || 0 }),
    );
  const buttons = ACTIONS.filter((a) => report || a !== 'dismiss').flatMap((a) =>
    a === 'chat_timeout' ? [15, 60, 1440].map((m) => button(a, m)) : [button(a)],
  );
  return el('div', { class: 'mod-actions' }, reason, el('div', { class: 'row wrap' }, ...buttons), status);
}

/** @param {number | undefined} x a percentage */
const pct = (x) => (x == null ? '–' : `${x.toFixed(1)} %`);

/**
 * The player's fair-play figures: one line per rated game the server reviewed, newest first.
 * @param {any[]} rows
 */
function fairPlayView(rows) {
  const head = ['game', 'variant', 'decisions', 'agreement', 'accuracy', 'rating'];
  return el(
    'details',
    { open: rows.length > 0 },
    el('summary', {}, t('mod.fairplay')),
    rows.length === 0
      ? el('p', {}, t('mod.fairplay.none'))
      : el(
          'table',
          { class: 'small mod-fairplay' },
          el(
            'thead',
            {},
            el(
              'tr',
              {},
              head.map((k) => el('th', {}, t(`mod.fairplay.${k}`))),
            ),
          ),
          el(
            'tbody',
            {},
            rows.map((/** @type {any} */ f) =>
              el(
                'tr',
                {},
                el('td', {}, el('a', { href: `/game/${enc(f.game)}` }, f.game)),
                el('td', {}, f.variant),
                el('td', {}, String(f.decisions)),
                el('td', {}, pct(f.agreement)),
                el('td', {}, pct(f.accuracy)),
                el('td', {}, `${f.rating} ± ${f.deviation}`),
              ),
            ),
          ),
        ),
  );
}

/** @param {any} record */
function recordView(record) {
  return el(
    'div',
    { class: 'small' },
    el('p', {}, t('mod.record', record)),
    fairPlayView(record.fair_play || []),
    el(
      'details',
      {},
      el('summary', {}, t('mod.games')),
      el(
        'ul',
        {},
        (record.recent_games || []).map((/** @type {any} */ g) =>
          el(
            'li',
            {},
            el(
              'a',
              { href: `/game/${enc(g.id)}` },
              `${g.players.south?.name ?? '?'} – ${g.players.north?.name ?? '?'}`,
            ),
            ` ${g.status}${g.result ? ` (${g.result.reason})` : ''}`,
          ),
        ),
      ),
    ),
  );
}

/** @param {any} r a report of the queue @param {() => void} reload */
function reportView(r, reload) {
  return el(
    'article',
    { class: 'panel mod-report', 'data-report': r.id },
    el(
      'h3',
      {},
      el('a', { href: `/@/${enc(r.player)}` }, r.player),
      ' ',
      t('mod.reported', { reason: t(`report.reason.${r.reason}`) }),
      el('span', { class: 'muted small' }, ` · ${when(r.created_at)}`),
    ),
    ...r.entries.map((/** @type {any} */ e) =>
      el(
        'div',
        { class: 'mod-entry' },
        el('p', {}, el('b', {}, t('mod.by', { name: e.reporter })), ' ', e.text),
        e.game ? el('p', { class: 'small' }, el('a', { href: `/game/${enc(e.game)}` }, e.game)) : null,
        e.chat?.length
          ? el(
              'ol',
              { class: 'mod-chat small' },
              e.chat.map((/** @type {any} */ l) =>
                el(
                  'li',
                  { value: l.n, class: l.reported ? 'reported' : '' },
                  el('b', {}, `${l.by}: `),
                  l.text,
                  l.shadow ? el('i', { class: 'mod-shadow' }, ` (${t('mod.shadowLine')})`) : null,
                ),
              ),
            )
          : null,
      ),
    ),
    recordView(r.record),
    actions(r.player, r.id, reload),
  );
}

/**
 * @param {HTMLElement} main
 */
export function mount(main) {
  document.title = `${t('mod.title')} · Mancala`;
  moderationStyle();
  const queue = el('div', { id: 'mod-queue' });
  const playerBox = el('div', { id: 'mod-player' });
  const logBox = el('div', { id: 'mod-log' });
  const load = async () => {
    try {
      const q = await call('GET', '/api/mod/reports');
      queue.replaceChildren(
        ...(q.reports.length
          ? q.reports.map((/** @type {any} */ r) => reportView(r, load))
          : [el('p', { class: 'muted' }, t('mod.empty'))]),
      );
    } catch (e) {
      const forbidden = e && typeof e === 'object' && 'status' in e && e.status === 403;
      queue.replaceChildren(el('p', { class: 'error' }, forbidden ? t('mod.forbidden') : String(e)));
    }
    showLog();
  };
  const filters = Object.fromEntries(
    ['moderator', 'player', 'action'].map((f) => [
      f,
      /** @type {HTMLInputElement} */ (
        el('input', { name: f, placeholder: t(`mod.filter.${f}`), 'aria-label': t(`mod.filter.${f}`) })
      ),
    ]),
  );
  const showLog = async () => {
    const params = new URLSearchParams();
    for (const [k, input] of Object.entries(filters)) if (input.value.trim()) params.set(k, input.value.trim());
    try {
      const lines = await call('GET', `/api/mod/log${params.toString() ? `?${params}` : ''}`);
      logBox.replaceChildren(
        el(
          'table',
          { class: 'small' },
          el(
            'tbody',
            {},
            lines.map((/** @type {any} */ l) =>
              el(
                'tr',
                {},
                el('td', {}, when(l.at)),
                el('td', {}, l.moderator),
                el('td', {}, l.action),
                el('td', {}, l.target),
                el('td', {}, l.details),
              ),
            ),
          ),
        ),
      );
    } catch (e) {
      logBox.replaceChildren(el('p', { class: 'error' }, e instanceof Error ? e.message : String(e)));
    }
  };
  const lookup = /** @type {HTMLInputElement} */ (el('input', { name: 'player', 'aria-label': t('mod.player') }));
  const showPlayer = async () => {
    const name = lookup.value.trim();
    if (!name) return;
    try {
      const p = await call('GET', `/api/mod/players/${enc(name)}`);
      playerBox.replaceChildren(
        el(
          'h3',
          {},
          el('a', { href: `/@/${enc(p.name)}` }, p.name),
          p.closed_at ? ` · ${t('mod.closed')}` : '',
          p.engine_marked_at ? ` · ${t('mod.marked')}` : '',
        ),
        recordView(p.record),
        el(
          'div',
          { hidden: !p.notes.length },
          el('h4', {}, t('mod.notes')),
          el(
            'ul',
            {},
            p.notes.map((/** @type {any} */ n) => el('li', {}, `${n.author}: ${n.text}`)),
          ),
        ),
        actions(p.name, null, () => (showPlayer(), showLog())),
      );
    } catch (e) {
      playerBox.replaceChildren(el('p', { class: 'error' }, e instanceof Error ? e.message : String(e)));
    }
  };
  main.append(
    el('h1', {}, t('mod.title')),
    el('section', { class: 'panel' }, el('h2', {}, t('mod.queue')), queue),
    el(
      'section',
      { class: 'panel' },
      el('h2', {}, t('mod.player')),
      el(
        'form',
        { id: 'mod-lookup', onsubmit: (/** @type {Event} */ e) => (e.preventDefault(), showPlayer()) },
        lookup,
        ' ',
        el('button', { type: 'submit' }, t('mod.look')),
      ),
      playerBox,
    ),
    el(
      'section',
      { class: 'panel' },
      el('h2', {}, t('mod.log')),
      el(
        'form',
        { class: 'row wrap', onsubmit: (/** @type {Event} */ e) => (e.preventDefault(), showLog()) },
        ...Object.values(filters),
        el('button', { type: 'submit' }, t('mod.filter.go')),
      ),
      logBox,
    ),
  );
  load();
}
