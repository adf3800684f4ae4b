//! Moderation's HTTP routes (docs/moderation.md): a player's report (`POST /api/reports`), and the
//! moderators' routes (`/api/mod/…`): the queue of open reports with their context, a player's standing,
//! notes and record, the actions, and the log. Every moderators' route answers 403 to anyone but a
//! moderator ([`Moderator`]), signed in or not. An edge file (docs/server.md, "Features"): it reads who
//! asks and writes the answer; the rules are the feature's ([`super::reports`], [`super::actions`],
//! [`super::record`]).

use super::queries::{self, LogFilter, LogRow};
use super::{Live, ModError, actions, record, reports};
use crate::accounts::Caller;
use crate::edge::caller::SignedIn;
use crate::edge::error::ApiError;
use crate::edge::extract::{FromParams, Json, NoParams, Params, Path, Query};
use crate::edge::state::AppState;
use crate::ids::{PlayerName, ReportId};
use axum::Router;
use axum::extract::{FromRequestParts, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::routing::{get, post};
use mancala_protocol::http::ErrorBody;
use mancala_protocol::moderation::{
    DismissRequest, ModActionRequest, ModLogLine, ModNote, ModPlayer, ModQueue, ModReport, ReportFiled, ReportRequest,
    Warning,
};

/// The feature's routes, mounted by the router (`http/mod.rs`).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/reports", post(file_report))
        .route("/api/mod/reports", get(queue))
        .route("/api/mod/reports/{id}", get(report))
        .route("/api/mod/reports/{id}/dismiss", post(dismiss))
        .route("/api/mod/players/{name}", get(player))
        .route("/api/mod/players/{name}/actions", post(act))
        .route("/api/mod/log", get(log))
}

impl From<ModError> for ApiError {
    fn from(e: ModError) -> ApiError {
        match e {
            ModError::BadRequest(m) => ApiError::BadRequest(m),
            ModError::NotFound(m) => ApiError::NotFound(m),
            ModError::Limited { message, retry_after } => ApiError::RateLimited { message, retry_after },
            ModError::Store(e) => e.into(),
        }
    }
}

/// Report a player (signed in): `reason` one of `cheat`, `insult`, `leave`, `boost`, `name`, `other`;
/// `text` 1 to 500 characters; optionally the `game` and the chat `line` (its `n`) it is about. An open
/// report on the same player and reason takes this one in. The answer thanks the reporter and never says
/// what is done; the reported player is never told who reported. At most 10 reports an hour per account.
#[utoipa::path(post, path = "/api/reports", operation_id = "report", tag = "moderation", request_body = ReportRequest,
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 201, body = ReportFiled, description = "thanks"),
        (status = 400, body = ErrorBody, description = "a bad reason, an empty or too long text, a line without its game, or reporting oneself"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 404, body = ErrorBody, description = "no such player, game or chat line"),
        (status = 429, body = ErrorBody, description = "over 10 reports in the last hour; retry after `Retry-After` seconds")))]
// `POST /api/reports` (operation id `report`; the moderators' read of one report is `report_detail`).
pub async fn file_report(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
    Json(req): Json<ReportRequest>,
) -> Result<(StatusCode, axum::Json<ReportFiled>), ApiError> {
    reports::file(&state.store, &caller.name, &req).await?;
    Ok((StatusCode::CREATED, axum::Json(ReportFiled { message: reports::THANKS.to_string() })))
}

/// The most reports the queue lists at once (the oldest).
pub const QUEUE_MAX: i64 = 100;
/// The most log lines an answer holds (the newest).
pub const LOG_MAX: i64 = 200;

/// A request of a moderator: anyone else, signed in or not, is refused with 403.
#[derive(Clone, Debug)]
pub struct Moderator(pub Caller);

impl FromRequestParts<AppState> for Moderator {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let forbidden = || ApiError::Forbidden("moderators only".into());
        let Ok(SignedIn(caller)) = SignedIn::from_request_parts(parts, state).await else { return Err(forbidden()) };
        match state.store.standing(&caller.name.key()).await? {
            Some(s) if s.moderator => Ok(Moderator(caller)),
            _ => Err(forbidden()),
        }
    }
}

fn live(state: &AppState) -> Live<'_> {
    Live { lobby: &state.lobby, cluster: state.cluster.as_deref(), rooms: &state.rooms }
}

/// The open reports, oldest first (at most 100), each with every reporter's word, the reported chat lines
/// with 5 lines on each side, and the player's record, its newest rated games' fair-play figures included
/// (moderators only). A report whose reporter is `fair-play` was filed by the server itself: the account's
/// recent rated games agree with level 8's decisions over its variant's bar.
#[utoipa::path(get, path = "/api/mod/reports", tag = "moderation",
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = ModQueue, description = "the queue"),
        (status = 403, body = ErrorBody, description = "not a moderator")))]
// `GET /api/mod/reports`: the open reports, oldest first, each with its context.
pub async fn queue(
    State(state): State<AppState>,
    _: Moderator,
    _: Query<NoParams>,
) -> Result<axum::Json<ModQueue>, ApiError> {
    let mut reports = Vec::new();
    for r in queries::open_reports(&state.store, QUEUE_MAX).await? {
        reports.push(record::report(&state.store, r).await?);
    }
    Ok(axum::Json(ModQueue { reports }))
}

/// One report, open or closed (moderators only).
#[utoipa::path(get, path = "/api/mod/reports/{id}", operation_id = "report_detail", tag = "moderation",
    params(("id" = String, Path, description = "the report's id")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = ModReport, description = "the report"),
        (status = 403, body = ErrorBody, description = "not a moderator"),
        (status = 404, body = ErrorBody, description = "no such report")))]
// `GET /api/mod/reports/{id}`: one report, open or closed.
pub async fn report(
    State(state): State<AppState>,
    _: Moderator,
    _: Query<NoParams>,
    Path(id): Path<ReportId>,
) -> Result<axum::Json<ModReport>, ApiError> {
    let row =
        queries::report(&state.store, &id).await?.ok_or_else(|| ApiError::NotFound(format!("no report `{id}`")))?;
    Ok(axum::Json(record::report(&state.store, row).await?))
}

/// Dismiss an open report: nothing is done to the player; logged with the reason (moderators only).
#[utoipa::path(post, path = "/api/mod/reports/{id}/dismiss", tag = "moderation", request_body = DismissRequest,
    params(("id" = String, Path, description = "the report's id")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 204, description = "dismissed"),
        (status = 400, body = ErrorBody, description = "no reason, or the report is closed already"),
        (status = 403, body = ErrorBody, description = "not a moderator"),
        (status = 404, body = ErrorBody, description = "no such report")))]
pub async fn dismiss(
    State(state): State<AppState>,
    Moderator(caller): Moderator,
    _: Query<NoParams>,
    axum::extract::Path(id): axum::extract::Path<String>,
    Json(req): Json<DismissRequest>,
) -> Result<StatusCode, ApiError> {
    actions::dismiss(&state.store, &caller.name, &id, &req.reason).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The registered name of `name`, or 404.
async fn registered(state: &AppState, name: &PlayerName) -> Result<PlayerName, ApiError> {
    let row = state
        .store
        .player_by_name(name)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no registered player `{name}`")))?;
    PlayerName::parse(&row.name).map_err(|e| ApiError::Internal(format!("stored player name `{}`: {e}", row.name)))
}

/// What moderation holds on a player: standing (moderator, closed, chat timeout, shadow mute), notes,
/// warnings not acknowledged, its record, and the log's lines on it (moderators only).
#[utoipa::path(get, path = "/api/mod/players/{name}", tag = "moderation",
    params(("name" = String, Path, description = "the player's name (any case)")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = ModPlayer, description = "the player"),
        (status = 403, body = ErrorBody, description = "not a moderator"),
        (status = 404, body = ErrorBody, description = "no such account")))]
pub async fn player(
    State(state): State<AppState>,
    _: Moderator,
    _: Query<NoParams>,
    Path(name): Path<PlayerName>,
) -> Result<axum::Json<ModPlayer>, ApiError> {
    let name = registered(&state, &name).await?;
    let key = name.key();
    let standing = state.store.standing(&key).await?.unwrap_or_default();
    let notes = queries::mod_notes(&state.store, &key).await?;
    let warnings = queries::warnings(&state.store, &key).await?;
    let filter = LogFilter { target: Some(name.to_string()), ..Default::default() };
    let log = queries::mod_log(&state.store, &filter, LOG_MAX).await?;
    Ok(axum::Json(ModPlayer {
        name: name.to_string(),
        moderator: standing.moderator,
        closed_at: standing.closed_at.map(|t| t.wire()),
        chat_until: standing.chat_until.filter(|t| t.millis() > crate::game::UnixMs::now().millis()).map(|t| t.wire()),
        shadow_muted: standing.shadow_muted,
        engine_marked_at: state.store.engine_mark(&key).await?.map(|t| t.wire()),
        notes: notes.into_iter().map(|n| ModNote { author: n.author, text: n.text, at: n.at.wire() }).collect(),
        warnings: warnings.into_iter().map(|w| Warning { id: w.id, text: w.text, at: w.at.wire() }).collect(),
        record: record::of(&state.store, &name).await?,
        log: log.into_iter().map(line).collect(),
    }))
}

/// Act on a player, with a reason (logged): `dismiss` (closes the player's report named by `report`,
/// nothing else), `warn`, `chat_timeout` (`minutes` 15, 60 or 1440),
/// `shadow_mute`, `unmute`, `close`, `reopen`, `mark` (computer assisted: out of leaderboards,
/// tournaments and rated games, its victims of the last 30 days refunded), `unmark`, `note`; `report`
/// closes the report it answers. Takes effect on every server at once (moderators only).
#[utoipa::path(post, path = "/api/mod/players/{name}/actions", tag = "moderation", request_body = ModActionRequest,
    params(("name" = String, Path, description = "the player's name (any case)")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 204, description = "done"),
        (status = 400, body = ErrorBody, description = "no reason, a bad `minutes`, a closed report (or, for `dismiss`, none named or another player's), or marking a marked account (unmarking one that is not)"),
        (status = 403, body = ErrorBody, description = "not a moderator"),
        (status = 404, body = ErrorBody, description = "no such account or report")))]
pub async fn act(
    State(state): State<AppState>,
    Moderator(caller): Moderator,
    _: Query<NoParams>,
    Path(name): Path<PlayerName>,
    Json(req): Json<ModActionRequest>,
) -> Result<StatusCode, ApiError> {
    let name = registered(&state, &name).await?;
    actions::act(&state.store, Some(live(&state)), &caller.name, &name, &req).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The log's filters: `moderator`, `player`, `action`.
#[derive(Debug)]
pub struct LogQuery(LogFilter);

impl FromParams for LogQuery {
    const NAMES: &'static [&'static str] = &["moderator", "player", "action"];

    fn from_params(params: &Params) -> Result<Self, ApiError> {
        let name = |p: &str| params.parsed::<PlayerName>(p).map(|n| n.map(|n| n.to_string()));
        let action = params
            .word(
                "action",
                &[
                    ("dismiss", "dismiss"),
                    ("warn", "warn"),
                    ("chat_timeout", "chat_timeout"),
                    ("shadow_mute", "shadow_mute"),
                    ("unmute", "unmute"),
                    ("close", "close"),
                    ("reopen", "reopen"),
                    ("note", "note"),
                    ("mark", "mark"),
                    ("unmark", "unmark"),
                    ("refund", "refund"),
                ],
            )?
            .map(str::to_string);
        Ok(LogQuery(LogFilter { moderator: name("moderator")?, target: name("player")?, action }))
    }
}

/// The moderation log, newest first (at most 200), filtered by `moderator`, `player` and `action`
/// (moderators only).
#[utoipa::path(get, path = "/api/mod/log", tag = "moderation",
    params(
        ("moderator" = Option<String>, Query, description = "only this moderator's actions"),
        ("player" = Option<String>, Query, description = "only actions on this player"),
        ("action" = Option<String>, Query, description = "only this action")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = Vec<ModLogLine>, description = "the log"),
        (status = 403, body = ErrorBody, description = "not a moderator")))]
// `GET /api/mod/log`: newest first, filtered.
pub async fn log(
    State(state): State<AppState>,
    _: Moderator,
    Query(LogQuery(filter)): Query<LogQuery>,
) -> Result<axum::Json<Vec<ModLogLine>>, ApiError> {
    Ok(axum::Json(queries::mod_log(&state.store, &filter, LOG_MAX).await?.into_iter().map(line).collect()))
}

fn line(l: LogRow) -> ModLogLine {
    ModLogLine { at: l.at.wire(), moderator: l.moderator, action: l.action, target: l.target, details: l.details }
}
