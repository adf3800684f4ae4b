//! `GET /api/openapi.json`: the OpenAPI 3.1 document of every route of [`super::router`], built with
//! utoipa (no UI is bundled: see docs/ for viewers that read this file), then made as strict as the
//! server ([`enforced`]: id and name patterns, enums, ranges, every error each route can answer), so a
//! client or a fuzzer (schemathesis: `server/tests/schemathesis.sh`) can trust it.
//!
//! Each operation is described where it is served: the handler carries its `#[utoipa::path]` (in
//! `http/*.rs`, the sockets' in `ws/`, a feature's in its `routes.rs` or `routes/`), and `paths(…)` below lists the
//! handlers by path (`crate::games::routes::create::create`, `crate::playban::routes::status`), so a route is
//! declared once. This folder keeps what belongs to the document as a whole: `wire.rs` the socket's
//! messages, `examples.rs` the examples, `enforced.rs` what the code checks. The body
//! schemas are derived from the wire types themselves (`mancala-protocol`'s `openapi` feature), so they
//! cannot drift from what is sent. A test (`server/tests/it/history/openapi.rs`) compares the document's
//! paths and methods with the `.route(…)` lines of `http/mod.rs` and of the features' routes: a new
//! route without a description fails it.

use crate::edge::extract::{NoParams, Query};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use mancala_protocol::http::ErrorBody;
use mancala_protocol::lobby::{LobbyClientMsg, LobbyServerMsg};
use mancala_protocol::{ClientMsg, ServerMsg};
use std::sync::LazyLock;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};

mod enforced;
mod examples;
mod wire;

/// The document, rendered once.
static DOCUMENT: LazyLock<String> =
    LazyLock::new(|| serde_json::to_string_pretty(&document_value()).expect("the OpenAPI document serialises"));

/// This document.
#[utoipa::path(get, path = "/api/openapi.json", operation_id = "openapi_json", tag = "ops",
    responses((status = 200, description = "OpenAPI 3.1 JSON")))]
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
        crate::http::ops::healthz, crate::http::ops::metrics, crate::http::variants::list, crate::games::routes::create::create, crate::games::routes::history::list, crate::games::routes::create::join, crate::games::routes::history::detail, crate::games::routes::history::position,
        crate::games::routes::export::export, crate::games::routes::create::invite, crate::games::routes::create::join_invite, crate::ws::upgrade, crate::accounts::routes::players::create, crate::accounts::routes::players::profile, crate::games::routes::streams::player_games, crate::games::routes::streams::live_game,
        crate::ratings::routes::history, crate::ratings::routes::leaderboard, crate::http::openapi::document, crate::ws::lobby::upgrade, crate::lobby::routes::list, crate::playban::routes::status, crate::lobby::routes::create, crate::lobby::routes::accept, crate::lobby::routes::challenge,
        crate::lobby::routes::challenges, crate::lobby::routes::accept_challenge, crate::lobby::routes::decline_challenge, crate::accounts::routes::account::signup, crate::accounts::routes::account::signin, crate::accounts::routes::account::signout, crate::accounts::routes::account::me, crate::accounts::routes::account::change_password,
        crate::accounts::routes::reset::reset_password, crate::accounts::routes::email::get, crate::accounts::routes::email::set, crate::accounts::routes::email::confirm, crate::accounts::routes::forgot::forgot,
        crate::accounts::routes::data::export, crate::accounts::routes::data::close_account, crate::http::site::site,
        crate::games::routes::playing::playing, crate::accounts::routes::account::list_tokens, crate::accounts::routes::account::create_token, crate::accounts::routes::account::revoke_token, crate::learn::routes::courses, crate::learn::routes::lesson, crate::learn::routes::check, crate::learn::routes::rules,
        crate::learn::routes::preview, crate::games::routes::preview::preview, crate::learn::routes::progress::get, crate::learn::routes::progress::put, crate::analysis::routes::analyse::analyse,
        crate::analysis::routes::review::review, crate::analysis::routes::review::lines, crate::tournaments::routes::list, crate::tournaments::routes::create, crate::tournaments::routes::get, crate::tournaments::routes::join,
        crate::tournaments::routes::withdraw, crate::ws::tournament::upgrade, crate::moderation::routes::file_report, crate::moderation::routes::queue,
        crate::moderation::routes::report, crate::moderation::routes::dismiss, crate::moderation::routes::player, crate::moderation::routes::act, crate::moderation::routes::log,
        crate::accounts::routes::account::acknowledge_warning,
        crate::blocks::routes::list, crate::blocks::routes::block, crate::blocks::routes::unblock,
        crate::puzzles::routes::get, crate::puzzles::routes::next, crate::puzzles::routes::daily, crate::puzzles::routes::streak_next,
        crate::puzzles::routes::attempt, crate::puzzles::routes::vote, crate::puzzles::routes::history, crate::puzzles::routes::export,
        crate::accounts::routes::twostep::status, crate::accounts::routes::twostep::setup, crate::accounts::routes::twostep::enable, crate::accounts::routes::twostep::disable, crate::accounts::routes::twostep::backup_codes,
        crate::accounts::routes::twostep::signin_code
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
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new(crate::accounts::session::COOKIE))),
        );
    }
}
