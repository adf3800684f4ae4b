//! Several `mancala-server` nodes on one PostgreSQL (docs/cluster.md). Only a node started with
//! `--broker-url` has any of this: without it the server is the single node it always was.
//!
//! - [`crate::store::leases`]: who owns which game, in the database (node liveness, leases with fencing
//!   epochs); every SQL statement of the cluster is there.
//! - [`node`]: this node's heartbeat (which also ends its rooms at once if its lease lapsed) and the
//!   sweeper that takes over the games of dead nodes, so their clocks keep running.
//! - [`broker`]: NATS, behind a small API (publish, subscribe, request/reply).
//! - [`owner`]: the owner's side of a game's remote viewers: each is an ordinary connection of the room,
//!   whose queue is drained into the broker, so the delivery rule and versions stay the room's.
//! - [`relay`]: the other side: a socket on this node whose game is owned elsewhere ([`RelayedRoom`]).
//! - [`placement`]: the cluster as the rooms' [`crate::room::Placement`]: a game is the node's that holds
//!   its lease; the others relay to it, and take it over once that node is gone.
//! - [`wire`]: what travels between nodes.
//! - [`lobby`]: one lobby for every node: the seeks, takes and challenges the nodes' lobby tasks exchange.
//! - [`blocks`]: a block or an unblock carried to every node's copy of who blocks whom.
//! - [`standing`]: a closed or computer-assisted account's seeks and challenges withdrawn on every node.
//! - [`closed`]: a closed account's game sockets closed on every node.
//! - [`subscription`]: the one way each of these follows its broker subject (decode, hand on, skip what
//!   does not decode, stop at shutdown).

pub mod blocks;
pub mod broker;
pub mod closed;
pub mod lobby;

mod node;
mod owner;
mod placement;
mod relay;
pub mod revoke;
pub mod standing;
mod subscription;
pub mod wire;

pub use broker::{Broker, BrokerError};
pub use relay::RelayedRoom;

use crate::ids::GameId;
use crate::room::{Registry, RoomHandle};
use crate::store::{Store, StoreError, leases};
use serde_json::{Value, json};
use sqlx::AnyPool;
use std::collections::HashSet;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use wire::{Reply, ToOwner};

/// How long a node waits for another node's answer to a request.
const REQUEST_WAIT: Duration = Duration::from_secs(2);

/// Why a node could not join the others.
#[derive(Debug, thiserror::Error)]
pub enum ClusterError {
    #[error(transparent)]
    Broker(#[from] BrokerError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A node's settings (from the configuration).
#[derive(Clone, Debug)]
pub struct ClusterConfig {
    pub broker_url: String,
    /// The site's name on the broker: the first token of every subject (`--cluster-name`).
    pub name: String,
    /// This node's key: its `--node-id` and a suffix new at every start.
    pub node: String,
    pub lease: Duration,
    /// The address it serves on (shown to operators).
    pub addr: String,
}

/// This node's part of the cluster: shared by the registry, the HTTP handlers and the background tasks.
#[derive(Debug)]
pub struct Cluster {
    node: String,
    addr: String,
    lease: Duration,
    broker: Broker,
    pool: AnyPool,
    /// The nodes alive at the last heartbeat.
    alive: Mutex<HashSet<String>>,
    /// Until when this node's own lease holds, by this node's clock (conservative: counted from when the
    /// renewal was sent).
    valid_until: Mutex<Instant>,
    relays: relay::Relays,
    remotes: owner::Remotes,
    /// This node's own handle, which every relayed room holds.
    me: Weak<Cluster>,
}

impl Cluster {
    /// Connects to the broker and announces this node in the database.
    pub async fn join(config: &ClusterConfig, store: &Store) -> Result<Arc<Cluster>, ClusterError> {
        let broker =
            Broker::connect(&config.broker_url, &config.name, &format!("mancala-server {}", config.node)).await?;
        let pool = store.pool().clone();
        let sent = Instant::now();
        leases::register(&pool, &config.node, &config.addr, config.lease).await?;
        let alive = leases::alive(&pool).await?.into_iter().map(|(n, _)| n).collect();
        Ok(Arc::new_cyclic(|me| Cluster {
            node: config.node.clone(),
            addr: config.addr.clone(),
            lease: config.lease,
            broker,
            pool,
            alive: Mutex::new(alive),
            valid_until: Mutex::new(sent + config.lease),
            relays: relay::Relays::default(),
            remotes: owner::Remotes::default(),
            me: me.clone(),
        }))
    }

    /// Starts the node's background tasks: heartbeat, sweeper, the owner's and the relay's subscriptions.
    pub async fn start(
        self: &Arc<Self>,
        rooms: Arc<Registry>,
        shutdown: CancellationToken,
        tracker: &TaskTracker,
    ) -> Result<(), ClusterError> {
        let own = self.broker.subscribe(wire::owner_subject(&self.node)).await?;
        let relayed = self.broker.subscribe(wire::relay_subject(&self.node)).await?;
        tracker.spawn(owner::serve(self.clone(), rooms.clone(), own, shutdown.clone()));
        tracker.spawn(relay::serve(self.clone(), relayed, shutdown.clone()));
        tracker.spawn(node::heartbeat(self.clone(), rooms.clone(), shutdown.clone()));
        tracker.spawn(node::sweeper(self.clone(), rooms, shutdown));
        Ok(())
    }

    /// Ends this node's lease now (on shutdown, once its rooms stopped): the others take its games at once.
    pub async fn leave(&self) {
        match leases::release(&self.pool, &self.node).await {
            Ok(()) => tracing::info!(node = %self.node, "lease released: the other nodes take over its games"),
            Err(e) => tracing::warn!(node = %self.node, error = %e, "could not release the lease"),
        }
        self.broker.flush().await;
    }

    pub fn node(&self) -> &str {
        &self.node
    }

    pub fn lease(&self) -> Duration {
        self.lease
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    pub fn broker(&self) -> &Broker {
        &self.broker
    }

    /// Asks `owner` whether it runs `game` and answers for it: a handle that relays to it, or `None`.
    pub async fn reach(&self, game: &GameId, owner: &str) -> Option<RoomHandle> {
        match self.ask(owner, &ToOwner::Hello { game: game.clone() }).await {
            Ok(Reply::Owned) => {
                let me = self.me.upgrade()?;
                Some(RoomHandle::remote(Arc::new(RelayedRoom::new(game, owner, me))))
            }
            Ok(other) => {
                tracing::debug!(%game, owner, ?other, "the owner does not run the game");
                None
            }
            Err(e) => {
                tracing::debug!(%game, owner, error = %e, "the owner does not answer");
                None
            }
        }
    }

    /// A request to node `owner` and its answer.
    async fn ask(&self, owner: &str, msg: &ToOwner) -> Result<Reply, BrokerError> {
        let answer = self.broker.request(wire::owner_subject(owner), msg.encode(), REQUEST_WAIT).await?;
        serde_json::from_slice(&answer).map_err(|e| BrokerError::Other(format!("unreadable answer: {e}")))
    }

    /// Does this node's lease hold now?
    pub fn lease_holds(&self) -> bool {
        Instant::now() < *self.valid_until.lock().expect("lease lock")
    }

    /// What `/healthz` shows of this node.
    pub fn status(&self, games_owned: usize) -> Value {
        let valid_for = self.valid_until.lock().expect("lease lock").saturating_duration_since(Instant::now());
        json!({
            "node": self.node,
            "broker_connected": self.broker.is_connected(),
            "lease_valid_ms": valid_for.as_millis() as u64,
            "games_owned": games_owned,
            "relayed_connections": self.relays.len(),
            "remote_viewers": self.remotes.len(),
            "nodes_alive": self.alive.lock().expect("alive lock").len(),
        })
    }
}

/// A node id as given (`--node-id`): letters, digits, `_` and `-` (it is part of broker subjects).
pub fn check_node_id(id: &str) -> Result<(), String> {
    if id.is_empty() || id.len() > 40 || !id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-') {
        return Err(format!("node id `{id}`: use 1 to 40 letters, digits, `_` or `-`"));
    }
    Ok(())
}
