//! The rating a seek shows and pairs by: the person's Glicko-2 rating in the variant (`Store::rating`),
//! rounded, with its provisional flag. Guests have none: they count as 1500 for ranges and nearness, as
//! does an account that has played no rated game of the variant (its rating is the default 1500,
//! provisional).

use super::Lobby;
use super::command::Command;
use super::engine_mark;
use super::error::LobbyError;
use super::person::Person;
use super::seek::{DEFAULT_RATING, Shown};
use crate::ids::SeekId;
use crate::store::{Store, StoreError};
use mancala_engine::Variant;

/// `person`'s rating in `variant` (accounts only).
pub async fn of(store: &Store, person: &Person, variant: Variant) -> Result<Option<Shown>, StoreError> {
    if !person.who.is_account() {
        return Ok(None);
    }
    let rating = store.rating(person.name(), variant).await?.unwrap_or_default();
    Ok(Some(Shown { rating: rating.shown(), provisional: rating.provisional() }))
}

/// The rating `person` takes seek `id` with, in its variant (1500 without one); a rated seek is refused to
/// an account marked as computer assisted. Asked by both edges before an accept.
pub async fn for_seek(lobby: &Lobby, store: &Store, person: &Person, id: &SeekId) -> Result<i32, LobbyError> {
    let found = lobby.ask(|reply| Command::Find { id: id.clone(), reply }).await?;
    let Some(seek) = found else {
        return Err(LobbyError::NotFound(format!("no open seek `{id}` (taken, cancelled or never made)")));
    };
    engine_mark::check(store, person, seek.rated).await?;
    Ok(of(store, person, seek.variant).await?.map_or(DEFAULT_RATING, |r| r.rating))
}
