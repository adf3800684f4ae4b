// @ts-check
// The games a player knows, for the puzzles to start with (docs/puzzles.md, "Which game first"): the
// games they played (this browser's seats, and an account's games on the server) and the games whose
// lessons they began (the steps met, `progress.js`). Each counts one per game played and one per lesson
// step met; the most known game comes first. Nothing known: no game is preferred.

import { api } from '../net/api.js';
import { mySeats } from '../prefs.js';
import { stepsDone } from '../progress.js';
import { me } from '../session.js';

/** How many of an account's newest games are asked for. */
const GAMES_ASKED = 50;

/**
 * The games (variant ids) the player knows, the most known first.
 * @returns {Promise<string[]>}
 */
export async function knownGames() {
  /** @type {Map<string, number>} */
  const score = new Map();
  const add = (/** @type {string | undefined} */ game) => {
    if (game) score.set(game, (score.get(game) || 0) + 1);
  };
  const [steps, played] = await Promise.all([
    stepsDone().catch(() => new Set()),
    me()
      ? api.games({ player: /** @type {string} */ (me()), limit: GAMES_ASKED }).then(
          (l) => l.games.map((g) => ({ gameId: g.id, variant: g.variant })),
          () => [],
        )
      : Promise.resolve([]),
  ]);
  for (const s of steps) add(String(s).split('/')[0]);
  /** @type {Set<string>} */
  const seen = new Set();
  for (const g of [...played, ...mySeats()]) {
    if (seen.has(g.gameId)) continue;
    seen.add(g.gameId);
    add(g.variant);
  }
  return [...score.entries()].sort((a, b) => b[1] - a[1]).map(([game]) => game);
}
