//! Live games. Each game being played or watched is owned by one task (a room, [`actor`]) that holds the
//! authoritative [`game::LiveGame`]; connections and HTTP handlers talk to it through a [`RoomHandle`]
//! and never touch the game themselves. The room pushes frames to each connection through that
//! connection's bounded queue with `try_send`, so a slow socket can never hold a game up.

mod actor;
pub mod bot_seat;
pub mod actor_config {
    //! Room settings, re-exported for the configuration.
    pub use super::actor::RoomConfig;
}
pub mod clock;
pub mod game;
pub mod projection;
mod registry;
pub mod steps;

pub use game::{LiveGame, Refusal, Seat};
pub use projection::ViewerKind;
pub use registry::{Registry, RoomError};

use mancala_engine::Side;
use mancala_protocol::ClientMsg;
use mancala_protocol::http::GameSummary;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

/// A frame for one connection.
#[derive(Clone, Debug)]
pub enum Outbound {
    /// A JSON text frame.
    Frame(Arc<str>),
    /// Close the connection with this code and reason.
    Close(u16, &'static str),
}

/// A connection's id inside its room.
pub type ConnId = u64;

/// How many frames a connection's queue holds before the room stops sending it events (it gets a fresh
/// snapshot once the queue drains).
pub const CONNECTION_QUEUE: usize = 64;

#[derive(Debug)]
pub(crate) enum Command {
    Connect {
        kind: ViewerKind,
        since: Option<u64>,
        tx: mpsc::Sender<Outbound>,
        reply: oneshot::Sender<ConnId>,
    },
    Disconnect {
        conn: ConnId,
    },
    Client {
        conn: ConnId,
        msg: ClientMsg,
    },
    Join {
        seat: Seat,
        reply: oneshot::Sender<Result<(Side, GameSummary), Refusal>>,
    },
    SeatOf {
        token_hash: String,
        reply: oneshot::Sender<Option<Side>>,
    },
    /// The record as `kind` sees it (for a bot seat that has to rebuild its position).
    Record {
        kind: ViewerKind,
        reply: oneshot::Sender<Vec<mancala_protocol::MoveEvent>>,
    },
}

/// The way to a room. Cheap to clone; a send fails only when the room has stopped.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    tx: mpsc::Sender<Command>,
}

/// The room has stopped (finished game with nobody watching, or shutdown).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoomGone;

impl RoomHandle {
    async fn ask<T>(&self, make: impl FnOnce(oneshot::Sender<T>) -> Command) -> Result<T, RoomGone> {
        let (reply, answer) = oneshot::channel();
        self.tx.send(make(reply)).await.map_err(|_| RoomGone)?;
        answer.await.map_err(|_| RoomGone)
    }

    /// Adds a connection; the room sends it a snapshot (or the events after `since`) through `tx`.
    pub async fn connect(
        &self,
        kind: ViewerKind,
        since: Option<u64>,
        tx: mpsc::Sender<Outbound>,
    ) -> Result<ConnId, RoomGone> {
        self.ask(|reply| Command::Connect { kind, since, tx, reply }).await
    }

    pub async fn disconnect(&self, conn: ConnId) {
        let _ = self.tx.send(Command::Disconnect { conn }).await;
    }

    /// Forwards a client's message; the answer goes to the connection's queue.
    pub async fn client(&self, conn: ConnId, msg: ClientMsg) -> Result<(), RoomGone> {
        self.tx.send(Command::Client { conn, msg }).await.map_err(|_| RoomGone)
    }

    pub async fn join(&self, seat: Seat) -> Result<Result<(Side, GameSummary), Refusal>, RoomGone> {
        self.ask(|reply| Command::Join { seat, reply }).await
    }

    /// The record as `kind` sees it.
    pub async fn record(&self, kind: ViewerKind) -> Result<Vec<mancala_protocol::MoveEvent>, RoomGone> {
        self.ask(|reply| Command::Record { kind, reply }).await
    }

    /// The seat a token belongs to in this game, if any.
    pub async fn seat_of(&self, token_hash: String) -> Result<Option<Side>, RoomGone> {
        self.ask(|reply| Command::SeatOf { token_hash, reply }).await
    }
}
