//! The clock's flag: the side whose time ran out loses (the room's timer fires at the deadline).

use crate::game::UnixMs;
use crate::game::{Change, LiveGame, Ruling};
use mancala_engine::Side;
use tokio::time::Instant;

/// The change that ends the game on time, if it is still being played.
pub fn run(game: &LiveGame, loser: Side, now: Instant, at_ms: UnixMs) -> Option<Change> {
    (!game.is_over()).then(|| game.rule(Ruling::Timeout { loser }, now, at_ms))
}
