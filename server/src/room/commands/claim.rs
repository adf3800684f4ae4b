//! `claim_win`: a player whose opponent has had no connection for longer than the grace period may end
//! the game as won by abandonment.

use crate::game::UnixMs;
use crate::game::{Change, LiveGame, Refusal, Ruling};
use mancala_engine::Side;
use mancala_protocol::ErrorCode;
use mancala_protocol::http::GameStatus;
use tokio::time::{Duration, Instant};

/// `opponent_gone_for`: how long the opponent has had no connection (`None` while it has one).
pub fn run(
    game: &LiveGame,
    side: Side,
    opponent_gone_for: Option<Duration>,
    grace: Duration,
    now: Instant,
    at_ms: UnixMs,
) -> Result<Change, Refusal> {
    if game.status != GameStatus::Ongoing {
        return Err(Refusal::new(ErrorCode::WrongPhase, "the game is not being played"));
    }
    if !game.claims() {
        return Err(Refusal::new(
            ErrorCode::WrongPhase,
            "no win is claimed in a correspondence game: its clock decides",
        ));
    }
    match opponent_gone_for {
        None => Err(Refusal::new(ErrorCode::WrongPhase, "your opponent is connected")),
        Some(gone) if gone < grace => Err(Refusal::new(
            ErrorCode::WrongPhase,
            format!("your opponent left {} s ago; the win may be claimed after {} s", gone.as_secs(), grace.as_secs()),
        )),
        Some(_) => Ok(game.rule(Ruling::Abandonment { loser: side.other() }, now, at_ms)),
    }
}
