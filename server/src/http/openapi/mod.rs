//! `GET /api/openapi.json`: the OpenAPI 3.1 document of every route of [`super::router`], built with
//! utoipa (no UI is bundled: see docs/ for viewers that read this file), then made as strict as the
//! server ([`enforced`]: id and name patterns, enums, ranges, every error each route can answer), so a
//! client or a fuzzer (schemathesis: `server/tests/schemathesis.sh`) can trust it.
//!
//! The operations are described by `#[utoipa::path]` stubs rather than on the handlers, so the contract
//! stays in this folder (this file, and one file per area: `learn.rs`, `tournaments.rs`, `analysis.rs`,
//! `review.rs`, `email.rs`, `puzzles.rs`; `wire.rs` the socket's messages, `examples.rs` the examples, `enforced.rs` what the code
//! checks) and the handlers stay plain axum functions. A feature folder's routes are the exception: its
//! `routes.rs` holds each handler with its `#[utoipa::path]`, listed here by path
//! (`crate::playban::routes::status`), so the feature is one folder (docs/server.md, "Features"). The body
//! schemas are derived from the wire types themselves (`mancala-protocol`'s `openapi` feature), so they
//! cannot drift from what is sent. A test (`server/tests/it/history/openapi.rs`) compares the document's
//! paths and methods with the `.route(…)` lines of `http/mod.rs` and of the features' `routes.rs`: a new
//! route without a description fails it.

use super::export::GameExport;
use crate::edge::extract::{NoParams, Query};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use mancala_protocol::account::{
    AccountInfo, ApiTokenCreated, ApiTokenInfo, ChangePassword, CreateApiToken, Playing, ResetPassword, SignedIn,
    Signin, Signup,
};
use mancala_protocol::http::{
    CreateGame, CreatePlayer, ErrorBody, GameDetail, GameList, GameSummary, JoinGame, LeaderboardEntry, PlayerCreated,
    PlayerProfile, PositionAt, RatingPoint, SeatGranted, VariantList,
};
use mancala_protocol::lobby::{
    Challenge, ChallengeList, CreateChallenge, LobbyClientMsg, LobbyServerMsg, SeekList, SeekRequest,
};
use mancala_protocol::{ClientMsg, ServerMsg};
use std::sync::LazyLock;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi, ToSchema};

mod enforced;
mod examples;
mod wire;

/// The document, rendered once.
static DOCUMENT: LazyLock<String> =
    LazyLock::new(|| serde_json::to_string_pretty(&document_value()).expect("the OpenAPI document serialises"));

/// `GET /api/openapi.json`.
pub async fn document(_: Query<NoParams>) -> Response {
    let mut response = DOCUMENT.as_str().into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(wire::MEDIA_TYPE));
    response
}

/// The OpenAPI document as served.
pub fn document_value() -> serde_json::Value {
    let mut doc = serde_json::to_value(ApiDoc::openapi()).expect("the OpenAPI document serialises");
    enforced::apply(&mut doc);
    wire::apply(&mut doc);
    examples::apply(&mut doc);
    doc
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "mancala-server",
        description = "Play and watch mancala games (Ikibuguzo, Kubuguza, Njombwa, Azigo). Play happens over the \
            WebSocket `GET /api/games/{id}/ws` (messages: schemas `ClientMsg` and `ServerMsg`); everything else \
            is JSON over HTTP. Every error is an `ErrorBody` body. No answer carries a secret of an unfinished \
            game (an Ikibuguzo array choice before both are in, an Azigo store count)."
    ),
    paths(
        healthz, metrics, list_variants, create_game, list_games, join_game, game_detail, game_position,
        game_export, invite, join_invite, websocket, create_player, player_profile, player_games, stream_game,
        rating_history, leaderboard, openapi_json, lobby_ws, lobby_seeks, crate::playban::routes::status, lobby_seek, lobby_accept, create_challenge,
        list_challenges, accept_challenge, decline_challenge, signup, signin, signout, account, change_password,
        reset_password, crate::http::email::get, crate::http::email::set, crate::http::email::confirm, crate::http::forgot::forgot,
        crate::http::account_data::export, crate::http::account_data::close_account, crate::http::site::site,
        playing, list_tokens, create_token, revoke_token, crate::http::learn::courses, crate::http::learn::lesson, crate::http::learn::check, crate::http::learn::rules,
        crate::http::learn::preview, crate::http::game_preview::preview, crate::http::progress::get, crate::http::progress::put, crate::http::analysis::analyse,
        crate::http::review::review, crate::http::review::lines, crate::http::tournaments::list, crate::http::tournaments::create, crate::http::tournaments::get, crate::http::tournaments::join,
        crate::http::tournaments::withdraw, crate::ws::tournament::upgrade, crate::http::reports::report, crate::http::moderation::queue,
        crate::http::moderation::report, crate::http::moderation::dismiss, crate::http::moderation::player, crate::http::moderation::act, crate::http::moderation::log,
        crate::http::account::acknowledge_warning,
        crate::http::blocks::list, crate::http::blocks::block, crate::http::blocks::unblock,
        crate::http::puzzles::get, crate::http::puzzles::next, crate::http::puzzles::daily, crate::http::puzzles::streak_next,
        crate::http::puzzles::attempt, crate::http::puzzles::vote, crate::http::puzzles::history, crate::http::puzzles::export,
        crate::http::twostep::status, crate::http::twostep::setup, crate::http::twostep::enable, crate::http::twostep::disable, crate::http::twostep::backup_codes,
        crate::http::twostep::signin_code
    ),
    components(schemas(ClientMsg, ServerMsg, ErrorBody, LobbyClientMsg, LobbyServerMsg, mancala_protocol::tournament::TournamentServerMsg)),
    modifiers(&BearerAuth),
    tags(
        (name = "games", description = "Create and join games"),
        (name = "play", description = "The WebSocket for players and spectators"),
        (name = "history", description = "Games, records, positions and exports from the database"),
        (name = "streams", description = "NDJSON streams: one JSON object per line"),
        (name = "players", description = "Player accounts"),
        (name = "lobby", description = "Seeks, quick pairing and challenges"),
        (name = "account", description = "Sign up, sign in and out (a session cookie or an API token; a code \
            too when two-step sign-in is on), password, API tokens, email address and \"Forgot your password?\", \
            download my data, close my account. Cookie-authenticated writes must come from this server's origin (`Origin`, when sent)"),
        (name = "ratings", description = "Glicko-2 ratings per variant: history and leaderboards"),
        (name = "learn", description = "Lessons with their checks, the players' rules pages, the move preview"),
        (name = "puzzles", description = "Puzzles: one decision wins; served near the player's puzzle rating, judged decision by decision, rated (Glicko-2), voted on, exported"),
        (name = "analysis", description = "The engine's analysis of positions and finished games"),
        (name = "tournaments", description = "Arena and Swiss tournaments: lists, standings, joining, the live socket"),
        (name = "moderation", description = "Reports, and the moderators' queue, actions and log (moderators only)"),
        (name = "ops", description = "Health, metrics, this document")
    )
)]
struct ApiDoc;

/// Registers the `player_token` bearer scheme (a player account's token, `POST /api/players`, or an API
/// token) and the `session` cookie scheme (a signed-in browser).
struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme("player_token", SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)));
        components.add_security_scheme(
            "session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new(crate::auth::session::COOKIE))),
        );
    }
}

/// The `/healthz` body.
#[allow(dead_code)] // only described, never built: `ops::healthz` answers with a `json!` value
#[derive(ToSchema)]
struct Health {
    /// `ok`.
    status: String,
    /// Rooms in memory (games being played or watched).
    live_games: u64,
}

// The stubs below only carry the `#[utoipa::path]` descriptions; they are never called.

/// Liveness: the database answers.
#[utoipa::path(get, path = "/healthz", tag = "ops", responses(
    (status = 200, body = Health, description = "the database answers"),
    (status = 503, body = ErrorBody, description = "the database does not answer")))]
#[allow(dead_code)]
fn healthz() {}

/// Prometheus metrics (text exposition format).
#[utoipa::path(get, path = "/metrics", tag = "ops", responses(
    (status = 200, body = String, content_type = "text/plain; version=0.0.4", description = "Prometheus text format")))]
#[allow(dead_code)]
fn metrics() {}

/// The rule sets, with default options, option notes and a rules summary.
#[utoipa::path(get, path = "/api/variants", tag = "games", responses((status = 200, body = VariantList, description = "every variant")))]
#[allow(dead_code)]
fn list_variants() {}

/// Create a game and take a seat.
///
/// The answer's `token` is the seat's only proof and is shown once. With a player token
/// (`Authorization: Bearer …`) the seat is linked to that account.
#[utoipa::path(post, path = "/api/games", tag = "games", request_body = CreateGame,
    security((), ("player_token" = []), ("session" = [])),
    responses(
        (status = 201, body = SeatGranted, description = "the game and the seat's token (shown once)"),
        (status = 400, body = ErrorBody, description = "bad body, variant, options or clock; a guest's name holding a forbidden word (code `name_forbidden`)"),
        (status = 401, body = ErrorBody, description = "the bearer token is not a player token"),
        (status = 403, body = ErrorBody, description = "a rated game asked for by a guest, or by an account marked as computer assisted (code `engine_marked`)"),
        (status = 409, body = ErrorBody, description = "the name belongs to a registered player")))]
#[allow(dead_code)]
fn create_game() {}

/// List games, newest first, with filters and cursor pagination.
///
/// Unknown parameters and bad values are refused with a 400 naming the parameter.
#[utoipa::path(get, path = "/api/games", tag = "history",
    params(
        ("player" = Option<String>, Query, description = "a display name seated on either side"),
        ("variant" = Option<String>, Query, description = "a variant id (see /api/variants)"),
        ("status" = Option<String>, Query, description = "`waiting`, `ongoing` or `finished`"),
        ("result" = Option<String>, Query, description = "`south` or `north` (that side won) or `draw`"),
        ("since" = Option<u64>, Query, description = "created at or after (unix ms)"),
        ("until" = Option<u64>, Query, description = "created before (unix ms)"),
        ("cursor" = Option<String>, Query, description = "`next_cursor` of the previous page"),
        ("limit" = Option<u32>, Query, description = "page size, 1 to 100 (default 20)")),
    responses((status = 200, body = GameList, description = "one page of games"), (status = 400, body = ErrorBody, description = "a bad parameter or body; the message names it")))]
#[allow(dead_code)]
fn list_games() {}

/// Take the open seat of a game (body optional).
#[utoipa::path(post, path = "/api/games/{id}/join", tag = "games", request_body = Option<JoinGame>,
    params(("id" = String, Path, description = "game id")),
    security((), ("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = SeatGranted, description = "the game and the seat's token (shown once)"),
        (status = 400, body = ErrorBody, description = "a bad parameter or body; the message names it"), (status = 401, body = ErrorBody, description = "the bearer token is not a player token"), (status = 404, body = ErrorBody, description = "not found"),
        (status = 403, body = ErrorBody, description = "a guest, or an account marked as computer assisted (code `engine_marked`), joining a rated game"),
        (status = 409, body = ErrorBody, description = "no open seat, or the name is taken")))]
#[allow(dead_code)]
fn join_game() {}

/// One game: players, result, clock, the record and the current board.
///
/// While the game is unfinished the board and record are a spectator's (secret decisions are `null`);
/// once finished, everything is shown.
#[utoipa::path(get, path = "/api/games/{id}", tag = "history",
    params(("id" = String, Path, description = "game id")),
    responses((status = 200, body = GameDetail, description = "the game"), (status = 400, body = ErrorBody, description = "a bad parameter or body; the message names it"), (status = 404, body = ErrorBody, description = "not found")))]
#[allow(dead_code)]
fn game_detail() {}

/// The board after `ply` decisions.
#[utoipa::path(get, path = "/api/games/{id}/position", tag = "history",
    params(
        ("id" = String, Path, description = "game id"),
        ("ply" = Option<u32>, Query, description = "0 is the start; default the last ply")),
    responses(
        (status = 200, body = PositionAt, description = "the board after that ply"),
        (status = 400, body = ErrorBody, description = "`ply` beyond the record"),
        (status = 404, body = ErrorBody, description = "not found")))]
#[allow(dead_code)]
fn game_position() {}

/// The record exported as text (a PGN-like header, then one decision per line) or JSON.
///
/// Without `format`, an `Accept` header preferring `application/json` gets JSON.
#[utoipa::path(get, path = "/api/games/{id}/export", tag = "history",
    params(
        ("id" = String, Path, description = "game id"),
        ("format" = Option<String>, Query, description = "`text` (default) or `json`")),
    responses(
        (status = 200, description = "the record", content(
            (String = "text/plain; charset=utf-8"),
            (GameExport = "application/json"))),
        (status = 400, body = ErrorBody, description = "a bad parameter or body; the message names it"), (status = 404, body = ErrorBody, description = "not found")))]
#[allow(dead_code)]
fn game_export() {}

/// The game waiting behind an invite code.
#[utoipa::path(get, path = "/api/invites/{code}", tag = "games",
    params(("code" = String, Path, description = "invite code")),
    responses((status = 200, body = GameSummary, description = "the game waiting behind the code"), (status = 404, body = ErrorBody, description = "not found")))]
#[allow(dead_code)]
fn invite() {}

/// Take the open seat of the game behind an invite code (body optional).
#[utoipa::path(post, path = "/api/invites/{code}/join", tag = "games", request_body = Option<JoinGame>,
    params(("code" = String, Path, description = "invite code")),
    security((), ("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = SeatGranted, description = "the game and the seat's token (shown once)"),
        (status = 400, body = ErrorBody, description = "a bad parameter or body; the message names it"), (status = 401, body = ErrorBody, description = "the bearer token is not a player token"), (status = 404, body = ErrorBody, description = "not found"),
        (status = 403, body = ErrorBody, description = "a guest, or an account marked as computer assisted (code `engine_marked`), joining a rated game"),
        (status = 409, body = ErrorBody, description = "no open seat, or the name belongs to a registered player")))]
#[allow(dead_code)]
fn join_invite() {}

/// The WebSocket of a game, for players (with the seat token) and spectators (without).
///
/// The client sends `ClientMsg` frames and receives `ServerMsg` frames (JSON text): a snapshot first, then
/// versioned events. `v` resumes after that version.
#[utoipa::path(get, path = "/api/games/{id}/ws", tag = "play",
    params(
        ("id" = String, Path, description = "game id"),
        ("token" = Option<String>, Query, description = "seat token (or `Authorization: Bearer …`)"),
        ("v" = Option<u64>, Query, description = "the last version the client holds")),
    responses(
        (status = 101, description = "switching to the WebSocket protocol"),
        (status = 400, body = ErrorBody, description = "a bad parameter or body; the message names it"), (status = 401, body = ErrorBody, description = "not a seat token of this game"),
        (status = 404, body = ErrorBody, description = "not found")))]
#[allow(dead_code)]
fn websocket() {}

/// Register a player name; the answer's token is shown once.
#[utoipa::path(post, path = "/api/players", tag = "players", request_body = CreatePlayer,
    responses(
        (status = 201, body = PlayerCreated, description = "the account and its token (shown once)"),
        (status = 400, body = ErrorBody, description = "a bad parameter or body; the message names it; a name holding a forbidden word (code `name_forbidden`)"), (status = 409, body = ErrorBody, description = "the name is taken")))]
#[allow(dead_code)]
fn create_player() {}

/// A registered player's results.
#[utoipa::path(get, path = "/api/players/{name}", tag = "players",
    params(("name" = String, Path, description = "player name")),
    responses((status = 200, body = PlayerProfile, description = "the player's results"), (status = 404, body = ErrorBody, description = "not found")))]
#[allow(dead_code)]
fn player_profile() {}

/// Every game where `name` is seated, newest first: one `GameSummary` per line (NDJSON).
#[utoipa::path(get, path = "/api/players/{name}/games", tag = "streams",
    params(
        ("name" = String, Path, description = "display name"),
        ("variant" = Option<String>, Query, description = "a variant id"),
        ("status" = Option<String>, Query, description = "`waiting`, `ongoing` or `finished`"),
        ("result" = Option<String>, Query, description = "`south`, `north` or `draw`"),
        ("since" = Option<u64>, Query, description = "created at or after (unix ms)"),
        ("until" = Option<u64>, Query, description = "created before (unix ms)"),
        ("max" = Option<u32>, Query, description = "at most this many games")),
    responses(
        (status = 200, body = GameSummary, content_type = "application/x-ndjson", description = "one game per line"),
        (status = 400, body = ErrorBody, description = "a bad parameter or body; the message names it")))]
#[allow(dead_code)]
fn player_games() {}

/// Follow a game live: one `ServerMsg` per line (NDJSON), as a spectator's WebSocket would carry them.
///
/// The first line is a snapshot; the stream ends after the frame that shows the game over. An empty line
/// is sent after 7 s without any other.
#[utoipa::path(get, path = "/api/stream/game/{id}", tag = "streams",
    params(("id" = String, Path, description = "game id")),
    responses(
        (status = 200, body = ServerMsg, content_type = "application/x-ndjson", description = "one frame per line"),
        (status = 400, body = ErrorBody, description = "a bad parameter or body; the message names it"), (status = 404, body = ErrorBody, description = "not found")))]
#[allow(dead_code)]
fn stream_game() {}

/// A player's rating after each rated game of a variant, oldest first (the rating chart).
#[utoipa::path(get, path = "/api/players/{name}/ratings/{variant}", tag = "ratings",
    params(("name" = String, Path, description = "player name"), ("variant" = String, Path, description = "a variant id")),
    responses(
        (status = 200, body = Vec<RatingPoint>, description = "one point per rated game (empty: no rated game yet)"),
        (status = 400, body = ErrorBody, description = "a bad name"),
        (status = 404, body = ErrorBody, description = "no such variant")))]
#[allow(dead_code)]
fn rating_history() {}

/// The best established (non-provisional) ratings of a variant: one `LeaderboardEntry` per line (NDJSON).
#[utoipa::path(get, path = "/api/leaderboard/{variant}", tag = "ratings",
    params(
        ("variant" = String, Path, description = "a variant id"),
        ("limit" = Option<u32>, Query, description = "at most this many lines, 1 to 500 (default 100)")),
    responses(
        (status = 200, body = LeaderboardEntry, content_type = "application/x-ndjson", description = "one player per line, best first"),
        (status = 400, body = ErrorBody, description = "a bad parameter; the message names it"),
        (status = 404, body = ErrorBody, description = "no such variant")))]
#[allow(dead_code)]
fn leaderboard() {}

/// This document.
#[utoipa::path(get, path = "/api/openapi.json", tag = "ops", responses((status = 200, description = "OpenAPI 3.1 JSON")))]
#[allow(dead_code)]
fn openapi_json() {}

/// The lobby WebSocket: live seeks, posting and accepting seeks, quick pairing, challenges, and the live
/// lists of games waiting for an opponent and being played.
///
/// The client sends `LobbyClientMsg` frames and receives `LobbyServerMsg` frames (JSON text): `seeks` first,
/// then `games` (the newest 20 waiting and live games), `seek_added` / `seek_removed`, `game_added` /
/// `game_changed` / `game_removed`, `paired` (a `SeatGranted`) when a game is made, `challenge`. A seek
/// lives while the socket that made it is open.
#[utoipa::path(get, path = "/api/lobby/ws", tag = "lobby",
    params(
        ("token" = Option<String>, Query, description = "a player token (or `Authorization: Bearer …`)"),
        ("name" = Option<String>, Query, description = "a guest's display name")),
    responses(
        (status = 101, description = "switching to the WebSocket protocol"),
        (status = 401, body = ErrorBody, description = "the token is not a player token"),
        (status = 409, body = ErrorBody, description = "the guest name belongs to a registered player"),
        (status = 429, body = ErrorBody, description = "too many lobby connections open from this address")))]
#[allow(dead_code)]
fn lobby_ws() {}

/// The newest open seeks (at most 100) and the count of all.
#[utoipa::path(get, path = "/api/lobby/seeks", tag = "lobby",
    responses((status = 200, body = SeekList, description = "the newest 100 open seeks, oldest first among them, and `total`")))]
#[allow(dead_code)]
fn lobby_seeks() {}

/// Post a seek and wait to be paired: the answer is an NDJSON stream (`LobbyServerMsg` lines):
/// `seek_created`, then `paired` (the seat and its token) and the stream ends. Closing it cancels the seek.
#[utoipa::path(post, path = "/api/lobby/seeks", tag = "lobby", request_body = SeekRequest,
    security((), ("player_token" = [])),
    responses(
        (status = 200, body = LobbyServerMsg, content_type = "application/x-ndjson", description = "`seek_created`, then `paired`"),
        (status = 401, body = ErrorBody, description = "the bearer token is not a player token"),
        (status = 400, body = ErrorBody, description = "a bad body; a guest's name holding a forbidden word (code `name_forbidden`)"),
        (status = 403, body = ErrorBody, description = "a rated seek from a guest, or from an account marked as computer assisted (code `engine_marked`)"),
        (status = 409, body = ErrorBody, description = "5 open seeks already, the name belongs to a registered player, or you are playing a game from the lobby"),
        (status = 429, body = ErrorBody, description = "a ban for leaving games (code `playban`), or a limit: new games a minute, open seeks or lobby connections of this address (until `Retry-After`)")))]
#[allow(dead_code)]
fn lobby_seek() {}

/// Accept a seek (body optional: a guest's `name`): the game is made, both players get their seat.
#[utoipa::path(post, path = "/api/lobby/seeks/{id}/accept", tag = "lobby", request_body = Option<JoinGame>,
    params(("id" = String, Path, description = "seek id")),
    security((), ("player_token" = [])),
    responses(
        (status = 201, body = SeatGranted, description = "the game and the accepter's seat token (shown once)"),
        (status = 401, body = ErrorBody, description = "the bearer token is not a player token"),
        (status = 403, body = ErrorBody, description = "outside the seek's rating range, a rated seek and a guest or an account marked as computer assisted (code `engine_marked`), or `blocked`: one of the two blocks the other"),
        (status = 404, body = ErrorBody, description = "no such open seek"),
        (status = 409, body = ErrorBody, description = "your own seek, you are playing a game from the lobby, or the seeker signed out"),
        (status = 429, body = ErrorBody, description = "a ban for leaving games (code `playban`), or too many new games a minute (until `Retry-After`)")))]
#[allow(dead_code)]
fn lobby_accept() {}

/// Challenge a named account (accounts only).
#[utoipa::path(post, path = "/api/challenges", tag = "lobby", request_body = CreateChallenge,
    security(("player_token" = [])),
    responses(
        (status = 201, body = Challenge, description = "the challenge, sent to the challenged's lobby sockets"),
        (status = 401, body = ErrorBody, description = "not signed in (a guest), or a bearer token that is no account's"),
        (status = 403, body = ErrorBody, description = "a cookie-authenticated write from another origin, `blocked`: one of the two blocks the other, or `engine_marked`: a rated challenge from or to an account marked as computer assisted"),
        (status = 404, body = ErrorBody, description = "no such account"),
        (status = 409, body = ErrorBody, description = "a challenge of yours to that person waits for an answer already"),
        (status = 429, body = ErrorBody, description = "a ban for leaving games (code `playban`), too many challenges a minute, or 10 waiting for an answer (until `Retry-After`)")))]
#[allow(dead_code)]
fn create_challenge() {}

/// My open challenges, incoming and outgoing.
#[utoipa::path(get, path = "/api/challenges", tag = "lobby",
    security(("player_token" = [])),
    responses(
        (status = 200, body = ChallengeList, description = "incoming and outgoing challenges"),
        (status = 401, body = ErrorBody, description = "not signed in (a guest), or a bearer token that is no account's"),
        (status = 403, body = ErrorBody, description = "a cookie-authenticated write from another origin")))]
#[allow(dead_code)]
fn list_challenges() {}

/// Accept a challenge: the accepter's seat here, the challenger's as `paired` on their lobby socket.
#[utoipa::path(post, path = "/api/challenges/{id}/accept", tag = "lobby",
    params(("id" = String, Path, description = "challenge id")),
    security(("player_token" = [])),
    responses(
        (status = 201, body = SeatGranted, description = "the game and the accepter's seat token (shown once)"),
        (status = 401, body = ErrorBody, description = "not signed in (a guest), or a bearer token that is no account's"),
        (status = 403, body = ErrorBody, description = "a cookie-authenticated write from another origin, `blocked`: one of the two blocks the other (the challenge is gone), or `engine_marked`: a rated challenge and an account marked as computer assisted"),
        (status = 404, body = ErrorBody, description = "no such challenge to you"),
        (status = 409, body = ErrorBody, description = "the challenger has no lobby socket open now, or either of you is playing a game from the lobby"),
        (status = 429, body = ErrorBody, description = "a ban for leaving games (code `playban`), or too many new games a minute (until `Retry-After`)")))]
#[allow(dead_code)]
fn accept_challenge() {}

/// Decline a challenge to you (or withdraw one of yours).
#[utoipa::path(post, path = "/api/challenges/{id}/decline", tag = "lobby",
    params(("id" = String, Path, description = "challenge id")),
    security(("player_token" = [])),
    responses(
        (status = 204, description = "declined (the challenger is told) or withdrawn"),
        (status = 401, body = ErrorBody, description = "not signed in (a guest), or a bearer token that is no account's"),
        (status = 403, body = ErrorBody, description = "a cookie-authenticated write from another origin"),
        (status = 404, body = ErrorBody, description = "no such challenge to or from you")))]
#[allow(dead_code)]
fn decline_challenge() {}
/// Create an account with a password and sign in (the answer sets the `mancala_session` cookie).
#[utoipa::path(post, path = "/api/account/signup", tag = "account", request_body = Signup,
    responses(
        (status = 201, body = AccountInfo, description = "the account; `Set-Cookie: mancala_session=…` signs the browser in",
            headers(("Set-Cookie" = String, description = "`mancala_session=…; Path=/; HttpOnly; SameSite=Lax; Max-Age=…`"))),
        (status = 400, body = ErrorBody, description = "a bad name or password (8 to 256 characters, not the name); a name holding a forbidden word (code `name_forbidden`)"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site"),
        (status = 409, body = ErrorBody, description = "the name is taken (in any case)")))]
#[allow(dead_code)]
fn signup() {}

/// Sign in with a name (any case) and password: a session cookie, or with `token_label` a new API token.
/// With two-step sign-in on, nothing is signed in yet: the answer has `second_step` and a `ticket` to send
/// with a code to `POST /api/account/signin/code`.
#[utoipa::path(post, path = "/api/account/signin", tag = "account", request_body = Signin,
    responses(
        (status = 200, body = SignedIn, description = "signed in: the cookie is set, or `token` holds the new API token; or `second_step` and `ticket`: a code is asked for",
            headers(("Set-Cookie" = String, description = "the session cookie (not with `token_label`)"))),
        (status = 401, body = ErrorBody, description = "wrong name or password (one answer for both)"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site")))]
#[allow(dead_code)]
fn signin() {}

/// Sign out: ends the cookie's session and clears the cookie, or revokes the API token sent as bearer.
#[utoipa::path(post, path = "/api/account/signout", tag = "account",
    security((), ("player_token" = []), ("session" = [])),
    responses(
        (status = 204, description = "signed out (also when not signed in)"),
        (status = 401, body = ErrorBody, description = "a bad bearer token"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site")))]
#[allow(dead_code)]
fn signout() {}

/// The signed-in account.
#[utoipa::path(get, path = "/api/account", tag = "account",
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = AccountInfo, description = "the account"),
        (status = 401, body = ErrorBody, description = "not signed in, or a bad bearer token")))]
#[allow(dead_code)]
fn account() {}

/// Change the password; every other session of the account is signed out (API tokens stay).
#[utoipa::path(post, path = "/api/account/password", tag = "account", request_body = ChangePassword,
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 204, description = "changed"),
        (status = 400, body = ErrorBody, description = "the new password breaks a rule"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 403, body = ErrorBody, description = "the current password is wrong, or `Origin` is another site"),
        (status = 409, body = ErrorBody, description = "a token-only account has no password")))]
#[allow(dead_code)]
fn change_password() {}

/// Set a new password with a one-time link of the operator's (`mancala-server admin reset-password NAME`
/// prints `…/reset/{token}`): it works once, within an hour of being made, and every session of the
/// account is signed out (API tokens stay). Limited like a sign-in.
#[utoipa::path(post, path = "/api/account/reset", tag = "account", request_body = ResetPassword,
    responses(
        (status = 204, description = "the password is set; every session of the account is signed out"),
        (status = 400, body = ErrorBody, description = "the new password breaks a rule (the link stays usable)"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site"),
        (status = 404, body = ErrorBody, description = "the link is unknown, already used or expired (one answer for all three)")))]
#[allow(dead_code)]
fn reset_password() {}

/// The account's games that are not over, those waiting for its decision first (the site's "your turn").
#[utoipa::path(get, path = "/api/account/playing", tag = "account",
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = Playing, description = "at most 50 games: `my_turn` ones first, each group newest first"),
        (status = 401, body = ErrorBody, description = "not signed in")))]
#[allow(dead_code)]
fn playing() {}

/// The account's API tokens (never the tokens themselves).
#[utoipa::path(get, path = "/api/account/tokens", tag = "account",
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = Vec<ApiTokenInfo>, description = "oldest first"),
        (status = 401, body = ErrorBody, description = "not signed in")))]
#[allow(dead_code)]
fn list_tokens() {}

/// Create an API token; `token` is shown this once.
#[utoipa::path(post, path = "/api/account/tokens", tag = "account", request_body = CreateApiToken,
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 201, body = ApiTokenCreated, description = "the new token"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site"),
        (status = 409, body = ErrorBody, description = "the account holds the most tokens it may")))]
#[allow(dead_code)]
fn create_token() {}

/// Revoke an API token: it stops working at once (401).
#[utoipa::path(delete, path = "/api/account/tokens/{id}", tag = "account",
    params(("id" = String, Path, description = "the token's id (from the list)")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 204, description = "revoked"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site"),
        (status = 404, body = ErrorBody, description = "no such token on this account")))]
#[allow(dead_code)]
fn revoke_token() {}
