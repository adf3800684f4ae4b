//! A room's timers, one at a time: whichever comes first of the clock's flag, the abort of a game never
//! played ([`super::commands::no_start`]: its first decisions not made within `first_move`, or a game
//! waiting for an opponent whose creator has had no connection for `waiting`), the linger of a finished
//! game, and the unload of an idle one.
//!
//! The first two decide the game and must fire whoever is connected: a room that has one of them pending
//! stays loaded ([`ruling`]; on start the server loads exactly the unfinished games that have one). An
//! ongoing game with neither (no clock, or one that does not run, and past its first decisions) and
//! nobody connected but its server bots is unloaded after `idle`, and loaded again from the database by
//! `Registry::get` when someone opens it.

use super::RoomConfig;
use super::presence::Seats;
use crate::game::{LiveGame, UnixMs};
use mancala_engine::Side;
use mancala_protocol::http::GameStatus;
use tokio::time::Instant;

/// What a room's timer is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Timer {
    /// `Side`'s time ran out.
    Flag(Side),
    /// The game was never played: it is aborted.
    NoStart,
    /// A finished game nobody watches: the room stops.
    Linger,
    /// An ongoing game nobody plays or watches, with no ruling pending: the room is unloaded.
    Idle,
}

/// The next timer of a ruling (the clock's flag, the abort of a game never played), if one is pending.
pub(super) fn ruling(game: &LiveGame, seats: &Seats, config: &RoomConfig) -> Option<(Instant, Timer)> {
    let flag = game.clock.as_ref().and_then(|c| c.deadline()).map(|(t, side)| (t, Timer::Flag(side)));
    let no_start = no_start_at(game, seats, config).map(|t| (t, Timer::NoStart));
    match (flag, no_start) {
        (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
        (a, b) => a.or(b),
    }
}

/// The room's next timer. `alone_since`: since when no person has been connected (server bots do not
/// count).
pub(super) fn next(
    game: &LiveGame,
    seats: &Seats,
    config: &RoomConfig,
    alone_since: Option<Instant>,
) -> Option<(Instant, Timer)> {
    if let Some(due) = ruling(game, seats, config) {
        return Some(due);
    }
    let since = alone_since?;
    if game.is_over() {
        return Some((since + config.linger, Timer::Linger));
    }
    (!config.idle.is_zero()).then_some((since + config.idle, Timer::Idle))
}

/// When the game is aborted for never being played, if it may be.
fn no_start_at(game: &LiveGame, seats: &Seats, config: &RoomConfig) -> Option<Instant> {
    match game.status {
        GameStatus::Waiting if !config.waiting.is_zero() => {
            let creator = Side::BOTH.into_iter().find(|&s| game.seats[s].is_some())?;
            seats.absent_since(creator).map(|since| since + game.pause(config.waiting))
        }
        GameStatus::Ongoing if !config.first_move.is_zero() => {
            let deadline = game.first_move_deadline(game.pause(config.first_move))?;
            let (now, now_ms) = (Instant::now(), UnixMs::now());
            Some(now + deadline.since(now_ms))
        }
        _ => None,
    }
}
