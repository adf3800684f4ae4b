//! What a draw offer and a takeback proposal share: the game must be being played; at most one is pending;
//! a player makes at most a few in a game; offering when the opponent's is pending agrees to it, and the
//! opponent's can be accepted or declined. [`super::draw`] and [`super::takeback`] each say what an
//! agreement does. Offers are the room's memory, not the game's record.

use crate::game::{Change, LiveGame, Refusal};
use mancala_engine::{BySide, Side};
use mancala_protocol::ErrorCode;
use mancala_protocol::http::GameStatus;

/// The pending offer of one kind, and how many each player made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pending {
    pub pending: Option<Side>,
    made: BySide<u8>,
}

impl Pending {
    /// After `side`'s decision: the opponent's pending offer lapses (`Some` of the state then).
    pub fn after_decision(self, side: Side) -> Option<Pending> {
        (self.pending == Some(side.other())).then_some(self.settled())
    }

    /// After any decision: a pending offer lapses (`Some` of the state then).
    pub fn after_any_decision(self) -> Option<Pending> {
        self.pending.is_some().then_some(self.settled())
    }

    /// None pending (the counts stay).
    pub fn settled(self) -> Pending {
        Pending { pending: None, ..self }
    }
}

/// What an offer message asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    Offer,
    Accept,
    Decline,
}

/// What an offer message does.
#[derive(Debug)]
pub enum Outcome {
    /// The pending offer changed (offered, or declined): the room keeps this state and says so.
    Kept(Pending),
    /// Both agreed: the change the agreement makes.
    Agreed(Box<Change>),
}

/// The offers of one kind: its name in refusals and its limit per player.
#[derive(Clone, Copy, Debug)]
pub struct Kind {
    pub noun: &'static str,
    pub max: u8,
}

/// Refuses unless the game is being played.
pub fn playing(game: &LiveGame) -> Result<(), Refusal> {
    match game.status {
        GameStatus::Ongoing => Ok(()),
        GameStatus::Waiting => Err(Refusal::new(ErrorCode::WrongPhase, "the game has not started")),
        GameStatus::Finished => Err(Refusal::new(ErrorCode::GameOver, "the game is over")),
    }
}

/// `side`'s `ask` of an offer of `kind` from state `state`. `new` checks a new offer before it is counted;
/// `agree` makes the agreement's change for the player whose offer was accepted.
pub fn run(
    state: Pending,
    side: Side,
    ask: Ask,
    kind: Kind,
    new: impl FnOnce() -> Result<(), Refusal>,
    agree: impl FnOnce(Side) -> Result<Change, Refusal>,
) -> Result<Outcome, Refusal> {
    let Kind { noun, max } = kind;
    let theirs = state.pending == Some(side.other());
    match ask {
        // Offering when the opponent's offer is pending agrees to it.
        Ask::Accept | Ask::Offer if theirs => Ok(Outcome::Agreed(Box::new(agree(side.other())?))),
        Ask::Offer if state.pending == Some(side) => {
            Err(Refusal::new(ErrorCode::WrongPhase, format!("your {noun} is pending already")))
        }
        Ask::Offer if state.made[side] >= max => Err(Refusal::new(
            ErrorCode::RateLimited,
            format!("you made {max} {noun}s in this game already (at most {max})"),
        )),
        Ask::Offer => {
            new()?;
            let mut made = state.made;
            made[side] += 1;
            Ok(Outcome::Kept(Pending { pending: Some(side), made }))
        }
        Ask::Decline if theirs => Ok(Outcome::Kept(state.settled())),
        Ask::Accept | Ask::Decline => {
            Err(Refusal::new(ErrorCode::WrongPhase, format!("your opponent has no {noun} pending")))
        }
    }
}
