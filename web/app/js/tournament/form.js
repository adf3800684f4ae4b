// @ts-check
// The form of a new tournament (on `/tournaments`, for a signed-in person): what is typed and ticked
// (arena or Swiss, one game or a medley arena, the clock, the start, its length, rated, bots, berserk, a
// password), the checks the page makes before asking the server (a game at least; a Swiss plays one),
// and the creation, which goes to the new tournament's page. view/form.js draws it.

import { t } from '../i18n.js';
import { go } from '../router.js';
import { tournamentApi } from '../net/tournamentwire.js';
import { refusal } from './words.js';

/** @typedef {import('./words.js').Refusal} Refusal */

/** A tournament's real-time clocks, `base+increment` seconds. */
export const TOURNAMENT_CLOCKS = ['60+0', '120+1', '180+2', '300+3', '600+5', '900+10', '1800+20'];

export class TournamentForm {
  /**
   * @param {string} owner who is signed in (the default name is theirs)
   * @param {() => void} redraw
   */
  constructor(owner, redraw) {
    this.owner = owner;
    this.redraw = redraw;
    this.name = t('tour.default_name', { name: owner });
    /** @type {'arena' | 'swiss'} */
    this.kind = 'arena';
    /** @type {Set<string>} */
    this.variants = new Set(['kubuguza']);
    this.clock = '300+3';
    this.startsIn = '0';
    this.minutes = '30';
    this.rounds = '5';
    this.rated = true;
    this.bots = false;
    // Off unless the creator chooses it: a player should not give up half the clock without knowing why.
    this.berserk = false;
    this.password = '';
    /** @type {Refusal | null} */
    this.error = null;
    this.sending = false;
  }

  /**
   * A field typed or ticked; only a change that shows or hides something redraws.
   * @param {'name' | 'clock' | 'startsIn' | 'minutes' | 'rounds' | 'password'} field
   * @param {string} value
   */
  type(field, value) {
    this[field] = value;
  }

  /** @param {'arena' | 'swiss'} kind */
  setKind(kind) {
    this.kind = kind;
    this.redraw();
  }

  /** @param {string} variant @param {boolean} on */
  tickVariant(variant, on) {
    if (on) this.variants.add(variant);
    else this.variants.delete(variant);
  }

  /**
   * @param {'rated' | 'bots' | 'berserk'} option
   * @param {boolean} on
   */
  tick(option, on) {
    this[option] = on;
  }

  async submit() {
    if (this.sending) return;
    this.error = null;
    const chosen = [...this.variants];
    const kind = this.kind;
    if (!chosen.length) return this.refuse(t('tour.form.need_game'));
    if (kind === 'swiss' && chosen.length > 1) return this.refuse(t('tour.form.swiss_one'));
    const [baseSecs, incrementSecs] = this.clock.split('+').map(Number);
    this.sending = true;
    this.redraw();
    try {
      const v = await tournamentApi.create({
        name: this.name,
        kind,
        variants: chosen,
        clock: { baseSecs, incrementSecs },
        startsIn: Number(this.startsIn) || 0,
        length: Number(kind === 'swiss' ? this.rounds : this.minutes),
        rated: this.rated,
        bots: this.bots,
        berserk: kind === 'arena' && this.berserk,
        password: this.password,
      });
      go(`/tournament/${encodeURIComponent(v.id)}`);
    } catch (err) {
      this.error = refusal(err, 'tournament');
      this.sending = false;
      this.redraw();
    }
  }

  /** @param {string} text */
  refuse(text) {
    this.error = { text, said: '' };
    this.redraw();
  }
}
