//! `draw`: a draw by agreement. A player offers, the opponent accepts (the game ends drawn, reason
//! `agreement`, rated like any draw) or declines; an offer lapses when the opponent makes a decision
//! instead, as on lichess. At most one offer is pending, and a player makes at most [`MAX_OFFERS`] in a
//! game, so offers cannot be used to pester. Offers are the room's memory, not the game's record: a room
//! loaded again (after a restart, or unloaded while idle) has none pending.

use crate::game::UnixMs;
use crate::game::{Change, LiveGame, Refusal, Ruling};
use mancala_engine::{BySide, Side};
use mancala_protocol::http::GameStatus;
use mancala_protocol::{DrawAction, ErrorCode};
use tokio::time::Instant;

/// The draw offers a player may make in one game.
pub const MAX_OFFERS: u8 = 3;

/// The room's draw offers: the pending one, and how many each player made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Offers {
    pub pending: Option<Side>,
    made: BySide<u8>,
}

impl Offers {
    /// After `side`'s decision: the opponent's pending offer lapses (`Some` of the offers then).
    pub fn after_decision(self, side: Side) -> Option<Offers> {
        (self.pending == Some(side.other())).then_some(Offers { pending: None, ..self })
    }
}

/// What a `draw` message does.
#[derive(Debug)]
pub enum Outcome {
    /// The pending offer changed (offered, or declined): the room keeps these offers and says so.
    Offers(Offers),
    /// Both agreed: the game ends drawn.
    Agreed(Box<Change>),
}

pub fn run(
    game: &LiveGame,
    offers: Offers,
    side: Side,
    action: DrawAction,
    now: Instant,
    at_ms: UnixMs,
) -> Result<Outcome, Refusal> {
    match game.status {
        GameStatus::Ongoing => {}
        GameStatus::Waiting => return Err(Refusal::new(ErrorCode::WrongPhase, "the game has not started")),
        GameStatus::Finished => return Err(Refusal::new(ErrorCode::GameOver, "the game is over")),
    }
    let theirs = offers.pending == Some(side.other());
    match action {
        // Offering when the opponent's offer is pending agrees to it.
        DrawAction::Accept | DrawAction::Offer if theirs => {
            Ok(Outcome::Agreed(Box::new(game.rule(Ruling::Agreement, now, at_ms))))
        }
        DrawAction::Offer if offers.pending == Some(side) => {
            Err(Refusal::new(ErrorCode::WrongPhase, "your draw offer is pending already"))
        }
        DrawAction::Offer if offers.made[side] >= MAX_OFFERS => Err(Refusal::new(
            ErrorCode::RateLimited,
            format!("you made {MAX_OFFERS} draw offers in this game already (at most {MAX_OFFERS})"),
        )),
        DrawAction::Offer => {
            let mut made = offers.made;
            made[side] += 1;
            Ok(Outcome::Offers(Offers { pending: Some(side), made }))
        }
        DrawAction::Decline if theirs => Ok(Outcome::Offers(Offers { pending: None, ..offers })),
        DrawAction::Accept | DrawAction::Decline => {
            Err(Refusal::new(ErrorCode::WrongPhase, "your opponent offers no draw"))
        }
    }
}
