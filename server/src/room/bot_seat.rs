//! A computer player in a seat. It is an ordinary connection of its room: it receives the frames its seat
//! may see (typed: it reads the messages, not their JSON) and sends its decisions as client messages, which
//! the room checks, stores and broadcasts like anyone's. The loop is [`mancala_seat::play`], the same one
//! `mancala bot` runs over a WebSocket. Its searches run on the engine pool as live play (the
//! registry's [`EngineWork`], given to each seat it starts).
//!
//! Seats of server bots are named `bot-<level>` (a prefix people cannot use), which is how a restarted
//! server knows to seat them again. Levels 1 to 4 keep the names they had before there were eight
//! levels (`bot-random`, `bot-easy`, `bot-medium`, `bot-hard`), so their ratings and games stay theirs;
//! levels 5 to 8 are `bot-5` … `bot-8`.

use super::frame::{Frame, Outbound};
use super::projection::ViewerKind;
use super::{CONNECTION_QUEUE, ConnId, RoomHandle, WeakRoom};
use crate::analysis::{EngineWork, Work};
use crate::game::LiveGame;
use crate::ids::PlayerName;
use mancala_bot::Level;
use mancala_engine::{Options, Side, Variant};
use mancala_protocol::{ClientMsg, MoveEvent, ServerMsg};
use mancala_seat::{Link, LinkError, Seat};
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::mpsc;
use tokio_util::task::TaskTracker;

/// The seat name of a server bot of `level`.
pub fn seat_name(level: Level) -> PlayerName {
    PlayerName::bot(level.alias().unwrap_or(level.id()))
}

/// The level of a seat name, if it is a server bot's.
pub fn level_of(name: &PlayerName) -> Option<Level> {
    name.bot_level()?.parse().ok()
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
            let level = level_of(game.seats[side].as_ref()?.name())?;
            Some(BotSeat { side, level, variant: game.variant, options: game.options, seed: rand::random() })
        })
        .collect()
}

impl BotSeat {
    /// Starts the bot in the room (tracked with the rooms, so shutdown waits for it).
    pub fn spawn(self, room: RoomHandle, engine: Arc<EngineWork>, tracker: &TaskTracker) {
        tracker.spawn(async move {
            let kind = ViewerKind::of(Some(self.side));
            let (tx, rx) = mpsc::channel(CONNECTION_QUEUE);
            // Weak: the room holds the only strong sender, so the queue ends when the room stops.
            let me = tx.downgrade();
            let Ok(conn) = room.connect((kind, None), None, tx).await else { return };
            // A weak handle from now on: the bot does not keep the room loaded when nobody plays or
            // watches; when the room is unloaded the bot's queue ends and so does the bot.
            let Some(weak) = room.downgrade() else { return };
            drop(room);
            let mut link = RoomLink { room: weak, conn, kind, rx, me, pending: VecDeque::new(), engine };
            let seat = Seat {
                side: self.side,
                level: self.level,
                seed: self.seed,
                variant: self.variant,
                options: self.options,
            };
            if let Err(e) = mancala_seat::play(&mut link, seat).await {
                tracing::warn!(side = %self.side, level = %self.level, error = %e, "bot seat stopped");
            }
            if let Some(room) = link.room.upgrade() {
                room.disconnect(link.conn).await;
            }
        });
    }
}

/// The bot's way to its room: the frames of its connection (typed: it reads the messages, not their
/// JSON), and client messages sent like a socket's reader sends them, each with a reserved answer slot.
struct RoomLink {
    room: WeakRoom,
    conn: ConnId,
    kind: ViewerKind,
    rx: mpsc::Receiver<Outbound>,
    me: mpsc::WeakSender<Outbound>,
    pending: VecDeque<Arc<Frame>>,
    engine: Arc<EngineWork>,
}

impl Link for RoomLink {
    async fn next(&mut self) -> Option<ServerMsg> {
        loop {
            if let Some(frame) = self.pending.pop_front() {
                return Some(frame.msg().clone());
            }
            match self.rx.recv().await? {
                Outbound::Frames(frames) => self.pending.extend(frames.iter().cloned()),
                Outbound::Close(..) => return None,
            }
        }
    }

    async fn send(&mut self, msg: ClientMsg) -> Result<(), LinkError> {
        let gone = || LinkError("the room is gone".into());
        let permit = self.me.upgrade().ok_or_else(gone)?.reserve_owned().await.map_err(|_| gone())?;
        let room = self.room.upgrade().ok_or_else(gone)?;
        room.client(self.conn, msg, None, permit).await.map_err(|_| gone())
    }

    async fn record(&mut self) -> Result<Vec<MoveEvent>, LinkError> {
        let gone = || LinkError("the room is gone".into());
        let room = self.room.upgrade().ok_or_else(gone)?;
        room.record(self.kind).await.map_err(|e| LinkError(e.to_string()))
    }

    /// On the engine pool, as live play: it never waits behind analyses, and the bot whose deadline comes
    /// first gets the next free core; the search stops at its deadline whenever it starts.
    async fn think<T: Send + 'static>(
        &mut self,
        deadline: Option<Instant>,
        search: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, LinkError> {
        self.engine.pool.run(Work::Play { deadline }, search).await.map_err(|e| LinkError(e.to_string()))
    }
}
