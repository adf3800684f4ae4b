//! What the clients of a chaos run saw, shared by every task: the games they play, each decision the
//! server acknowledged (game, seat, id, decision and the ply `accepted.v` gave it), the ids it refused,
//! the decisions still unanswered at the end, counters, and the anomalies (errors) by kind with a first
//! example. The final check compares this ledger with what the server stored.

use serde::Serialize;
use std::collections::{BTreeMap, HashSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

pub const SIDES: [&str; 2] = ["south", "north"];

/// A decision the server acknowledged with `accepted`.
#[derive(Clone, Debug)]
pub struct Ack {
    pub game: String,
    pub side: usize,
    pub id: String,
    pub decision: String,
    /// `accepted.v` − 1 (version 1 is the game's start).
    pub ply: u64,
    /// When it was first sent again after a reconnection (unix ms), if it was.
    pub resent_at_ms: Option<u64>,
}

/// Now, in unix milliseconds (the unit of a stored decision's `at`).
pub fn unix_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}

/// A decision identified as the server stores it: game, seat, client id.
pub type Key = (String, usize, String);

#[derive(Debug, Default)]
pub struct Ledger {
    /// Every game the run played (id, variant).
    pub games: Mutex<Vec<(String, String)>>,
    pub acks: Mutex<Vec<Ack>>,
    /// Ids the server refused (with a code other than `unavailable`, which is retried).
    pub refused: Mutex<HashSet<Key>>,
    /// Decisions sent and never answered when the run stopped.
    pub unresolved: Mutex<HashSet<Key>>,
    pub games_finished: AtomicU64,
    pub decisions_sent: AtomicU64,
    /// An unanswered decision sent again with the same id after a reconnection.
    pub resent: AtomicU64,
    /// `rejected` with `unavailable` (the server could not store it): sent again with the same id.
    pub unavailable: AtomicU64,
    pub rate_limited: AtomicU64,
    /// WebSocket connections opened again after one was lost.
    pub reconnects: AtomicU64,
    /// Reconnections with `?v=` that resumed with the events after it (a catch-up), or with a snapshot.
    pub resumed_by_events: AtomicU64,
    pub resumed_by_snapshot: AtomicU64,
    errors: Mutex<BTreeMap<String, (u64, String)>>,
}

impl Ledger {
    pub fn count(counter: &AtomicU64) {
        counter.fetch_add(1, Ordering::Relaxed);
    }

    pub fn get(counter: &AtomicU64) -> u64 {
        counter.load(Ordering::Relaxed)
    }

    pub fn game(&self, id: &str, variant: &str) {
        self.games.lock().unwrap().push((id.to_string(), variant.to_string()));
    }

    pub fn ack(&self, ack: Ack) {
        self.acks.lock().unwrap().push(ack);
    }

    pub fn acknowledged(&self) -> usize {
        self.acks.lock().unwrap().len()
    }

    /// Something a correct server and client never produce.
    pub fn error(&self, kind: &str, detail: impl std::fmt::Display) {
        let mut errors = self.errors.lock().unwrap();
        let entry = errors.entry(kind.to_string()).or_insert_with(|| (0, detail.to_string()));
        entry.0 += 1;
    }

    pub fn errors(&self) -> BTreeMap<String, ErrorKind> {
        self.errors
            .lock()
            .unwrap()
            .iter()
            .map(|(k, (count, first))| (k.clone(), ErrorKind { count: *count, first: first.clone() }))
            .collect()
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct ErrorKind {
    pub count: u64,
    pub first: String,
}
