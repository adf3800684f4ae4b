//! A computer player in a seat. It is an ordinary connection of its room: it receives the frames its seat
//! may see (typed: it reads the messages, not their JSON), follows the game with
//! [`mancala_bot::follower::Follower`], and sends its decisions as client messages, which the room checks,
//! stores and broadcasts like anyone's. The search runs on the blocking pool so a strong level never
//! stalls the runtime.
//!
//! Seats of server bots are named `bot-<level>` (a prefix people cannot use), which is how a restarted
//! server knows to seat them again.

use super::frame::Outbound;
use super::projection::ViewerKind;
use super::{CONNECTION_QUEUE, RoomHandle};
use crate::game::LiveGame;
use mancala_bot::Level;
use mancala_bot::follower::Follower;
use mancala_engine::{Options, Side, Variant};
use mancala_protocol::{ClientMsg, GameEvent, ServerMsg};
use tokio::sync::mpsc;
use tokio_util::task::TaskTracker;

/// The seat name of a server bot of `level`.
pub fn seat_name(level: Level) -> String {
    format!("bot-{level}")
}

/// The level of a seat name, if it is a server bot's.
pub fn level_of(name: &str) -> Option<Level> {
    name.strip_prefix("bot-")?.parse().ok()
}

/// A server bot to seat in a game.
#[derive(Clone, Copy, Debug)]
pub struct BotSeat {
    pub side: Side,
    pub level: Level,
    pub variant: Variant,
    pub options: Options,
    pub seed: u64,
}

/// The bots seated in `game`.
pub fn seats_of(game: &LiveGame) -> Vec<BotSeat> {
    Side::BOTH
        .into_iter()
        .filter_map(|side| {
            let level = level_of(&game.seats[side].as_ref()?.name)?;
            Some(BotSeat { side, level, variant: game.variant, options: game.options, seed: rand::random() })
        })
        .collect()
}

impl BotSeat {
    /// Starts the bot in the room (tracked with the rooms, so shutdown waits for it).
    pub fn spawn(self, room: RoomHandle, tracker: &TaskTracker) {
        tracker.spawn(async move {
            if let Err(e) = self.play(room).await {
                tracing::warn!(side = %self.side, level = %self.level, error = %e, "bot seat stopped");
            }
        });
    }

    async fn play(self, room: RoomHandle) -> Result<(), String> {
        let BotSeat { side, level, variant, options, seed } = self;
        let kind = ViewerKind::of(Some(side));
        let (tx, mut rx) = mpsc::channel(CONNECTION_QUEUE);
        // Weak: the room holds the only strong sender, so the queue ends when the room stops.
        let me = tx.downgrade();
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
        let mut over = false;
        'frames: while let Some(out) = rx.recv().await {
            let Outbound::Frames(frames) = out else { break };
            for frame in frames.iter() {
                match frame.msg() {
                    ServerMsg::Snapshot { view, .. } => {
                        follower = rebuild(&room).await?;
                        over = view.outcome.is_some();
                        legal = !view.legal.is_empty();
                    }
                    ServerMsg::Event { event, view, .. } => {
                        if let GameEvent::Move { mv } = event
                            && follower.on_move(mv).is_err()
                        {
                            follower = rebuild(&room).await?;
                        }
                        // Only the last event of a change carries the board.
                        if let Some(view) = view {
                            over = view.outcome.is_some();
                            legal = !view.legal.is_empty();
                        }
                    }
                    ServerMsg::Accepted { .. } => waiting_answer = false,
                    ServerMsg::Rejected { reason, .. } => {
                        // Should not happen; start again from the room's record rather than insist.
                        tracing::warn!(%side, %reason, "bot decision refused");
                        waiting_answer = false;
                        follower = rebuild(&room).await?;
                    }
                    _ => {}
                }
                if over {
                    break 'frames;
                }
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
            let Some(tx) = me.upgrade() else { break };
            let Ok(permit) = tx.reserve_owned().await else { break };
            let msg = ClientMsg::Decide { id: format!("bot{next_id}"), decision, game: None, seat: None };
            if room.client(conn, msg, permit).await.is_err() {
                break;
            }
        }
        room.disconnect(conn).await;
        Ok(())
    }
}
