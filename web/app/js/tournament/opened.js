// @ts-check
// The games this tab's tournament page has already opened for this person, each with its tournament, so
// that coming back does not send them there again, and a finished game's page links back to the
// tournament (game/view/rematch.js reads the same key) and follows it (game/ctrl.js). Per tab: `sessionStorage`.

/** The storage key, shared with game/view/rematch.js and game/ctrl.js (which read it without this module). */
export const OPENED = 'mancala.tournament.games';

/** @returns {Record<string, string>} game id → tournament id */
export function opened() {
  try {
    const v = JSON.parse(sessionStorage.getItem(OPENED) || '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

/** @param {string} game @param {string} tournament */
export function markOpened(game, tournament) {
  const all = { [game]: tournament, ...opened() };
  try {
    sessionStorage.setItem(OPENED, JSON.stringify(Object.fromEntries(Object.entries(all).slice(0, 100))));
  } catch {
    /* private mode: the page opens the game again on a later visit */
  }
}
