//! Who is in the lobby: an account or a guest, decided from a request's [`Who`] by [`identify`] with the
//! same rule as game creation.

use crate::auth::Who;
use crate::error::ApiError;
use crate::ids::PlayerName;
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

/// The person asking, as `POST /api/games` decides it ([`Who::player`]): an account (bearer token, session
/// cookie, or a token given as `?token=` on the socket), else a guest named `name` (default `anonymous`).
pub async fn identify(state: &AppState, who: Who, name: Option<String>) -> Result<Person, ApiError> {
    Ok(match who.player(state, name).await? {
        (name, true) => Person::account(name),
        (name, false) => Person::guest(name),
    })
}
