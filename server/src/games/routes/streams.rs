//! NDJSON streams (`Content-Type: application/x-ndjson`, one JSON object per line):
//!
//! - `GET /api/players/{name}/games`: every game where `name` is seated, newest first, one
//!   `GameSummary` per line, read from the database page by page (so a long history never sits in
//!   memory). Takes the filters of `GET /api/games` (except `player`, `cursor`, `limit`) and `max`.
//! - `GET /api/stream/game/{id}`: a live game, like lichess's `/api/stream/game/{id}`. The stream is a
//!   spectator connection of the game's room: the first line is the spectator's snapshot, then every
//!   frame the room sends that connection (events, presence, a fresh snapshot if the reader fell
//!   behind), exactly as the WebSocket would carry them, so it carries nothing a spectator may not see.
//!   It ends after the frame that shows the game over (at once for a finished game). An empty line is
//!   sent after 7 s without any other line, so proxies and clients can tell a quiet game from a dead
//!   connection.
//!
//! The live stream leaves the room when the client goes away (the body is dropped: see [`Leave`]), when
//! the game ends, and on server shutdown (axum's graceful shutdown waits for open responses, so an
//! endless body would hold it up).

use super::history::filters;
use crate::edge::error::ApiError;
use crate::edge::extract::{FromParams, NoParams, Params, Path, Query};
use crate::edge::ndjson::ndjson;
use crate::edge::state::AppState;
use crate::game::GameHeader;
use crate::ids::{GameId, PlayerName};
use crate::room::{CONNECTION_QUEUE, ConnId, Frame, Outbound, RoomHandle, ViewerKind};
use crate::store::{GameFilter, ListCursor, Store};
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::response::Response;
use futures_util::stream;
use mancala_protocol::ServerMsg;
use mancala_protocol::http::ErrorBody;
use mancala_protocol::http::GameSummary;
use std::collections::VecDeque;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// Quiet time after which the live stream sends an empty keep-alive line.
pub const KEEP_ALIVE: Duration = Duration::from_secs(7);

/// Rows fetched per database query by the player stream.
const PAGE: u32 = 100;

fn line(json: &[u8]) -> Bytes {
    let mut bytes = Vec::with_capacity(json.len() + 1);
    bytes.extend_from_slice(json);
    bytes.push(b'\n');
    Bytes::from(bytes)
}

/// Where the player stream is: rows fetched but not sent yet, the cursor of the next page, and how many
/// lines may still be sent.
struct PlayerGames {
    store: Store,
    filter: GameFilter,
    buffer: VecDeque<GameHeader>,
    cursor: Option<ListCursor>,
    exhausted: bool,
    left: u64,
}

impl PlayerGames {
    async fn next_line(&mut self) -> Option<Result<Bytes, std::io::Error>> {
        if self.left == 0 {
            return None;
        }
        if self.buffer.is_empty() && !self.exhausted {
            let page = PAGE.min(self.left.min(u32::MAX as u64) as u32);
            match self.store.list_games(&self.filter, self.cursor.as_ref(), page).await {
                Ok(rows) => {
                    self.exhausted = rows.len() < page as usize;
                    self.cursor =
                        rows.last().map(|r| ListCursor { created_at: r.created_at.millis(), id: r.id.clone() });
                    self.buffer.extend(rows);
                }
                Err(e) => {
                    // The status line is gone already; failing the body makes the client see a broken
                    // stream instead of a short one that looks complete.
                    tracing::error!(error = %e, "player game stream failed");
                    self.left = 0;
                    return Some(Err(std::io::Error::other(e.to_string())));
                }
            }
        }
        let row = self.buffer.pop_front()?;
        self.left -= 1;
        Some(Ok(line(serde_json::to_string(&row.summary()).expect("summaries serialise").as_bytes())))
    }
}

/// The parameters of the player stream: the list's filters but `player`, and `max`.
#[derive(Debug)]
pub struct PlayerGamesQuery {
    pub filter: crate::store::GameFilter,
    pub max: u64,
}

impl FromParams for PlayerGamesQuery {
    const NAMES: &'static [&'static str] = &["variant", "status", "result", "since", "until", "max"];

    fn from_params(params: &Params) -> Result<Self, ApiError> {
        let filter = filters(params)?;
        let max = params.number("max", 1..=u32::MAX as u64)?.unwrap_or(u64::MAX);
        Ok(PlayerGamesQuery { filter, max })
    }
}

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
pub async fn player_games(
    State(state): State<AppState>,
    Path(name): Path<PlayerName>,
    Query(q): Query<PlayerGamesQuery>,
) -> Result<Response, ApiError> {
    let (mut filter, max) = (q.filter, q.max);
    filter.player = Some(name);
    let games = PlayerGames {
        store: state.store.clone(),
        filter,
        buffer: VecDeque::new(),
        cursor: None,
        exhausted: false,
        left: max,
    };
    let lines = stream::unfold(games, |mut g| async move { g.next_line().await.map(|item| (item, g)) });
    Ok(ndjson(Body::from_stream(lines)))
}

/// Leaves the room when dropped: when the stream ends, and also when the client goes away (hyper drops
/// the body), which no code of ours would otherwise see.
struct Leave {
    room: RoomHandle,
    conn: ConnId,
}

impl Drop for Leave {
    fn drop(&mut self) {
        let (room, conn) = (self.room.clone(), self.conn);
        // `disconnect` waits for room capacity; a drop cannot wait, so it is sent from a task. Without a
        // runtime (shutting down) the room is going away too, and it drops closed queues anyway.
        if let Ok(rt) = tokio::runtime::Handle::try_current() {
            rt.spawn(async move { room.disconnect(conn).await });
        }
    }
}

/// The live stream's state.
struct Live {
    rx: mpsc::Receiver<Outbound>,
    /// Lines received from the room and not sent yet.
    pending: VecDeque<std::sync::Arc<Frame>>,
    shutdown: CancellationToken,
    /// Set once the game-over frame was sent.
    done: bool,
    _leave: Leave,
}

/// Does this message show the game over?
fn shows_end(msg: &ServerMsg) -> bool {
    match msg {
        ServerMsg::Snapshot { view, .. } => view.outcome.is_some(),
        ServerMsg::Event { view: Some(view), .. } => view.outcome.is_some(),
        _ => false,
    }
}

impl Live {
    async fn next_line(&mut self) -> Option<Bytes> {
        loop {
            if self.done {
                return None;
            }
            if let Some(frame) = self.pending.pop_front() {
                self.done = shows_end(frame.msg());
                return Some(line(frame.text().as_bytes()));
            }
            tokio::select! {
                out = self.rx.recv() => match out {
                    Some(Outbound::Frames(frames)) => self.pending.extend(frames.iter().cloned()),
                    // The room closed us (it is stopping) or is gone: end the stream.
                    Some(Outbound::Close(..)) | None => return None,
                },
                // Every line sent restarts this wait, so it fires only after 7 quiet seconds.
                _ = tokio::time::sleep(KEEP_ALIVE) => return Some(Bytes::from_static(b"\n")),
                _ = self.shutdown.cancelled() => return None,
            }
        }
    }
}

/// Follow a game live: one `ServerMsg` per line (NDJSON), as a spectator's WebSocket would carry them.
///
/// The first line is a snapshot; the stream ends after the frame that shows the game over. An empty line
/// is sent after 7 s without any other.
#[utoipa::path(get, path = "/api/stream/game/{id}", operation_id = "stream_game", tag = "streams",
    params(("id" = String, Path, description = "game id")),
    responses(
        (status = 200, body = ServerMsg, content_type = "application/x-ndjson", description = "one frame per line"),
        (status = 400, body = ErrorBody, description = "a bad parameter or body; the message names it"), (status = 404, body = ErrorBody, description = "not found")))]
pub async fn live_game(
    State(state): State<AppState>,
    Path(id): Path<GameId>,
    _: Query<NoParams>,
) -> Result<Response, ApiError> {
    let room = state.rooms.get(&id).await?;
    let (tx, rx) = mpsc::channel(CONNECTION_QUEUE);
    let conn = room.connect((ViewerKind::Spectator, None), None, tx).await.map_err(ApiError::from)?;
    let live = Live {
        rx,
        pending: VecDeque::new(),
        shutdown: state.shutdown.clone(),
        done: false,
        _leave: Leave { room, conn },
    };
    let lines =
        stream::unfold(
            live,
            |mut l| async move { l.next_line().await.map(|b| (Ok::<_, std::convert::Infallible>(b), l)) },
        );
    Ok(ndjson(Body::from_stream(lines)))
}

#[cfg(test)]
mod tests {
    use super::shows_end;
    use mancala_protocol::{OutcomeInfo, Presence, ServerMsg};

    #[test]
    fn end_frames_are_recognised() {
        let presence = ServerMsg::Presence {
            presence: Presence { south: true, north: false, claim_win_at: None, watching: 0, abort_at: None },
        };
        assert!(!shows_end(&presence));
        let end = ServerMsg::Event {
            v: 3,
            event: mancala_protocol::GameEvent::End {
                outcome: OutcomeInfo { winner: None, reason: "aborted".into(), ratings: None, late: None },
            },
            view: None,
            clock: None,
        };
        // An event without its board says nothing of the end: the change's last event does.
        assert!(!shows_end(&end));
    }
}
