// @ts-check
// A player's page's controller (`/@/{name}`): the profile as the server answers it (ratings per variant,
// record, the computer-assistance mark), the variant whose rating chart is shown and that chart, and the
// games where the name holds a seat (a GamesPager). The Block button is a controller of its own
// (blockbutton.js) drawn with the page; the chart is an SVG element of chart.js, hosted by the view.

import { api } from '../net/api.js';
import { BlockCtrl } from '../blockbutton.js';
import { ratingChart } from '../chart.js';
import { t } from '../i18n.js';
import { me } from '../session.js';
import { errorText, variantName } from '../ui.js';
import { GamesPager } from './games.js';

export class PlayerCtrl {
  /**
   * @param {string} name the name of the address
   * @param {() => void} redraw
   */
  constructor(name, redraw) {
    this.name = name;
    this.redraw = redraw;
    /** @type {import('../types.js').PlayerProfile | null} the server's profile (profilewire.js), once answered */
    this.profile = null;
    /** Said in place of the record: a guest's name, or why the profile is missing. */
    this.missing = '';
    /** Whether the visitor may report this player (signed in, someone else). */
    this.canReport = false;
    /** @type {BlockCtrl | null} Block / Unblock, for a signed-in visitor on someone else's page */
    this.block = null;
    /** @type {string | null} the variant chosen (its row is marked; its chart is asked) */
    this.variant = null;
    /**
     * The chart shown, until the next one's history is in: its variant, the SVG (null: no rated game),
     * or why it is missing.
     * @type {{variant: string, svg: SVGElement | null, error: string} | null}
     */
    this.chart = null;
    this.games = new GamesPager({ player: name }, redraw, name);
    this.gone = false;
  }

  start() {
    api
      .player(this.name)
      .then((p) => {
        if (this.gone) return;
        this.profile = p;
        this.name = p.name; // the registered spelling
        document.title = `${p.name} · Mancala`;
        const self = me();
        this.canReport = !!self && self.toLowerCase() !== p.name.toLowerCase();
        this.block = BlockCtrl.maybe(p.name, this.redraw);
        const rows = this.ratings();
        if (rows.length) this.showChart(rows[0][0]);
        this.redraw();
      })
      .catch((e) => {
        if (this.gone) return;
        this.missing = e.status === 404 ? t('player.guest') : errorText(e, 'player');
        this.redraw();
      });
    this.games.load(undefined);
  }

  stop() {
    this.gone = true;
  }

  /** @returns {[string, {rating: number, deviation: number, games: number, provisional: boolean}][]} most played first */
  ratings() {
    if (!this.profile) return [];
    return Object.entries(this.profile.ratings).sort((a, b) => b[1].games - a[1].games);
  }

  /** @param {string} variant */
  async showChart(variant) {
    this.variant = variant;
    this.redraw();
    try {
      const points = await api.ratingHistory(this.name, variant);
      if (this.gone || this.variant !== variant) return;
      const game = variantName(variant);
      const label = t('player.chart_label', { name: this.name, game });
      this.chart = { variant, svg: points.length ? ratingChart(points, { label }) : null, error: '' };
    } catch (e) {
      if (this.gone || this.variant !== variant) return;
      this.chart = { variant, svg: null, error: errorText(e, 'player') };
    }
    this.redraw();
  }

  async report() {
    (await import('../moderation/report.js')).openReport({ player: this.name });
  }
}
