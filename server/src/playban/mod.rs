//! Penalties for leaving games (docs/moderation.md, "Penalties for leaving games"; lichess's playban): a
//! person who keeps aborting, never starting, leaving or sitting out lost games is refused every pairing
//! for a while. The feature in one folder: the rule (outcomes → bans), its reads, the refusal every
//! pairing path asks for, and its route.
//!
//! | file | what |
//! |---|---|
//! | [`policy`] | the rule without I/O: a person's outcomes replayed into bans, the one in effect, the refusal's words |
//! | [`queries`] | its SQL: a person's outcomes since a time |
//! | [`routes`] | `GET /api/lobby/playban`, the caller's ban (an edge file: docs/server.md, "Features") |
//!
//! It owns the bans, and stores none: every node replays the same outcome rows, so a ban holds on every
//! node and after a restart, and ends by itself. The outcomes are a fact about each finished game, decided
//! by `game::conduct` and written by the store with the game's end (`store/outcomes.rs`), so that the end
//! costs no extra round trip; playban only reads them. Who asks: the lobby's edges before each pairing
//! ([`check`]: `lobby/routes.rs`, `ws/lobby.rs`), a tournament's join ([`of`]), a moderator's view of a
//! player ([`queries::outcomes_of`]).

pub mod policy;
pub mod queries;
pub mod routes;

pub use policy::{Ban, Banned, refusal};

use crate::game::UnixMs;
use crate::ids::{Identity, PlayerName};
use crate::store::{Store, StoreError};

/// Why a pairing was refused on playban's account: a ban in effect, or the outcomes could not be read.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error(transparent)]
    Banned(#[from] Banned),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The ban `who` is under now, read from the store (anonymous guests are never banned: they have no name to
/// count by).
pub async fn current(store: &Store, who: &Identity) -> Result<Option<Ban>, StoreError> {
    if who.is_anonymous() {
        return Ok(None);
    }
    of(store, who.name(), who.is_account()).await
}

/// The ban the player `name` (an account when `registered`, else a guest by that name) is under now.
pub async fn of(store: &Store, name: &PlayerName, registered: bool) -> Result<Option<Ban>, StoreError> {
    let now = UnixMs::now();
    let outcomes = queries::outcomes_of(store, &name.key(), registered, policy::counted_since(now)).await?;
    Ok(policy::in_effect(&outcomes, now))
}

/// Refuses a pairing while `who` is banned.
pub async fn check(store: &Store, who: &Identity) -> Result<(), CheckError> {
    match current(store, who).await? {
        Some(ban) => Err(refusal(&ban, UnixMs::now()).into()),
        None => Ok(()),
    }
}
