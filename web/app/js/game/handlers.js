// @ts-check
// The game socket's messages, each to the controller's method that handles it (lichess's round
// socket handlers): one table, so what a message does is read in one place.

/** @typedef {import('./ctrl.js').GameCtrl} GameCtrl */
/** @typedef {import('../types.js').ServerMessage} ServerMessage */

/**
 * @type {{[K in ServerMessage['type']]: (ctrl: GameCtrl, m: Extract<ServerMessage, {type: K}>) => void}}
 */
export const HANDLERS = {
  snapshot: (ctrl, m) => ctrl.applyState(m),
  event: (ctrl, m) => ctrl.applyState(m),
  presence: (ctrl, m) => ctrl.applyState(m),
  draw_offer: (ctrl, m) => ctrl.applyState(m),
  takeback_offer: (ctrl, m) => ctrl.applyState(m),
  rematch_offer: (ctrl, m) => ctrl.applyState(m),
  rematch: (ctrl, m) => ctrl.commands.rematched(m),
  chat: (ctrl, m) => ctrl.applyState(m),
  accepted: (ctrl) => ctrl.say(''),
  rejected: (ctrl, m) => ctrl.refused(m.code),
  error: (ctrl, m) => ctrl.refused(m.code),
  pong: () => {},
  unknown: () => {},
};
