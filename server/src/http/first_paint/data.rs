//! The first answers a page's client would wait for, written into its HTML as JSON data, so a phone on a
//! slow network draws the board without that round trip once the modules are in:
//!
//! - `#first-answer`: `{"get": path, "answer": …}`, what `GET path` answers this request (the lesson, a
//!   puzzle), made by the same function as that API route. The client's `call` (web/app/js/net/api.js)
//!   takes it, once, for its first `GET` of exactly that path and asks the server otherwise.
//! - `#first-snapshot`: `{"game": id, "snapshot": …}`, the first message a spectator's game socket gets:
//!   the room's own spectator snapshot, taken by connecting as a spectator for that one message, as the
//!   live stream (`/api/stream/game/{id}`) does. It holds what any spectator may see, and no chat (whose
//!   lines depend on the reader's blocks: the socket's own snapshot brings them). The game page draws it
//!   when this browser holds no seat in the game, then opens its socket as before.

use super::html::json_data;
use crate::ids::GameId;
use crate::room::{CONNECTION_QUEUE, Outbound, ViewerKind};
use crate::state::AppState;
use mancala_protocol::ServerMsg;
use serde::Serialize;
use std::time::Duration;
use tokio::sync::mpsc;

/// The id of the API answer's data block.
pub const ANSWER: &str = "first-answer";
/// The id of the game snapshot's data block.
pub const SNAPSHOT: &str = "first-snapshot";

/// How long the page waits for the room's snapshot: past it, the page goes without (its socket brings it).
const SNAPSHOT_WAIT: Duration = Duration::from_secs(2);

/// The data block saying that `GET path` answers `answer`.
pub fn answer(path: &str, answer: &impl Serialize) -> Option<String> {
    let answer = serde_json::to_value(answer).ok()?;
    Some(json_data(ANSWER, &serde_json::json!({ "get": path, "answer": answer })))
}

/// The data block holding the game `id`'s spectator snapshot.
pub fn snapshot(id: &GameId, snapshot: &ServerMsg) -> Option<String> {
    let snapshot = serde_json::to_value(snapshot).ok()?;
    Some(json_data(SNAPSHOT, &serde_json::json!({ "game": id.to_string(), "snapshot": snapshot })))
}

/// The first message a spectator's socket of the game `id` would get, without its chat lines; `None`
/// when the room cannot be had or does not answer in time.
pub async fn spectator_snapshot(state: &AppState, id: &GameId) -> Option<ServerMsg> {
    let room = state.rooms.get(id).await.ok()?;
    let (tx, mut rx) = mpsc::channel(CONNECTION_QUEUE);
    let conn = room.connect((ViewerKind::Spectator, None), None, tx).await.ok()?;
    let first = tokio::time::timeout(SNAPSHOT_WAIT, async {
        loop {
            match rx.recv().await? {
                Outbound::Frames(frames) => {
                    if let Some(f) = frames.iter().find(|f| matches!(f.msg(), ServerMsg::Snapshot { .. })) {
                        return Some(f.msg().clone());
                    }
                }
                Outbound::Close(..) => return None,
            }
        }
    })
    .await;
    room.disconnect(conn).await;
    let mut msg = first.ok().flatten()?;
    if let ServerMsg::Snapshot { chat, .. } = &mut msg {
        chat.clear();
    }
    Some(msg)
}
