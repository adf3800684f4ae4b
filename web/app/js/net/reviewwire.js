// @ts-check
// The post-game review's answers (`GET /api/games/{id}/review` and `…/review/{ply}`) turned into the
// review's model (game/review.js's types): the lines' boards and steps decoded as the game socket's are.
// Loaded with game/review.js, only by a finished game's page.

import { ApiError } from './api.js';
import * as wire from './wire.js';

/** @typedef {import('./wire.js').Json} Json */
/** @typedef {import('../game/review.js').Review} Review */
/** @typedef {import('../game/review.js').Line} Line */
/** @typedef {import('../game/review.js').LineDecision} LineDecision */

/** @param {Json} w a line's decision as the server sends it @returns {LineDecision} */
const lineDecision = (w) => ({
  decision: String(w.decision),
  steps: (w.events || []).map(wire.step),
  captured: Number(w.captured) || 0,
});

/** @param {Json} w a line as the server sends it @returns {Line} */
const line = (w) => ({
  first: String(w.first),
  turns: (w.turns || []).map((/** @type {Json} */ t) => ({
    side: String(t.side),
    board: wire.board(t.board),
    decisions: (t.decisions || []).map(lineDecision),
    captured: Number(t.captured) || 0,
  })),
  board: wire.board(w.board),
  mine: Number(w.mine) || 0,
  theirs: Number(w.theirs) || 0,
  net: Number(w.net) || 0,
  over: !!w.over,
});

/**
 * A marked decision's explanation: the better line, the played one, the turns they were followed for and
 * what the played one gives away.
 * @param {Json} w
 */
export const explanation = (w) => ({
  better: line(w.better),
  played: line(w.played),
  turns: Number(w.turns) || 0,
  gives: Number(w.gives) || 0,
});

/**
 * A finished game's review: 202 (`body` the progress) while the server computes it, with the seconds
 * to wait before asking again; 200 (`body` the review) once it is ready. (Here rather than in api.js: only
 * a finished game's review, which loads this module, asks for it.)
 * @param {string} id
 * @returns {Promise<{status: number, retryAfter: number, progress: {done: number, of: number} | null, review: Review | null}>}
 */
export async function fetchReview(id) {
  let res;
  try {
    res = await fetch(`/api/games/${encodeURIComponent(id)}/review`, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'offline', 'the server cannot be reached');
  }
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    const e = wire.apiError(res.status, body);
    throw new ApiError(res.status, e.code, e.message);
  }
  const wait = Number(res.headers.get('retry-after'));
  const retryAfter = wait > 0 ? Math.min(wait, 60) : 2;
  if (res.status === 202)
    return { status: 202, retryAfter, progress: { done: Number(body?.done), of: Number(body?.of) }, review: null };
  // The review's figures are shown as the server computed them (snake_case kept): `Review` is that shape.
  return { status: res.status, retryAfter, progress: null, review: body };
}
