//! The operations of [`crate::http::puzzles`]: puzzles served, judged, rated, voted on and exported
//! (docs/puzzles.md).

use mancala_protocol::http::ErrorBody;
use mancala_protocol::puzzles::{
    AttemptAnswer, AttemptRequest, DailyPuzzle, PuzzleHistory, PuzzleView, VoteAnswer, VoteRequest,
};

/// One puzzle, without its solution (retired ones too).
#[utoipa::path(get, path = "/api/puzzles/{id}", tag = "puzzles",
    params(("id" = String, Path, description = "a puzzle id: 16 lower-case hex digits")),
    responses(
        (status = 200, body = PuzzleView, description = "the puzzle"),
        (status = 404, body = ErrorBody, description = "no puzzle of that id")))]
#[allow(dead_code)]
pub fn get_puzzle() {}

/// A puzzle near the caller's puzzle rating (a guest's: 1500) that the caller has not attempted and
/// `exclude` does not name, at random among the nearest few; never a retired one.
#[utoipa::path(get, path = "/api/puzzles/next", tag = "puzzles",
    params(
        ("game" = Option<String>, Query, description = "`kubuguza`, `ikibuguzo`, `njombwa` or `azigo`"),
        ("theme" = Option<String>, Query, description = "a theme name (`relay_capture`, `endgame`, …)"),
        ("exclude" = Option<String>, Query, description = "puzzle ids not to offer, comma-separated, at most \
            100 (a guest's finished puzzles, which only its browser knows)")),
    security((), ("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = PuzzleView, description = "the puzzle"),
        (status = 404, body = ErrorBody, description = "no puzzle of that game and theme is left to play")))]
#[allow(dead_code)]
pub fn next_puzzle() {}

/// The puzzle of the UTC day: derived from the date and the puzzles served, the same on every node.
#[utoipa::path(get, path = "/api/puzzles/daily", tag = "puzzles",
    responses(
        (status = 200, body = DailyPuzzle, description = "the day and its puzzle"),
        (status = 404, body = ErrorBody, description = "no puzzle is served")))]
#[allow(dead_code)]
pub fn daily_puzzle() {}

/// The streak's next puzzle: harder (rated higher now) than `after`, among the easiest few such; without
/// `after`, a streak's first. The run is kept by attempts sent with `streak: true`.
#[utoipa::path(get, path = "/api/puzzles/streak/next", tag = "puzzles",
    params(
        ("after" = Option<String>, Query, description = "the puzzle just solved (16 hex digits)"),
        ("game" = Option<String>, Query, description = "`kubuguza`, `ikibuguzo`, `njombwa` or `azigo`"),
        ("theme" = Option<String>, Query, description = "a theme name")),
    responses(
        (status = 200, body = PuzzleView, description = "the puzzle"),
        (status = 404, body = ErrorBody, description = "`after` is no puzzle, or no puzzle is harder: the streak is complete")))]
#[allow(dead_code)]
pub fn streak_next() {}

/// Judge the solver's decisions so far: `right` (solved), `wrong` (with the expected decision and the
/// whole solution) or `continue` (with the decisions to play before the next choice). An account's first
/// finished attempt of a puzzle is recorded and moves its puzzle rating and the puzzle's (Glicko-2); a
/// guest's is judged only.
#[utoipa::path(post, path = "/api/puzzles/{id}/attempt", tag = "puzzles", request_body = AttemptRequest,
    params(("id" = String, Path, description = "a puzzle id: 16 lower-case hex digits")),
    security((), ("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = AttemptAnswer, description = "the judgement"),
        (status = 400, body = ErrorBody, description = "no decisions, more than the solution asks for, or one that is not notation (the message names it)"),
        (status = 401, body = ErrorBody, description = "the bearer token is not a player or API token"),
        (status = 404, body = ErrorBody, description = "no puzzle of that id"),
        (status = 429, body = ErrorBody, description = "too many puzzle attempts and votes from this address or account")))]
#[allow(dead_code)]
pub fn attempt_puzzle() {}

/// Vote on a puzzle the caller has attempted (a second vote replaces the first); enough down votes retire
/// it (docs/puzzles.md, "Retiring").
#[utoipa::path(post, path = "/api/puzzles/{id}/vote", tag = "puzzles", request_body = VoteRequest,
    params(("id" = String, Path, description = "a puzzle id: 16 lower-case hex digits")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = VoteAnswer, description = "the puzzle's votes now"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 404, body = ErrorBody, description = "no puzzle of that id"),
        (status = 409, body = ErrorBody, description = "the caller has not attempted the puzzle"),
        (status = 429, body = ErrorBody, description = "too many puzzle attempts and votes from this address or account")))]
#[allow(dead_code)]
pub fn vote_puzzle() {}

/// The caller's puzzle rating, best streak, newest attempts and results by theme.
#[utoipa::path(get, path = "/api/puzzles/history", tag = "puzzles",
    params(("limit" = Option<u32>, Query, description = "newest attempts listed, 1 to 100 (default 20)")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = PuzzleHistory, description = "the caller's puzzle history"),
        (status = 401, body = ErrorBody, description = "not signed in")))]
#[allow(dead_code)]
pub fn puzzle_history() {}

/// Every puzzle served, one JSON object per line (the `mancala-puzzles` form, with the solution and each
/// puzzle's rating now), in id order.
#[utoipa::path(get, path = "/api/puzzles/export", tag = "puzzles",
    responses((status = 200, body = String, content_type = "application/x-ndjson", description = "NDJSON: one puzzle per line")))]
#[allow(dead_code)]
pub fn export_puzzles() {}
