// @ts-check
// A lesson's controller (`/learn/{game}/{lesson}`): the lesson as the server answers it, the step shown,
// the decisions of the learner's turn so far and the board played on, what the engine said of the last
// one (met, missed, illegal, continue), the hole whose two directions are asked, the preview of the hovered
// hole, and the steps met. The board (board/diagram.js) and a read step's sowing with its controls
// (board/demo.js) are widgets made here, told what to show by the actions, and hosted by the view. The
// sowing's and the preview's modules are loaded on demand: a lesson's first view needs neither.

import { api } from '../net/api.js';
import { Diagram } from '../board/diagram.js';
import { decisions as byHole } from '../gamestate.js';
import { language, loadBook, t } from '../i18n.js';
import { keepSeat, prefs } from '../prefs.js';
import { markDone, stepsDone } from '../progress.js';
import { lazy } from '../redraw.js';
import { go } from '../router.js';
import { me } from '../session.js';
import { errorText } from '../ui.js';

/** @typedef {'read' | 'met' | 'missed' | null} Over how the step stands: read, met, missed, or playing */

/** A read step's sowing to watch, and its words: asked once a lesson that has one is drawn. */
const demos = lazy(() => Promise.all([import('../board/demo.js'), loadBook('demo')]).then(([m]) => m));
/** The hovered hole's preview: asked at the first hover (a touch screen never hovers). */
const previews = lazy(() => import('../board/preview.js'));

export class LessonCtrl {
  /**
   * @param {string} id `{game}/{lesson}`
   * @param {() => void} redraw
   */
  constructor(id, redraw) {
    this.id = id;
    this.redraw = redraw;
    /** @type {import('../net/learnwire.js').LessonView | null} the server's lesson, once answered */
    this.lesson = null;
    /** The title said before the lesson is in (loading, or why it is missing). */
    this.title = t('common.loading');
    this.at = 0;
    /** @type {string[]} the decisions of the learner's turn so far */
    this.made = [];
    /** @type {import('../net/wire.js').WireBoard | null} the board the learner plays on now (the step's, or a `continue` verdict's) */
    this.board = null;
    /** A check is asked or its sowing shown: nothing is playable. */
    this.busy = false;
    /** @type {Over} */
    this.over = null;
    /** @type {{status: string, text: string} | null} what the engine said of the last decision, when shown */
    this.verdict = null;
    /** @type {string | null} the hole whose two directions the learner is asked to choose between */
    this.asking = null;
    /** Where the hovered hole's sowing would end. */
    this.preview = '';
    this.error = '';
    /** @type {Set<string>} the steps met */
    this.done = new Set();
    /** @type {Map<string, import('../net/learnwire.js').Preview>} the previews asked, by step and decision */
    this.previews = new Map();
    /** @type {string | null} */
    this.hovered = null;
    /** @type {import('../board/demo.js').Demo | null} a read step's sowing to watch, with its controls */
    this.demo = null;
    /** A selector the page focuses after the next redraw. */
    this.focusNext = '';
    this.gone = false;
    this.diagram = new Diagram({
      onHole: (name) => this.clickHole(name),
      onHover: (name) => this.hover(name),
      // A marked hole says why it is marked, to a screen reader as the legend says it to the eye.
      markWords: () => ({ goal: t('learn.mark.goal'), focus: t('learn.mark.focus'), danger: t('learn.mark.danger') }),
    });
  }

  start() {
    Promise.all([api.lesson(this.id, language()), stepsDone()])
      .then(([l, d]) => {
        if (this.gone) return;
        this.lesson = l;
        this.done = d;
        document.title = `${l.title} · ${t('learn.title')} · Mancala`;
        const first = l.steps.findIndex((s) => !this.done.has(s.id));
        this.showStep(first < 0 ? 0 : first);
        if (l.steps.some((s) => s.demo)) demos.now();
      })
      .catch((e) => {
        if (this.gone) return;
        this.title = e.status === 404 ? t('learn.no_lesson') : t('learn.title');
        this.error = e.status === 404 ? '' : errorText(e, 'learn');
        this.redraw();
      });
  }

  stop() {
    this.gone = true;
    this.demo?.stop();
    this.diagram.anim.finish();
  }

  /** @returns {import('../net/learnwire.js').StepView | undefined} */
  step() {
    return this.lesson?.steps[this.at];
  }

  /** @returns {string[]} */
  legal() {
    return this.board?.legal || [];
  }

  /** Whether the learner may play now (a step with a goal, no check under way). */
  playing() {
    return !!this.step()?.goal && !this.busy;
  }

  /**
   * Draws the step `i` from its start.
   * @param {number} i
   */
  showStep(i) {
    this.at = i;
    this.made = [];
    this.busy = false;
    const s = this.step();
    if (!s) return;
    this.board = s.board;
    this.demo?.stop();
    this.demo = null;
    this.verdict = null;
    this.preview = '';
    this.error = '';
    this.over = s.goal ? null : 'read';
    this.asking = null;
    // A step to read is met by reading it: by going on, or by reaching it when it ends the lesson.
    if (!s.goal && !s.next) this.markStep(s.id);
    // The page takes its layout for this step (a long row takes the whole width) before the board is
    // drawn in it, at the width it then has.
    this.redraw();
    this.diagram.show(s.board, s.marks);
    this.offer();
    this.watch(s);
  }

  /**
   * Hosts the sowing of the step `s` to watch, once board/demo.js is in (at once after the first).
   * @param {import('../net/learnwire.js').StepView} s
   */
  async watch(s) {
    const sowing = s.demo;
    if (!sowing) return;
    const mod = await demos.load();
    // Not loaded (the network went): the step reads without it. Or another step is shown by now.
    if (!mod || this.gone || this.step() !== s || this.demo) return;
    this.demo = new mod.Demo(this.diagram, s, sowing, {
      label: t('learn.watch'),
      onEnd: () => this.gone || this.markStep(s.id),
    });
    this.redraw();
  }

  /** Goes on to the next step (a step to read is met by going on). */
  next() {
    const s = this.step();
    if (s && !s.goal) this.markStep(s.id);
    this.showStep(this.at + 1);
  }

  /** The holes playable now, and no direction asked. */
  offer() {
    this.asking = null;
    this.diagram.set(this.playing() ? new Set(byHole(this.legal()).byHole.keys()) : new Set());
    this.redraw();
  }

  /** @param {string} name */
  clickHole(name) {
    if (!this.playing()) return;
    const options = byHole(this.legal()).byHole.get(name) || [];
    if (options.length > 1) {
      // Both directions are legal here: the learner says which.
      this.asking = name;
      this.focusNext = '.lesson .choices button';
      this.redraw();
      return;
    }
    // A hole the engine does not accept is sent too: its refusal gets the hint written for it.
    this.decide(options[0] || name);
  }

  /** @param {string} decision */
  async decide(decision) {
    const s = this.step();
    if (!s) return;
    this.busy = true;
    this.preview = '';
    this.error = '';
    this.offer();
    let v;
    try {
      v = await api.check(s.id, [...this.made, decision], language());
    } catch (e) {
      if (this.gone || this.step() !== s) return;
      this.busy = false;
      this.error = errorText(e, 'learn');
      this.offer();
      return;
    }
    if (this.gone || this.step() !== s) return;
    if (v.status !== 'illegal') {
      this.made = v.decisions;
      await this.diagram.sow(v.events || [], v.board);
      if (this.gone || this.step() !== s) return;
    }
    this.busy = false;
    const said = v.status === 'met' ? v.success?.text || t('learn.met') : v.hint?.text || '';
    this.verdict =
      v.status === 'continue'
        ? { status: v.status, text: t('learn.continue') }
        : said
          ? { status: v.status, text: said }
          : null;
    if (v.status === 'continue') this.board = v.board;
    else if (v.status !== 'illegal') {
      this.board = null;
      if (v.status === 'met') {
        this.markStep(s.id);
        this.focusNext = '.lesson .actions button.primary';
      }
      this.over = v.status === 'met' ? 'met' : 'missed';
    }
    this.offer();
  }

  /** @param {{variant: string, level: string}} invite */
  async invite(invite) {
    try {
      const granted = await api.create({
        variant: invite.variant,
        seat: 'south',
        name: me() ? undefined : prefs.name || undefined,
        opponent: `bot:${invite.level}`,
      });
      keepSeat(granted.game.id, granted.token, granted.seat);
      go(`/game/${granted.game.id}`);
    } catch (e) {
      this.error = errorText(e, 'create');
      this.redraw();
    }
  }

  /** @param {string} stepId */
  markStep(stepId) {
    this.done.add(stepId);
    markDone(stepId);
    this.redraw();
  }

  /**
   * Where the hovered hole's sowing would end: asked once per step and decision, at the turn's start
   * only (the position inside a turn is the engine's, not a text the page holds).
   * @param {string | null} name
   */
  async hover(name) {
    this.hovered = name;
    const s = this.step();
    if (!name || !s?.goal || this.busy || this.made.length) {
      this.preview = '';
      this.diagram.set(this.diagram.playable);
      this.redraw();
      return;
    }
    const mod = await previews.load();
    if (!mod || this.gone || this.hovered !== name || this.step() !== s) return;
    const { previewDecision, previewMarks, previewText } = mod;
    const decision = previewDecision(this.legal(), name);
    if (!decision) return;
    const key = `${s.id} ${decision}`;
    let p = this.previews.get(key);
    if (!p) {
      try {
        p = await api.preview({ variant: s.variant, options: s.options, position: s.position, decision });
      } catch {
        return;
      }
      this.previews.set(key, p);
    }
    // A preview that comes back once the hole is played (or another step shown) is of no use.
    if (this.gone || this.hovered !== name || this.step() !== s || this.busy || this.made.length) return;
    this.preview = previewText(p);
    this.diagram.set(this.diagram.playable, previewMarks(p));
    this.redraw();
  }
}
