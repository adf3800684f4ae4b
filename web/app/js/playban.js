// @ts-check
// The ban for leaving games on the home page's lobby (docs/moderation.md, "Penalties for leaving
// games"): what `GET /api/lobby/playban` says, shown as a notice with why (the games left, by kind) and a
// live countdown to the moment pairing opens again; it hides itself at zero. The lobby asks it to look
// again when a pairing is refused with `playban`. Its words are the book `playban`.

import { call } from './net/api.js';
import { loadBook, t } from './i18n.js';
import { el } from './ui.js';
import { peopleStyle } from './linemenu.js';

peopleStyle();

/**
 * @typedef {object} Playban
 * @property {boolean} banned
 * @property {number} secondsLeft
 * @property {{outcome: string, count: number}[]} outcomes
 */

/**
 * The server's answer, checked: anything unreadable is "not banned" (the server refuses anyway).
 * @param {any} json
 * @returns {Playban}
 */
export function decodePlayban(json) {
  const banned = json?.banned === true && Number.isFinite(json?.seconds_left);
  const outcomes = Array.isArray(json?.outcomes)
    ? json.outcomes
        .filter((/** @type {any} */ o) => typeof o?.outcome === 'string' && Number.isFinite(o?.count))
        .map((/** @type {any} */ o) => ({ outcome: o.outcome, count: o.count }))
    : [];
  return { banned, secondsLeft: banned ? Math.max(0, Math.ceil(json.seconds_left)) : 0, outcomes };
}

/**
 * `m:ss`, or `h:mm:ss` from an hour.
 * @param {number} secs
 */
export function countdownText(secs) {
  const s = Math.max(0, Math.ceil(secs));
  const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  const rest = `${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  return hours ? `${hours}:${rest}` : `${Math.floor(s / 60)}:${two(s % 60)}`;
}

/** The notice; `refresh(guestName)` asks the server, `stop()` ends the countdown. */
export function playbanNotice() {
  const why = el('p', { id: 'playban-why' });
  const left = el('strong', { id: 'playban-left', 'aria-live': 'off' });
  const box = el(
    'div',
    { class: 'playban', id: 'playban', role: 'status', hidden: true },
    el('p', { class: 'playban-title' }, ''),
    why,
    el('p', {}, el('span', { id: 'playban-left-label' }, ''), ' ', left),
  );
  /** @type {ReturnType<typeof setInterval> | null} */
  let timer = null;
  let endsAt = 0;

  function tick() {
    const secs = Math.ceil((endsAt - Date.now()) / 1000);
    if (secs <= 0) {
      box.hidden = true;
      stop();
      return;
    }
    left.textContent = countdownText(secs);
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
  }

  /** @param {Playban} p */
  function show(p) {
    stop();
    box.hidden = !p.banned;
    if (!p.banned) return;
    /** @type {HTMLElement} */ (box.querySelector('.playban-title')).textContent = t('playban.title');
    /** @type {HTMLElement} */ (box.querySelector('#playban-left-label')).textContent = t('playban.left');
    const kinds = p.outcomes.map((o) => t(`playban.outcome.${o.outcome}`, { count: o.count }));
    why.textContent = t('playban.why', { games: kinds.join(', ') });
    endsAt = Date.now() + p.secondsLeft * 1000;
    tick();
    timer = setInterval(tick, 1000);
  }

  return {
    el: box,
    /** @param {string | null} guestName */
    async refresh(guestName) {
      try {
        const [json] = await Promise.all([
          call('GET', `/api/lobby/playban${guestName ? `?name=${encodeURIComponent(guestName)}` : ''}`),
          loadBook('playban'),
        ]);
        show(decodePlayban(json));
      } catch {
        // Not knowing is not being banned: a pairing the server refuses says so.
      }
    },
    stop,
  };
}
