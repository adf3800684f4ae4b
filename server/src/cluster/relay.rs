//! A connection on this node to a game another node owns. The socket is served as any other (its reader,
//! its writer, its bounded queue); its room is a [`RelayedRoom`], which forwards the client's messages to
//! the owner through the broker, in order, while the owner's room treats the connection as one of its own
//! and sends its queue items back (wire items numbered per connection) to this node's relay subject.
//!
//! This node checks each item's number: a lost item (the broker delivers at most once), a queue that
//! does not take an item (a client that does not read), or an owner that died all end the connection
//! with 1012, and the client reconnects and resyncs by version, resending its unanswered decision with the
//! same id, as after any reconnect. Versions on the connection thus only ever increase, and answers
//! arrive after the change's own events, because the owner's room made them so and nothing reorders them.

use super::Cluster;
use super::subscription;
use super::wire::{self, Item, Reply, ToOwner};
use crate::game::Occupant;
use crate::ids::{GameId, PlayerName, TokenHash};
use crate::room::{AskError, ConnId, Joined, Outbound, RemoteRoom, ViewerKind};
use futures_util::Stream;
use futures_util::future::BoxFuture;
use mancala_engine::Side;
use mancala_protocol::ClientMsg;
use mancala_protocol::http::GameSummary;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::sync::mpsc::Sender;
use tokio::sync::mpsc::error::TrySendError;
use tokio_util::sync::CancellationToken;

const MOVED: &str = "the game moved to another server: reconnect";

/// The relayed connections of this node, by relay id (unique on this node).
#[derive(Debug, Default)]
pub(super) struct Relays {
    next: AtomicU64,
    map: Mutex<HashMap<ConnId, Relay>>,
}

#[derive(Debug)]
struct Relay {
    tx: Sender<Outbound>,
    owner: String,
    /// The number of the last item delivered.
    seq: u64,
}

impl Relays {
    fn open(&self, owner: &str, tx: Sender<Outbound>) -> ConnId {
        let id = ConnId::from_raw(self.next.fetch_add(1, Ordering::Relaxed) + 1);
        self.map.lock().expect("relays lock").insert(id, Relay { tx, owner: owner.to_string(), seq: 0 });
        metrics::gauge!("mancala_relayed_connections").increment(1.0);
        id
    }

    fn forget(&self, id: ConnId) -> Option<()> {
        let gone = self.map.lock().expect("relays lock").remove(&id).map(|_| ());
        if gone.is_some() {
            metrics::gauge!("mancala_relayed_connections").decrement(1.0);
        }
        gone
    }

    fn is_open(&self, id: ConnId) -> bool {
        self.map.lock().expect("relays lock").contains_key(&id)
    }

    pub fn len(&self) -> usize {
        self.map.lock().expect("relays lock").len()
    }

    /// Hands an item to its connection, or ends the connection if the item is not the next one or does
    /// not fit.
    fn deliver(&self, item: Item) {
        let mut map = self.map.lock().expect("relays lock");
        let Some(relay) = map.get_mut(&item.relay) else { return };
        let problem = if item.seq != relay.seq + 1 {
            Some("an item from the owner was lost")
        } else {
            relay.seq = item.seq;
            match relay.tx.try_send(item.body) {
                Ok(()) => None,
                Err(TrySendError::Full(_)) => Some("the connection does not read its messages"),
                Err(TrySendError::Closed(_)) => Some("the connection closed"),
            }
        };
        if let Some(why) = problem {
            let relay = map.remove(&item.relay).expect("present");
            drop(map);
            metrics::gauge!("mancala_relayed_connections").decrement(1.0);
            metrics::counter!("mancala_relays_broken").increment(1);
            tracing::debug!(relay = %item.relay, why, "relayed connection ends");
            close(relay.tx);
        }
    }

    /// Ends every connection whose owner is not among `alive`.
    fn drop_orphans(&self, alive: &HashSet<String>) {
        let gone: Vec<Relay> = {
            let mut map = self.map.lock().expect("relays lock");
            let ids: Vec<ConnId> = map.iter().filter(|(_, r)| !alive.contains(&r.owner)).map(|(id, _)| *id).collect();
            ids.into_iter().filter_map(|id| map.remove(&id)).collect()
        };
        for relay in gone {
            metrics::gauge!("mancala_relayed_connections").decrement(1.0);
            tracing::info!(owner = %relay.owner, "the owner of a relayed game is gone: its viewer reconnects");
            close(relay.tx);
        }
    }
}

/// Closes a relayed connection with 1012: after what its queue holds, as soon as there is room.
fn close(tx: Sender<Outbound>) {
    tokio::spawn(async move {
        let _ = tx.send(Outbound::Close(1012, MOVED)).await;
    });
}

/// Reads this node's relay subject until shutdown.
pub(super) async fn serve(
    cluster: Arc<Cluster>,
    items: impl Stream<Item = super::broker::Delivery>,
    shutdown: CancellationToken,
) {
    let deliver = async move |item: Item, _| cluster.relays.deliver(item);
    subscription::follow(items, "relay item", Item::decode, shutdown, deliver).await;
}

/// The owner's heartbeat view changed: connections to dead owners end.
pub(super) fn owners_alive(cluster: &Cluster, alive: &HashSet<String>) {
    cluster.relays.drop_orphans(alive);
}

/// A game's room on another node, as a [`crate::room::RoomHandle`] uses it: requests to the owner through
/// the broker.
#[derive(Clone, Debug)]
pub struct RelayedRoom {
    game: GameId,
    owner: String,
    cluster: Arc<Cluster>,
}

impl RelayedRoom {
    pub(super) fn new(game: &GameId, owner: &str, cluster: Arc<Cluster>) -> RelayedRoom {
        RelayedRoom { game: game.clone(), owner: owner.to_string(), cluster }
    }

    async fn ask(&self, msg: ToOwner) -> Result<Reply, AskError> {
        self.cluster.ask(&self.owner, &msg).await.map_err(|e| {
            tracing::debug!(game = %self.game, owner = %self.owner, error = %e, "request to the owner failed");
            AskError::Gone
        })
    }

    async fn tell(&self, msg: ToOwner) {
        if let Err(e) = self.cluster.broker.publish(wire::owner_subject(&self.owner), msg.encode()).await {
            tracing::debug!(game = %self.game, error = %e, "message to the owner not sent");
        }
    }
}

impl RemoteRoom for RelayedRoom {
    fn connect(
        &self,
        (kind, who): (ViewerKind, Option<PlayerName>),
        since: Option<u64>,
        tx: Sender<Outbound>,
    ) -> BoxFuture<'_, Result<ConnId, AskError>> {
        Box::pin(async move {
            // Registered first: the owner's first item (the catch-up) may arrive before its answer.
            let relay = self.cluster.relays.open(&self.owner, tx);
            let node = self.cluster.node.clone();
            let msg = ToOwner::Connect { game: self.game.clone(), node, relay, kind, who, since };
            match self.ask(msg).await {
                Ok(Reply::Connected) => Ok(relay),
                _ => {
                    self.cluster.relays.forget(relay);
                    Err(AskError::Gone)
                }
            }
        })
    }

    fn disconnect(&self, conn: ConnId) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            self.cluster.relays.forget(conn);
            self.tell(ToOwner::Disconnect { node: self.cluster.node.clone(), relay: conn }).await;
        })
    }

    /// Forwards a client's message. A connection already ended here (its close is on its way) drops it.
    fn client(&self, conn: ConnId, msg: ClientMsg, by: Option<PlayerName>) -> BoxFuture<'_, Result<(), AskError>> {
        Box::pin(async move {
            if self.cluster.relays.is_open(conn) {
                self.tell(ToOwner::Client { node: self.cluster.node.clone(), relay: conn, msg, by }).await;
            }
            Ok(())
        })
    }

    fn join(&self, seat: Occupant) -> BoxFuture<'_, Result<Joined, AskError>> {
        Box::pin(async move {
            match self.ask(ToOwner::Join { game: self.game.clone(), seat }).await? {
                Reply::Joined { side, game } => Ok((side, game)),
                Reply::Refused { refusal } => Err(AskError::Refused(refusal)),
                _ => Err(AskError::Gone),
            }
        })
    }

    fn seat_of(&self, token_hash: TokenHash) -> BoxFuture<'_, Result<Option<Side>, AskError>> {
        Box::pin(async move {
            match self.ask(ToOwner::SeatOf { game: self.game.clone(), token_hash }).await? {
                Reply::SeatOf { side } => Ok(side),
                _ => Err(AskError::Gone),
            }
        })
    }

    fn summary(&self) -> BoxFuture<'_, Result<GameSummary, AskError>> {
        Box::pin(async move {
            match self.ask(ToOwner::Summary { game: self.game.clone() }).await? {
                Reply::Summary { game } => Ok(game),
                _ => Err(AskError::Gone),
            }
        })
    }
}
