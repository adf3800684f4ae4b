//! Who is in the lobby: an [`Identity`] (an account or a guest), decided at the edge from a request's
//! credentials with the same rule as game creation ([`crate::accounts::player::identify`]), and what tells people
//! apart.

use crate::ids::{Identity, PlayerName};

/// What tells one person in the lobby from another: an account by its name (the same person across all
/// its sockets and requests); a guest by the connection or request it came with, never equal to another.
/// A guest's name is not proven (anyone may type `bob`), so it owns nothing: the seeks of guest `bob`
/// belong to `bob`'s connection, and a second connection under that name can neither cancel them nor
/// count as the same person.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum PersonKey {
    /// The account name's case-insensitive key.
    Account(String),
    /// Drawn at random for each guest connection or request.
    Guest(u64),
}

/// A person in the lobby.
#[derive(Clone, Debug)]
pub struct Person {
    pub who: Identity,
    key: PersonKey,
}

impl Person {
    /// `who` as a person of the lobby: an account is always the same person, a guest a new one each time
    /// (one per connection or request).
    pub fn of(who: Identity) -> Person {
        let key = match &who {
            Identity::Account(name) => PersonKey::Account(name.key()),
            Identity::Guest(_) => PersonKey::Guest(rand::random()),
        };
        Person { who, key }
    }

    /// A person of another node of a cluster, with the key that node gave it.
    pub fn remote(who: Identity, key: PersonKey) -> Person {
        Person { who, key }
    }

    pub fn account(name: PlayerName) -> Person {
        Person::of(Identity::Account(name))
    }

    pub fn name(&self) -> &PlayerName {
        self.who.name()
    }

    pub fn key(&self) -> &PersonKey {
        &self.key
    }

    pub fn same(&self, other: &Person) -> bool {
        self.key == other.key
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guests_are_people_of_their_own_accounts_are_one() {
        let bob = || Person::of(Identity::Guest(PlayerName::for_guest("bob").unwrap()));
        assert!(!bob().same(&bob()), "two connections named bob are two people");
        let amina = || PlayerName::parse("amina").unwrap();
        assert!(Person::account(amina()).same(&Person::account(PlayerName::parse("Amina").unwrap())));
        assert!(Person::of(Identity::Guest(PlayerName::anonymous())).who.is_anonymous());
        assert!(!bob().who.is_anonymous());
    }
}
