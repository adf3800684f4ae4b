//! Making the game of a pairing: both seats are filled at once through the room registry (the first
//! seat creates the game, the second joins it before anyone else knows its id), colours at random. Each
//! side gets its own `SeatGranted` (the token is shown to that player only).
//!
//! The game has no invite code: nobody is to join it but the two who were paired.

use super::person::Person;
use super::seek::GameSpec;
use crate::error::ApiError;
use crate::game::{LiveGame, Seat, unix_ms};
use crate::ids::{self, GameId, InviteCode};
use crate::room::Registry;
use mancala_engine::Side;
use mancala_protocol::http::{GameSummary, SeatGranted};

fn granted(game: GameSummary, seat: Side, token: String) -> SeatGranted {
    SeatGranted {
        ws_path: format!("/api/games/{}/ws", game.id),
        invite_path: None,
        invite_code: None,
        game,
        seat,
        token,
    }
}

/// Creates the game of `a` and `b` (random sides); returns their grants in that order.
pub async fn create(rooms: &Registry, spec: GameSpec, a: &Person, b: &Person) -> Result<[SeatGranted; 2], ApiError> {
    let a_side = if rand::random::<bool>() { Side::South } else { Side::North };
    let (a_token, b_token) = (ids::token(), ids::token());
    let seat_a = Seat { name: a.name.clone(), registered: a.registered, token_hash: ids::token_hash(&a_token) };
    let seat_b = Seat { name: b.name.clone(), registered: b.registered, token_hash: ids::token_hash(&b_token) };
    let mut game = LiveGame::new(
        GameId::random(),
        spec.variant,
        spec.options,
        (a_side, seat_a),
        InviteCode::random(),
        spec.clock,
        true,
        spec.rated,
        unix_ms(),
    )
    .map_err(|e| ApiError::BadRequest(format!("options: {e}")))?;
    game.invite_code = None;
    let room = rooms.create(game).await?;
    let (b_side, summary) = room.join(seat_b).await.map_err(ApiError::from)??;
    debug_assert_eq!(b_side, a_side.other());
    metrics::counter!("mancala_games_created").increment(1);
    metrics::counter!("mancala_lobby_pairings").increment(1);
    Ok([granted(summary.clone(), a_side, a_token), granted(summary, b_side, b_token)])
}
