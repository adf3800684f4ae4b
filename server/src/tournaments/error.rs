//! Why a tournament request is refused; the HTTP edge maps each kind to its status.

use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// The request cannot be used; the message names the field.
    #[error("{0}")]
    BadRequest(String),
    #[error("no tournament {0}")]
    NotFound(String),
    /// Not allowed: a wrong password, a bot where bots are not invited.
    #[error("{0}")]
    Forbidden(String),
    /// Not now: the tournament is over, the caller never joined.
    #[error("{0}")]
    Conflict(String),
    /// A limit on how many.
    #[error("{0}")]
    TooMany(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{0}")]
    Internal(String),
}
