//! The operations of [`crate::http::tournaments`] and the tournament socket ([`crate::ws::tournament`]).

use mancala_protocol::http::ErrorBody;
use mancala_protocol::tournament::{CreateTournament, JoinTournament, TournamentList, TournamentView};

/// The tournaments: upcoming (soonest first), running, and recently finished (newest first), at most 50
/// each.
#[utoipa::path(get, path = "/api/tournaments", tag = "tournaments",
    responses((status = 200, body = TournamentList, description = "the lists")))]
#[allow(dead_code)]
pub fn list() {}

/// Make a tournament (signed in): an arena of `minutes` (5 to 360; several `variants` make a medley that
/// rotates them at equal intervals) or a Swiss of `rounds` (2 to 15, one variant), with a real-time clock
/// (base 1 to 3600 s, increment 0 to 60 s), starting at `starts_at` (unix ms, at most 7 days ahead; absent:
/// at once). `bots` lets accounts without a password (programs) join; `password` (4 to 64 characters)
/// makes it a club's; `berserk` (an arena only) lets its players halve their clock for an extra point on a
/// win. An account makes at most 5 a day and has at most 3 not finished.
#[utoipa::path(post, path = "/api/tournaments", tag = "tournaments", request_body = CreateTournament,
    security(("player_token" = [])),
    responses(
        (status = 201, body = TournamentView, description = "the new tournament"),
        (status = 400, body = ErrorBody, description = "a field out of its range, or one the kind does not take (`minutes` or `berserk` for a Swiss, `rounds` for an arena); the message names it"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 409, body = ErrorBody, description = "too many tournaments (of this account today or at once, or on the server)")))]
#[allow(dead_code)]
pub fn create() {}

/// A tournament: its settings, standings (recounted from its games), games (newest first, at most 100)
/// and byes; signed in, also the caller's place (`me`) with the seat of their game going on (its token
/// shown to that account only).
#[utoipa::path(get, path = "/api/tournaments/{id}", tag = "tournaments",
    params(("id" = String, Path, description = "the tournament's id")),
    responses(
        (status = 200, body = TournamentView, description = "the tournament"),
        (status = 404, body = ErrorBody, description = "no such tournament")))]
#[allow(dead_code)]
pub fn get() {}

/// Join a tournament (signed in; again after withdrawing): an arena pairs the player as soon as someone
/// else is free, a Swiss from its next round.
#[utoipa::path(post, path = "/api/tournaments/{id}/join", tag = "tournaments", request_body = Option<JoinTournament>,
    params(("id" = String, Path, description = "the tournament's id")),
    security(("player_token" = [])),
    responses(
        (status = 200, body = TournamentView, description = "the tournament with the caller in it"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 403, body = ErrorBody, description = "a wrong or missing password, an account without a password (a bot) where bots are not invited, or an account marked as computer assisted (code `engine_marked`)"),
        (status = 404, body = ErrorBody, description = "no such tournament"),
        (status = 409, body = ErrorBody, description = "the tournament is over, or full (200 players)"),
        (status = 429, body = ErrorBody, description = "a ban for leaving games (code `playban`, until `Retry-After`)")))]
#[allow(dead_code)]
pub fn join() {}

/// Withdraw (pause, in an arena): not paired again until joining again; a game going on is played out.
#[utoipa::path(post, path = "/api/tournaments/{id}/withdraw", tag = "tournaments",
    params(("id" = String, Path, description = "the tournament's id")),
    security(("player_token" = [])),
    responses(
        (status = 200, body = TournamentView, description = "the tournament"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 404, body = ErrorBody, description = "no such tournament"),
        (status = 409, body = ErrorBody, description = "the caller never joined")))]
#[allow(dead_code)]
pub fn withdraw() {}

/// The tournament's live page: a WebSocket that sends `TournamentServerMsg` frames, `tournament` when it
/// opens and at every change (a join, a pairing, a result); it reads nothing. Signed in (`?token=`,
/// `Authorization: Bearer`, or a browser's session cookie from this site), each message carries the
/// caller's place and seat; a revoked credential closes it with 4001.
#[utoipa::path(get, path = "/api/tournaments/{id}/ws", tag = "tournaments",
    params(
        ("id" = String, Path, description = "the tournament's id"),
        ("token" = Option<String>, Query, description = "a player or API token (or `Authorization: Bearer …`)")),
    responses(
        (status = 101, description = "switching to the WebSocket protocol"),
        (status = 401, body = ErrorBody, description = "the token is not a player token"),
        (status = 404, body = ErrorBody, description = "no such tournament")))]
#[allow(dead_code)]
pub fn socket() {}
