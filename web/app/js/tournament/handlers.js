// @ts-check
// The tournament socket's messages, each to the controller's method that handles it (as the game page's
// game/handlers.js, after lichess's socket handlers): one table, so what a message does is read in one place.

/** @typedef {import('./ctrl.js').TournamentCtrl} TournamentCtrl */
/** @typedef {import('./socket.js').TournamentMessage} TournamentMessage */

/**
 * @type {{[K in TournamentMessage['type']]: (ctrl: TournamentCtrl, m: Extract<TournamentMessage, {type: K}>) => void}}
 */
export const HANDLERS = {
  tournament: (ctrl, m) => ctrl.take(m.tournament),
  error: (ctrl, m) => ctrl.refusedBySocket(m.code),
};
