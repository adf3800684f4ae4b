//! A bot in a seat of a live game: it follows the game from the messages its seat receives (exactly what a
//! person in that seat sees), keeps the position as that seat can know it, and says what to play when
//! its seat has a decision. Used by the server for games against the computer and by `mancala bot`, so
//! both go through the same path as a person: the decision is sent as a message and checked by the
//! server.
//!
//! The position is rebuilt by replaying the decisions the seat has seen. The one decision a seat does
//! not see is the opponent's Ikibuguzo array choice before both are in: it is left out until the
//! `revealed` step names both arrays, then put back. (Azigo's opponent store is derivable from the board,
//! RULES.md D5, so the replayed position holds nothing the seat could not know.)

use crate::{Bot, Level};
use mancala_engine::{Decision, OpeningArray, Options, Position, Side, Variant};
use mancala_protocol::{MoveEvent, StepEvent};

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
    /// A follower at the start of a game, or after the given record (ply order; `None` for a hidden
    /// decision).
    pub fn new(
        seat: Side,
        level: Level,
        seed: u64,
        variant: Variant,
        options: Options,
        record: &[(Side, Option<String>, Vec<StepEvent>)],
    ) -> Result<Follower, FollowError> {
        let pos = Position::start(variant, options).map_err(|e| FollowError(e.to_string()))?;
        let mut f = Follower { seat, bot: Bot::new(level, seed), pos, plies: 0, hidden_choice: None };
        for (i, (side, decision, steps)) in record.iter().enumerate() {
            f.apply(i as u32 + 1, *side, decision.as_deref(), steps)?;
        }
        Ok(f)
    }

    pub fn plies(&self) -> u32 {
        self.plies
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Applies a move event of the seat's stream. Events already applied are ignored.
    pub fn on_move(&mut self, mv: &MoveEvent) -> Result<(), FollowError> {
        if mv.ply <= self.plies {
            return Ok(());
        }
        self.apply(mv.ply, mv.side, mv.decision.as_deref(), &mv.steps)
    }

    fn apply(&mut self, ply: u32, side: Side, decision: Option<&str>, steps: &[StepEvent]) -> Result<(), FollowError> {
        if ply != self.plies + 1 {
            return Err(FollowError(format!("ply {ply} arrived after ply {}", self.plies)));
        }
        self.plies = ply;
        let revealed = steps.iter().find_map(|s| match s {
            StepEvent::Revealed { south, north } => Some((*south, *north)),
            _ => None,
        });
        if let (Some(hidden), Some((south, north))) = (self.hidden_choice, revealed) {
            let n = if hidden == Side::South { south } else { north };
            let array = OpeningArray::from_number(n).ok_or_else(|| FollowError(format!("array {n}")))?;
            self.play(hidden, Decision::Opening(array))?;
            self.hidden_choice = None;
        }
        match decision {
            None => {
                self.hidden_choice = Some(side);
                Ok(())
            }
            Some(text) => {
                let d = Decision::parse(text, self.pos.geometry()).map_err(|e| FollowError(e.to_string()))?;
                self.play(side, d)
            }
        }
    }

    fn play(&mut self, side: Side, d: Decision) -> Result<(), FollowError> {
        self.pos
            .apply(side, d, &mut mancala_engine::NoEvents)
            .map_err(|e| FollowError(format!("ply {} ({side} {}): {e}", self.plies, d.notation(self.pos.geometry()))))
    }

    /// The decision to send now, if the seat has one.
    pub fn decide(&mut self) -> Option<String> {
        if self.pos.legal_decisions(self.seat).is_empty() {
            return None;
        }
        let d = self.bot.decide(&self.pos, self.seat)?;
        Some(d.notation(self.pos.geometry()))
    }
}
