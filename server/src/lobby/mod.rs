//! The lobby (issue 15): seeks, quick pairing and challenges. One task per node ([`pool`]) owns the seek
//! pool and decides every pairing; handlers talk to it through [`Lobby`], a bounded queue: when it is full
//! the request is refused with `busy`, never dropped silently. A pairing makes the game with both seats at
//! once ([`pairing`]) and gives each player a `SeatGranted`.
//!
//! | file | what |
//! |---|---|
//! | [`person`] | who asks (the one identity function) |
//! | [`seek`] | a seek, its checks and who may take it |
//! | [`pool`] | the task: seeks, connections, challenges, pairing decisions |
//! | [`pairing`] | making the paired game |
//! | [`challenge`] | open challenges |
//! | [`aborts`] | the pause after repeated aborts |
//! | [`ratings`] | the rating shown with a seek |
//! | [`socket`] | `GET /api/lobby/ws` |
//! | [`routes`] | the HTTP routes |
//!
//! Several nodes: see docs/lobby.md ("Several nodes"): each node has its own pool; what is not done is
//! said there.

pub mod aborts;
pub mod challenge;
pub mod error;
pub mod pairing;
pub mod person;
pub mod pool;
pub mod ratings;
pub mod routes;
pub mod seek;
pub mod socket;

use crate::room::Registry;
use error::LobbyError;
use pool::{Command, Pool};
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// The lobby task's queue length: a burst of this many requests at once is taken, more are `busy`.
pub const QUEUE: usize = 1024;

/// The handle of this node's lobby task (cheap to clone).
#[derive(Clone, Debug)]
pub struct Lobby {
    tx: mpsc::Sender<Command>,
}

impl Lobby {
    /// Starts the lobby task; it stops on `shutdown`.
    pub fn start(rooms: Arc<Registry>, tracker: &TaskTracker, shutdown: CancellationToken) -> Lobby {
        let (tx, rx) = mpsc::channel(QUEUE);
        tracker.spawn(Pool::new(rooms, tracker.clone()).run(rx, shutdown));
        Lobby { tx }
    }

    /// A lobby whose queue is `rx` (tests).
    pub fn with_queue(capacity: usize) -> (Lobby, mpsc::Receiver<Command>) {
        let (tx, rx) = mpsc::channel(capacity);
        (Lobby { tx }, rx)
    }

    /// Queues `cmd`: a full queue is `busy`, a stopped task is the server shutting down.
    pub fn send(&self, cmd: Command) -> Result<(), LobbyError> {
        self.tx.try_send(cmd).map_err(|e| match e {
            mpsc::error::TrySendError::Full(_) => {
                metrics::counter!("mancala_lobby_busy").increment(1);
                LobbyError::Busy
            }
            mpsc::error::TrySendError::Closed(_) => LobbyError::Api(crate::error::ApiError::ShuttingDown),
        })
    }

    /// Queues a command and waits for its answer.
    pub async fn ask<T>(&self, make: impl FnOnce(oneshot::Sender<T>) -> Command) -> Result<T, LobbyError> {
        let (reply, answer) = oneshot::channel();
        self.send(make(reply))?;
        answer.await.map_err(|_| LobbyError::Api(crate::error::ApiError::ShuttingDown))
    }

    /// A connection is gone: this must reach the task even when its queue is full (else its seeks would
    /// stay), so it waits for room.
    pub fn leave(&self, conn: u64) {
        if let Err(mpsc::error::TrySendError::Full(cmd)) = self.tx.try_send(Command::Leave { conn }) {
            let tx = self.tx.clone();
            tokio::spawn(async move {
                let _ = tx.send(cmd).await;
            });
        }
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
        let api: crate::error::ApiError = err.into();
        assert!(matches!(api, crate::error::ApiError::Busy(_)));
    }
}
