//! The identity a request plays under: its account when it is signed in, else a guest's display name
//! (`anonymous` when it gives none). The one rule shared by game creation, joins and the lobby: a
//! signed-in request may not play under another name, and a guest may not use any spelling of a
//! registered name.

use super::{AuthError, Caller};
use crate::ids::{ForbiddenWords, Identity, PlayerName};
use crate::store::Store;

/// Refuses the name `name` (an account's at sign-up, a guest's) when it holds a word of `words`.
pub fn check_name(words: &ForbiddenWords, name: &str) -> Result<(), AuthError> {
    match words.in_name(name) {
        Some(word) => Err(AuthError::NameForbidden(format!(
            "the name `{name}` holds a forbidden word (`{word}`): choose another name"
        ))),
        None => Ok(()),
    }
}

/// [`identify`], and a guest's name refused when it holds a word of `words` (`name_forbidden`): who plays
/// a game, a seek or a challenge, asked the same way by HTTP and the sockets.
pub async fn plays_as(
    store: &Store,
    words: &ForbiddenWords,
    caller: Option<&Caller>,
    name: Option<String>,
) -> Result<Identity, AuthError> {
    let who = identify(store, caller, name).await?;
    if let Identity::Guest(name) = &who {
        check_name(words, name.as_str())?;
    }
    Ok(who)
}

/// Who `caller` (a signed-in request, or none) plays as when it asks to play as `name`.
pub async fn identify(store: &Store, caller: Option<&Caller>, name: Option<String>) -> Result<Identity, AuthError> {
    if let Some(caller) = caller {
        let account = &caller.name;
        if let Some(n) = name.filter(|n| !n.eq_ignore_ascii_case(account.as_str())) {
            return Err(AuthError::BadRequest(format!(
                "`name` is `{n}` but you are signed in as {account}; leave `name` out"
            )));
        }
        return Ok(Identity::Account(account.clone()));
    }
    let name = match name {
        None => PlayerName::anonymous(),
        Some(n) => PlayerName::for_guest(&n).map_err(|e| AuthError::BadRequest(e.to_string()))?,
    };
    if let Some(player) = store.player_by_name(&name).await? {
        return Err(AuthError::Conflict(format!(
            "the name `{name}` belongs to the registered player `{}`: sign in, or send its token as \
             `Authorization: Bearer …`",
            player.name
        )));
    }
    Ok(Identity::Guest(name))
}
