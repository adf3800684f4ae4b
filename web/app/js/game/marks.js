// @ts-check
// The marks of the last move on the game page's board, a pure function of the controller's state.

/** @typedef {import('./ctrl.js').GameCtrl} GameCtrl */

/**
 * The marks of the last move shown on the board once it is sown (its origin and its last hole), or
 * of the move that led to the position replayed: from its steps when they were seen, else its
 * origin from the decision.
 * @param {GameCtrl} ctrl
 * @returns {Record<string, string>}
 */
export function lastMoveMarks(ctrl) {
  const ply = ctrl.replaying() && ctrl.replay ? ctrl.replay.ply : ctrl.s.game?.plies;
  const mv = ctrl.s.moves.find((m) => m.ply === ply);
  if (!mv) return {};
  /** @type {Record<string, string>} */
  const marks = {};
  const steps = mv.steps || [];
  const lift = steps.find((x) => x.type === 'lift');
  const from = lift && lift.type === 'lift' ? lift.hole : (mv.decision || '').split(':')[0];
  const drops = steps.filter((x) => x.type === 'drop');
  const last = drops.length ? drops[drops.length - 1] : null;
  if (last && last.type === 'drop') marks[last.hole] = 'last-to';
  if (/^[a-t][1-4]$/.test(from)) marks[from] = 'last-from';
  return marks;
}
