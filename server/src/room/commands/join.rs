//! Join: the second player takes the open seat and the game starts (its `start` event); forced decisions
//! that follow are played at once.

use crate::game::UnixMs;
use crate::game::{Change, LiveGame, Occupant, Refusal};
use mancala_engine::Side;
use mancala_protocol::ErrorCode;
use mancala_protocol::http::GameStatus;
use tokio::time::Instant;

pub fn run(game: &LiveGame, seat: Occupant, now: Instant, at_ms: UnixMs) -> Result<(Side, Change), Refusal> {
    let no_seat = || Refusal::new(ErrorCode::WrongPhase, "the game has no open seat");
    if game.status != GameStatus::Waiting {
        return Err(no_seat());
    }
    let side = game.open_seat().ok_or_else(no_seat)?;
    if game.rated && !seat.who.is_account() && seat.name().bot_level().is_none() {
        return Err(Refusal::new(ErrorCode::WrongSeat, "a rated game needs a player account: guests cannot join it"));
    }
    let mut change = game.blank_change(at_ms);
    let mut seats = game.seats.clone();
    seats[side] = Some(seat);
    change.seats = Some(seats);
    change.status = GameStatus::Ongoing;
    change.started = true;
    game.play_forced(&mut change);
    game.settle(&mut change, now);
    Ok((side, change))
}
