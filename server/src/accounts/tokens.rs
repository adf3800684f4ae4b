//! API tokens: named bearer tokens of an account, for the terminal client (`mancala login`) and scripts.
//! The token (32 letters and digits, about 190 bits) is shown once; its SHA-256 is stored, like every
//! other token of the server. An account holds at most [`MAX_PER_ACCOUNT`].

use super::AuthError;
use super::queries::AccountWrite;
use crate::game::UnixMs;
use crate::ids::{self, PlayerName};
use crate::store::{Store, Write};
use mancala_protocol::account::ApiTokenCreated;

/// The most API tokens one account may hold.
pub const MAX_PER_ACCOUNT: usize = 50;
/// The longest label, in characters.
pub const MAX_LABEL_CHARS: usize = 60;

/// A label as stored: trimmed, 1 to [`MAX_LABEL_CHARS`] characters, no control characters.
pub fn check_label(label: &str) -> Result<String, AuthError> {
    let label = label.trim();
    let chars = label.chars().count();
    if chars == 0 || chars > MAX_LABEL_CHARS {
        return Err(AuthError::BadRequest(format!("a token label has 1 to {MAX_LABEL_CHARS} characters")));
    }
    if label.chars().any(char::is_control) {
        return Err(AuthError::BadRequest("a token label must not hold control characters".into()));
    }
    Ok(label.to_string())
}

/// Creates an API token for `name` labelled `label` (checked).
pub async fn create(store: &Store, name: &PlayerName, label: &str) -> Result<ApiTokenCreated, AuthError> {
    let label = check_label(label)?;
    if store.api_tokens(&name.key()).await?.len() >= MAX_PER_ACCOUNT {
        return Err(AuthError::Conflict(format!(
            "an account holds at most {MAX_PER_ACCOUNT} API tokens: revoke one first"
        )));
    }
    let token = ids::token();
    let id = ids::token()[..12].to_string();
    let created_at = UnixMs::now();
    let write = AccountWrite::InsertApiToken {
        id: id.clone(),
        player_key: name.key(),
        label: label.clone(),
        token_hash: ids::token_hash(&token),
        created_at,
    };
    store.write(vec![Write::feature(write)]).await?;
    Ok(ApiTokenCreated { id, label, token, created_at: created_at.wire() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels() {
        assert_eq!(check_label("  laptop ").unwrap(), "laptop");
        assert!(check_label("   ").is_err());
        assert!(check_label(&"x".repeat(61)).is_err());
        assert!(check_label("a\nb").is_err());
    }
}
