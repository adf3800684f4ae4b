//! Live games. Each game being played or watched is owned by one task (a room, [`actor`]) that holds the
//! authoritative [`LiveGame`](crate::game::LiveGame); connections and HTTP handlers talk to it through a
//! [`RoomHandle`] and never touch the game themselves.
//!
//! A room carries out [`commands`] one at a time; every change goes through its one `commit` (store,
//! apply, publish). It pushes [`Frame`]s to each connection's bounded queue without ever waiting for a
//! socket; [`conns`] holds the rule that keeps every connection either in step or recovering, so
//! versions only ever increase on a connection.

mod actor;
mod answers;
pub mod bot_seat;
pub mod chat_verdict;
pub mod commands;
mod conns;
pub mod create;
pub mod frame;
mod placement;
mod presence;
pub mod projection;
mod registry;
mod timers;

pub use actor::{Lease, RoomConfig};
pub use frame::{Frame, Frames, Outbound};
pub use placement::{Placement, RemoteRoom, SingleNode};
pub use projection::ViewerKind;
pub use registry::{Registry, RoomError};

use crate::game::{Occupant, Refusal};
use crate::ids::{PlayerName, TokenHash};
use mancala_engine::Side;
use mancala_protocol::http::GameSummary;
use mancala_protocol::{ClientMsg, MoveEvent};
use std::sync::Arc;
use tokio::sync::mpsc::{self, OwnedPermit};
use tokio::sync::oneshot;

pub use crate::ids::ConnId;

/// How many items (changes, answers, catch-ups) a connection's queue holds. When a change does not fit,
/// the connection gets a fresh snapshot as soon as the queue has room again.
pub const CONNECTION_QUEUE: usize = 64;

/// A room's command queue; a full queue makes senders wait (a room is fast; a connection that sends
/// faster than it is served is held up, not the game).
const ROOM_QUEUE: usize = 256;

#[derive(Debug)]
pub(crate) enum Command {
    /// Store the room's new game (the room's first command).
    Create {
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    Connect {
        kind: ViewerKind,
        /// A signed-in spectator's account: its own shadow-muted lines are sent to it after a snapshot.
        who: Option<PlayerName>,
        since: Option<u64>,
        tx: mpsc::Sender<Outbound>,
        reply: oneshot::Sender<ConnId>,
    },
    Disconnect {
        conn: ConnId,
    },
    /// A client's message, with the slot of its connection's queue that its answer will use.
    Client {
        conn: ConnId,
        msg: ClientMsg,
        /// The account of a signed-in spectator that sent it (what its chat lines are said under).
        by: Option<PlayerName>,
        permit: OwnedPermit<Outbound>,
    },
    Join {
        seat: Occupant,
        reply: oneshot::Sender<Result<(Side, GameSummary), Refusal>>,
    },
    SeatOf {
        token_hash: TokenHash,
        reply: oneshot::Sender<Option<Side>>,
    },
    Summary {
        reply: oneshot::Sender<GameSummary>,
    },
    /// The record as `kind` sees it (for a bot seat that has to rebuild its position).
    Record {
        kind: ViewerKind,
        reply: oneshot::Sender<Vec<MoveEvent>>,
    },
    /// The rematch this room asked for was made (the summary, and each person's side and token in it by
    /// their side in this game), or could not be.
    RematchMade {
        /// Boxed: the largest command by far and the rarest, and every command is moved at the size of the
        /// largest (BENCHMARKS.md, "The live path's CPU per decision, kept").
        made: Box<commands::rematch::Made>,
    },
    /// A connection that fell behind has room in its queue again: this slot is for what it is due.
    Resync {
        conn: ConnId,
        permit: OwnedPermit<Outbound>,
    },
}

/// The way to a room. Cheap to clone; a send fails only when the room has stopped. The room may live on
/// another node: the handle then relays to it through a [`RemoteRoom`] that the [`Placement`] gave, and
/// its user does not see the difference.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    route: Route,
}

#[derive(Clone, Debug)]
enum Route {
    Local(mpsc::Sender<Command>),
    Remote(Arc<dyn RemoteRoom>),
}

/// A handle of a room that does not keep it loaded ([`RoomHandle::downgrade`]).
#[derive(Clone, Debug)]
pub(crate) struct WeakRoom(mpsc::WeakSender<Command>);

impl WeakRoom {
    pub(crate) fn upgrade(&self) -> Option<RoomHandle> {
        self.0.upgrade().map(RoomHandle::local)
    }
}

/// A seat taken: its side, and the game as it is with the player seated.
pub type Joined = (Side, GameSummary);

/// Why a room's handle brings back no answer its user can use: one type for every command of a
/// [`RoomHandle`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AskError {
    /// The room has stopped (finished game with nobody watching, an idle game unloaded, or shutdown), or
    /// the node that runs it does not answer.
    #[error("the game's room has stopped")]
    Gone,
    /// The room refused the command (a seat the game does not allow, a game with this id exists, a write
    /// the database did not take).
    #[error("{}", .0.reason)]
    Refused(Refusal),
    /// The room runs on another node, and this command is not carried between nodes; the sentence says
    /// which.
    #[error("the game's room runs on another server: {0}")]
    Elsewhere(&'static str),
}

impl From<Refusal> for AskError {
    fn from(r: Refusal) -> AskError {
        AskError::Refused(r)
    }
}

impl RoomHandle {
    pub(crate) fn local(tx: mpsc::Sender<Command>) -> RoomHandle {
        RoomHandle { route: Route::Local(tx) }
    }

    /// The handle of a room on another node.
    pub fn remote(room: Arc<dyn RemoteRoom>) -> RoomHandle {
        RoomHandle { route: Route::Remote(room) }
    }

    /// Is the room on another node?
    pub fn is_remote(&self) -> bool {
        matches!(self.route, Route::Remote(_))
    }

    /// Sends a command to a local room and waits for its answer. Only called on a local route (each
    /// command of a remote room goes through its [`RemoteRoom`]).
    async fn ask<T>(&self, make: impl FnOnce(oneshot::Sender<T>) -> Command) -> Result<T, AskError> {
        let Route::Local(tx) = &self.route else {
            return Err(AskError::Elsewhere("this command is only sent to a room of this node"));
        };
        let (reply, answer) = oneshot::channel();
        tx.send(make(reply)).await.map_err(|_| AskError::Gone)?;
        answer.await.map_err(|_| AskError::Gone)
    }

    /// A handle that does not keep the room loaded (a server bot's: a connection of the room, but no
    /// reason for it to stay when nobody plays or watches).
    pub(crate) fn downgrade(&self) -> Option<WeakRoom> {
        match &self.route {
            Route::Local(tx) => Some(WeakRoom(tx.downgrade())),
            Route::Remote(_) => None,
        }
    }

    /// Is this the only handle of the room (nothing but the registry can reach it)?
    pub(crate) fn is_sole(&self) -> bool {
        match &self.route {
            Route::Local(tx) => tx.strong_count() == 1,
            Route::Remote(_) => false,
        }
    }

    pub(crate) fn is_closed(&self) -> bool {
        match &self.route {
            Route::Local(tx) => tx.is_closed(),
            Route::Remote(_) => false,
        }
    }

    /// Adds a connection; the room sends it a snapshot (or the events after `since`) through `tx`.
    pub async fn connect(
        &self,
        (kind, who): (ViewerKind, Option<PlayerName>),
        since: Option<u64>,
        tx: mpsc::Sender<Outbound>,
    ) -> Result<ConnId, AskError> {
        match &self.route {
            Route::Local(_) => self.ask(|reply| Command::Connect { kind, who, since, tx, reply }).await,
            Route::Remote(r) => r.connect((kind, who), since, tx).await,
        }
    }

    pub async fn disconnect(&self, conn: ConnId) {
        match &self.route {
            Route::Local(tx) => {
                let _ = tx.send(Command::Disconnect { conn }).await;
            }
            Route::Remote(r) => r.disconnect(conn).await,
        }
    }

    /// Forwards a client's message; its answer goes into `permit`, a slot of the connection's queue. (A
    /// relayed connection's answer comes back through the broker in order with its events; the slot is
    /// given back at once.)
    /// A client's message (`by`: the account of a signed-in spectator that sent it, checked by the edge).
    pub async fn client(
        &self,
        conn: ConnId,
        msg: ClientMsg,
        by: Option<PlayerName>,
        permit: OwnedPermit<Outbound>,
    ) -> Result<(), AskError> {
        match &self.route {
            Route::Local(tx) => tx.send(Command::Client { conn, msg, by, permit }).await.map_err(|_| AskError::Gone),
            Route::Remote(r) => {
                drop(permit);
                r.client(conn, msg, by).await
            }
        }
    }

    /// Seats a player; a refusal (a seat the game does not allow) is [`AskError::Refused`].
    pub async fn join(&self, seat: Occupant) -> Result<Joined, AskError> {
        match &self.route {
            Route::Local(_) => self.ask(|reply| Command::Join { seat, reply }).await?.map_err(AskError::Refused),
            Route::Remote(r) => r.join(seat).await,
        }
    }

    /// The record as `kind` sees it. Only a room of this node answers: the record is what a server bot
    /// rebuilds its position from, and server bots sit in rooms of their own node; a remote room refuses
    /// with [`AskError::Elsewhere`].
    pub async fn record(&self, kind: ViewerKind) -> Result<Vec<MoveEvent>, AskError> {
        match &self.route {
            Route::Local(_) => self.ask(|reply| Command::Record { kind, reply }).await,
            Route::Remote(_) => Err(AskError::Elsewhere("its record is read only on the node that runs it")),
        }
    }

    /// The seat a token belongs to in this game, if any.
    pub async fn seat_of(&self, token_hash: TokenHash) -> Result<Option<Side>, AskError> {
        match &self.route {
            Route::Local(_) => self.ask(|reply| Command::SeatOf { token_hash, reply }).await,
            Route::Remote(r) => r.seat_of(token_hash).await,
        }
    }

    /// The game's public summary as it is now.
    pub async fn summary(&self) -> Result<GameSummary, AskError> {
        match &self.route {
            Route::Local(_) => self.ask(|reply| Command::Summary { reply }).await,
            Route::Remote(r) => r.summary().await,
        }
    }

    async fn create(&self) -> Result<(), AskError> {
        self.ask(|reply| Command::Create { reply }).await?.map_err(AskError::Refused)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_util::future::BoxFuture;

    /// A room on another node that answers nothing but a summary.
    #[derive(Debug)]
    struct Away;

    impl RemoteRoom for Away {
        fn connect(
            &self,
            _: (ViewerKind, Option<PlayerName>),
            _: Option<u64>,
            _: mpsc::Sender<Outbound>,
        ) -> BoxFuture<'_, Result<ConnId, AskError>> {
            Box::pin(async { Err(AskError::Gone) })
        }
        fn disconnect(&self, _: ConnId) -> BoxFuture<'_, ()> {
            Box::pin(async {})
        }
        fn client(&self, _: ConnId, _: ClientMsg, _: Option<PlayerName>) -> BoxFuture<'_, Result<(), AskError>> {
            Box::pin(async { Err(AskError::Gone) })
        }
        fn join(&self, _: Occupant) -> BoxFuture<'_, Result<Joined, AskError>> {
            let refusal = Refusal::new(mancala_protocol::ErrorCode::WrongSeat, "a rated game needs an account");
            Box::pin(async move { Err(AskError::Refused(refusal)) })
        }
        fn seat_of(&self, _: crate::ids::TokenHash) -> BoxFuture<'_, Result<Option<Side>, AskError>> {
            Box::pin(async { Ok(None) })
        }
        fn summary(&self) -> BoxFuture<'_, Result<GameSummary, AskError>> {
            Box::pin(async { Err(AskError::Gone) })
        }
    }

    #[tokio::test]
    async fn a_remote_room_refuses_its_record_by_name() {
        let room = RoomHandle::remote(Arc::new(Away));
        let refused = room.record(ViewerKind::Spectator).await.unwrap_err();
        assert!(matches!(refused, AskError::Elsewhere(_)), "{refused:?}");
        assert_eq!(
            refused.to_string(),
            "the game's room runs on another server: its record is read only on the node that runs it"
        );
    }

    #[tokio::test]
    async fn a_refused_seat_is_one_flat_error() {
        let room = RoomHandle::remote(Arc::new(Away));
        let seat = Occupant {
            who: crate::ids::Identity::Guest("zanele".parse().unwrap()),
            token_hash: crate::ids::token_hash("h"),
        };
        match room.join(seat).await {
            Err(AskError::Refused(r)) => assert_eq!(r.code, mancala_protocol::ErrorCode::WrongSeat),
            other => panic!("expected a refusal, got {other:?}"),
        }
    }
}
