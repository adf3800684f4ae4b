// @ts-check
// The moderators' page's controller (`/mod`): the queue of open reports, a player looked up by name, the
// moderation log and its filters, and each action box's reason and what it last said (a box per report,
// one for the player looked up). Every field typed is held here, so a redraw keeps it; mod/view.js draws
// it. The server answers 403 to anyone but a moderator, on the page's every call.

import { call } from '../net/api.js';
import { t } from '../i18n.js';

/** @param {string} s */
const enc = (s) => encodeURIComponent(s);

/** @param {unknown} e */
const said = (e) => (e instanceof Error ? e.message : String(e));

/** @typedef {'moderator' | 'player' | 'action'} LogFilter */
/** @typedef {import('../net/modwire.js').ModReport} ModReport */
/** @typedef {import('../net/modwire.js').ModPlayer} ModPlayer */
/** @typedef {import('../net/modwire.js').ModLogLine} ModLogLine */

export class ModCtrl {
  /** @param {() => void} redraw */
  constructor(redraw) {
    this.redraw = redraw;
    /** @type {ModReport[] | null} the open reports, oldest first (null: not answered yet) */
    this.reports = null;
    this.queueError = '';
    /** The name typed in the lookup. */
    this.lookup = '';
    /** @type {ModPlayer | null} the player looked up, as the server answers */
    this.player = null;
    this.playerError = '';
    /** @type {Record<LogFilter, string>} */
    this.filters = { moderator: '', player: '', action: '' };
    /** @type {ModLogLine[] | null} */
    this.log = null;
    this.logError = '';
    /** @type {Map<string, {reason: string, status: string}>} each action box's state, by its key */
    this.boxes = new Map();
    /** A CSS selector of the element to focus after the next patch. */
    this.focusNext = '';
  }

  /** The queue, then the log. */
  async load() {
    try {
      const q = await call('GET', '/api/mod/reports');
      this.reports = q.reports;
      this.queueError = '';
    } catch (e) {
      const forbidden = e && typeof e === 'object' && 'status' in e && e.status === 403;
      this.reports = null;
      this.queueError = forbidden ? t('mod.forbidden') : String(e);
    }
    this.redraw();
    this.showLog();
  }

  async showLog() {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(this.filters)) if (v.trim()) params.set(k, v.trim());
    try {
      this.log = await call('GET', `/api/mod/log${params.toString() ? `?${params}` : ''}`);
      this.logError = '';
    } catch (e) {
      this.log = null;
      this.logError = said(e);
    }
    this.redraw();
  }

  async showPlayer() {
    const name = this.lookup.trim();
    if (!name) return;
    try {
      this.player = await call('GET', `/api/mod/players/${enc(name)}`);
      this.playerError = '';
    } catch (e) {
      this.player = null;
      this.playerError = said(e);
    }
    this.redraw();
  }

  /**
   * An action box's state, made on first use.
   * @param {string} key
   */
  box(key) {
    let b = this.boxes.get(key);
    if (!b) {
      b = { reason: '', status: '' };
      this.boxes.set(key, b);
    }
    return b;
  }

  /**
   * An action on `player` (for its `report`, if any), with the box's reason.
   * @param {string} key the box's key
   * @param {string} player
   * @param {string | null} report
   * @param {string} action
   * @param {number} [minutes]
   */
  async act(key, player, report, action, minutes) {
    const b = this.box(key);
    if (!b.reason.trim()) {
      b.status = t('mod.need_reason');
      this.focusNext = `[data-box="${key}"] .mod-reason`;
      this.redraw();
      return;
    }
    try {
      if (action === 'dismiss' && report) {
        await call('POST', `/api/mod/reports/${enc(report)}/dismiss`, { reason: b.reason });
      } else {
        const body = { action, reason: b.reason };
        if (minutes) Object.assign(body, { minutes });
        if (report) Object.assign(body, { report });
        await call('POST', `/api/mod/players/${enc(player)}/actions`, body);
      }
      b.status = t('mod.done');
      b.reason = '';
      this.redraw();
      if (report) this.load();
      else {
        this.showPlayer();
        this.showLog();
      }
    } catch (e) {
      b.status = said(e);
      this.redraw();
    }
  }
}
