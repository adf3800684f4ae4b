//! The abort of a game that was never played: the first decisions were not made in time, or a game
//! waiting for an opponent was left by its creator for too long (the room's timer fires, `timers.rs`).
//! Like a player's `abort`: no result, not rated, reason `aborted`. A game whose first decisions are late
//! is counted against the one player who was to decide and had not (stored as `aborted_by`, and as that
//! player's `no_start` outcome: leaving paired games unplayed is the lobby's abort spam, docs/moderation.md);
//! an expired waiting game counts against nobody.

use crate::game::UnixMs;
use crate::game::{Change, LiveGame, Ruling};
use mancala_engine::{Side, ToMove};
use mancala_protocol::http::GameStatus;
use tokio::time::Instant;

/// The change that aborts the game, if it still may be (waiting, or not both players have decided).
pub fn run(game: &LiveGame, now: Instant, at_ms: UnixMs) -> Option<Change> {
    let unplayed = game.status == GameStatus::Waiting || (game.status == GameStatus::Ongoing && game.may_abort());
    if !unplayed {
        return None;
    }
    let mut change = game.rule(Ruling::Abort, now, at_ms);
    if game.status == GameStatus::Ongoing {
        change.aborted_by = late(game);
        change.no_start = true;
    }
    Some(change)
}

/// The one side that was to make its first decision and had not, if there is exactly one.
fn late(game: &LiveGame) -> Option<Side> {
    let to_decide = |side: Side| match game.pos.to_move() {
        ToMove::Side(s) => s == side,
        ToMove::Both { waiting } => waiting[side],
        ToMove::Nobody(_) => false,
    };
    let mut late = Side::BOTH.into_iter().filter(|&s| !game.decided[s] && to_decide(s));
    match (late.next(), late.next()) {
        (Some(side), None) => Some(side),
        _ => None,
    }
}
