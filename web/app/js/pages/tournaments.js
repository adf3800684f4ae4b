// @ts-check
// Tournaments (`/tournaments`): the running, upcoming and finished ones (refreshed every few seconds, the
// countdowns every second), and for a signed-in person the form of a new one (arena or Swiss, one game or
// a medley arena of several, the clock, the start, its length, rated, bots, a password), which goes to the
// new tournament's page.

import { go } from '../router.js';
import { me, onChange, ready } from '../session.js';
import { tournamentApi } from '../tournamentwire.js';
import { language, t } from '../i18n.js';
import { clockText, errorText, h, timeControl, VARIANTS, variantName } from '../ui.js';

/** @typedef {import('../tournamentwire.js').TournamentSummary} TournamentSummary */

/** The catalog's books this page's words are in. */
export const books = ['tournaments'];

/** A tournament's real-time clocks, `base+increment` seconds. */
export const TOURNAMENT_CLOCKS = ['60+0', '120+1', '180+2', '300+3', '600+5', '900+10', '1800+20'];

/** How often the lists are asked for again. */
const REFRESH_MS = 10000;

/**
 * A countdown's words: "in 4:05", "in 1h 20m".
 * @param {number} at unix ms
 */
export const countdown = (at) => clockText(Math.max(0, at - Date.now()));

/** Loads the tournament pages' style sheet (`css/tournament.css`, beside app.css) once. */
export function pageStyle() {
  if (document.querySelector('link[data-sheet="tournament"]')) return;
  const base = /** @type {HTMLLinkElement | null} */ (document.querySelector('link[rel=stylesheet]'));
  const href = base ? base.href.replace(/app\.css$/, 'tournament.css') : '';
  if (href) document.head.append(h('link', { rel: 'stylesheet', href, 'data-sheet': 'tournament' }));
}

/**
 * A moment, short: "Wed 25 Nov, 08:31" in the page's language.
 * @param {number} ms unix ms
 */
export const at = (ms) =>
  new Date(ms).toLocaleString(language(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/** The mark of a private tournament (joining needs a password): a padlock drawn in SVG. */
export function lockMark() {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('class', 'lock');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', t('tour.private'));
  const title = document.createElementNS(ns, 'title');
  title.textContent = t('tour.private');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', 'M4 7V5a4 4 0 0 1 8 0v2h1v8H3V7zm2 0h4V5a2 2 0 0 0-4 0z');
  svg.append(title, path);
  return svg;
}

/**
 * "Arena · 30 minutes", "Swiss · 5 rounds".
 * @param {TournamentSummary} s
 */
export function kindText(s) {
  if (s.kind === 'swiss') return t('tour.swiss_rounds', { count: s.rounds ?? 0 });
  const minutes = s.endsAt ? Math.round((s.endsAt - s.startsAt) / 60000) : 0;
  return t('tour.arena_minutes', { count: minutes });
}

/**
 * The games: one, or a medley's.
 * @param {string[]} variants
 */
export const variantsText = (variants) =>
  variants.length > 1
    ? t('tour.medley', { games: variants.map(variantName).join(', ') })
    : variants.map(variantName).join('');

/**
 * When it starts or ends, or which round it plays, said now (the countdowns are redrawn every second).
 * @param {TournamentSummary} s
 */
export function timeText(s) {
  if (s.status === 'upcoming')
    return s.startsAt > Date.now() ? t('tour.starts_in', { time: countdown(s.startsAt) }) : t('tour.starting');
  if (s.status === 'finished') return t('tour.finished');
  if (s.kind === 'swiss') return t('tour.round_of', { round: s.round || 0, rounds: s.rounds ?? 0 });
  return s.endsAt ? t('tour.ends_in', { time: countdown(s.endsAt) }) : t('tour.running');
}

/** @param {HTMLElement} main */
export function mount(main) {
  pageStyle();
  document.title = `${t('tour.title')} · Mancala`;
  const error = h('p', { class: 'error', role: 'alert', id: 'tour-list-error' });
  /** @type {Record<string, HTMLElement>} */
  const lists = {};
  const sections = ['running', 'upcoming', 'finished'].map((k) => {
    lists[k] = h('ul', { class: 'tlist', id: `tour-${k}` }, h('li', { class: 'muted' }, t('common.loading')));
    return h(
      'section',
      { class: 'panel', 'aria-labelledby': `tour-h-${k}` },
      h('h2', { id: `tour-h-${k}` }, t(`tour.list.${k}`)),
      lists[k],
    );
  });
  const create = h('div', { id: 'tour-create' });
  main.append(
    h(
      'div',
      { class: 'tour-page' },
      h(
        'section',
        { class: 'panel' },
        h('h1', {}, t('tour.title')),
        h('p', { class: 'muted' }, t('tour.intro')),
        create,
        error,
      ),
      sections,
    ),
  );

  /** @type {{upcoming: TournamentSummary[], running: TournamentSummary[], finished: TournamentSummary[]} | null} */
  let data = null;
  let stopped = false;

  function draw() {
    if (!data) return;
    for (const k of /** @type {const} */ (['running', 'upcoming', 'finished'])) {
      const items = data[k];
      lists[k].replaceChildren(
        ...(items.length ? items.map(line) : [h('li', { class: 'muted' }, t(`tour.none.${k}`))]),
      );
    }
  }

  async function load() {
    try {
      data = await tournamentApi.list();
      if (stopped) return;
      error.textContent = '';
      draw();
    } catch (e) {
      if (!stopped) error.textContent = errorText(e);
    }
  }

  const drawCreate = () => {
    create.replaceChildren(
      me()
        ? createForm()
        : h('p', {}, h('a', { href: '/signin?next=/tournaments' }, t('tour.signin')), ` ${t('tour.signin_why')}`),
    );
  };
  drawCreate();
  ready().then(() => !stopped && drawCreate());
  const unsubscribe = onChange(() => drawCreate());
  load();
  const refresh = setInterval(load, REFRESH_MS);
  const tick = setInterval(() => {
    for (const el of main.querySelectorAll('[data-time]')) {
      const s = data && [...data.upcoming, ...data.running].find((x) => x.id === el.getAttribute('data-time'));
      if (s) el.textContent = timeText(s);
    }
  }, 1000);
  return () => {
    stopped = true;
    clearInterval(refresh);
    clearInterval(tick);
    unsubscribe();
  };
}

/**
 * A tournament of a list.
 * @param {TournamentSummary} s
 */
function line(s) {
  return h(
    'li',
    { 'data-tournament': s.id },
    h(
      'div',
      { class: 'tline-head' },
      h('a', { href: `/tournament/${encodeURIComponent(s.id)}`, class: 'tname' }, s.name),
      s.private ? lockMark() : null,
      h('span', { class: 'badge' }, kindText(s)),
    ),
    h(
      'div',
      { class: 'tline-info muted small' },
      h('span', {}, variantsText(s.variants)),
      h('span', {}, timeControl(s.clock)),
      h('span', {}, t(s.rated ? 'tour.rated' : 'tour.casual')),
      h('span', {}, t('tour.players', { count: s.players })),
      s.status === 'finished'
        ? h('span', {}, at(s.endsAt || s.startsAt))
        : h('span', { 'data-time': s.id, class: 'ttime' }, timeText(s)),
      s.status === 'upcoming' ? h('span', {}, at(s.startsAt)) : null,
    ),
  );
}

/** The form of a new tournament. */
function createForm() {
  const error = h('p', { class: 'error', role: 'alert', id: 'tf-error' });
  const name = /** @type {HTMLInputElement} */ (
    h('input', {
      id: 'tf-name',
      name: 'name',
      required: true,
      minlength: 2,
      maxlength: 48,
      value: t('tour.default_name', { name: me() || '' }),
    })
  );
  const arena = /** @type {HTMLInputElement} */ (
    h('input', { type: 'radio', name: 'kind', value: 'arena', id: 'tf-arena', checked: true })
  );
  const swiss = /** @type {HTMLInputElement} */ (
    h('input', { type: 'radio', name: 'kind', value: 'swiss', id: 'tf-swiss' })
  );
  const variants = VARIANTS.map(
    (v) =>
      /** @type {HTMLInputElement} */ (
        h('input', { type: 'checkbox', name: 'variant', value: v, id: `tf-v-${v}`, checked: v === 'kubuguza' })
      ),
  );
  const clock = /** @type {HTMLSelectElement} */ (
    h(
      'select',
      { id: 'tf-clock', name: 'clock' },
      TOURNAMENT_CLOCKS.map((c) => {
        const [b, i] = c.split('+').map(Number);
        return h('option', { value: c }, timeControl({ baseSecs: b, incrementSecs: i }));
      }),
    )
  );
  clock.value = '300+3';
  const startsIn = /** @type {HTMLInputElement} */ (
    h('input', { type: 'number', id: 'tf-starts', name: 'starts', min: 0, max: 10080, value: 0, required: true })
  );
  const minutes = /** @type {HTMLInputElement} */ (
    h('input', { type: 'number', id: 'tf-minutes', name: 'minutes', min: 5, max: 360, value: 30, required: true })
  );
  const rounds = /** @type {HTMLInputElement} */ (
    h('input', { type: 'number', id: 'tf-rounds', name: 'rounds', min: 2, max: 15, value: 5 })
  );
  const rated = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id: 'tf-rated', checked: true }));
  const bots = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id: 'tf-bots' }));
  // Off unless the creator chooses it: a player should not give up half the clock without knowing why.
  const berserk = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id: 'tf-berserk' }));
  const berserkRow = h(
    'div',
    { class: 'tf-berserk' },
    h('label', {}, berserk, ` ${t('tour.form.berserk')}`),
    h('p', { class: 'muted small', id: 'tf-berserk-help' }, t('tour.form.berserk_hint')),
  );
  berserk.setAttribute('aria-describedby', 'tf-berserk-help');
  // What the kind chosen means, and how it scores.
  const kindHelp = h('p', { class: 'muted small', id: 'tf-kind-help', 'aria-live': 'polite' });
  const password = /** @type {HTMLInputElement} */ (
    h('input', { id: 'tf-password', name: 'password', minlength: 4, maxlength: 64, autocomplete: 'off' })
  );
  const minutesRow = h('label', {}, t('tour.form.minutes'), minutes);
  const roundsRow = h('label', { hidden: true }, t('tour.form.rounds'), rounds);
  const submit = /** @type {HTMLButtonElement} */ (
    h('button', { type: 'submit', class: 'primary', id: 'tf-submit' }, t('tour.form.create'))
  );
  const syncKind = () => {
    const isSwiss = swiss.checked;
    minutesRow.hidden = isSwiss;
    roundsRow.hidden = !isSwiss;
    minutes.required = !isSwiss;
    rounds.required = isSwiss;
    // Berserk is an arena's: a Swiss scores no bonus.
    berserkRow.hidden = isSwiss;
    kindHelp.textContent = isSwiss
      ? `${t('tour.explain.swiss')} ${t('tour.scoring.swiss')}`
      : `${t('tour.explain.arena')} ${t('tour.scoring.arena')} ${t('tour.scoring.streak')} ${t('tour.scoring.early')}`;
  };
  arena.addEventListener('change', syncKind);
  swiss.addEventListener('change', syncKind);
  syncKind();
  const form = h(
    'form',
    { class: 'grid', id: 'tour-form' },
    h('label', {}, t('tour.form.name'), name),
    h(
      'fieldset',
      { class: 'tf-kind' },
      h('legend', {}, t('tour.form.kind')),
      h('label', {}, arena, ` ${t('tour.arena')}`),
      h('label', {}, swiss, ` ${t('tour.swiss')}`),
      kindHelp,
    ),
    h(
      'fieldset',
      { class: 'tf-variants' },
      h('legend', {}, t('tour.form.games')),
      variants.map((v) => h('label', {}, v, ` ${variantName(v.value)}`)),
    ),
    h('label', {}, t('tour.form.clock'), clock),
    h('label', {}, t('tour.form.starts_in'), startsIn),
    minutesRow,
    roundsRow,
    h('label', {}, t('tour.form.password'), password),
    h(
      'fieldset',
      { class: 'tf-options' },
      h('legend', {}, t('tour.form.options')),
      h('label', {}, rated, ` ${t('tour.form.rated')}`),
      h('label', {}, bots, ` ${t('tour.form.bots')}`),
      berserkRow,
    ),
    h('p', { class: 'muted small tf-note' }, t('tour.form.note')),
    submit,
    error,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    const chosen = variants.filter((v) => v.checked).map((v) => v.value);
    const kind = swiss.checked ? 'swiss' : 'arena';
    if (!chosen.length) {
      error.textContent = t('tour.form.need_game');
      return;
    }
    if (kind === 'swiss' && chosen.length > 1) {
      error.textContent = t('tour.form.swiss_one');
      return;
    }
    const [baseSecs, incrementSecs] = clock.value.split('+').map(Number);
    submit.disabled = true;
    try {
      const v = await tournamentApi.create({
        name: name.value,
        kind,
        variants: chosen,
        clock: { baseSecs, incrementSecs },
        startsIn: Number(startsIn.value) || 0,
        length: Number(kind === 'swiss' ? rounds.value : minutes.value),
        rated: rated.checked,
        bots: bots.checked,
        berserk: kind === 'arena' && berserk.checked,
        password: password.value,
      });
      go(`/tournament/${encodeURIComponent(v.id)}`);
    } catch (err) {
      error.replaceChildren(...serverError(err, 'tournament'));
      submit.disabled = false;
    }
  });
  return h(
    'details',
    { class: 'tour-new', id: 'tour-new' },
    h('summary', { id: 'tour-new-summary' }, t('tour.new')),
    form,
  );
}

/**
 * An API error in the page's words, followed by the server's own sentence when it says more (which field
 * was refused, which limit was reached: English, as the server writes it).
 * @param {unknown} e
 * @param {string} context
 */
export function serverError(e, context) {
  const said = e instanceof Error && e.message && 'status' in e && Number(e.status) >= 400 ? e.message : '';
  /** @type {(string | Node)[]} */
  const out = [errorText(e, context)];
  if (said) out.push(h('span', { class: 'small', lang: 'en' }, ` (${said})`));
  return out;
}
