//! [`GameId`]: a game's public id. New ids are 10 random letters and digits; any 1 to 32 letters and
//! digits are accepted as ids (a malformed one is a 400 before any database query).

use super::{IdError, quoted, random_text, text_serde};
use std::str::FromStr;

const ALNUM: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const NEW_LEN: usize = 10;
const MAX_LEN: usize = 32;

/// A game id: 1 to 32 ASCII letters and digits (case-sensitive).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(String);

impl GameId {
    /// A new random id (10 characters, about 60 bits).
    pub fn random() -> GameId {
        GameId(random_text(ALNUM, NEW_LEN))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The shape as a regular expression (ECMA-262, for the OpenAPI document).
    pub fn pattern() -> String {
        format!("^[A-Za-z0-9]{{1,{MAX_LEN}}}$")
    }
}

impl FromStr for GameId {
    type Err = IdError;

    fn from_str(text: &str) -> Result<GameId, IdError> {
        if (1..=MAX_LEN).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_alphanumeric()) {
            Ok(GameId(text.to_string()))
        } else {
            Err(IdError(format!("{} is not a game id (1 to {MAX_LEN} letters and digits)", quoted(text))))
        }
    }
}

text_serde!(GameId);

impl std::borrow::Borrow<str> for GameId {
    fn borrow(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_ids_parse() {
        let id = GameId::random();
        assert_eq!(id.as_str().len(), 10);
        assert_eq!(id.as_str().parse::<GameId>(), Ok(id.clone()));
        assert_ne!(id, GameId::random());
    }

    #[test]
    fn malformed_ids_are_refused_by_name() {
        assert!("Nosuchgame".parse::<GameId>().is_ok());
        assert!("a".repeat(32).parse::<GameId>().is_ok());
        for bad in ["", "x-y", "a b", "é", "../etc", &"a".repeat(33)] {
            let e = bad.parse::<GameId>().unwrap_err().to_string();
            assert!(e.contains("is not a game id"), "{bad}: {e}");
        }
        assert!("x-y".parse::<GameId>().unwrap_err().to_string().starts_with("`x-y`"));
        // A long input is cut in the message.
        let e = "-".repeat(5000).parse::<GameId>().unwrap_err().to_string();
        assert!(e.len() < 120, "{e}");
    }

    #[test]
    fn serde_is_the_text_and_checks_it() {
        let id: GameId = "abc123".parse().unwrap();
        assert_eq!(serde_json::to_string(&id).unwrap(), r#""abc123""#);
        assert_eq!(serde_json::from_str::<GameId>(r#""abc123""#).unwrap(), id);
        let e = serde_json::from_str::<GameId>(r#""a/b""#).unwrap_err().to_string();
        assert!(e.contains("not a game id"), "{e}");
    }
}
