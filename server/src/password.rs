//! Passwords: the rules a new one must meet, and argon2id hashing (RustCrypto `argon2`, its default
//! parameters: 19 MiB, 2 passes, 1 lane, as OWASP recommends) with a random salt per password, stored as a
//! PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`), which carries its own parameters so they can
//! be raised later without breaking older hashes.
//!
//! Hashing is slow on purpose (tens of milliseconds of CPU and 19 MiB each): it runs on tokio's blocking
//! pool, never on a runtime thread, and at most one hash per core runs at once (a burst of sign-ins
//! waits rather than taking every core and a gigabyte of memory).
//!
//! A leaf: accounts and tournaments (a private tournament's password) both hash here, and neither depends
//! on the other for it. Its own [`PasswordError`] becomes the accounts' or the caller's error.

use argon2::{Argon2, PasswordHash, PasswordHasher, PasswordVerifier};
use std::sync::LazyLock;
use tokio::sync::Semaphore;

/// Why a password was refused or could not be hashed.
#[derive(Debug, thiserror::Error)]
pub enum PasswordError {
    /// A new password that breaks a rule; the message names it.
    #[error("{0}")]
    Refused(String),
    /// The server is shutting down (no more hashing).
    #[error("the server is shutting down")]
    ShuttingDown,
    /// A hashing task that failed, or a stored hash that does not read.
    #[error("{0}")]
    Internal(String),
}

/// The shortest and longest password, in characters.
pub const MIN_CHARS: usize = 8;
pub const MAX_CHARS: usize = 256;

/// At most one hash per core at a time.
static HASHING: LazyLock<Semaphore> =
    LazyLock::new(|| Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get())));

/// A hash of a password nobody knows: an unknown name is checked against it, so that a wrong name takes
/// as long to refuse as a wrong password (the time of an answer does not tell which names exist).
static NOBODY: LazyLock<String> = LazyLock::new(|| hash_now(&crate::ids::token()).expect("argon2 hashes"));

/// Checks a new password: its length, and that it is not the account's name.
pub fn check_new(password: &str, name: &str) -> Result<(), PasswordError> {
    let chars = password.chars().count();
    if !(MIN_CHARS..=MAX_CHARS).contains(&chars) {
        return Err(PasswordError::Refused(format!(
            "the password must have {MIN_CHARS} to {MAX_CHARS} characters (it has {chars})"
        )));
    }
    if password.eq_ignore_ascii_case(name) {
        return Err(PasswordError::Refused("the password must not be the account's name".into()));
    }
    Ok(())
}

fn hash_now(password: &str) -> Result<String, argon2::password_hash::Error> {
    let hash: PasswordHash = Argon2::default().hash_password(password.as_bytes())?;
    Ok(hash.to_string())
}

/// Runs `work` on the blocking pool, one per core at a time.
async fn blocking<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T, PasswordError> {
    let _permit = HASHING.acquire().await.map_err(|_| PasswordError::ShuttingDown)?;
    tokio::task::spawn_blocking(work).await.map_err(|e| PasswordError::Internal(format!("password hashing task: {e}")))
}

/// The PHC string to store for `password`.
pub async fn hash(password: String) -> Result<String, PasswordError> {
    blocking(move || hash_now(&password)).await?.map_err(|e| PasswordError::Internal(format!("argon2: {e}")))
}

/// Does `password` match `stored`? `None` (no such account, or one without a password) is checked against
/// a hash nobody knows and is always `false`, in the same time.
pub async fn verify(password: String, stored: Option<String>) -> Result<bool, PasswordError> {
    blocking(move || {
        let known = stored.is_some();
        let phc = stored.unwrap_or_else(|| NOBODY.clone());
        match Argon2::default().verify_password(password.as_bytes(), phc.as_str()) {
            Ok(()) => Ok(known),
            Err(argon2::password_hash::Error::PasswordInvalid) => Ok(false),
            Err(e) => Err(PasswordError::Internal(format!("stored password hash: {e}"))),
        }
    })
    .await?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_are_salted_argon2id_and_verify() {
        let a = hash("correct horse".into()).await.unwrap();
        let b = hash("correct horse".into()).await.unwrap();
        assert!(a.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{a}");
        assert_ne!(a, b, "each password has its own salt");
        assert!(!a.contains("correct horse"));
        assert!(verify("correct horse".into(), Some(a.clone())).await.unwrap());
        assert!(!verify("correct horsE".into(), Some(a)).await.unwrap());
        assert!(!verify("anything".into(), None).await.unwrap(), "no account never matches");
    }

    #[test]
    fn new_passwords() {
        assert!(check_new("12345678", "amina").is_ok());
        assert!(check_new("1234567", "amina").unwrap_err().to_string().contains("8 to 256"));
        assert!(check_new(&"é".repeat(256), "amina").is_ok(), "characters, not bytes");
        assert!(check_new(&"x".repeat(257), "amina").is_err());
        assert!(check_new("Amina123", "amina123").unwrap_err().to_string().contains("name"));
    }
}
