//! A computer player in a seat. It is an ordinary connection of its room: it receives the frames its seat
//! may see, follows the game with [`mancala_bot::follower::Follower`], and sends its decisions as client
//! messages, which the room checks, stores and broadcasts like anyone's. The search runs on the blocking
//! pool so a strong level never stalls the runtime.
//!
//! Seats of server bots are named `bot-<level>` (a prefix people cannot use), which is how a restarted
//! server knows to seat them again.

use super::projection::ViewerKind;
use super::{CONNECTION_QUEUE, Outbound, RoomHandle};
use mancala_bot::Level;
use mancala_bot::follower::Follower;
use mancala_engine::{Options, Side, Variant};
use mancala_protocol::{ClientMsg, GameEvent, ServerMsg};
use tokio::sync::mpsc;

/// The seat name of a server bot of `level`.
pub fn seat_name(level: Level) -> String {
    format!("bot-{level}")
}

/// The level of a seat name, if it is a server bot's.
pub fn level_of(name: &str) -> Option<Level> {
    name.strip_prefix("bot-")?.parse().ok()
}

/// Starts the bot of `side` in the room.
pub fn spawn(room: RoomHandle, side: Side, level: Level, variant: Variant, options: Options, seed: u64) {
    tokio::spawn(async move {
        if let Err(e) = play(room, side, level, variant, options, seed).await {
            tracing::warn!(%side, %level, error = %e, "bot seat stopped");
        }
    });
}

async fn play(
    room: RoomHandle,
    side: Side,
    level: Level,
    variant: Variant,
    options: Options,
    seed: u64,
) -> Result<(), String> {
    let kind = ViewerKind::of(Some(side));
    let (tx, mut rx) = mpsc::channel(CONNECTION_QUEUE);
    let conn = room.connect(kind, None, tx).await.map_err(|_| "room gone".to_string())?;
    let rebuild = async |room: &RoomHandle| -> Result<Follower, String> {
        let record = room.record(kind).await.map_err(|_| "room gone".to_string())?;
        let plies: Vec<_> = record.into_iter().map(|m| (m.side, m.decision, m.steps)).collect();
        Follower::new(side, level, seed, variant, options, &plies).map_err(|e| e.to_string())
    };
    let mut follower = rebuild(&room).await?;
    let mut waiting_answer = false;
    let mut next_id = 0u64;
    // The latest board the seat was sent: whether it has a decision, and whether the game is over.
    let mut legal = false;
    while let Some(out) = rx.recv().await {
        let Outbound::Frame(frame) = out else { break };
        let Ok(msg) = serde_json::from_str::<ServerMsg>(&frame) else { continue };
        match msg {
            ServerMsg::Snapshot { view, .. } => {
                follower = rebuild(&room).await?;
                if view.outcome.is_some() {
                    break;
                }
                legal = !view.legal.is_empty();
            }
            ServerMsg::Event { event, view, .. } => {
                if let GameEvent::Move { mv } = &event
                    && follower.on_move(mv).is_err()
                {
                    follower = rebuild(&room).await?;
                }
                if view.outcome.is_some() {
                    break;
                }
                legal = !view.legal.is_empty();
            }
            ServerMsg::Accepted { .. } => waiting_answer = false,
            ServerMsg::Rejected { reason, .. } => {
                // Should not happen; start again from the room's record rather than insist.
                tracing::warn!(%side, %reason, "bot decision refused");
                waiting_answer = false;
                follower = rebuild(&room).await?;
            }
            _ => continue,
        }
        if waiting_answer || !legal {
            continue;
        }
        let (f, decision) = tokio::task::spawn_blocking(move || {
            let mut f = follower;
            let d = f.decide();
            (f, d)
        })
        .await
        .map_err(|e| e.to_string())?;
        follower = f;
        let Some(decision) = decision else { continue };
        next_id += 1;
        waiting_answer = true;
        let msg = ClientMsg::Decide { id: format!("bot{next_id}"), decision, game: None, seat: None };
        if room.client(conn, msg).await.is_err() {
            break;
        }
    }
    room.disconnect(conn).await;
    Ok(())
}
