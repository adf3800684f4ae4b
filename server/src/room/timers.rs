//! A room's timers, one at a time: whichever comes first of the clock's flag, the abort of a game never
//! played ([`super::commands::no_start`]: its first decisions not made within `first_move`, in a game
//! between people only, or a game
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
        GameStatus::Ongoing => {
            let deadline = first_move_abort(game, config)?;
            let (now, now_ms) = (Instant::now(), UnixMs::now());
            Some(now + deadline.since(now_ms))
        }
        _ => None,
    }
}

/// When a game being played is aborted if its first decisions are not made (unix ms): never in a game
/// against the computer (the bot's side never stalls, and a beginner may look at the board as long as
/// they like), nor when the server is set to never abort.
pub(super) fn first_move_abort(game: &LiveGame, config: &RoomConfig) -> Option<UnixMs> {
    if config.first_move.is_zero() || game.against_computer() {
        return None;
    }
    game.first_move_deadline(game.pause(config.first_move))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{NewGame, Occupant};
    use crate::ids::{Identity, PlayerName, TokenHash};
    use mancala_engine::{Options, Variant};
    use std::time::Duration;

    fn config() -> RoomConfig {
        RoomConfig {
            claim_grace: Duration::from_secs(60),
            linger: Duration::from_secs(60),
            first_move: Duration::from_secs(30),
            waiting: Duration::from_secs(600),
            idle: Duration::from_secs(600),
            day: Duration::from_secs(86_400),
            forbidden: std::sync::Arc::new(crate::ids::ForbiddenWords::builtin()),
        }
    }

    fn seat(name: PlayerName) -> Occupant {
        Occupant { who: Identity::Guest(name.clone()), token_hash: TokenHash::stored(format!("hash-{name}")) }
    }

    /// A Kubuguza game with `north` in North's seat, started, nobody's first decision made.
    fn started(north: PlayerName) -> LiveGame {
        let now_ms = UnixMs::now();
        let variant = Variant::Kubuguza;
        let mut game = LiveGame::new(NewGame {
            id: "g7Kq2ZtR4m".parse().unwrap(),
            variant,
            options: Options::defaults(variant),
            creator: (Side::South, seat(PlayerName::parse("amina").unwrap())),
            invite_code: None,
            clock: None,
            auto_forced: false,
            rated: false,
            previews: false,
            berserk: false,
            now_ms,
        })
        .unwrap();
        game.seats[Side::North] = Some(seat(north));
        game.status = GameStatus::Ongoing;
        game
    }

    #[test]
    fn a_game_between_people_is_aborted_if_its_first_decisions_wait_too_long() {
        let game = started(PlayerName::parse("kwame").unwrap());
        let seats = Seats::absent((Instant::now(), UnixMs::now()));
        let (at, timer) = ruling(&game, &seats, &config()).expect("the first decisions' abort is pending");
        assert_eq!(timer, Timer::NoStart);
        assert!(at <= Instant::now() + Duration::from_secs(30), "due within the first move's 30 s");
        let abort = first_move_abort(&game, &config()).expect("shown to the players");
        assert_eq!(abort, game.updated_at.plus(Duration::from_secs(30)));
    }

    /// On tokio's paused clock, which the stored times follow in unit tests (`UnixMs::now`): the abort
    /// of a game never played stays where it was set as time passes, and falls due at 30 s, not before.
    #[tokio::test(start_paused = true)]
    async fn the_first_decisions_abort_falls_due_at_its_time_as_time_passes() {
        let game = started(PlayerName::parse("kwame").unwrap());
        let seats = Seats::absent((Instant::now(), UnixMs::now()));
        let (at, timer) = ruling(&game, &seats, &config()).expect("pending");
        assert_eq!(timer, Timer::NoStart);
        let close = |a: Instant, b: Instant| a.max(b) - a.min(b) <= Duration::from_millis(1);
        assert!(close(at, Instant::now() + Duration::from_secs(30)), "30 s after the start");
        tokio::time::advance(Duration::from_secs(29)).await;
        let (later, _) = ruling(&game, &seats, &config()).expect("still pending");
        assert!(close(later, at), "the deadline does not move as time passes: {:?}", later - at);
        assert!(later > Instant::now(), "not due at 29 s");
        tokio::time::advance(Duration::from_secs(1)).await;
        assert!(later <= Instant::now(), "due at 30 s");
    }

    /// A finished game lingers `linger` after the last person left, then its room stops; an ongoing game
    /// with no ruling pending is unloaded `idle` after.
    #[tokio::test(start_paused = true)]
    async fn a_room_left_alone_lingers_then_stops() {
        let mut game = started(PlayerName::bot("easy"));
        let seats = Seats::absent((Instant::now(), UnixMs::now()));
        let left = Instant::now();
        tokio::time::advance(Duration::from_secs(5)).await;
        assert_eq!(next(&game, &seats, &config(), Some(left)), Some((left + config().idle, Timer::Idle)));
        game.status = GameStatus::Finished;
        let (at, timer) = next(&game, &seats, &config(), Some(left)).expect("a linger");
        assert_eq!((at, timer), (left + config().linger, Timer::Linger));
        tokio::time::advance(Duration::from_secs(54)).await;
        assert!(at > Instant::now(), "not at 59 s");
        tokio::time::advance(Duration::from_secs(1)).await;
        assert!(at <= Instant::now(), "at 60 s");
        assert_eq!(next(&game, &seats, &config(), None), None, "nothing while someone is there");
    }

    #[test]
    fn a_game_against_the_computer_waits_for_its_player_as_long_as_they_like() {
        let game = started(PlayerName::bot("easy"));
        assert!(game.against_computer());
        let seats = Seats::absent((Instant::now(), UnixMs::now()));
        assert_eq!(ruling(&game, &seats, &config()), None, "no abort: the bot's side never stalls");
        assert_eq!(first_move_abort(&game, &config()), None, "and no countdown to show");
    }
}
