// @ts-check
// The rules page's controller (`/rules/{variant}`): the page as the server answers it (the rules in
// sections, their diagrams, the sources' notes) or why it is missing, and for every diagram its board
// and, when it plays a sowing, the controls of that sowing. Both are widgets of board/ (diagram.js,
// demo.js), made here once the answer is in and hosted by the view.

import { api } from '../net/api.js';
import { Demo } from '../board/demo.js';
import { Diagram } from '../board/diagram.js';
import { language, t } from '../i18n.js';
import { errorText, VARIANTS } from '../ui.js';

/** @typedef {{diagram: Diagram, demo: Demo | null}} Figure */

export class RulesCtrl {
  /**
   * @param {string} variant the address's
   * @param {() => void} redraw
   */
  constructor(variant, redraw) {
    this.variant = variant;
    this.redraw = redraw;
    /** Whether the address names a game. */
    this.known = VARIANTS.includes(variant);
    /** @type {import('../net/learnwire.js').RulesView | null} the server's rules page, once answered */
    this.rules = null;
    this.error = '';
    /** @type {Map<import('../net/learnwire.js').DiagramView, Figure>} the widgets of each diagram of the answer */
    this.figures = new Map();
    this.gone = false;
  }

  start() {
    if (!this.known) return;
    api
      .rules(this.variant, language())
      .then((r) => {
        if (this.gone) return;
        for (const s of r.sections) for (const d of s.diagrams) this.figures.set(d, figure(d));
        this.rules = r;
        this.redraw();
      })
      .catch((e) => {
        if (this.gone) return;
        this.error = errorText(e, 'rules');
        this.redraw();
      });
  }

  stop() {
    this.gone = true;
    for (const f of this.figures.values()) {
      f.demo?.stop();
      f.diagram.anim.finish();
    }
  }
}

/**
 * A diagram's board (shown by the view once it is on the page), with the controls of its sowing when it
 * plays one.
 * @param {import('../net/learnwire.js').DiagramView} d
 * @returns {Figure}
 */
function figure(d) {
  const diagram = new Diagram({ label: d.caption });
  const demo = d.sowing ? new Demo(diagram, d, d.sowing, { label: t('rules.show_sowing') }) : null;
  return { diagram, demo };
}
