//! Tournaments of the mancala server: Swiss ([`swiss`]) and arena ([`arena`]).
//!
//! Everything here is a pure function of its inputs: no I/O, no clock, no randomness. The server keeps the
//! tournament in its database (players, pairings, finished games) and calls these functions to pair the next
//! round or wave and to recount the standings, so a standing is always a recount of the games and two nodes
//! asking the same question get the same answer. The rules as implemented are described in
//! `docs/tournaments.md`.
//!
//! Scores are integers (half-points in Swiss, arena points in arenas) so that ties compare exactly. Both
//! pairings take the [`Blocks`] between the players, and avoid a blocked pair whenever another pairing
//! exists (an arena never pairs one).

pub mod arena;
mod blocks;
mod matching;
pub mod swiss;

pub use blocks::Blocks;

use serde::{Deserialize, Serialize};
use std::fmt;

/// A player as the tournament knows them: an opaque, totally ordered id (the server uses the account's
/// name). The order only breaks the last ties, so that every result is deterministic.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub String);

impl From<&str> for PlayerId {
    fn from(s: &str) -> Self {
        PlayerId(s.to_owned())
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A seat of a game: `First` is South, who moves first (the analogue of White in chess), `Second` is North.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Seat {
    First,
    Second,
}

impl Seat {
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}
