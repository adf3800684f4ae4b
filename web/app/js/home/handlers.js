// @ts-check
// The table from the lobby socket's messages (net/lobbysocket.js) to the home page's controller: which
// method takes the seek list, a seek of ours created, `paired`, a refusal, our seeks dropped with the
// connection, the connection's state and the live game lists.

/**
 * @param {import('./ctrl.js').HomeCtrl} ctrl
 * @returns {Omit<import('../net/lobbysocket.js').LobbyHandlers, 'guestName'>}
 */
export const lobbyHandlers = (ctrl) => ({
  onSeeks: () => ctrl.redraw(),
  onCreated: (seek) => ctrl.created(seek),
  onPaired: (granted) => ctrl.paired(granted),
  onError: (m) => ctrl.refused(m),
  onOwnLost: () => ctrl.ownLost(),
  onStatus: (st) => ctrl.status(st),
  onGames: (games, left) => ctrl.gamesChanged(games, left),
});
