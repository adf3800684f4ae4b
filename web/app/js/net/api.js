// @ts-check
// HTTP calls to the server's API, decoded by wire.js (sitewire.js for the answers the game page never
// reads, loaded with the first call that needs it). Errors are thrown as ApiError with the server's
// code and sentence, so a page can say why. Every call sends the session cookie (same origin only): a
// signed-in person creates and joins games, seeks and plays rated games as their account.
//
// The page's first answer: the server writes into the page as JSON data
// (server/src/http/first_paint/data.rs) what a `GET` of one path answers this visitor (`#first-answer`:
// the lesson, a puzzle), so a page on a slow network draws its board without waiting for it. It is read
// once and then removed: a later page, or the same page drawn again, asks the server. It lives here, not
// in a module of its own, because every page that reads it loads this one (a request fewer on a slow
// network).

import * as wire from './wire.js';
/** @typedef {import('./wire.js').Json} Json */

/**
 * The parsed content of the data block `id`, removed from the page; null when there is none.
 * @param {string} id
 * @returns {Json | null}
 */
function take(id) {
  const el = document.getElementById(id);
  if (!el) return null;
  el.remove();
  try {
    return JSON.parse(el.textContent || '');
  } catch {
    return null;
  }
}

/** @type {{get: string, answer: unknown} | null | undefined} undefined: not read yet */
let answer;

/**
 * What the page holds as the answer of `GET path`, once; undefined when it holds none for that path.
 * @param {string} path
 * @returns {unknown}
 */
export function firstAnswer(path) {
  if (answer === undefined) answer = take('first-answer');
  if (!answer || answer.get !== path) return undefined;
  const held = answer.answer;
  answer = null;
  return held;
}

/** This page's version: the folder its modules were loaded from (`/assets/{version}/js/…`). */
const OWN = (/\/assets\/([^/]+)\//.exec(import.meta.url) || ['', ''])[1];

export class ApiError extends Error {
  /**
   * @param {number} status the HTTP status (0: the server could not be reached)
   * @param {string} code the API's error code (`not_found`, `conflict`, …)
   * @param {string} message the server's sentence
   */
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {boolean} [raw] the body as text (NDJSON) instead of JSON
 * @param {AbortSignal} [signal]
 * @returns {Promise<Json>} for a decoder of net/ (the pages get what the decoders made of it)
 */
export async function call(method, path, body, raw = false, signal = undefined) {
  // The page's first answer, written into its HTML by the server for exactly this request.
  if (method === 'GET' && !raw) {
    const held = firstAnswer(path);
    if (held !== undefined) return held;
  }
  /** @type {Record<string, string>} */
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch {
    throw new ApiError(0, 'offline', 'the server cannot be reached');
  }
  const served = res.headers.get('mancala-version');
  // The server was upgraded under this page: the update prompt (offline.js) offers the new version.
  if (served && OWN && served !== OWN) window.dispatchEvent(new Event('mancala:version'));
  const text = await res.text();
  if (raw && res.ok) return text;
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const e = wire.apiError(res.status, json);
    throw new ApiError(res.status, e.code, e.message);
  }
  return json;
}

/** @param {Record<string, string | number | undefined | null>} params */
export const q = (params) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  const t = s.toString();
  return t ? `?${t}` : '';
};

/** @param {string} s */
export const enc = (s) => encodeURIComponent(s);

/**
 * @typedef {object} GameFilters
 * @property {string} [player]
 * @property {string} [variant]
 * @property {string} [status]
 * @property {string} [result]
 * @property {number} [limit]
 * @property {string} [cursor]
 */

/**
 * An answer decoded by sitewire.js, which is loaded while the request is on its way.
 * @template T
 * @param {Promise<Json>} answer
 * @param {(m: typeof import('./sitewire.js'), w: Json) => T} decode
 * @returns {Promise<T>}
 */
async function bySite(answer, decode) {
  const [m, w] = await Promise.all([import('./sitewire.js'), answer]);
  return decode(m, w);
}

export const api = {
  variants: () => bySite(call('GET', '/api/variants'), (m, w) => m.variantList(w)),
  /** @param {GameFilters} filters */
  games: (filters) => bySite(call('GET', `/api/games${q({ ...filters })}`), (m, w) => m.gameList(w)),
  /** @param {string} id */
  game: async (id) => wire.gameDetail(await call('GET', `/api/games/${enc(id)}`)),
  /** @param {string} id @param {number} ply */
  position: async (id, ply) => wire.positionAt(await call('GET', `/api/games/${enc(id)}/position?ply=${ply}`)),
  /** @param {import('./sitewire.js').CreateForm} form */
  create: async (form) =>
    wire.seatGranted(await call('POST', '/api/games', (await import('./sitewire.js')).createGame(form))),
  /** @param {string} id @param {string} [name] */
  join: async (id, name) => wire.seatGranted(await call('POST', `/api/games/${enc(id)}/join`, name ? { name } : {})),
  /** @param {string} name */
  player: async (name) =>
    (await import('./profilewire.js')).playerProfile(await call('GET', `/api/players/${enc(name)}`)),
  /** @param {string} name @param {string} variant */
  ratingHistory: (name, variant) =>
    bySite(call('GET', `/api/players/${enc(name)}/ratings/${enc(variant)}`), (m, w) => m.ratingHistory(w)),
  /** @param {string} variant @param {number} limit */
  leaderboard: (variant, limit) =>
    bySite(call('GET', `/api/leaderboard/${enc(variant)}${q({ limit })}`, undefined, true), (m, w) => m.leaderboard(w)),
  /** @param {string} name @param {string} password */
  signup: async (name, password) => wire.account(await call('POST', '/api/account/signup', { name, password })),
  /** @param {string} name @param {string} password */
  signin: async (name, password) => wire.account(await call('POST', '/api/account/signin', { name, password })),
  signout: async () => call('POST', '/api/account/signout'),
  account: async () => wire.account(await call('GET', '/api/account')),
  /** @param {string} current @param {string} next */
  changePassword: async (current, next) => call('POST', '/api/account/password', { current, new: next }),
  /** @param {string} token @param {string} password */
  resetPassword: async (token, password) => call('POST', '/api/account/reset', { token, password }),
  tokens: () => bySite(call('GET', '/api/account/tokens'), (m, w) => /** @type {Json[]} */ (w || []).map(m.apiToken)),
  /** @param {string} label */
  createToken: (label) => bySite(call('POST', '/api/account/tokens', { label }), (m, w) => m.apiToken(w)),
  /** @param {string} id */
  revokeToken: async (id) => call('DELETE', `/api/account/tokens/${enc(id)}`),
  /** @param {string} variant @param {string} lang the rules page of a game, for players @returns {Promise<import('./learnwire.js').RulesView>} */
  rules: async (variant, lang) => call('GET', `/api/rules/${enc(variant)}${q({ lang })}`),
  /** @param {string} lang the courses, each game's lessons in order @returns {Promise<{courses: import('./learnwire.js').CourseView[]}>} */
  lessons: async (lang) => call('GET', `/api/lessons${q({ lang })}`),
  /** @param {string} id `game/lesson` @param {string} lang @returns {Promise<import('./learnwire.js').LessonView>} */
  lesson: async (id, lang) => call('GET', `/api/lessons/${id.split('/').map(enc).join('/')}${q({ lang })}`),
  /** @param {string} step `game/lesson/step` @param {string[]} decisions @param {string} lang @returns {Promise<import('./learnwire.js').Verdict>} */
  check: async (step, decisions, lang) =>
    call('POST', `/api/lessons/${step.split('/').map(enc).join('/')}/check`, { decisions, lang }),
  /** @param {{variant: string, options?: object, position?: string, decision: string}} body @returns {Promise<import('./learnwire.js').Preview>} */
  preview: async (body) => call('POST', '/api/preview', body),
  /** @param {{variant?: string, position?: string, game?: string, ply?: number, nodes?: number}} body */
  analysis: async (body) => call('POST', '/api/analysis', body),
  /** @returns {Promise<{steps: string[]}>} the lesson steps the signed-in player has met */
  learnProgress: async () => call('GET', '/api/account/learn'),
  /** @param {string} step `game/lesson/step` */
  learnStep: async (step) => call('PUT', `/api/account/learn/${step.split('/').map(enc).join('/')}`),
  /** @param {string} id @param {string} [format] */
  exportPath: (id, format) => `/api/games/${enc(id)}/export${format ? `?format=${format}` : ''}`,
};
