//! Identifiers and secrets, each a type that can only hold a valid value: game ids (public), invite codes
//! (shareable), a client's address as limits count it, player names (display and account names,
//! case-insensitive), email addresses, who plays or asks (an account or a guest), and seat and player tokens (secret; only
//! their SHA-256 is stored, so a database leak does not hand out seats).
//!
//! Text from outside becomes one of these at the edge (the HTTP extractors of `edge/extract.rs`, the row
//! mapping of `store/mapping.rs`) and stays typed inside the server; it is text again only on the wire
//! and in the database.

mod client_addr;
mod conn_id;
mod credential;
mod email_address;
mod forbidden;
mod game_id;
mod identity;
mod invite_code;
mod lobby_id;
mod player_name;
mod report_id;
mod token;

pub use client_addr::ClientAddr;
pub use conn_id::ConnId;
pub use credential::Credential;
pub use email_address::EmailAddress;
pub use forbidden::ForbiddenWords;
pub use game_id::GameId;
pub use identity::Identity;
pub use invite_code::InviteCode;
pub use lobby_id::{ChallengeId, SeekId};
pub use player_name::{FAIR_PLAY, NameError, PlayerName};
pub use report_id::ReportId;
pub use token::{TokenHash, token, token_hash};

use rand::RngExt;

/// Why a text is not an id: a sentence that names the text and says what an id looks like.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct IdError(String);

/// `len` random characters of `alphabet`.
fn random_text(alphabet: &[u8], len: usize) -> String {
    let mut rng = rand::rng();
    (0..len).map(|_| alphabet[rng.random_range(0..alphabet.len())] as char).collect()
}

/// `text` as an error message quotes it: in backticks, cut to 40 characters (an id may be anything a
/// client sends, a 4 KB path included).
fn quoted(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("`{}…`", &text[..cut]),
        None => format!("`{text}`"),
    }
}

/// Serialize and Deserialize as the text form, checked on the way in.
macro_rules! text_serde {
    ($t:ty) => {
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }

        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl AsRef<str> for $t {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }
    };
}
use text_serde;
