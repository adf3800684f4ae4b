//! `resign`: a seated player gives up an ongoing game (a game that has not started is aborted instead).

use crate::game::UnixMs;
use crate::game::{Change, LiveGame, Refusal, Ruling};
use mancala_engine::Side;
use mancala_protocol::ErrorCode;
use mancala_protocol::http::GameStatus;
use tokio::time::Instant;

pub fn run(game: &LiveGame, side: Side, now: Instant, at_ms: UnixMs) -> Result<Change, Refusal> {
    match game.status {
        GameStatus::Ongoing => Ok(game.rule(Ruling::Resignation { loser: side }, now, at_ms)),
        GameStatus::Waiting => Err(Refusal::new(ErrorCode::WrongPhase, "the game has not started: abort it instead")),
        GameStatus::Finished => Err(Refusal::new(ErrorCode::GameOver, "the game is over")),
    }
}
