//! Swiss tournaments: the types the server stores (players, finished rounds, a round's pairing), the pairing
//! of the next round ([`pair_round`], a simplified Dutch system) and the standings with their tie-breaks
//! ([`standings`]). The rules are in `docs/tournaments.md`, section "Swiss".
//!
//! Scores are counted in half-points (a win is 2, a draw 1) so that they add and compare exactly.

mod colour;
mod history;
mod pairing;
mod standings;

pub use pairing::pair_round;
pub use standings::{Standing, standings};

use crate::{PlayerId, Seat};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Half-points of a win (and of a pairing bye); a draw is worth one.
pub const WIN: u32 = 2;
/// Half-points of a draw.
pub const DRAW: u32 = 1;

/// A registered player. Every player who ever took part is listed, also those who withdrew (their games
/// count for their opponents' tie-breaks); `available` says whether they are to be paired in the round being
/// paired. A late joiner is simply listed from the round they join: the rounds before have no entry for them,
/// so they start with 0 points and no bye.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissPlayer {
    pub id: PlayerId,
    pub rating: i32,
    pub available: bool,
}

/// How a game of a finished round ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    FirstWins,
    SecondWins,
    Draw,
    /// The game was not played: `winner` came and the other did not (`None`: neither came). The winner scores
    /// a win; the two count as having met, but no seat is recorded for either.
    Forfeit {
        winner: Option<Seat>,
    },
}

/// A game of a finished round: `first` sat South and moved first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    pub first: PlayerId,
    pub second: PlayerId,
    pub outcome: Outcome,
}

/// A finished round: its games and its pairing byes (each worth a win). Players in neither were absent and
/// score nothing for the round.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    pub games: Vec<GameResult>,
    pub byes: Vec<PlayerId>,
}

/// A game to play: `first` sits South and moves first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub first: PlayerId,
    pub second: PlayerId,
}

/// Which absolute constraints a pairing had to give up, in the order they are given up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Relaxation {
    /// Every constraint holds.
    None,
    /// The seat constraints (never the same seat three times in a row, seat difference within ±2) were
    /// dropped; seats still follow them where the pair allows.
    Colours,
    /// The seat constraints were dropped and a player got a second bye.
    ColoursAndByes,
    /// No pairing kept every pair who block each other apart, even with the seat constraints and byes given
    /// up: such a pair meets (the seat constraints kept where the round allows).
    Blocks,
}

/// The pairing of a round: its games by board (board 1 first) and at most one bye.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundPairing {
    pub round: u32,
    pub games: Vec<Game>,
    pub bye: Option<PlayerId>,
    pub relaxation: Relaxation,
}

impl RoundPairing {
    /// The finished round once each game has its outcome.
    pub fn finish(&self, mut outcome: impl FnMut(&Game) -> Outcome) -> RoundResult {
        RoundResult {
            games: self
                .games
                .iter()
                .map(|g| GameResult { first: g.first.clone(), second: g.second.clone(), outcome: outcome(g) })
                .collect(),
            byes: self.bye.iter().cloned().collect(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SwissError {
    #[error("player {0} is listed twice")]
    DuplicatePlayer(PlayerId),
    #[error("round {round} names {id}, who is not a registered player")]
    UnknownPlayer { round: u32, id: PlayerId },
    #[error("{id} appears more than once in round {round}")]
    PairedTwice { round: u32, id: PlayerId },
    #[error("round {round} cannot be paired after {finished} finished rounds")]
    RoundOutOfOrder { round: u32, finished: u32 },
    #[error("no pairing of round {round} avoids a repeat game")]
    NoPairing { round: u32 },
}
