//! Making the game of a pairing, once the lobby task has decided it ([`Pairing`]): the credentials of
//! the connections the seats go to are checked again (a revoked one gets nothing), then both seats are
//! filled at once through the room registry (the first seat creates the game, the second joins it before
//! anyone else knows its id), colours at random. Each side gets its own `SeatGranted` (the token is shown
//! to that player only).
//!
//! The game has no invite code: nobody is to join it but the two who were paired.

use super::command::Command;
use super::error::LobbyError;
use super::person::Person;
use super::seek::GameSpec;
use crate::game::{NewGame, Occupant, UnixMs};
use crate::ids::Credential;
use crate::ids::{self, GameId};
use crate::room::Registry;
use crate::room::create::{self, Opponent, granted};
use crate::store::{Store, StoreError};
use mancala_engine::Side;
use mancala_protocol::http::SeatGranted;
use mancala_protocol::lobby::LobbyServerMsg;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

/// Creates game `id` of `a` and `b` (random sides); returns their grants in that order.
pub async fn create(
    rooms: &Registry,
    id: GameId,
    spec: GameSpec,
    a: &Person,
    b: &Person,
) -> Result<[SeatGranted; 2], LobbyError> {
    let a_side = if rand::random::<bool>() { Side::South } else { Side::North };
    let (a_token, b_token) = (ids::token(), ids::token());
    let seat_a = Occupant { who: a.who.clone(), token_hash: ids::token_hash(&a_token) };
    let seat_b = Occupant { who: b.who.clone(), token_hash: ids::token_hash(&b_token) };
    let new = NewGame {
        id,
        variant: spec.variant,
        options: spec.options,
        creator: (a_side, seat_a),
        invite_code: None,
        clock: spec.clock,
        auto_forced: true,
        rated: spec.rated,
        // Lobby games are between people and nobody chose to allow previews.
        previews: false,
        berserk: false,
        now_ms: UnixMs::now(),
    };
    let made = create::make(rooms, new, Opponent::Person(seat_b)).await?;
    let (summary, b_side) = (made.summary, made.opponent_side.unwrap_or(a_side.other()));
    debug_assert_eq!(b_side, a_side.other());
    metrics::counter!("mancala_lobby_pairings").increment(1);
    Ok([granted(summary.clone(), a_side, a_token), granted(summary, b_side, b_token)])
}

/// Where a player's seat goes.
#[derive(Debug)]
pub enum Deliver {
    /// A lobby connection's queue (`None`: it is gone).
    Conn(Option<mpsc::Sender<LobbyServerMsg>>),
    /// The answer of `POST /api/lobby/seeks/{id}/accept`.
    Http(oneshot::Sender<Result<SeatGranted, LobbyError>>),
    /// The answer of `POST /api/challenges/{id}/accept`.
    Answer(oneshot::Sender<Result<Option<SeatGranted>, LobbyError>>),
}

impl Deliver {
    pub(super) async fn deliver(self, result: Result<SeatGranted, LobbyError>) {
        match self {
            Deliver::Conn(Some(tx)) => {
                let msg = match result {
                    Ok(g) => LobbyServerMsg::Paired(Box::new(g)),
                    Err(e) => e.to_msg(),
                };
                let _ = tx.send(msg).await;
            }
            Deliver::Conn(None) => {}
            Deliver::Http(reply) => {
                let _ = reply.send(result);
            }
            Deliver::Answer(reply) => {
                let _ = reply.send(result.map(Some));
            }
        }
    }
}

/// One side of a pairing: who, where the seat goes, and the credential of that connection (checked
/// again before the game is made; `None` for a guest, or an HTTP request checked when it came).
#[derive(Debug)]
pub struct Player {
    pub person: Person,
    pub to: Deliver,
    pub credential: Option<Credential>,
}

/// A pairing the lobby task decided: game `game` of `first` (the seeker, or the challenger) and `second`.
#[derive(Debug)]
pub struct Pairing {
    pub game: GameId,
    pub spec: GameSpec,
    pub first: Player,
    pub second: Player,
}

impl Pairing {
    /// Makes the game and hands out the seats; when it cannot, both sides are told why and the lobby frees
    /// them (and closes a connection whose credential was found revoked).
    pub async fn run(self, rooms: Arc<Registry>, store: Store, lobby: mpsc::WeakSender<Command>) {
        let revoked = revoked(&store, &self.first, &self.second).await;
        let make = async |game, spec, a: &Person, b: &Person| create(&rooms, game, spec, a, b).await;
        self.decide(revoked, make, &lobby).await;
    }

    /// The decisions of [`Pairing::run`], given what the credential check found and the way to make the
    /// game (the registry's, or a test's).
    async fn decide(
        self,
        revoked: Result<Option<(Credential, bool)>, StoreError>,
        make: impl AsyncFnOnce(GameId, GameSpec, &Person, &Person) -> Result<[SeatGranted; 2], LobbyError>,
        lobby: &mpsc::WeakSender<Command>,
    ) {
        let Pairing { game, spec, first, second } = self;
        let refusal = match revoked {
            Ok(None) => None,
            Ok(Some((via, first_revoked))) => {
                tell(lobby, Command::Revoke { credentials: vec![via] }).await;
                let other = LobbyError::Conflict("the other player signed out: no game was made".into());
                Some(if first_revoked { (LobbyError::Revoked, other) } else { (other, LobbyError::Revoked) })
            }
            Err(e) => {
                let e = LobbyError::from(e);
                Some((unavailable(&e), e))
            }
        };
        let refusal = match refusal {
            Some(r) => Some(r),
            None => match make(game.clone(), spec, &first.person, &second.person).await {
                Ok([a, b]) => {
                    first.to.deliver(Ok(a)).await;
                    second.to.deliver(Ok(b)).await;
                    return;
                }
                Err(e) => {
                    tracing::warn!(error = %e, "lobby pairing: the game could not be made");
                    Some((unavailable(&e), e))
                }
            },
        };
        if let Some((to_first, to_second)) = refusal {
            first.to.deliver(Err(to_first)).await;
            second.to.deliver(Err(to_second)).await;
        }
        tell(lobby, Command::Checked { finished: vec![game], then: None }).await;
    }
}

/// The first revoked credential of the two sides, and whether it is the first side's.
async fn revoked(store: &Store, first: &Player, second: &Player) -> Result<Option<(Credential, bool)>, StoreError> {
    for (side, is_first) in [(first, true), (second, false)] {
        if let Some(via) = &side.credential
            && !store.still_valid(via).await?
        {
            return Ok(Some((via.clone(), is_first)));
        }
    }
    Ok(None)
}

/// The same refusal again, for the other side.
fn unavailable(e: &LobbyError) -> LobbyError {
    LobbyError::Unavailable(format!("the game could not be made: {e}"))
}

/// Queues `cmd` for the lobby task, if it still runs.
async fn tell(lobby: &mpsc::WeakSender<Command>, cmd: Command) {
    if let Some(tx) = lobby.upgrade() {
        let _ = tx.send(cmd).await;
    }
}

#[cfg(test)]
#[path = "pairing_tests.rs"]
mod tests;
