//! Who is in the lobby: an account or a guest. The one place that decides it from a request
//! ([`identify`]): until the accounts module lands it uses the player token (`Authorization: Bearer`, or
//! `?token=` on the socket) like `POST /api/games`, else a guest's `name`. The lead swaps this for
//! `crate::auth::Who` in one line.

use crate::error::ApiError;
use crate::ids::{self, PlayerName};
use crate::state::AppState;

/// A person in the lobby. `key` tells people apart: an account by its name; a named guest by that name
/// (guest names are not proven, so two tabs of guest `bob` are one person); an anonymous guest by the
/// connection or request (never equal to another).
#[derive(Clone, Debug)]
pub struct Person {
    pub name: PlayerName,
    pub registered: bool,
    pub key: String,
}

impl Person {
    pub fn account(name: PlayerName) -> Person {
        Person { key: format!("a:{}", name.key()), name, registered: true }
    }

    pub fn guest(name: PlayerName) -> Person {
        let key = if name.as_str().eq_ignore_ascii_case("anonymous") {
            format!("anon:{:016x}", rand::random::<u64>())
        } else {
            format!("g:{}", name.key())
        };
        Person { name, registered: false, key }
    }

    pub fn same(&self, other: &Person) -> bool {
        self.key == other.key
    }
}

/// The person asking: a player token makes an account, else a guest named `name` (default `anonymous`).
/// A bad token is a 401; a guest may not use a registered name.
pub async fn identify(state: &AppState, token: Option<String>, name: Option<String>) -> Result<Person, ApiError> {
    if let Some(token) = token {
        let player = state
            .store
            .player_by_token_hash(&ids::token_hash(&token))
            .await?
            .ok_or_else(|| ApiError::BadToken("the bearer token is not a player token".into()))?;
        let account = PlayerName::parse(&player.name)
            .map_err(|e| ApiError::Internal(format!("stored player name `{}`: {e}", player.name)))?;
        if let Some(n) = name.filter(|n| !n.eq_ignore_ascii_case(account.as_str())) {
            return Err(ApiError::BadRequest(format!(
                "`name` is `{n}` but the token is {account}'s; leave `name` out"
            )));
        }
        return Ok(Person::account(account));
    }
    let name = match name {
        None => PlayerName::anonymous(),
        Some(n) => PlayerName::for_guest(&n).map_err(|e| ApiError::BadRequest(e.to_string()))?,
    };
    if let Some(player) = state.store.player_by_name(&name).await? {
        return Err(ApiError::Conflict(format!(
            "the name `{name}` belongs to the registered player `{}`: send its token",
            player.name
        )));
    }
    Ok(Person::guest(name))
}
