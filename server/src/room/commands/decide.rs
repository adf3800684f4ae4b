//! `decide`: a seated player proposes a decision in notation. It is parsed and played by the engine on a
//! copy of the position; the mover's clock is charged (a decision after the flag fell is refused) and gets
//! its increment; then the server plays the forced decisions that follow (game option `auto_forced`).

use crate::game::UnixMs;
use crate::game::{Change, LiveGame, PlySteps, Refusal};
use mancala_engine::{Decision, PlayError, Side};
use mancala_protocol::ErrorCode;
use mancala_protocol::http::GameStatus;
use tokio::time::Instant;

/// The optional checks a `decide` message may carry: they must name this connection's game and seat.
#[derive(Clone, Debug, Default)]
pub struct Checks {
    pub game: Option<String>,
    pub seat: Option<Side>,
}

pub fn run(
    game: &LiveGame,
    side: Side,
    text: &str,
    client_id: String,
    checks: Checks,
    now: Instant,
    at_ms: UnixMs,
) -> Result<Change, Refusal> {
    if let Some(g) = checks.game.filter(|g| g.as_str() != game.id.as_str()) {
        return Err(Refusal::new(ErrorCode::WrongGame, format!("this connection plays game {}, not {g}", game.id)));
    }
    if let Some(s) = checks.seat.filter(|&s| s != side) {
        return Err(Refusal::new(ErrorCode::WrongSeat, format!("this connection holds the {side} seat, not {s}")));
    }
    match game.status {
        GameStatus::Finished => {
            let result = game.result().map(|r| r.to_string()).unwrap_or_default();
            return Err(Refusal::new(ErrorCode::GameOver, format!("the game is over: {result}")));
        }
        GameStatus::Waiting => {
            return Err(Refusal::new(ErrorCode::WrongPhase, "the game has not started: a seat is still open"));
        }
        GameStatus::Ongoing => {}
    }
    let geo = game.pos.geometry();
    let decision = Decision::parse(text, geo).map_err(|e| Refusal::new(ErrorCode::BadNotation, e.to_string()))?;
    let mut change = game.blank_change(at_ms);
    let mut pos = game.pos.clone();
    let steps = PlySteps::play(&mut pos, side, decision).map_err(|e| {
        // The engine's refusal carries the legal decisions of an illegal one; the other refusals come
        // when `side` has no decision to make, so none is legal.
        let (code, legal) = match &e {
            PlayError::GameOver(_) => (ErrorCode::GameOver, Vec::new()),
            PlayError::NotYourTurn { .. } => (ErrorCode::NotYourTurn, Vec::new()),
            PlayError::AlreadyChosen { .. } => (ErrorCode::WrongPhase, Vec::new()),
            PlayError::Illegal { legal, .. } => (ErrorCode::Illegal, legal.iter().map(|d| d.notation(geo)).collect()),
        };
        Refusal { code, reason: e.to_string(), legal }
    })?;
    // The clock: charge the mover (if its time runs), credit its move (the increment, or the full days of
    // a correspondence clock), and check the flag first: a decision that arrives after the mover's time ran
    // out is refused and the game ends on time (the room's timer normally gets there first).
    if let Some(clock) = change.clock.as_mut() {
        let was_running = clock.running[side];
        if was_running && clock.remaining_at(side, now) == 0 {
            return Err(Refusal::new(ErrorCode::GameOver, "your time ran out"));
        }
        clock.stop(now);
        if was_running {
            clock.credit(side);
        }
    }
    change.decided[side] = true;
    game.push_ply(&mut change, side, decision, steps, Some(client_id), pos);
    game.play_forced(&mut change);
    game.settle(&mut change, now);
    Ok(change)
}
