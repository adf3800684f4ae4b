//! History over HTTP: `GET /api/games` (a filtered list, newest first, with cursor pagination),
//! `GET /api/games/{id}` (one game with players, result, clock, record and board) and
//! `GET /api/games/{id}/position?ply=N` (the board after any ply).
//!
//! Everything here is read from the database and replayed ([`crate::games::stored`]), never taken from a
//! live room: the answer is what was committed, projected as the WebSocket frames are, so no HTTP answer
//! carries a secret of a game that is still being played.
//!
//! Query parameters are typed by route ([`ListQuery`], [`PositionQuery`], [`filters`], read by the
//! [`Query`] extractor): every bad value gets a 400 that names the parameter and its allowed values, and
//! unknown parameters are refused (a misspelt filter that was silently ignored would return the wrong
//! games). [`filters`] are shared with [`super::streams`]; the game read and replayed is
//! [`crate::games::stored`]'s.

use crate::edge::error::ApiError;
use crate::edge::extract::{FromParams, NoParams, Params, Path, Query};
use crate::edge::state::AppState;
use crate::game::GameHeader;
use crate::games::stored::load;
use crate::ids::{GameId, PlayerName};
use crate::store::{GameFilter, ListCursor, ResultFilter, TakebackRow};
use axum::Json;
use axum::extract::State;
use mancala_engine::{Side, Variant};
use mancala_protocol::http::ErrorBody;
use mancala_protocol::http::{GameDetail, GameList, GameStatus, PositionAt, TakebackEntry};

/// Page size of `GET /api/games` when `limit` is not given, and the largest allowed.
pub const DEFAULT_LIMIT: u32 = 20;
pub const MAX_LIMIT: u32 = 100;

/// Unix milliseconds up to the year 9999: plenty, and inside an i64.
pub const MAX_MS: u64 = 253_402_300_799_999;

/// The game filters (`player`, `variant`, `status`, `result`, `since`, `until`) of `params` (whose names
/// the route has checked).
pub fn filters(params: &Params) -> Result<GameFilter, ApiError> {
    let variants: Vec<(&str, Variant)> = Variant::ALL.iter().map(|&v| (v.id(), v)).collect();
    let statuses = [GameStatus::Waiting, GameStatus::Ongoing, GameStatus::Finished].map(|s| (s.as_str(), s));
    let results = [
        ("south", ResultFilter::Won(Side::South)),
        ("north", ResultFilter::Won(Side::North)),
        ("draw", ResultFilter::Draw),
    ];
    let filter = GameFilter {
        player: params.parsed::<PlayerName>("player")?,
        variant: params.word("variant", &variants)?,
        status: params.word("status", &statuses)?,
        result: params.word("result", &results)?,
        since: params.number("since", 0..=MAX_MS)?.map(|n| n as i64),
        until: params.number("until", 0..=MAX_MS)?.map(|n| n as i64),
    };
    if let (Some(since), Some(until)) = (filter.since, filter.until)
        && since >= until
    {
        return Err(ApiError::BadRequest(format!(
            "parameter `since` ({since}) must be before `until` ({until}): `since` is inclusive, `until` exclusive"
        )));
    }
    Ok(filter)
}

/// The parameters of `GET /api/games`.
#[derive(Debug)]
pub struct ListQuery {
    pub filter: GameFilter,
    pub limit: u32,
    pub cursor: Option<ListCursor>,
}

impl FromParams for ListQuery {
    const NAMES: &'static [&'static str] =
        &["player", "variant", "status", "result", "since", "until", "cursor", "limit"];

    fn from_params(params: &Params) -> Result<Self, ApiError> {
        let filter = filters(params)?;
        let limit = params.number("limit", 1..=MAX_LIMIT as u64)?.map(|n| n as u32).unwrap_or(DEFAULT_LIMIT);
        let cursor = match params.get("cursor") {
            None => None,
            Some(text) => Some(ListCursor::decode(text).ok_or_else(|| {
                ApiError::BadRequest(format!(
                    "parameter `cursor` (`{}`) is not a cursor: pass the `next_cursor` of a previous page",
                    text.chars().take(40).collect::<String>()
                ))
            })?),
        };
        Ok(ListQuery { filter, limit, cursor })
    }
}

/// The parameters of `GET /api/games/{id}/position`.
#[derive(Debug)]
pub struct PositionQuery {
    pub ply: Option<u32>,
}

impl FromParams for PositionQuery {
    const NAMES: &'static [&'static str] = &["ply"];

    fn from_params(params: &Params) -> Result<Self, ApiError> {
        let ply = params.get("ply").map(|text| {
            text.parse::<u32>().map_err(|_| {
                ApiError::BadRequest(format!(
                    "parameter `ply` must be an integer from 0 to the game's plies (got `{}`)",
                    text.chars().take(40).collect::<String>()
                ))
            })
        });
        Ok(PositionQuery { ply: ply.transpose()? })
    }
}

/// List games, newest first, with filters and cursor pagination.
///
/// Unknown parameters and bad values are refused with a 400 naming the parameter.
#[utoipa::path(get, path = "/api/games", operation_id = "list_games", tag = "history",
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
pub async fn list(State(state): State<AppState>, Query(q): Query<ListQuery>) -> Result<Json<GameList>, ApiError> {
    // One row more than asked tells whether another page exists, so the last page has no cursor.
    let mut rows = state.store.list_games(&q.filter, q.cursor.as_ref(), q.limit + 1).await?;
    let more = rows.len() > q.limit as usize;
    rows.truncate(q.limit as usize);
    let next_cursor = more
        .then(|| rows.last().map(|r| ListCursor { created_at: r.created_at.millis(), id: r.id.clone() }.encode()))
        .flatten();
    Ok(Json(GameList { games: rows.iter().map(GameHeader::summary).collect(), next_cursor }))
}

/// One game: players, result, clock, the record and the current board.
///
/// While the game is unfinished the board and record are a spectator's (secret decisions are `null`);
/// once finished, everything is shown.
#[utoipa::path(get, path = "/api/games/{id}", operation_id = "game_detail", tag = "history",
    params(("id" = String, Path, description = "game id")),
    responses((status = 200, body = GameDetail, description = "the game"), (status = 400, body = ErrorBody, description = "a bad parameter or body; the message names it"), (status = 404, body = ErrorBody, description = "not found")))]
pub async fn detail(
    State(state): State<AppState>,
    Path(id): Path<GameId>,
    _: Query<NoParams>,
) -> Result<Json<GameDetail>, ApiError> {
    let stored = load(&state.store, &id).await?;
    let view = stored.board(&stored.game.pos);
    let takebacks = match stored.game.rewind {
        None => Vec::new(),
        Some(_) => {
            state.store.takebacks(id.as_str()).await?.into_iter().map(takeback_entry).collect::<Result<_, _>>()?
        }
    };
    Ok(Json(GameDetail {
        game: stored.header.summary(),
        clock: stored.game.clock.as_ref().map(|c| c.state(stored.now)),
        record: stored.record(),
        view,
        takebacks,
    }))
}

/// A stored takeback as shown; a row this server would not write is an error, never a guess.
fn takeback_entry(row: TakebackRow) -> Result<TakebackEntry, ApiError> {
    let bad = |what: &str| ApiError::Internal(format!("game {}: takeback {}: {what}", row.game_id, row.v));
    Ok(TakebackEntry {
        by: row.side.parse().map_err(|_| bad("side"))?,
        ply: u32::try_from(row.to_ply).map_err(|_| bad("to_ply"))?,
        undone: row.undone.split_whitespace().map(str::to_string).collect(),
        at: u64::try_from(row.at).map_err(|_| bad("at"))?,
    })
}

/// The board after `ply` decisions.
#[utoipa::path(get, path = "/api/games/{id}/position", operation_id = "game_position", tag = "history",
    params(
        ("id" = String, Path, description = "game id"),
        ("ply" = Option<u32>, Query, description = "0 is the start; default the last ply")),
    responses(
        (status = 200, body = PositionAt, description = "the board after that ply"),
        (status = 400, body = ErrorBody, description = "`ply` beyond the record"),
        (status = 404, body = ErrorBody, description = "not found")))]
pub async fn position(
    State(state): State<AppState>,
    Path(id): Path<GameId>,
    Query(q): Query<PositionQuery>,
) -> Result<Json<PositionAt>, ApiError> {
    let stored = load(&state.store, &id).await?;
    let ply = q.ply.unwrap_or(stored.game.record.len() as u32);
    let pos = stored.position(ply)?;
    Ok(Json(PositionAt { game_id: stored.game.id.to_string(), ply, view: stored.board(&pos) }))
}
