//! The lobby: seeks, quick pairing and challenges. One task per node ([`pool`]) owns the seek pool and
//! decides every pairing; handlers talk to it through [`Lobby`], a bounded queue: when it is full the
//! request is refused with `busy`, never dropped silently. A pairing makes the game with both seats at
//! once ([`pairing`]) and gives each player a `SeatGranted`.
//!
//! | file | what |
//! |---|---|
//! | [`person`] | who asks (the one identity function) |
//! | [`seek`] | a seek, its checks and who may take it |
//! | [`command`] | what the task is asked |
//! | [`pool`] | the task: seeks, connections, challenges, pairing decisions |
//! | `pool/remote` (`remote.rs`) | the task's side of a cluster: other nodes' seeks, taking them |
//! | [`playing`] | who is in a game the lobby made (nobody in two at once) |
//! | [`pairing`] | making the paired game |
//! | [`challenge`] | open challenges |
//! | [`lists`] | the live game lists (waiting, being played) read for the lobby sockets |
//! | [`limits`] | the lobby's limits, and the per-address count of its connections |
//! | [`ratings`] | the rating shown with a seek |
//! | [`blocks`] | who the lobby keeps apart (the blocks are `crate::blocks`'s): never paired, either way |
//! | [`closing`] | the game sockets of an account, closed at once when the account is closed |
//! | [`engine_mark`] | no rated game for an account marked as computer assisted |
//! | [`routes`] | `/api/lobby/seeks…` and `/api/challenges…` (an edge file: docs/server.md, "Features") |
//!
//! The penalties for leaving games are a feature of their own (`crate::playban`): the edges ask it before
//! each pairing, and [`error::LobbyError::Playban`] says its refusal.
//!
//! The edge speaks to it: the socket `GET /api/lobby/ws` is `crate::ws::lobby`, the HTTP routes
//! [`routes`]; revocations reach the other nodes through `crate::cluster::revoke`.
//!
//! Several nodes: see docs/lobby.md ("Several nodes"): each node's task owns the seeks posted through it
//! and shows every node's; `crate::cluster::lobby` carries them between nodes.

pub mod blocks;
pub mod challenge;
pub mod closing;
pub mod command;
pub mod engine_mark;
pub mod error;
pub mod limits;
pub mod lists;
pub mod pairing;
pub mod person;
pub mod playing;
pub mod pool;
pub mod ratings;
pub mod routes;
pub mod seek;

use crate::blocks::Blocks;
use crate::ids::ClientAddr;
use crate::ids::ConnId;
use crate::ids::Credential;
use crate::room::Registry;
use crate::store::Store;
use command::Command;
use error::LobbyError;
use limits::{Admitted, Doors, LobbyLimits};
use pool::Pool;
use std::sync::Arc;
use tokio::sync::{broadcast, mpsc, oneshot, watch};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// The lobby task's queue length: a burst of this many requests at once is taken, more are `busy`.
pub const QUEUE: usize = 1024;

/// The handle of this node's lobby task (cheap to clone).
#[derive(Clone, Debug)]
pub struct Lobby {
    tx: mpsc::Sender<Command>,
    doors: Arc<Doors>,
    limits: LobbyLimits,
    /// Every revocation, for the other sockets that stand on an account's credential (a tournament's).
    revoked: broadcast::Sender<Arc<Vec<Credential>>>,
    /// Who blocks whom, as this node holds it (the pool reads it to pair, the game sockets to filter chat).
    blocks: Blocks,
    /// The game sockets of each account, closed when the account is closed.
    accounts: closing::AccountSockets,
}

impl Lobby {
    /// Starts the lobby task and the reader of its game lists ([`lists::watch`]); both stop on `shutdown`.
    pub fn start(
        rooms: Arc<Registry>,
        (store, blocks): (Store, Blocks),
        limits: LobbyLimits,
        link: Option<pool::Link>,
        tracker: &TaskTracker,
        shutdown: CancellationToken,
    ) -> Lobby {
        let (tx, rx) = mpsc::channel(QUEUE);
        let (watching, watched) = watch::channel(false);
        tracker.spawn(lists::watch(store.clone(), watched, tx.downgrade(), shutdown.clone()));
        let pool = Pool::new(rooms, store, limits, tx.downgrade(), tracker.clone(), watching, link)
            .with_blocks(blocks.clone());
        tracker.spawn(pool.run(rx, shutdown.clone()));
        Lobby {
            tx,
            doors: Arc::default(),
            limits,
            revoked: broadcast::channel(64).0,
            blocks,
            accounts: Default::default(),
        }
    }

    /// A lobby whose queue is `rx` (tests).
    pub fn with_queue(capacity: usize) -> (Lobby, mpsc::Receiver<Command>) {
        let (tx, rx) = mpsc::channel(capacity);
        let limits = LobbyLimits { conns_per_address: 1, seeks_per_address: 1 };
        let revoked = broadcast::channel(64).0;
        let (blocks, accounts) = Default::default();
        (Lobby { tx, doors: Arc::default(), limits, revoked, blocks, accounts }, rx)
    }

    /// Queues `cmd`: a full queue is `busy`, a stopped task is the server shutting down.
    pub fn send(&self, cmd: Command) -> Result<(), LobbyError> {
        self.tx.try_send(cmd).map_err(|e| match e {
            mpsc::error::TrySendError::Full(_) => {
                metrics::counter!("mancala_lobby_busy").increment(1);
                LobbyError::Busy
            }
            mpsc::error::TrySendError::Closed(_) => LobbyError::ShuttingDown,
        })
    }

    /// Queues a command and waits for its answer.
    pub async fn ask<T>(&self, make: impl FnOnce(oneshot::Sender<T>) -> Command) -> Result<T, LobbyError> {
        let (reply, answer) = oneshot::channel();
        self.send(make(reply))?;
        answer.await.map_err(|_| LobbyError::ShuttingDown)
    }

    /// Queues a command that must reach the task even when its queue is full (a connection gone, whose
    /// seeks would stay; a revocation, which must not be lost): it waits for room.
    pub(crate) fn must_send(&self, cmd: Command) {
        if let Err(mpsc::error::TrySendError::Full(cmd)) = self.tx.try_send(cmd) {
            let tx = self.tx.clone();
            tokio::spawn(async move {
                let _ = tx.send(cmd).await;
            });
        }
    }

    /// Who blocks whom, as this node holds it.
    pub fn blocks(&self) -> &Blocks {
        &self.blocks
    }

    /// The game sockets of each account on this node.
    pub fn accounts(&self) -> &closing::AccountSockets {
        &self.accounts
    }

    /// A connection is gone.
    pub fn leave(&self, conn: ConnId) {
        self.must_send(Command::Leave { conn });
    }

    /// `credentials` are revoked: the connections opened with them are closed.
    pub fn revoke(&self, credentials: Vec<Credential>) {
        // Nobody listening is not an error: no tournament socket is open.
        let _ = self.revoked.send(Arc::new(credentials.clone()));
        self.must_send(Command::Revoke { credentials });
    }

    /// The revocations from now on (a receiver that lags behind is told so: it checks its credential in
    /// the database then).
    pub fn revocations(&self) -> broadcast::Receiver<Arc<Vec<Credential>>> {
        self.revoked.subscribe()
    }

    /// Admits a new lobby connection of `client` (sockets and seek streams), or refuses it with
    /// `rate_limited` when that address holds as many as it may.
    pub fn admit(&self, client: ClientAddr) -> Result<Admitted, LobbyError> {
        self.doors.admit(client, self.limits.conns_per_address)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_queue_is_busy_not_dropped_silently() {
        let (lobby, _rx) = Lobby::with_queue(1);
        let (reply, _) = oneshot::channel();
        lobby.send(Command::List { reply }).expect("room for one");
        let (reply, _) = oneshot::channel();
        let err = lobby.send(Command::List { reply }).expect_err("the queue is full");
        assert_eq!(err.code(), "busy");
    }
}
