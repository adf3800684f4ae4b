// @ts-check
// The controller of the tournaments' list (`/tournaments`), as the game page's: the running, upcoming and
// finished tournaments (asked again every 10 s: the lists have no socket), the refusal shown, and for a
// signed-in person the form of a new one (form.js); the countdowns are redrawn every second.
// view/list.js draws it.

import { me, onChange, ready } from '../session.js';
import { tournamentApi } from '../net/tournamentwire.js';
import { errorText } from '../ui.js';
import { TournamentForm } from './form.js';

/** @typedef {import('../net/tournamentwire.js').TournamentSummary} TournamentSummary */

/** How often the lists are asked for again. */
const REFRESH_MS = 10000;

export class TournamentListCtrl {
  /** @param {() => void} redraw */
  constructor(redraw) {
    this.redraw = redraw;
    /** @type {{upcoming: TournamentSummary[], running: TournamentSummary[], finished: TournamentSummary[]} | null} */
    this.lists = null;
    this.error = '';
    /** @type {TournamentForm | null} the form, made once someone is signed in */
    this.form = null;
    this.stopped = false;
    /** @type {ReturnType<typeof setInterval>[]} */
    this.timers = [];
    /** @type {(() => void) | undefined} */
    this.unsubscribe = undefined;
  }

  /** The form for whoever is signed in now (a new one for another person, none for a guest). */
  syncForm() {
    const name = me();
    if (!name) this.form = null;
    else if (!this.form || this.form.owner !== name) this.form = new TournamentForm(name, () => this.redraw());
  }

  async load() {
    try {
      const lists = await tournamentApi.list();
      if (this.stopped) return;
      this.lists = lists;
      this.error = '';
    } catch (e) {
      if (this.stopped) return;
      this.error = errorText(e);
    }
    this.redraw();
  }

  start() {
    this.syncForm();
    ready().then(() => {
      if (this.stopped) return;
      this.syncForm();
      this.redraw();
    });
    this.unsubscribe = onChange(() => {
      this.syncForm();
      this.redraw();
    });
    this.load();
    this.timers.push(
      setInterval(() => this.load(), REFRESH_MS),
      setInterval(() => this.redraw(), 1000),
    );
  }

  stop() {
    this.stopped = true;
    for (const id of this.timers) clearInterval(id);
    this.unsubscribe?.();
  }
}
