// @ts-check
// The puzzles' HTTP answers made typed (docs/puzzles.md, "Serving" and "Judging an attempt"), apart from
// wire.js, whose every byte the game page loads. The fields keep the server's names, as docs/puzzles.md
// and the protocol name them; a field a newer server leaves out gets its empty value here, so the pages
// never read `undefined`. The boards stay the server's `BoardView` JSON, which the diagram draws.

/** @typedef {import('./wire.js').Json} Json a value parsed from the server's JSON, checked field by field here */

/**
 * @typedef {object} PuzzleGoal
 * @property {string} kind `win`, `capture`, `score`, `hold` or `save`
 * @property {number | null} counters the counters of a capture, score or save goal
 * @property {string} text the goal in words, from the server
 */

/**
 * @typedef {object} PuzzleView a puzzle without its solution
 * @property {string} id
 * @property {string} game `kubuguza`, `ikibuguzo`, `njombwa` or `azigo`
 * @property {string} variant the rule set
 * @property {import('./wire.js').RuleOptions} options the rule set's options, as the server sends them
 * @property {string} position the position, as text
 * @property {string} solver `south` or `north`
 * @property {PuzzleGoal} goal
 * @property {string[]} themes
 * @property {number} rating
 * @property {number} plays
 * @property {number} choices the solver's legal decisions at the start
 * @property {import('./wire.js').WireBoard} board the position's board, the server's `BoardView`
 */

/**
 * @typedef {object} LineDecision
 * @property {string} side
 * @property {string} decision
 */

/**
 * @typedef {object} LineAlternative another right decision, at decision `at` of the solution
 * @property {number} at
 * @property {string} side
 * @property {string} decision
 */

/**
 * @typedef {object} AttemptAnswer the judgement of the solver's decisions so far
 * @property {'right' | 'wrong' | 'continue'} result
 * @property {LineDecision[]} reply the opponent's replies to play before the solver decides again
 * @property {number | null} wrong_index
 * @property {string | null} expected the decision the solution had where a wrong one was played
 * @property {LineDecision[] | null} solution the whole solution, once the attempt is over
 * @property {LineAlternative[]} alternatives
 * @property {boolean} by_alternative the line ended on another right decision than the solution's
 * @property {boolean} recorded the attempt counted for the account's rating
 * @property {{before: number, after: number, provisional: boolean} | null} rating
 * @property {number} puzzle_rating
 * @property {{run: number, best: number} | null} streak
 * @property {import('./wire.js').WireBoard} board the board after the decisions judged, the server's `BoardView`
 */

/**
 * @typedef {object} PuzzleHistory the signed-in account's puzzles
 * @property {{rating: number, deviation: number, provisional: boolean, attempts: number} | null} rating
 * @property {number} streak_best
 * @property {{puzzle: string, game: string, themes: string[], won: boolean, at: number, rating_before: number, rating_after: number}[]} recent
 * @property {{theme: string, attempts: number, won: number}[]} themes
 */

/** @param {Json} w @returns {LineDecision} */
const lineDecision = (w) => ({ side: String(w.side), decision: String(w.decision) });

/**
 * @param {Json} w
 * @returns {PuzzleView}
 */
export function puzzleView(w) {
  const g = w.goal || {};
  return {
    id: String(w.id),
    game: String(w.game),
    variant: String(w.variant),
    options: w.options ?? {},
    position: String(w.position),
    solver: w.solver === 'north' ? 'north' : 'south',
    goal: { kind: String(g.kind), counters: typeof g.counters === 'number' ? g.counters : null, text: g.text ?? '' },
    themes: (w.themes || []).map(String),
    rating: Number(w.rating),
    plays: Number(w.plays ?? 0),
    choices: Number(w.choices ?? 0),
    board: w.board ?? null,
  };
}

/**
 * @param {Json} w
 * @returns {{date: string, puzzle: PuzzleView}}
 */
export function dailyPuzzle(w) {
  return { date: String(w.date), puzzle: puzzleView(w.puzzle) };
}

/**
 * @param {Json} w
 * @returns {AttemptAnswer}
 */
export function attemptAnswer(w) {
  const result = w.result === 'right' || w.result === 'wrong' ? w.result : 'continue';
  const r = w.rating;
  return {
    result,
    reply: (w.reply || []).map(lineDecision),
    wrong_index: typeof w.wrong_index === 'number' ? w.wrong_index : null,
    expected: w.expected ?? null,
    solution: w.solution ? w.solution.map(lineDecision) : null,
    alternatives: (w.alternatives || []).map((/** @type {Json} */ a) => ({ at: Number(a.at), ...lineDecision(a) })),
    by_alternative: !!w.by_alternative,
    recorded: !!w.recorded,
    rating: r ? { before: Number(r.before), after: Number(r.after), provisional: !!r.provisional } : null,
    puzzle_rating: Number(w.puzzle_rating ?? 0),
    streak: w.streak ? { run: Number(w.streak.run), best: Number(w.streak.best) } : null,
    board: w.board ?? null,
  };
}

/**
 * @param {Json} w
 * @returns {PuzzleHistory}
 */
export function puzzleHistory(w) {
  const r = w.rating;
  return {
    rating: r
      ? { rating: r.rating, deviation: r.deviation, provisional: !!r.provisional, attempts: r.attempts ?? 0 }
      : null,
    streak_best: Number(w.streak_best ?? 0),
    recent: (w.recent || []).map((/** @type {Json} */ a) => ({
      puzzle: String(a.puzzle),
      game: String(a.game),
      themes: (a.themes || []).map(String),
      won: !!a.won,
      at: Number(a.at),
      rating_before: Number(a.rating_before),
      rating_after: Number(a.rating_after),
    })),
    themes: (w.themes || []).map((/** @type {Json} */ x) => ({
      theme: String(x.theme),
      attempts: Number(x.attempts),
      won: Number(x.won),
    })),
  };
}
