//! `draw`: a draw by agreement. A player offers, the opponent accepts (the game ends drawn, reason
//! `agreement`, rated like any draw) or declines; an offer lapses when the opponent makes a decision
//! instead, as on lichess. At most one offer is pending, and a player makes at most [`MAX_OFFERS`] in a
//! game, so offers cannot be used to pester ([`super::offer`]). A room loaded again (after a restart, or
//! unloaded while idle) has none pending.

pub use super::offer::Outcome;
use super::offer::{self, Ask, Kind};
use crate::game::UnixMs;
use crate::game::{LiveGame, Refusal, Ruling};
use mancala_engine::Side;
use mancala_protocol::DrawAction;
use tokio::time::Instant;

/// The draw offers a player may make in one game.
pub const MAX_OFFERS: u8 = 3;

/// The room's draw offers: the pending one, and how many each player made.
pub type Offers = offer::Pending;

pub fn run(
    game: &LiveGame,
    offers: Offers,
    side: Side,
    action: DrawAction,
    now: Instant,
    at_ms: UnixMs,
) -> Result<Outcome, Refusal> {
    offer::playing(game)?;
    let ask = match action {
        DrawAction::Offer => Ask::Offer,
        DrawAction::Accept => Ask::Accept,
        DrawAction::Decline => Ask::Decline,
    };
    let kind = Kind { noun: "draw offer", max: MAX_OFFERS };
    offer::run(offers, side, ask, kind, || Ok(()), |_| Ok(game.rule(Ruling::Agreement, now, at_ms)))
}
