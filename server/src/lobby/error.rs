//! Why the lobby refused something: one type for the WebSocket (`{"type":"error","code","message"}`) and
//! HTTP (an [`ApiError`]), so both say the same thing.

use crate::error::ApiError;

#[derive(Debug, thiserror::Error)]
pub enum LobbyError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    NotFound(String),
    #[error("this is your own seek: someone else must accept it")]
    OwnSeek,
    #[error("you have {0} open seeks already (at most {0}): cancel one first")]
    TooManySeeks(usize),
    /// Aborted games: pairing is paused until `until` (unix ms).
    #[error("{aborts} games aborted in 24 h: pairing is paused until {until_text} ({retry_after} s)")]
    Paused { aborts: usize, until_text: String, retry_after: u64 },
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    Conflict(String),
    /// The lobby's queue is full: nothing was done.
    #[error("the lobby is busy")]
    Busy,
    #[error(transparent)]
    Api(#[from] ApiError),
}

impl LobbyError {
    /// The code of the lobby socket's `error` message.
    pub fn code(&self) -> &'static str {
        match self {
            LobbyError::BadRequest(_) => "bad_request",
            LobbyError::NotFound(_) => "not_found",
            LobbyError::OwnSeek => "own_seek",
            LobbyError::TooManySeeks(_) => "too_many_seeks",
            LobbyError::Paused { .. } => "paused",
            LobbyError::Forbidden(_) => "forbidden",
            LobbyError::Conflict(_) => "conflict",
            LobbyError::Busy => "busy",
            LobbyError::Api(_) => "unavailable",
        }
    }

    pub fn to_msg(&self) -> mancala_protocol::lobby::LobbyServerMsg {
        mancala_protocol::lobby::LobbyServerMsg::Error { code: self.code().to_string(), message: self.to_string() }
    }
}

impl From<LobbyError> for ApiError {
    fn from(e: LobbyError) -> ApiError {
        match e {
            LobbyError::BadRequest(m) => ApiError::BadRequest(m),
            LobbyError::NotFound(m) => ApiError::NotFound(m),
            LobbyError::OwnSeek | LobbyError::TooManySeeks(_) | LobbyError::Conflict(_) => {
                ApiError::Conflict(e.to_string())
            }
            LobbyError::Paused { retry_after, .. } => ApiError::RateLimited { message: e.to_string(), retry_after },
            LobbyError::Forbidden(m) => ApiError::Forbidden(m),
            LobbyError::Busy => ApiError::Busy(e.to_string()),
            LobbyError::Api(a) => a,
        }
    }
}
