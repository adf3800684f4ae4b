//! `abort`: ends a game without a result, possible only until both players have made a decision of their
//! own (forced decisions the server played do not count), as on lichess. The aborting side is kept with
//! the change (stored as `aborted_by`), so that the penalties for leaving games count it against that player alone (`game::conduct`).

use crate::game::UnixMs;
use crate::game::{Change, LiveGame, Refusal, Ruling};
use mancala_engine::Side;
use mancala_protocol::ErrorCode;
use tokio::time::Instant;

/// `side` aborts `game`.
pub fn run(game: &LiveGame, side: Side, now: Instant, at_ms: UnixMs) -> Result<Change, Refusal> {
    if game.is_over() {
        return Err(Refusal::new(ErrorCode::GameOver, "the game is over"));
    }
    if !game.may_abort() {
        return Err(Refusal::new(ErrorCode::WrongPhase, "both players have moved: resign instead"));
    }
    let mut change = game.rule(Ruling::Abort, now, at_ms);
    change.aborted_by = Some(side);
    Ok(change)
}
