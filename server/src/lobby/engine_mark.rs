//! A rated game is refused to an account a moderator marked as computer assisted (docs/moderation.md,
//! "Computer assistance"), on every way to one: a seek, a quick pairing, taking a seek, a challenge made
//! or accepted, a rated game created or joined, a tournament. Read from the database where it is asked
//! (the mark is stored on the account), so it holds on every node at once and after a restart.

use super::error::LobbyError;
use super::person::Person;
use crate::ids::{Identity, PlayerName};
use crate::store::{Store, StoreError};

/// Is the account `name` marked?
pub async fn is_marked(store: &Store, name: &PlayerName) -> Result<bool, StoreError> {
    Ok(store.engine_mark(&name.key()).await?.is_some())
}

/// Refuses `who` a game when it is `rated` and `who` is a marked account.
pub async fn check_identity(store: &Store, who: &Identity, rated: bool) -> Result<(), LobbyError> {
    let Identity::Account(name) = who else { return Ok(()) };
    if rated && is_marked(store, name).await? {
        return Err(refusal());
    }
    Ok(())
}

/// [`check_identity`] for a person of the lobby.
pub async fn check(store: &Store, person: &Person, rated: bool) -> Result<(), LobbyError> {
    check_identity(store, &person.who, rated).await
}

/// The refusal a marked account gets.
pub fn refusal() -> LobbyError {
    LobbyError::EngineMarked(
        "a moderator marked your account as computer assisted: you may play casual games only (no rated \
         games, no tournaments)"
            .into(),
    )
}

/// The refusal of a rated challenge to the marked account `to`.
pub fn refusal_of(to: &PlayerName) -> LobbyError {
    LobbyError::EngineMarked(format!(
        "{to} plays casual games only (marked as computer assisted): challenge them to a casual game"
    ))
}
