// @ts-check
// The ban for leaving games on the home page's lobby (docs/moderation.md, "Penalties for leaving
// games"): what `GET /api/lobby/playban` says, shown as a notice with why (the games left, by kind) and a
// live countdown to the moment pairing opens again; it hides itself at zero. The lobby asks it to look
// again when a pairing is refused with `playban`. Its words are the book `playban`. A controller the home
// page holds (its redraw is the page's: the countdown redraws the page once a second while banned) and a
// pure view the lobby's view puts in place.

import { call } from './net/api.js';
import { playban } from './net/sitewire.js';
import { loadBook, t } from './i18n.js';
import { h } from './vendor/snabbdom.js';
import { peopleStyle } from './linemenu.js';

peopleStyle();

/** @typedef {import('./net/sitewire.js').Playban} Playban */

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

export class PlaybanCtrl {
  /** @param {() => void} redraw the page's */
  constructor(redraw) {
    this.redraw = redraw;
    /** @type {Playban | null} the ban shown, while it runs */
    this.ban = null;
    /** When pairing opens again (ms since the epoch). */
    this.endsAt = 0;
    /** The countdown's words (`m:ss`). */
    this.left = '';
    /** @type {ReturnType<typeof setInterval> | null} */
    this.timer = null;
  }

  tick() {
    const secs = Math.ceil((this.endsAt - Date.now()) / 1000);
    if (secs <= 0) {
      this.ban = null;
      this.stop();
    } else this.left = countdownText(secs);
    this.redraw();
  }

  stop() {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** @param {Playban} p */
  show(p) {
    this.stop();
    this.ban = p.banned ? p : null;
    if (!p.banned) return this.redraw();
    this.endsAt = Date.now() + p.secondsLeft * 1000;
    this.tick();
    this.timer = setInterval(() => this.tick(), 1000);
  }

  /** Asks the server. @param {string | null} guestName */
  async refresh(guestName) {
    try {
      const [json] = await Promise.all([
        call('GET', `/api/lobby/playban${guestName ? `?name=${encodeURIComponent(guestName)}` : ''}`),
        loadBook('playban'),
      ]);
      this.show(playban(json));
    } catch {
      // Not knowing is not being banned: a pairing the server refuses says so.
    }
  }
}

/** @param {PlaybanCtrl} ctrl */
export function playbanView(ctrl) {
  const p = ctrl.ban;
  const kinds = p ? p.outcomes.map((o) => t(`playban.outcome.${o.outcome}`, { count: o.count })) : [];
  return h('div#playban.playban', { attrs: { role: 'status', hidden: !p } }, [
    h('p.playban-title', p ? t('playban.title') : ''),
    h('p#playban-why', p ? t('playban.why', { games: kinds.join(', ') }) : ''),
    h('p', [
      h('span#playban-left-label', p ? t('playban.left') : ''),
      ' ',
      h('strong#playban-left', { attrs: { 'aria-live': 'off' } }, p ? ctrl.left : ''),
    ]),
  ]);
}
