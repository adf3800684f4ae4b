//! Secret tokens: a seat's (returned when a seat is taken) and a player account's. Only their SHA-256 is
//! stored.

use sha2::{Digest, Sha256};

const ALNUM: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// A new secret token (seat or player): 32 alphanumeric characters, about 190 bits.
pub fn token() -> String {
    super::random_text(ALNUM, 32)
}

/// What is stored and compared for a token (a seat's, an account's, an API token, a session id): its
/// SHA-256 in hex. A type of its own, so a token and its hash cannot be swapped by mistake.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct TokenHash(String);

impl TokenHash {
    /// A hash read back from the database (or another node), as it was stored.
    pub fn stored(hex: String) -> TokenHash {
        TokenHash(hex)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for TokenHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The hash of `token`.
pub fn token_hash(token: &str) -> TokenHash {
    // `hex`, not `format!` per byte: a token is hashed for every game created, joined and connected to
    // (BENCHMARKS.md has the count).
    TokenHash(hex::encode(Sha256::digest(token.as_bytes())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_hashed() {
        let t = token();
        assert_eq!(t.len(), 32);
        assert!(t.bytes().all(|b| b.is_ascii_alphanumeric()));
        assert_ne!(t, token());
        assert_eq!(token_hash("abc").as_str(), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
