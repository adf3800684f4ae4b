//! Secret tokens: a seat's (returned when a seat is taken) and a player account's. Only their SHA-256 is
//! stored.

use sha2::{Digest, Sha256};

const ALNUM: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// A new secret token (seat or player): 32 alphanumeric characters, about 190 bits.
pub fn token() -> String {
    super::random_text(ALNUM, 32)
}

/// What is stored for a token: its SHA-256 in hex.
pub fn token_hash(token: &str) -> String {
    // `hex`, not `format!` per byte: a token is hashed for every game created, joined and connected to,
    // and 32 formatted allocations were most of that (about 20 000 instructions a token).
    hex::encode(Sha256::digest(token.as_bytes()))
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
        assert_eq!(token_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
