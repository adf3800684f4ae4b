//! Where a game's room runs. The registry keeps the rooms of this node; *which* node a game belongs to is
//! the [`Placement`]'s answer: a single node ([`SingleNode`]) owns every game, several nodes share them by
//! leases (the cluster implements the trait). A room that runs on another node is reached through a
//! [`RemoteRoom`], which the placement hands out inside a [`RoomHandle`]; the handle's users do not see the
//! difference.
//!
//! The traits return boxed futures so that the registry can hold either placement as a trait object.

use super::actor::Lease;
use super::frame::Outbound;
use super::projection::ViewerKind;
use super::registry::{Registry, RoomError};
use super::{AskError, ConnId, Joined, RoomHandle};
use crate::game::Occupant;
use crate::ids::{GameId, PlayerName, TokenHash};
use crate::store::StoreError;
use futures_util::future::BoxFuture;
use mancala_engine::Side;
use mancala_protocol::ClientMsg;
use mancala_protocol::http::GameSummary;
use tokio::sync::mpsc::Sender;

/// Which node serves which game.
pub trait Placement: Send + Sync + std::fmt::Debug {
    /// Takes game `id` for this node (a new game, or one taken over): the authority its room writes on,
    /// or `None` when another node holds it.
    fn lease<'a>(&'a self, id: &'a GameId) -> BoxFuture<'a, Result<Option<Lease>, StoreError>>;

    /// The room of game `id`, which is not live on this node: loaded here, relayed to the node that runs
    /// it, or taken over from a node that is gone.
    fn route<'a>(&'a self, rooms: &'a Registry, id: &'a GameId) -> BoxFuture<'a, Result<RoomHandle, RoomError>>;

    /// Is game `id` this node's to run?
    fn is_ours<'a>(&'a self, id: &'a GameId) -> BoxFuture<'a, Result<bool, StoreError>>;

    /// Does this node start, when it starts, the room of every unfinished game with a ruling pending? A
    /// single node must; several nodes share those games out as their owners die instead.
    fn restores_all(&self) -> bool;
}

/// One node, the only one: every game is its own, written without a lease.
#[derive(Debug, Default)]
pub struct SingleNode;

impl Placement for SingleNode {
    fn lease<'a>(&'a self, _: &'a GameId) -> BoxFuture<'a, Result<Option<Lease>, StoreError>> {
        Box::pin(async { Ok(Some(Lease::Alone)) })
    }

    fn route<'a>(&'a self, rooms: &'a Registry, id: &'a GameId) -> BoxFuture<'a, Result<RoomHandle, RoomError>> {
        Box::pin(rooms.load_here(id))
    }

    fn is_ours<'a>(&'a self, _: &'a GameId) -> BoxFuture<'a, Result<bool, StoreError>> {
        Box::pin(async { Ok(true) })
    }

    fn restores_all(&self) -> bool {
        true
    }
}

/// A game's room on another node, as a [`RoomHandle`] uses it: each command travels to the node that runs
/// the room and its answer comes back.
pub trait RemoteRoom: Send + Sync + std::fmt::Debug {
    /// Adds a connection (with a signed-in spectator's account); the room's items for it arrive through `tx`.
    fn connect(
        &self,
        viewer: (ViewerKind, Option<PlayerName>),
        since: Option<u64>,
        tx: Sender<Outbound>,
    ) -> BoxFuture<'_, Result<ConnId, AskError>>;

    fn disconnect(&self, conn: ConnId) -> BoxFuture<'_, ()>;

    /// Forwards a client's message; its answer comes back through the connection's queue.
    fn client(&self, conn: ConnId, msg: ClientMsg, by: Option<PlayerName>) -> BoxFuture<'_, Result<(), AskError>>;

    fn join(&self, seat: Occupant) -> BoxFuture<'_, Result<Joined, AskError>>;

    fn seat_of(&self, token_hash: TokenHash) -> BoxFuture<'_, Result<Option<Side>, AskError>>;

    fn summary(&self) -> BoxFuture<'_, Result<GameSummary, AskError>>;
}
