//! Random identifiers and secrets: game ids (public), invite codes (shareable), and seat and player tokens
//! (secret; only their SHA-256 is stored, so a database leak does not hand out seats).

use rand::RngExt;
use sha2::{Digest, Sha256};

const ALNUM: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/// Invite codes avoid letters and digits that are easy to confuse when read aloud or copied by hand.
const INVITE: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

fn random_text(alphabet: &[u8], len: usize) -> String {
    let mut rng = rand::rng();
    (0..len).map(|_| alphabet[rng.random_range(0..alphabet.len())] as char).collect()
}

/// A new game id: 10 alphanumeric characters.
pub fn game_id() -> String {
    random_text(ALNUM, 10)
}

/// A new invite code: 8 characters from an unambiguous alphabet.
pub fn invite_code() -> String {
    random_text(INVITE, 8)
}

/// A new secret token (seat or player): 32 alphanumeric characters, about 190 bits.
pub fn token() -> String {
    random_text(ALNUM, 32)
}

/// What is stored for a token.
pub fn token_hash(token: &str) -> String {
    let digest = Sha256::digest(token.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Is `text` a plausible game id (so that a malformed id gets a 400, not a database query)?
pub fn is_game_id(text: &str) -> bool {
    (1..=32).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Display and account names: 1 to 24 characters, letters, digits, `_`, `-`, `.`; not starting with `bot-`.
pub fn check_name(name: &str) -> Result<(), String> {
    if name.is_empty() || name.chars().count() > 24 {
        return Err(format!("name `{name}` must have 1 to 24 characters"));
    }
    if let Some(c) = name.chars().find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))) {
        return Err(format!("name `{name}` has `{c}`: use letters, digits, `_`, `-` or `.`"));
    }
    if name.starts_with("bot-") {
        return Err(format!("name `{name}`: names starting with `bot-` are the server's computer players"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_have_their_shapes() {
        assert!(is_game_id(&game_id()));
        assert_ne!(token(), token());
        assert_eq!(token_hash("abc").len(), 64);
        assert!(invite_code().bytes().all(|b| INVITE.contains(&b)));
        assert!(check_name("amina_2").is_ok());
        assert!(check_name("").is_err());
        assert!(check_name("a b").unwrap_err().contains("` `"));
    }
}
