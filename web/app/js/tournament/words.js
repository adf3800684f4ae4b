// @ts-check
// What both tournament pages (the list and a tournament) say and draw alike: the countdowns and moments,
// the kind and games in words, the points as points, the padlock of a private tournament, a refusal in
// the page's words with the server's sentence, and the pages' style sheet.

import { h } from '../vendor/snabbdom.js';
import { language, t } from '../i18n.js';
import { clockText, errorText, variantName } from '../ui.js';

/** @typedef {import('../net/tournamentwire.js').TournamentSummary} TournamentSummary */
/** @typedef {import('../vendor/snabbdom.js').VNode} VNode */

/**
 * The default names the site's form gives a tournament, in every catalog (`tour.default_name` of en and
 * fr): a tournament still called so was named by the site, not its creator, and is shown in the reader's
 * language. A test checks these against the catalogs.
 * @type {((name: string) => string)[]}
 */
export const DEFAULT_NAMES = [(name) => `${name}'s tournament`, (name) => `Tournoi de ${name}`];

/**
 * A tournament's name as the reader reads it: the form's default in the reader's language, anything its
 * creator typed as typed.
 * @param {{name: string, createdBy: string | null}} s
 */
export function tournamentName(s) {
  const by = s.createdBy;
  if (by && DEFAULT_NAMES.some((f) => f(by) === s.name)) return t('tour.default_name', { name: by });
  return s.name;
}

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
  if (!href) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.sheet = 'tournament';
  document.head.append(link);
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

/**
 * The mark of a private tournament (joining needs a password): a padlock drawn in SVG.
 * @returns {VNode}
 */
export function lockMark() {
  return h('svg.lock', { attrs: { viewBox: '0 0 16 16', role: 'img', 'aria-label': t('tour.private') } }, [
    h('title', t('tour.private')),
    h('path', { attrs: { d: 'M4 7V5a4 4 0 0 1 8 0v2h1v8H3V7zm2 0h4V5a2 2 0 0 0-4 0z' } }),
  ]);
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
 * When it starts or ends, or which round it plays, said now (the pages redraw every second).
 * @param {TournamentSummary} s
 */
export function timeText(s) {
  if (s.status === 'upcoming')
    return s.startsAt > Date.now() ? t('tour.starts_in', { time: countdown(s.startsAt) }) : t('tour.starting');
  if (s.status === 'finished') return t('tour.finished');
  if (s.kind === 'swiss') return t('tour.round_of', { round: s.round || 0, rounds: s.rounds ?? 0 });
  return s.endsAt ? t('tour.ends_in', { time: countdown(s.endsAt) }) : t('tour.running');
}

/**
 * Half-points as points: 5 → "2½".
 * @param {number} n
 */
export const halves = (n) => `${n >= 2 || n === 0 ? Math.floor(n / 2) : ''}${n % 2 ? '½' : ''}`;

/**
 * Quarter-points as points: 7 → "1¾".
 * @param {number} n
 */
export const quarters = (n) => {
  const whole = Math.floor(n / 4);
  const rest = ['', '¼', '½', '¾'][n % 4];
  return `${whole || !rest ? whole : ''}${rest}`;
};

/**
 * A refusal the pages show: the API error in the page's words, and the server's own sentence when it
 * says more (which field was refused, which limit was reached: English, as the server writes it).
 * @typedef {{text: string, said: string}} Refusal
 */

/**
 * @param {unknown} e
 * @param {string} context
 * @returns {Refusal}
 */
export function refusal(e, context) {
  const said = e instanceof Error && e.message && 'status' in e && Number(e.status) >= 400 ? e.message : '';
  return { text: errorText(e, context), said };
}

/**
 * A refusal drawn: its words, then the server's sentence in brackets.
 * @param {Refusal | null} r
 * @returns {(VNode | string)[]}
 */
export function refusalView(r) {
  if (!r) return [];
  return r.said ? [r.text, h('span.small', { attrs: { lang: 'en' } }, ` (${r.said})`)] : [r.text];
}
