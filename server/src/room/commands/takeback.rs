//! `takeback`: undoing a slip in a casual game, by agreement. A player proposes; the opponent accepts (the
//! proposer's last decision of its own and everything after it, the opponent's reply included, are taken
//! back: a `takeback` event, stored in the record) or declines. As on lichess, never in a rated game, and
//! the clocks are not set back. Not while Ikibuguzo's secret choice is being made, nor back across it:
//! undoing a revealed choice would let a player choose again knowing the other's. A proposal lapses when
//! either player makes a decision (what it would undo changed). At most one is pending, and a player makes
//! at most [`MAX_PROPOSALS`] in a game. Proposals are the room's memory, not the record's.

use crate::game::UnixMs;
use crate::game::{Change, LiveGame, Refusal};
use mancala_engine::{BySide, Decision, Side, ToMove};
use mancala_protocol::http::GameStatus;
use mancala_protocol::{ErrorCode, TakebackAction};
use tokio::time::Instant;

/// The takebacks a player may propose in one game.
pub const MAX_PROPOSALS: u8 = 5;

/// The room's takeback proposals: the pending one, and how many each player made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Proposals {
    pub pending: Option<Side>,
    made: BySide<u8>,
}

impl Proposals {
    /// After any decision: a pending proposal lapses (`Some` of the proposals then).
    pub fn after_decision(self) -> Option<Proposals> {
        self.pending.is_some().then_some(self.settled())
    }

    /// None pending (the counts stay).
    pub fn settled(self) -> Proposals {
        Proposals { pending: None, ..self }
    }
}

/// What a `takeback` message does.
#[derive(Debug)]
pub enum Outcome {
    /// The pending proposal changed (proposed, or declined): the room keeps these and says so.
    Proposals(Proposals),
    /// Both agreed: the decisions are taken back.
    Agreed(Box<Change>),
}

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
    match game.status {
        GameStatus::Ongoing => {}
        GameStatus::Waiting => return Err(Refusal::new(ErrorCode::WrongPhase, "the game has not started")),
        GameStatus::Finished => return Err(Refusal::new(ErrorCode::GameOver, "the game is over")),
    }
    if game.rated {
        return Err(Refusal::new(ErrorCode::WrongPhase, "no takebacks in a rated game"));
    }
    let theirs = proposals.pending == Some(side.other());
    match action {
        // Proposing when the opponent's proposal is pending agrees to it.
        TakebackAction::Accept | TakebackAction::Propose if theirs => {
            let by = side.other();
            let to = target(game, by)?;
            Ok(Outcome::Agreed(Box::new(game.take_back(by, to, now, at_ms))))
        }
        TakebackAction::Propose if proposals.pending == Some(side) => {
            Err(Refusal::new(ErrorCode::WrongPhase, "your takeback proposal is pending already"))
        }
        TakebackAction::Propose if proposals.made[side] >= MAX_PROPOSALS => Err(Refusal::new(
            ErrorCode::RateLimited,
            format!("you proposed {MAX_PROPOSALS} takebacks in this game already (at most {MAX_PROPOSALS})"),
        )),
        TakebackAction::Propose => {
            target(game, side)?;
            let mut made = proposals.made;
            made[side] += 1;
            Ok(Outcome::Proposals(Proposals { pending: Some(side), made }))
        }
        TakebackAction::Decline if theirs => Ok(Outcome::Proposals(Proposals { pending: None, ..proposals })),
        TakebackAction::Accept | TakebackAction::Decline => {
            Err(Refusal::new(ErrorCode::WrongPhase, "your opponent proposes no takeback"))
        }
    }
}
