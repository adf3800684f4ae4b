//! The moderators' routes (`/api/mod/…`, docs/moderation.md): the queue of open reports with their
//! context, a player's standing, notes and record, the actions, and the log. Every route answers 403 to
//! anyone but a moderator ([`Moderator`]), signed in or not. Thin: the rules are in `crate::moderation`.

use crate::auth::Caller;
use crate::edge::caller::SignedIn;
use crate::edge::error::ApiError;
use crate::edge::extract::{FromParams, Json, NoParams, Params, Path, Query};
use crate::ids::{PlayerName, ReportId};
use crate::moderation::{Live, actions, record};
use crate::state::AppState;
use crate::store::{LogFilter, LogRow};
use axum::extract::{FromRequestParts, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use mancala_protocol::moderation::{
    DismissRequest, ModActionRequest, ModLogLine, ModNote, ModPlayer, ModQueue, ModReport, Warning,
};

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

/// `GET /api/mod/reports`: the open reports, oldest first, each with its context.
pub async fn queue(
    State(state): State<AppState>,
    _: Moderator,
    _: Query<NoParams>,
) -> Result<axum::Json<ModQueue>, ApiError> {
    let mut reports = Vec::new();
    for r in state.store.open_reports(QUEUE_MAX).await? {
        reports.push(record::report(&state.store, r).await?);
    }
    Ok(axum::Json(ModQueue { reports }))
}

/// `GET /api/mod/reports/{id}`: one report, open or closed.
pub async fn report(
    State(state): State<AppState>,
    _: Moderator,
    _: Query<NoParams>,
    Path(id): Path<ReportId>,
) -> Result<axum::Json<ModReport>, ApiError> {
    let row = state.store.report(&id).await?.ok_or_else(|| ApiError::NotFound(format!("no report `{id}`")))?;
    Ok(axum::Json(record::report(&state.store, row).await?))
}

/// `POST /api/mod/reports/{id}/dismiss`.
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

/// `GET /api/mod/players/{name}`.
pub async fn player(
    State(state): State<AppState>,
    _: Moderator,
    _: Query<NoParams>,
    Path(name): Path<PlayerName>,
) -> Result<axum::Json<ModPlayer>, ApiError> {
    let name = registered(&state, &name).await?;
    let key = name.key();
    let standing = state.store.standing(&key).await?.unwrap_or_default();
    let notes = state.store.mod_notes(&key).await?;
    let warnings = state.store.warnings(&key).await?;
    let filter = LogFilter { target: Some(name.to_string()), ..Default::default() };
    let log = state.store.mod_log(&filter, LOG_MAX).await?;
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

/// `POST /api/mod/players/{name}/actions`.
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

/// `GET /api/mod/log`: newest first, filtered.
pub async fn log(
    State(state): State<AppState>,
    _: Moderator,
    Query(LogQuery(filter)): Query<LogQuery>,
) -> Result<axum::Json<Vec<ModLogLine>>, ApiError> {
    Ok(axum::Json(state.store.mod_log(&filter, LOG_MAX).await?.into_iter().map(line).collect()))
}

fn line(l: LogRow) -> ModLogLine {
    ModLogLine { at: l.at.wire(), moderator: l.moderator, action: l.action, target: l.target, details: l.details }
}
