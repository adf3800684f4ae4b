// @ts-check
// The analysis board's tree of moves played: each position reached, the move to it and what the server
// said of it, and the moves played from it (the first its main line, the others its variations); a line
// shown is a path through the tree.

/** @typedef {{decision: string, position: string, board: import('../net/wire.js').WireBoard, events: string[]}} Ply */
/**
 * A position of the tree: the move to it and what the server said of it, and the moves played from it.
 * @typedef {Ply & {parent: Move | null, children: Move[]}} Move
 */

/**
 * The line through `move`: the moves before it, then its main continuation.
 * @param {Move} move
 * @returns {Move[]}
 */
export function lineThrough(move) {
  const line = [];
  for (let m = /** @type {Move | null} */ (move); m; m = m.parent) line.unshift(m);
  for (let m = move.children[0]; m; m = m.children[0]) line.push(m);
  return line;
}

/**
 * The move `p` played from `from` (the root when `parent` is null): the one played there before, else a
 * new variation beside them.
 * @param {{children: Move[]}} from
 * @param {Move | null} parent `from` as a move (null: the root)
 * @param {Ply} p
 * @returns {Move}
 */
export function playFrom(from, parent, p) {
  let move = from.children.find((c) => c.decision === p.decision);
  if (!move) {
    move = { ...p, parent, children: [] };
    from.children.push(move);
  }
  return move;
}
