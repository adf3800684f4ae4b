//! Why accounts refuse: the feature's own error, below the edge. The edge says it in its own words (`http`'s
//! `ApiError`: one `From` maps each kind to a status).

use crate::password::PasswordError;
use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    /// A value that cannot be used (a password, a label, a guest's name); the message names it.
    #[error("{0}")]
    BadRequest(String),
    /// A name holding a word of the forbidden list (docs/moderation.md); the message names the word.
    #[error("{0}")]
    NameForbidden(String),
    /// A token that stands for no account.
    #[error("{0}")]
    BadToken(String),
    /// A cross-site write with the session cookie (CSRF).
    #[error("{0}")]
    CrossSite(String),
    /// The request conflicts with what is stored (a registered name, too many tokens).
    #[error("{0}")]
    Conflict(String),
    /// The server is shutting down (no more password hashing).
    #[error("the server is shutting down")]
    ShuttingDown,
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A fault of ours: a stored value that does not read, a hashing task that failed.
    #[error("{0}")]
    Internal(String),
}

impl From<PasswordError> for AuthError {
    fn from(e: PasswordError) -> AuthError {
        match e {
            PasswordError::Refused(m) => AuthError::BadRequest(m),
            PasswordError::ShuttingDown => AuthError::ShuttingDown,
            PasswordError::Internal(m) => AuthError::Internal(m),
        }
    }
}
