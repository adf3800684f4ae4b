// @ts-check
// A player's profile as the server sends it, made typed: apart from wire.js, whose every byte the game page
// loads, as only the profile page asks for a profile.

/** @typedef {import('./wire.js').Json} Json a value parsed from the server's JSON, checked field by field here */

/**
 * @param {Json} w
 * @returns {import('../types.js').PlayerProfile}
 */
export function playerProfile(w) {
  /** @type {Record<string, import('../types.js').Rating>} */
  const ratings = {};
  for (const [v, r] of Object.entries(w.ratings || {})) {
    const x = /** @type {Json} */ (r);
    ratings[v] = { rating: x.rating, deviation: x.deviation, provisional: !!x.provisional, games: x.games ?? 0 };
  }
  const { name, games, wins, losses, draws, ongoing } = w;
  const computerAssisted = !!w.computer_assisted;
  return { name, createdAt: w.created_at, games, wins, losses, draws, ongoing, ratings, computerAssisted };
}
