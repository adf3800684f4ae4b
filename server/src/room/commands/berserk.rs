//! `berserk`: in a game of an arena that allows it, a player gives up half of their remaining time, and
//! their increment for the rest of the game, for an extra point if they win (docs/tournaments.md). As on
//! lichess: only before the player's first decision of their own (afterwards the clock has told them how
//! the game goes), and once. Everyone sees it as a `berserk` event carrying the halved clock; it is stored
//! with the game, so the tournament's standings read it from there.

use crate::game::{Change, LiveGame, Refusal};
use mancala_engine::Side;
use mancala_protocol::ErrorCode;
use mancala_protocol::http::GameStatus;
use tokio::time::Instant;

/// `side` berserks in `game`.
pub fn run(game: &LiveGame, side: Side, now: Instant) -> Result<Change, Refusal> {
    if !game.berserk_allowed {
        return Err(Refusal::new(
            ErrorCode::WrongPhase,
            "this game does not allow berserk (only an arena that allows it)",
        ));
    }
    match game.status {
        GameStatus::Finished => return Err(Refusal::new(ErrorCode::GameOver, "the game is over")),
        GameStatus::Waiting => return Err(Refusal::new(ErrorCode::WrongPhase, "the game has not started")),
        GameStatus::Ongoing => {}
    }
    if game.berserks[side].is_some() {
        return Err(Refusal::new(ErrorCode::WrongPhase, "you have berserked already"));
    }
    if game.decided[side] {
        return Err(Refusal::new(ErrorCode::WrongPhase, "berserk only before your first decision"));
    }
    // Made at the game's last change: the abort of a game whose first decisions are not made counts from
    // the last decision (`LiveGame::first_move_deadline`), and a berserk is none, so it must not put that
    // deadline off.
    let mut change = game.blank_change(game.updated_at);
    let Some(clock) = change.clock.as_mut() else {
        return Err(Refusal::new(ErrorCode::WrongPhase, "a game without a clock has no time to give up"));
    };
    clock.stop(now);
    clock.berserk(side);
    change.berserk = Some((side, game.version() + 1));
    game.settle(&mut change, now);
    Ok(change)
}
