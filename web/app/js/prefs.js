// What the browser keeps between visits: the seat tokens of this browser's games (never put in a URL
// the server sees: a seat link carries its token in the fragment, read here and stored), the guest
// name, the theme and the animation speed. All in localStorage.

const SEATS = 'mancala.seats';

function read(key, fallback) {
  try {
    const v = localStorage.getItem(key);
    return v === null ? fallback : JSON.parse(v);
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode: not kept */ }
}

/** The seat token this browser holds for a game, or null. */
export function seatToken(gameId) {
  return read(SEATS, {})[gameId]?.token ?? null;
}

/** This browser's seats, newest first: [{gameId, seat, at}]. */
export function mySeats() {
  const all = read(SEATS, {});
  return Object.entries(all).map(([gameId, v]) => ({ gameId, seat: v.seat, at: v.at })).sort((a, b) => b.at - a.at);
}

export function keepSeat(gameId, token, seat) {
  const all = read(SEATS, {});
  all[gameId] = { token, seat, at: Date.now() };
  // Keep the newest 200 games.
  const ids = Object.keys(all).sort((a, b) => all[b].at - all[a].at);
  for (const id of ids.slice(200)) delete all[id];
  write(SEATS, all);
}

/** A `#seat=TOKEN` fragment (the player's own link) is stored and taken out of the address bar. */
export function adoptSeatFragment(gameId) {
  const m = /^#seat=([A-Za-z0-9]{8,64})$/.exec(location.hash);
  if (!m) return;
  keepSeat(gameId, m[1], null);
  history.replaceState(history.state, '', location.pathname + location.search);
}

export const prefs = {
  get name() { return read('mancala.name', ''); },
  set name(v) { write('mancala.name', v); },
  get speed() { return read('mancala.speed', 'normal'); },
  set speed(v) { write('mancala.speed', v); },
  get theme() { return read('mancala.theme', null); },
  set theme(v) { write('mancala.theme', v); },
};
