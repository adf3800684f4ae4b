//! The ids of the lobby's offers: [`SeekId`] (an open seek) and [`ChallengeId`] (a challenge to an
//! account). 12 letters and digits drawn at random when the offer is made; they name an offer on the wire
//! and in paths, and are not secrets (anyone who sees the seek list sees them).

use super::{IdError, quoted, random_text, text_serde};
use std::str::FromStr;

const ALNUM: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const LEN: usize = 12;

macro_rules! lobby_id {
    ($(#[$doc:meta])* $name:ident, $what:literal) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub struct $name(String);

        impl $name {
            pub fn random() -> $name {
                $name(random_text(ALNUM, LEN))
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl FromStr for $name {
            type Err = IdError;

            fn from_str(text: &str) -> Result<$name, IdError> {
                if text.len() == LEN && text.bytes().all(|b| b.is_ascii_alphanumeric()) {
                    Ok($name(text.to_string()))
                } else {
                    Err(IdError(format!("{} is not {} ({LEN} letters and digits)", quoted(text), $what)))
                }
            }
        }

        text_serde!($name);
    };
}

lobby_id!(
    /// An open seek's id.
    SeekId,
    "a seek id"
);
lobby_id!(
    /// A challenge's id.
    ChallengeId,
    "a challenge id"
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_twelve_letters_and_digits() {
        let id = SeekId::random();
        assert_eq!(id.as_str().parse::<SeekId>(), Ok(id.clone()));
        assert_ne!(id, SeekId::random());
        for bad in ["", "abc", "abcdefghijk-", "abcdefghijklm"] {
            let e = bad.parse::<ChallengeId>().unwrap_err().to_string();
            assert!(e.contains("not a challenge id"), "{bad}: {e}");
        }
    }
}
