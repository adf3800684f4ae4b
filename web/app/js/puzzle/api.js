// @ts-check
// The puzzles' HTTP calls (`/api/puzzles/…`, docs/puzzles.md), apart from net/api.js so that the game page,
// which loads net/api.js, does not carry them. Answers are made typed by net/puzzlewire.js.

import { call, enc, q } from '../net/api.js';
import { attemptAnswer, dailyPuzzle, puzzleHistory, puzzleView } from '../net/puzzlewire.js';

export const puzzleApi = {
  /** @param {string} id a puzzle (docs/puzzles.md), without its solution */
  one: async (id) => puzzleView(await call('GET', `/api/puzzles/${enc(id)}`)),
  /** @param {{game?: string, theme?: string, exclude?: string}} filter a puzzle near the caller's puzzle rating, not one of `exclude` (ids, comma-separated) */
  next: async (filter) => puzzleView(await call('GET', `/api/puzzles/next${q(filter)}`)),
  /** the puzzle of the UTC day */
  daily: async () => dailyPuzzle(await call('GET', '/api/puzzles/daily')),
  /** @param {{after?: string, game?: string, theme?: string}} filter a streak's next puzzle */
  streak: async (filter) => puzzleView(await call('GET', `/api/puzzles/streak/next${q(filter)}`)),
  /** @param {string} id @param {string[]} decisions the solver's choices so far @param {boolean} streak */
  attempt: async (id, decisions, streak) =>
    attemptAnswer(await call('POST', `/api/puzzles/${enc(id)}/attempt`, { decisions, streak })),
  /** @param {string} id @param {boolean} up */
  vote: async (id, up) => call('POST', `/api/puzzles/${enc(id)}/vote`, { up }),
  /** @param {number} limit the signed-in account's puzzle rating, results by theme, newest attempts */
  history: async (limit) => puzzleHistory(await call('GET', `/api/puzzles/history${q({ limit })}`)),
};
