//! History over HTTP: `GET /api/games` (a filtered list, newest first, with cursor pagination),
//! `GET /api/games/{id}` (one game with players, result, clock, record and board) and
//! `GET /api/games/{id}/position?ply=N` (the board after any ply).
//!
//! Everything here is read from the database and replayed with the engine ([`LiveGame::restore`]), never
//! taken from a live room: the answer is what was committed. Every board and record entry goes through
//! the same projection as the WebSocket frames ([`projection::board`], [`projection::decision_hidden`]):
//! a spectator's view while the game is unfinished, the analysis view (everything) once it is finished,
//! so no HTTP answer carries a secret of a game that is still being played.
//!
//! Query parameters are typed by route ([`ListQuery`], [`PositionQuery`], [`filters`], read by the
//! [`Query`] extractor): every bad value gets a 400 that names the parameter and its allowed values, and
//! unknown parameters are refused (a misspelt filter that was silently ignored would return the wrong
//! games). [`filters`] and [`load`] are shared with [`super::export`] and [`super::streams`].

use crate::edge::error::ApiError;
use crate::edge::extract::{FromParams, NoParams, Params, Path, Query};
use crate::game::{GameHeader, LiveGame, PlySteps, UnixMs};
use crate::ids::{GameId, PlayerName};
use crate::room::projection;
use crate::state::AppState;
use crate::store::{GameFilter, ListCursor, ResultFilter, TakebackRow};
use axum::Json;
use axum::extract::State;
use mancala_engine::{Phase, Position, Side, Variant, Viewer};
use mancala_protocol::http::ErrorBody;
use mancala_protocol::http::{GameDetail, GameList, GameStatus, PositionAt, RecordEntry, TakebackEntry};
use tokio::time::Instant;

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

/// A stored game replayed into memory, with its header.
#[derive(Debug)]
pub struct Stored {
    pub header: GameHeader,
    pub game: LiveGame,
    /// The instant the game's clock was read at (see [`load`]).
    pub now: Instant,
}

impl Stored {
    /// Who the HTTP answers are projected for: a spectator until the game is finished, then everyone
    /// sees everything (docs/rules.md#ikibuguzo-secret-choice: the end reveals all).
    pub fn viewer(&self) -> Viewer {
        if self.game.status == GameStatus::Finished { Viewer::Analysis } else { Viewer::Spectator }
    }

    /// The record as this module's viewer may see it: secret decisions are `None`.
    pub fn record(&self) -> Vec<RecordEntry> {
        let viewer = self.viewer();
        // A choice hidden when it was played stays secret only while the game is *still* in the choosing
        // phase (once both are in, both were revealed).
        let choosing = matches!(self.game.pos.phase(), Phase::Choosing(_)) && !self.game.pos.is_over();
        let geo = self.game.pos.geometry();
        self.game
            .record
            .iter()
            .map(|ply| RecordEntry {
                ply: ply.n,
                side: ply.side,
                decision: (!(choosing && ply.hidden_from(viewer))).then(|| ply.decision.notation(geo)),
                auto: ply.auto,
                at: ply.at_ms.wire(),
                clock_ms: ply.clock_ms,
            })
            .collect()
    }

    /// The position after `ply` decisions (0: the start; the record's length: now, including an end by
    /// the server's ruling, which is not a decision), replayed from the start.
    pub fn position(&self, ply: u32) -> Result<Position, ApiError> {
        let plies = self.game.record.len() as u32;
        if ply == plies {
            return Ok(self.game.pos.clone());
        }
        if ply > plies {
            return Err(ApiError::BadRequest(format!(
                "parameter `ply` is {ply} but game {} has only {plies} plies (use 0 to {plies})",
                self.game.id
            )));
        }
        let mut pos = Position::start(self.game.variant, self.game.options)
            .map_err(|e| ApiError::Internal(format!("stored options do not start a game: {e}")))?;
        for p in &self.game.record[..ply as usize] {
            PlySteps::play(&mut pos, p.side, p.decision)
                .map_err(|e| ApiError::Internal(format!("stored ply {} does not replay: {e}", p.n)))?;
        }
        Ok(pos)
    }

    /// The board `pos` as this module's viewer sees it (the game's result only on its last position).
    pub fn board(&self, pos: &Position) -> mancala_protocol::BoardView {
        let result =
            if pos == &self.game.pos { self.game.result() } else { pos.outcome().map(crate::game::GameResult::Rules) };
        projection::board(pos, self.viewer(), self.game.status, result)
    }
}

/// Loads and replays game `id` from the database.
pub async fn load(state: &AppState, id: &GameId) -> Result<Stored, ApiError> {
    let (header, plies) =
        state.store.load(id).await?.ok_or_else(|| ApiError::NotFound(format!("no game with id `{id}`")))?;
    // The stored remaining times are those of the last change (`updated_at`); restoring the clock as if it
    // had started then makes the running side's time what it is now, not what it was at the last move.
    let now = Instant::now();
    let elapsed = UnixMs::now().since(header.updated_at);
    let started = now.checked_sub(elapsed).unwrap_or(now);
    let game = LiveGame::restore(header.clone(), &plies, started)
        .map_err(|reason| ApiError::Internal(format!("stored game {id} does not replay: {reason}")))?;
    Ok(Stored { header, game, now })
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
    let stored = load(&state, &id).await?;
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
    let stored = load(&state, &id).await?;
    let ply = q.ply.unwrap_or(stored.game.record.len() as u32);
    let pos = stored.position(ply)?;
    Ok(Json(PositionAt { game_id: stored.game.id.to_string(), ply, view: stored.board(&pos) }))
}
