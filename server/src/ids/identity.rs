//! Who plays or asks: an account, or a guest under a display name. The one vocabulary of auth (what a
//! request is, [`crate::accounts::player::identify`]), games (who occupies a seat) and the lobby (who seeks): a guest's
//! name is not proven, so it never counts as an account, whatever its spelling.

use super::PlayerName;

/// An account (its name, proven by a credential) or a guest (a display name anyone may type; `anonymous`
/// when it gave none). A bot's seat is a guest named `bot-…`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Identity {
    Account(PlayerName),
    Guest(PlayerName),
}

impl Identity {
    /// The name shown for it.
    pub fn name(&self) -> &PlayerName {
        match self {
            Identity::Account(name) | Identity::Guest(name) => name,
        }
    }

    /// The account's name, if it is one.
    pub fn account(&self) -> Option<&PlayerName> {
        match self {
            Identity::Account(name) => Some(name),
            Identity::Guest(_) => None,
        }
    }

    pub fn is_account(&self) -> bool {
        matches!(self, Identity::Account(_))
    }

    /// A guest without a name.
    pub fn is_anonymous(&self) -> bool {
        matches!(self, Identity::Guest(name) if name.as_str().eq_ignore_ascii_case("anonymous"))
    }
}

impl std::fmt::Display for Identity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.name().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_identity_says_its_name_and_whether_it_is_an_account() {
        let amina = Identity::Account(PlayerName::parse("amina").unwrap());
        let bob = Identity::Guest(PlayerName::for_guest("bob").unwrap());
        assert_eq!((amina.name().as_str(), amina.is_account(), amina.account().is_some()), ("amina", true, true));
        assert_eq!((bob.name().as_str(), bob.is_account(), bob.account()), ("bob", false, None));
        assert!(Identity::Guest(PlayerName::anonymous()).is_anonymous());
        assert!(!bob.is_anonymous());
        assert_eq!(serde_json::to_string(&amina).unwrap(), r#"{"account":"amina"}"#);
    }
}
