//! Who is in the lobby: an account or a guest, decided at the edge from a request's credentials with the
//! same rule as game creation (`http::lobby::identify`).

use crate::ids::PlayerName;

/// A person in the lobby. `key` tells people apart: an account by its name, the same person across all
/// its sockets and requests; a guest (named or `anonymous`) by the connection or request it came with,
/// never equal to another. A guest's name is not proven (anyone may type `bob`), so it owns nothing: the
/// seeks of guest `bob` belong to `bob`'s connection, and a second connection under that name can neither
/// cancel them nor count as the same person.
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

    /// A guest: a new person each time (one per connection or request).
    pub fn guest(name: PlayerName) -> Person {
        Person { key: format!("g:{:016x}", rand::random::<u64>()), name, registered: false }
    }

    pub fn same(&self, other: &Person) -> bool {
        self.key == other.key
    }

    /// A guest without a name: the abort pause cannot follow it.
    pub fn is_anonymous(&self) -> bool {
        !self.registered && self.name.as_str().eq_ignore_ascii_case("anonymous")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guests_are_people_of_their_own_accounts_are_one() {
        let bob = || PlayerName::for_guest("bob").unwrap();
        assert!(!Person::guest(bob()).same(&Person::guest(bob())), "two connections named bob are two people");
        let amina = || PlayerName::parse("amina").unwrap();
        assert!(Person::account(amina()).same(&Person::account(PlayerName::parse("Amina").unwrap())));
        assert!(Person::guest(PlayerName::anonymous()).is_anonymous());
        assert!(!Person::guest(bob()).is_anonymous());
    }
}
