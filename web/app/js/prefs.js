// @ts-check
// What the browser keeps between visits: the seat tokens of this browser's games (never put in a URL
// the server sees: a seat link carries its token in the fragment, read here and stored), the guest
// name, the theme, the animation speed and the language. All in localStorage; the language also in the
// `lang` cookie, so the server draws a page's first words in it (server/src/http/first_paint/).

const SEATS = 'mancala.seats';

/**
 * @template T
 * @param {string} key
 * @param {T} fallback
 * @returns {T}
 */
function read(key, fallback) {
  try {
    const v = localStorage.getItem(key);
    return v === null ? fallback : JSON.parse(v);
  } catch {
    return fallback;
  }
}

/**
 * @param {string} key
 * @param {unknown} value
 */
function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // private mode: not kept
  }
}

/** @typedef {{token: string, seat: string | null, at: number, variant?: string}} KeptSeat */

/** @returns {Record<string, KeptSeat>} */
const seats = () => read(SEATS, {});

/**
 * The seat token this browser holds for a game, or null.
 * @param {string} gameId
 * @returns {string | null}
 */
export function seatToken(gameId) {
  return seats()[gameId]?.token ?? null;
}

/** This browser's seats, newest first. */
export function mySeats() {
  return Object.entries(seats())
    .map(([gameId, v]) => ({ gameId, seat: v.seat, at: v.at, variant: v.variant }))
    .sort((a, b) => b.at - a.at);
}

/**
 * @param {string} gameId
 * @param {string} token
 * @param {string | null} seat
 * @param {string} [variant] the game's (the puzzles start with the games played)
 */
export function keepSeat(gameId, token, seat, variant) {
  const all = seats();
  all[gameId] = { token, seat, at: Date.now(), variant: variant || all[gameId]?.variant };
  // Keep the newest 200 games.
  const ids = Object.keys(all).sort((a, b) => all[b].at - all[a].at);
  for (const id of ids.slice(200)) delete all[id];
  write(SEATS, all);
}

/**
 * A `#seat=TOKEN` fragment (the player's own link) is stored and taken out of the address bar.
 * @param {string} gameId
 */
export function adoptSeatFragment(gameId) {
  const m = /^#seat=([A-Za-z0-9]{8,64})$/.exec(location.hash);
  if (!m) return;
  keepSeat(gameId, m[1], null);
  history.replaceState(history.state, '', location.pathname + location.search);
}

export const prefs = {
  /** @returns {string} */
  get name() {
    return read('mancala.name', '');
  },
  set name(v) {
    write('mancala.name', v);
  },
  /** @returns {string} */
  get speed() {
    return read('mancala.speed', 'normal');
  },
  set speed(v) {
    write('mancala.speed', v);
  },
  /** @returns {string | null} */
  get theme() {
    return read('mancala.theme', null);
  },
  set theme(v) {
    write('mancala.theme', v);
  },
  /** @returns {boolean} the game page's sounds are on */
  get sound() {
    return read('mancala.sound', true);
  },
  set sound(v) {
    write('mancala.sound', v);
  },
  /** @returns {string | null} the language chosen with the picker (null: the browser's) */
  get lang() {
    return read('mancala.lang', null);
  },
  set lang(v) {
    write('mancala.lang', v);
    if (v) keepLangCookie(v);
  },
};

/** The `lang` cookie: the language chosen with the picker, for the server. @param {string} lang */
export function keepLangCookie(lang) {
  document.cookie = `lang=${encodeURIComponent(lang)}; path=/; max-age=31536000; samesite=lax`;
}
