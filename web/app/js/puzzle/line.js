// @ts-check
// A puzzle's line as the page sows it: from the puzzle's position, each decision played (the solver's, the
// opponent's replies) with the steps to sow and the board and position after it, each from the server's
// preview (`POST /api/preview`), so no rule is worked out here. The solution shown after the end is the
// same line, its decisions not yet played asked for when they are stepped to.

import { api } from '../net/api.js';

/**
 * @typedef {object} Ply
 * @property {string} side `south` or `north`
 * @property {string} decision in notation
 * @property {string[]} events the steps to sow, as the server sends them
 * @property {import('../net/wire.js').WireBoard} board the board after it (the server's)
 * @property {string} position the position after it, as text
 */

/**
 * A puzzle's options as the preview takes them (a patch: `turn_limit` 0 is no limit).
 * @param {import('../net/wire.js').RuleOptions | null | undefined} o the puzzle's options
 */
export function optionsPatch(o) {
  return {
    width: o?.width ?? 8,
    turn_limit: o?.turn_limit ?? 0,
    handicap: { south: !!o?.handicap?.south, north: !!o?.handicap?.north },
  };
}

export class Line {
  /** @param {import('../net/puzzlewire.js').PuzzleView} puzzle the server's puzzle (its `board` is the start's) */
  constructor(puzzle) {
    this.variant = String(puzzle.variant);
    this.options = optionsPatch(puzzle.options);
    this.start = { position: String(puzzle.position), board: puzzle.board };
    /** @type {Ply[]} the decisions played from the start, in order */
    this.plies = [];
  }

  /** @param {number} i the position after `i` decisions (0: the puzzle's) */
  positionAt(i) {
    return i === 0 ? this.start.position : this.plies[i - 1].position;
  }

  /** @param {number} i the board after `i` decisions */
  boardAt(i) {
    return i === 0 ? this.start.board : this.plies[i - 1].board;
  }

  /**
   * What `decision` does after `i` decisions, without keeping it in the line (a wrong decision).
   * @param {number} i
   * @param {string} decision
   * @returns {Promise<Ply>}
   */
  async try(i, decision) {
    const p = await api.preview({
      variant: this.variant,
      options: this.options,
      position: this.positionAt(i),
      decision,
    });
    return { side: p.side, decision, events: p.events || [], board: p.board, position: p.position };
  }

  /**
   * The ply `i` of the line, `decision`: asked once, then kept (the plies before it must be known).
   * @param {number} i
   * @param {string} decision
   * @returns {Promise<Ply>}
   */
  async ply(i, decision) {
    const known = this.plies[i];
    if (known && known.decision === decision) return known;
    const p = await this.try(i, decision);
    this.plies.length = i;
    this.plies.push(p);
    return p;
  }
}
