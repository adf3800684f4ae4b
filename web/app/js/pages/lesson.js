// @ts-check
// A lesson (`/learn/{game}/{lesson}`), in lichess /learn's shape: the board with the step's marks, the
// text, the goal line; the learner clicks a hole (a direction, a store move or an array is offered from
// the board's `legal`, never worked out here) and the server's engine judges the turn: met, missed,
// illegal or continue. The page sows the returned steps, shows the hint for that move or the success,
// and offers the next step; the last step offers a game against the computer in one click. Resting the
// pointer on a playable hole (a long press on a phone) previews where its sowing ends.

import { api } from '../net/api.js';
import { Demo } from '../board/demo.js';
import { Diagram } from '../board/diagram.js';
import { decisions as byHole } from '../gamestate.js';
import { language, t } from '../i18n.js';
import { keepSeat, prefs } from '../prefs.js';
import { previewDecision, previewMarks, previewText } from '../board/preview.js';
import { markDone, stepsDone } from '../progress.js';
import { go } from '../router.js';
import { me } from '../session.js';
import { errorText, el, learnStyle, variantName } from '../ui.js';

/** The catalog's books this page's words are in. */
export const books = ['learn', 'demo'];

/**
 * @param {HTMLElement} main
 * @param {Record<string, string>} params
 */
export function mount(main, { game, lesson: lessonId }) {
  learnStyle();
  const id = `${game}/${lessonId}`;
  const title = el('h1', {}, t('common.loading'));
  const dots = el('ol', { class: 'steps-dots', 'aria-label': t('learn.steps') });
  const text = el('p', { class: 'step-text' });
  const goal = el('p', { class: 'goal', hidden: true });
  const verdict = el('div', { class: 'verdict', role: 'status', 'aria-live': 'polite', hidden: true });
  const preview = el('p', { class: 'preview-line muted small', id: 'preview', 'aria-live': 'polite' });
  const choices = el('div', { class: 'choices' });
  const actions = el('div', { class: 'actions' });
  const error = el('p', { class: 'error', role: 'alert' });
  const counter = el('p', { class: 'muted small steps-count' });
  /** @type {any} */
  let lesson = null;
  let at = 0;
  /** @type {string[]} the decisions of the learner's turn so far */
  let made = [];
  /** @type {any} the board the learner plays on now (the step's, or a `continue` verdict's) */
  let board = null;
  let busy = false;
  let gone = false;
  /** @type {Set<string>} */
  let done = new Set();
  /** @type {Map<string, any>} */
  const previews = new Map();
  let hovered = /** @type {string | null} */ (null);
  /** @type {Demo | null} a read step's sowing to watch, with its controls */
  let demo = null;

  const diagram = new Diagram({
    onHole: (name) => clickHole(name),
    onHover: (name) => hover(name),
  });
  const layout = el(
    'div',
    { class: 'lesson' },
    el('div', {}, diagram.box, diagram.caption),
    el('div', { class: 'text' }, counter, dots, text, goal, verdict, preview, choices, actions, error),
  );
  main.append(
    el(
      'section',
      { class: 'panel' },
      el('p', { class: 'small' }, el('a', { href: '/learn' }, t('learn.all_lessons'))),
      title,
      layout,
    ),
  );

  const step = () => lesson.steps[at];
  const legal = () => /** @type {string[]} */ (board?.legal || []);

  /** Draws the step `i` from its start. */
  const showStep = (/** @type {number} */ i) => {
    at = i;
    made = [];
    busy = false;
    const s = step();
    board = s.board;
    // Azigo's long rows take the page's whole width (on a phone, two tall columns): the step's text and
    // goal above the board, what the learner's move did and the buttons under it.
    layout.classList.toggle('wide', s.board.columns >= 20);
    diagram.show(s.board, s.marks);
    demo?.stop();
    demo = s.demo
      ? new Demo(diagram, s, s.demo, { label: t('learn.watch'), onEnd: () => gone || markStep(s.id) })
      : null;
    counter.textContent = t('learn.step_of', { n: s.number, of: s.of });
    dots.replaceChildren(
      ...lesson.steps.map((/** @type {any} */ x, /** @type {number} */ k) =>
        el('li', {
          class: `${done.has(x.id) ? 'done' : ''} ${k === i ? 'here' : ''}`,
          'aria-label': t(done.has(x.id) ? 'learn.step_done' : 'learn.step_todo', { n: k + 1 }),
          'aria-current': k === i ? 'step' : null,
        }),
      ),
    );
    text.textContent = s.text;
    goal.hidden = !s.goal;
    goal.textContent = s.goal ? s.goal.text : '';
    verdict.hidden = true;
    preview.textContent = '';
    error.textContent = '';
    offer();
    buttons(s.goal ? null : 'read');
  };

  /** The playable holes and the buttons for the decisions that are not holes. */
  const offer = () => {
    const s = step();
    if (!s.goal || busy) {
      diagram.set(new Set());
      choices.replaceChildren();
      return;
    }
    const { byHole: holes, others } = byHole(legal());
    diagram.set(new Set(holes.keys()));
    choices.replaceChildren(
      ...others.map((d) => el('button', { type: 'button', onclick: () => decide(d) }, t(`decision.${d}`))),
    );
  };

  /**
   * The buttons under the text: next (once read or met), try again, and the invitation on the last step.
   * @param {'read' | 'met' | 'missed' | null} state
   */
  const buttons = (state) => {
    const s = step();
    const list = [];
    if (demo) list.push(demo.el);
    if (state === 'missed') {
      list.push(el('button', { type: 'button', onclick: () => showStep(at) }, t('learn.again')));
    }
    const over = state === 'read' || state === 'met';
    // A step to read is met by reading it: by going on, or by reaching it when it ends the lesson.
    const next = () => {
      if (!s.goal) markStep(s.id);
      showStep(at + 1);
    };
    if (over && s.next) {
      list.push(el('button', { type: 'button', class: 'primary', id: 'next', onclick: next }, t('learn.next')));
    }
    if (over && !s.next) {
      if (!s.goal) markStep(s.id);
      if (s.invite) list.push(inviteButton(s.invite));
      if (lesson.next_lesson) {
        // Before a course has taught a whole game, the next lesson is the way on (no game offered yet).
        const cls = s.invite ? 'button' : 'button primary';
        list.push(
          el('a', { href: `/learn/${lesson.next_lesson}`, class: cls, id: 'next-lesson' }, t('learn.next_lesson')),
        );
      }
      list.push(el('a', { href: '/learn' }, t('learn.all_lessons')));
    }
    actions.replaceChildren(...list);
    const first = actions.querySelector('button.primary');
    if (first && state === 'met') /** @type {HTMLElement} */ (first).focus();
  };

  /** @param {{variant: string, level: string, text: string}} invite */
  const inviteButton = (invite) =>
    el(
      'button',
      {
        type: 'button',
        class: 'primary',
        id: 'invite',
        onclick: async () => {
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
            error.textContent = errorText(e, 'create');
          }
        },
      },
      invite.text || t('learn.play_computer', { game: variantName(invite.variant) }),
    );

  /** @param {string} name */
  const clickHole = (name) => {
    const s = step();
    if (!s.goal || busy) return;
    const options = byHole(legal()).byHole.get(name) || [];
    if (options.length > 1) {
      // Both directions are legal here: the learner says which.
      choices.replaceChildren(
        ...options.map((d) =>
          el(
            'button',
            { type: 'button', onclick: () => decide(d) },
            t(d.endsWith(':cw') ? 'decision.clockwise' : 'decision.anticlockwise', { hole: name }),
          ),
        ),
        el('button', { type: 'button', class: 'ghost', onclick: () => offer() }, t('common.cancel')),
      );
      /** @type {HTMLElement | null} */ (choices.querySelector('button'))?.focus();
      return;
    }
    // A hole the engine does not accept is sent too: its refusal gets the hint written for it.
    decide(options[0] || name);
  };

  /** @param {string} decision */
  const decide = async (decision) => {
    const s = step();
    busy = true;
    offer();
    preview.textContent = '';
    error.textContent = '';
    let v;
    try {
      v = await api.check(s.id, [...made, decision], language());
    } catch (e) {
      busy = false;
      offer();
      error.textContent = errorText(e, 'learn');
      return;
    }
    if (gone || step() !== s) return;
    if (v.status !== 'illegal') {
      made = v.decisions;
      await diagram.sow(v.events || [], v.board);
      if (gone || step() !== s) return;
    }
    busy = false;
    const said = v.status === 'met' ? v.success?.text || t('learn.met') : v.hint?.text || '';
    verdict.className = `verdict ${v.status}`;
    verdict.hidden = !said && v.status !== 'continue';
    verdict.textContent = v.status === 'continue' ? t('learn.continue') : said;
    if (v.status === 'continue') {
      board = v.board;
      offer();
    } else if (v.status === 'illegal') {
      offer();
    } else {
      board = null;
      offer();
      if (v.status === 'met') markStep(s.id);
      buttons(v.status === 'met' ? 'met' : 'missed');
    }
  };

  /** @param {string} stepId */
  const markStep = (stepId) => {
    done.add(stepId);
    markDone(stepId);
    dots.children[at]?.classList.add('done');
  };

  /**
   * Where the hovered hole's sowing would end: asked once per step and decision, at the turn's start
   * only (the position inside a turn is the engine's, not a text the page holds).
   * @param {string | null} name
   */
  const hover = async (name) => {
    hovered = name;
    const s = step();
    if (!name || !s?.goal || busy || made.length) {
      preview.textContent = '';
      diagram.set(diagram.playable);
      return;
    }
    const decision = previewDecision(legal(), name);
    if (!decision) return;
    const key = `${s.id} ${decision}`;
    let p = previews.get(key);
    if (!p) {
      try {
        p = await api.preview({ variant: s.variant, options: s.options, position: s.position, decision });
      } catch {
        return;
      }
      previews.set(key, p);
    }
    if (hovered !== name || step() !== s || busy) return;
    preview.textContent = previewText(p);
    diagram.set(diagram.playable, previewMarks(p));
  };

  Promise.all([api.lesson(id, language()), stepsDone()])
    .then(([l, d]) => {
      if (gone) return;
      lesson = l;
      done = d;
      document.title = `${l.title} · ${t('learn.title')} · Mancala`;
      title.textContent = l.title;
      const first = l.steps.findIndex((/** @type {any} */ s) => !done.has(s.id));
      showStep(first < 0 ? 0 : first);
    })
    .catch((e) => {
      title.textContent = e.status === 404 ? t('learn.no_lesson') : t('learn.title');
      error.textContent = e.status === 404 ? '' : errorText(e, 'learn');
    });
  return () => {
    gone = true;
    demo?.stop();
    diagram.anim.finish();
  };
}
