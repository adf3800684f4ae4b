//! `takeback`: undoing a slip in a casual game, by agreement. A player proposes; the opponent accepts (the
//! proposer's last decision of its own and everything after it, the opponent's reply included, are taken
//! back: a `takeback` event, stored in the record) or declines. As on lichess, never in a rated game, and
//! the clocks are not set back. Not while Ikibuguzo's secret choice is being made, nor back across it:
//! undoing a revealed choice would let a player choose again knowing the other's. A proposal lapses when
//! either player makes a decision (what it would undo changed). At most one is pending, and a player makes
//! at most [`MAX_PROPOSALS`] in a game ([`super::offer`]).

pub use super::offer::Outcome;
use super::offer::{self, Ask, Kind};
use crate::game::UnixMs;
use crate::game::{LiveGame, Refusal};
use mancala_engine::{Decision, Side, ToMove};
use mancala_protocol::{ErrorCode, TakebackAction};
use tokio::time::Instant;

/// The takebacks a player may propose in one game.
pub const MAX_PROPOSALS: u8 = 5;

/// The room's takeback proposals: the pending one, and how many each player made.
pub type Proposals = offer::Pending;

/// The ply a takeback for `side` returns to: just before `side`'s last decision of its own.
pub fn target(game: &LiveGame, side: Side) -> Result<u32, Refusal> {
    let last = game.record.iter().rposition(|p| p.side == side && !p.auto);
    let Some(last) = last else {
        return Err(Refusal::new(ErrorCode::WrongPhase, "there is no decision of yours to take back"));
    };
    let secret = matches!(game.pos.to_move(), ToMove::Both { .. })
        || game.record[last..].iter().any(|p| matches!(p.decision, Decision::Opening(_)));
    if secret {
        return Err(Refusal::new(
            ErrorCode::WrongPhase,
            "no takeback of the secret choice of arrays: the choices are made once",
        ));
    }
    Ok(last as u32)
}

pub fn run(
    game: &LiveGame,
    proposals: Proposals,
    side: Side,
    action: TakebackAction,
    now: Instant,
    at_ms: UnixMs,
) -> Result<Outcome, Refusal> {
    offer::playing(game)?;
    if game.rated {
        return Err(Refusal::new(ErrorCode::WrongPhase, "no takebacks in a rated game"));
    }
    let ask = match action {
        TakebackAction::Propose => Ask::Offer,
        TakebackAction::Accept => Ask::Accept,
        TakebackAction::Decline => Ask::Decline,
    };
    let kind = Kind { noun: "takeback proposal", max: MAX_PROPOSALS };
    let new = || target(game, side).map(drop);
    offer::run(proposals, side, ask, kind, new, |by| Ok(game.take_back(by, target(game, by)?, now, at_ms)))
}
