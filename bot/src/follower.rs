//! A bot in a seat of a live game: it follows the decisions its seat sees (exactly what a person in that
//! seat sees), keeps the position as that seat can know it, and says what to play when its seat has a
//! decision. It knows nothing of any wire protocol: whoever carries the messages (the `mancala-seat`
//! crate, for the server's computer seats and `mancala bot`) hands it each decision as [`Seen`].
//!
//! The position is rebuilt by replaying the decisions the seat has seen. The one decision a seat does not see
//! is the opponent's Ikibuguzo array choice before both are in: it is left out until the reveal names both
//! arrays, then put back. (Azigo's opponent store is derivable from the board,
//! docs/rules.md#azigo-concealed-store, so the replayed position holds nothing the seat could not know.)

use crate::{Bot, Level};
use mancala_engine::{BySide, Decision, OpeningArray, Options, Position, Side, Variant};
use std::time::Instant;

/// One decision as a seat saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    pub side: Side,
    /// `None` when it was hidden from the seat (the opponent's secret array choice).
    pub decision: Option<Decision>,
    /// Both arrays, when this decision completed Ikibuguzo's secret choice (the reveal).
    pub revealed: Option<BySide<OpeningArray>>,
}

#[derive(Debug)]
pub struct Follower {
    seat: Side,
    bot: Bot,
    pos: Position,
    /// Decisions applied (plies of the record).
    plies: u32,
    /// The opponent's hidden array choice, waiting for the reveal.
    hidden_choice: Option<Side>,
}

/// The follower lost track (a ply it cannot apply): the caller should rebuild it from the record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot follow the game: {0}")]
pub struct FollowError(pub String);

impl Follower {
    /// A follower at the start of a game, or after the given record (in ply order).
    pub fn new(
        seat: Side,
        level: Level,
        seed: u64,
        variant: Variant,
        options: Options,
        record: &[Seen],
    ) -> Result<Follower, FollowError> {
        let pos = Position::start(variant, options).map_err(|e| FollowError(e.to_string()))?;
        let mut f = Follower { seat, bot: Bot::new(level, seed), pos, plies: 0, hidden_choice: None };
        for (i, seen) in record.iter().enumerate() {
            f.on_ply(i as u32 + 1, seen)?;
        }
        Ok(f)
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Applies decision number `ply` of the record. Decisions already applied are ignored; a gap is an
    /// error.
    pub fn on_ply(&mut self, ply: u32, seen: &Seen) -> Result<(), FollowError> {
        if ply <= self.plies {
            return Ok(());
        }
        if ply != self.plies + 1 {
            return Err(FollowError(format!("ply {ply} arrived after ply {}", self.plies)));
        }
        self.plies = ply;
        if let (Some(hidden), Some(arrays)) = (self.hidden_choice, seen.revealed) {
            self.play(hidden, Decision::Opening(arrays[hidden]))?;
            self.hidden_choice = None;
        }
        match seen.decision {
            None => {
                self.hidden_choice = Some(seen.side);
                Ok(())
            }
            Some(d) => self.play(seen.side, d),
        }
    }

    fn play(&mut self, side: Side, d: Decision) -> Result<(), FollowError> {
        self.pos
            .apply(side, d, &mut mancala_engine::NoEvents)
            .map_err(|e| FollowError(format!("ply {} ({side} {}): {e}", self.plies, d.notation(self.pos.geometry()))))
    }

    /// The decision to send now, if the seat has one.
    pub fn decide(&mut self) -> Option<Decision> {
        self.decide_until(None)
    }

    /// [`Follower::decide`], searching until `deadline` at the latest ([`crate::Bot::decide_until`]).
    pub fn decide_until(&mut self, deadline: Option<Instant>) -> Option<Decision> {
        if self.pos.legal_decisions(self.seat).is_empty() {
            return None;
        }
        self.bot.decide_until(&self.pos, self.seat, deadline)
    }
}
