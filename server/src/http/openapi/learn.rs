//! The operations of [`crate::http::learn`]: lessons, lesson checks, rules pages and the move preview.

use crate::http::game_preview::GamePreviewRequest;
use crate::http::learn::{CheckRequest, LessonList, PreviewRequest};
use crate::http::progress::LearnProgress;
use mancala_learn::{GamePreview, LessonView, Preview, RulesView, Verdict};
use mancala_protocol::http::ErrorBody;

/// The courses: each game's lessons in order (one game's with `variant`), in one language.
///
/// The language is `lang`, else the first language of `Accept-Language` that has texts, else English.
#[utoipa::path(get, path = "/api/lessons", tag = "learn",
    params(
        ("lang" = Option<String>, Query, description = "a language tag (`fr`, `fr-BI`); unknown ones get English"),
        ("variant" = Option<String>, Query, description = "only the course of this rule set's game")),
    responses(
        (status = 200, body = LessonList, description = "the courses (with an `ETag`)"),
        (status = 304, description = "the client's copy (`If-None-Match`) is current"),
        (status = 400, body = ErrorBody, description = "a bad `lang` or `variant`; the message names it")))]
#[allow(dead_code)]
pub fn lessons() {}

/// A whole lesson: its steps with their boards, marks, texts and goals.
#[utoipa::path(get, path = "/api/lessons/{game}/{lesson}", tag = "learn",
    params(
        ("game" = String, Path, description = "a game: `kubuguza`, `ikibuguzo`, `njombwa`, `azigo`"),
        ("lesson" = String, Path, description = "a lesson id of that game's course"),
        ("lang" = Option<String>, Query, description = "a language tag; unknown ones get English")),
    responses(
        (status = 200, body = LessonView, description = "the lesson (with an `ETag`)"),
        (status = 304, description = "the client's copy (`If-None-Match`) is current"),
        (status = 400, body = ErrorBody, description = "a bad `lang`"),
        (status = 404, body = ErrorBody, description = "no such lesson")))]
#[allow(dead_code)]
pub fn lesson() {}

/// Judge the learner's decisions at a step: the engine plays them and the goal is checked.
///
/// Send every decision of the turn so far. `illegal` (the engine refused the last decision) is a verdict,
/// not an error; `continue` asks for one more decision among `board.legal`.
#[utoipa::path(post, path = "/api/lessons/{game}/{lesson}/{step}/check", tag = "learn", request_body = CheckRequest,
    params(
        ("game" = String, Path, description = "a game"),
        ("lesson" = String, Path, description = "a lesson id"),
        ("step" = String, Path, description = "a step id of that lesson")),
    responses(
        (status = 200, body = Verdict, description = "the verdict, the events to animate, the hint or the success"),
        (status = 400, body = ErrorBody, description = "`decisions` cannot be checked (none, unreadable, more than 16, a step without a goal) or a bad `lang`"),
        (status = 404, body = ErrorBody, description = "no such step"),
        (status = 429, body = ErrorBody, description = "too many checks and previews from this client address")))]
#[allow(dead_code)]
pub fn check() {}

/// The rules of the game a rule set belongs to, for players: sections, board diagrams (with the sowing
/// of those that play), the sources' own words (translated beside them), and this site's readings.
#[utoipa::path(get, path = "/api/rules/{variant}", tag = "learn",
    params(
        ("variant" = String, Path, description = "a variant id"),
        ("lang" = Option<String>, Query, description = "a language tag; unknown ones get English")),
    responses(
        (status = 200, body = RulesView, description = "the rules page (with an `ETag`)"),
        (status = 304, description = "the client's copy (`If-None-Match`) is current"),
        (status = 400, body = ErrorBody, description = "a bad `lang`"),
        (status = 404, body = ErrorBody, description = "no such variant")))]
#[allow(dead_code)]
pub fn rules() {}

/// What one decision does at a position the asker knows whole: its steps (as the game socket sends
/// them), the board after, the counters captured, and whether the turn waits for another decision.
#[utoipa::path(post, path = "/api/preview", tag = "learn", request_body = PreviewRequest,
    responses(
        (status = 200, body = Preview, description = "what the decision does"),
        (status = 400, body = ErrorBody, description = "an unknown `variant`, bad `options`, an unreadable `position`, an unreadable or illegal `decision` (the message lists the legal ones)"),
        (status = 429, body = ErrorBody, description = "too many checks and previews from this client address")))]
#[allow(dead_code)]
pub fn preview() {}

/// What one decision would do in a game in progress, asked by the player whose turn it is (`token`: the
/// seat token). Only in a game against the computer or a casual game whose creator allowed previews
/// (`previews` in the game's summary); never in a rated game; not while Ikibuguzo's arrays are being
/// chosen in secret. The answer holds only what that player may see: the steps projected for that side,
/// the counters captured, the laps, the last hole; no board and no position text.
#[utoipa::path(post, path = "/api/games/{id}/preview", tag = "play", request_body = GamePreviewRequest,
    params(("id" = String, Path, description = "game id")),
    responses(
        (status = 200, body = GamePreview, description = "what the decision would do"),
        (status = 400, body = ErrorBody, description = "an unreadable or illegal `decision` (the message lists the legal ones), a `token` or `decision` too long"),
        (status = 403, body = ErrorBody, description = "`token` is no seat of this game, the game is rated, or it does not allow previews"),
        (status = 404, body = ErrorBody, description = "no such game"),
        (status = 409, body = ErrorBody, description = "the game is not in progress, it is not the asker's turn, or the arrays are being chosen in secret"),
        (status = 429, body = ErrorBody, description = "too many checks, previews and analyses from this client address")))]
#[allow(dead_code)]
pub fn game_preview() {}

/// The lesson steps the signed-in player has met, in the order they were met.
#[utoipa::path(get, path = "/api/account/learn", tag = "account",
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = LearnProgress, description = "the steps met"),
        (status = 401, body = ErrorBody, description = "not signed in")))]
#[allow(dead_code)]
pub fn progress() {}

/// Record a lesson step as met by the signed-in player (idempotent).
#[utoipa::path(put, path = "/api/account/learn/{game}/{lesson}/{step}", tag = "account",
    params(
        ("game" = String, Path, description = "a game"),
        ("lesson" = String, Path, description = "a lesson id"),
        ("step" = String, Path, description = "a step id of that lesson")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 204, description = "recorded (or already there)"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 403, body = ErrorBody, description = "a write authenticated by the session cookie whose `Origin` is another site (CSRF)"),
        (status = 404, body = ErrorBody, description = "no such step")))]
#[allow(dead_code)]
pub fn progress_step() {}
