//! The one error type of the HTTP API, mapped to a status code and a JSON body
//! (`{"error": code, "message": sentence}`) in one `match`.

use crate::accounts::AuthError;
use crate::game::Refusal;
use crate::lobby::error::LobbyError;
use crate::playban::{Banned, CheckError};
use crate::room::RoomError;
use crate::store::StoreError;
use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use mancala_protocol::http::ErrorBody;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// A parameter or body that cannot be used; the message names it.
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    NotFound(String),
    /// A seat or player token that does not fit, or a malformed `Authorization` header.
    #[error("{0}")]
    BadToken(String),
    /// Not signed in, or a wrong name or password.
    #[error("{0}")]
    Unauthorized(String),
    /// Signed in, or not, but not allowed: a cross-site write (CSRF), a guest where an account is needed
    /// (a guest asking for a rated game or a challenge).
    #[error("{0}")]
    Forbidden(String),
    /// A two-step sign-in code that is not the app's code now, nor an unused backup code.
    #[error("{0}")]
    CodeWrong(String),
    /// A right two-step code already used (its 30 s step, or the backup code).
    #[error("{0}")]
    CodeUsed(String),
    /// A sign-in's second step whose ticket is unknown, used or over: sign in again.
    #[error("{0}")]
    SecondStepExpired(String),
    /// Refused because one account blocks the other (a challenge, a seek taken): docs/moderation.md.
    #[error("{0}")]
    Blocked(String),
    /// An account a moderator marked as computer assisted asks for a rated game or a tournament
    /// (docs/moderation.md, "Computer assistance").
    #[error("{0}")]
    EngineMarked(String),
    /// A name holding a word of the forbidden list (docs/moderation.md, "Forbidden words and names").
    #[error("{0}")]
    NameForbidden(String),
    /// A method the route does not answer (the message lists those it does).
    #[error("{0}")]
    MethodNotAllowed(String),
    /// The request took longer than the server allows.
    #[error("{0}")]
    Timeout(String),
    /// A body over the size limit.
    #[error("{0}")]
    TooLarge(String),
    /// A body that is not JSON by its `Content-Type`.
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// A WebSocket route asked for without a WebSocket upgrade.
    #[error("{0}")]
    UpgradeRequired(String),
    /// Too many requests of a kind from one client address; `retry_after` seconds until the next is let
    /// through.
    #[error("{message}; retry in {retry_after} s")]
    RateLimited { message: String, retry_after: u64 },
    /// A ban for leaving games (docs/moderation.md): no pairing for `retry_after` seconds; the message
    /// says why and the time left.
    #[error("{message}")]
    Playban { message: String, retry_after: u64 },
    /// The request conflicts with the state (a taken name, a game without an open seat).
    #[error("{0}")]
    Conflict(String),
    /// Something that needs mail on a server that sends none (no `--smtp-url`): the message says what
    /// to do instead.
    #[error("{0}")]
    NoMail(String),
    /// A queue of the server is full (the lobby's): nothing was done; retry shortly.
    #[error("{0}; retry shortly")]
    Busy(String),
    /// The database or a room is not available now; the message says which and why.
    #[error("{0}; retry later")]
    Unavailable(String),
    /// `/healthz` when the server runs but its database does not answer.
    #[error("{0}")]
    Degraded(String),
    /// The server is shutting down (a new one may be starting: retry shortly).
    #[error("the server is shutting down; retry shortly")]
    ShuttingDown,
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    /// Every `error` code an HTTP answer may carry.
    pub const CODES: &[&str] = &[
        "bad_request",
        "not_found",
        "bad_token",
        "unauthorized",
        "code_wrong",
        "code_used",
        "second_step_expired",
        "forbidden",
        "blocked",
        "engine_marked",
        "name_forbidden",
        "method_not_allowed",
        "timeout",
        "too_large",
        "unsupported_media_type",
        "upgrade_required",
        "rate_limited",
        "playban",
        "conflict",
        "no_mail",
        "busy",
        "unavailable",
        "degraded",
        "shutting_down",
        "internal",
    ];

    fn code(&self) -> (StatusCode, &'static str) {
        match self {
            ApiError::BadRequest(_) => (StatusCode::BAD_REQUEST, "bad_request"),
            ApiError::NotFound(_) => (StatusCode::NOT_FOUND, "not_found"),
            ApiError::BadToken(_) => (StatusCode::UNAUTHORIZED, "bad_token"),
            ApiError::Unauthorized(_) => (StatusCode::UNAUTHORIZED, "unauthorized"),
            ApiError::CodeWrong(_) => (StatusCode::UNAUTHORIZED, "code_wrong"),
            ApiError::CodeUsed(_) => (StatusCode::UNAUTHORIZED, "code_used"),
            ApiError::SecondStepExpired(_) => (StatusCode::UNAUTHORIZED, "second_step_expired"),
            ApiError::Forbidden(_) => (StatusCode::FORBIDDEN, "forbidden"),
            ApiError::Blocked(_) => (StatusCode::FORBIDDEN, "blocked"),
            ApiError::EngineMarked(_) => (StatusCode::FORBIDDEN, "engine_marked"),
            ApiError::NameForbidden(_) => (StatusCode::BAD_REQUEST, "name_forbidden"),
            ApiError::MethodNotAllowed(_) => (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed"),
            ApiError::Timeout(_) => (StatusCode::REQUEST_TIMEOUT, "timeout"),
            ApiError::TooLarge(_) => (StatusCode::PAYLOAD_TOO_LARGE, "too_large"),
            ApiError::UnsupportedMediaType(_) => (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type"),
            ApiError::UpgradeRequired(_) => (StatusCode::UPGRADE_REQUIRED, "upgrade_required"),
            ApiError::RateLimited { .. } => (StatusCode::TOO_MANY_REQUESTS, "rate_limited"),
            ApiError::Playban { .. } => (StatusCode::TOO_MANY_REQUESTS, "playban"),
            ApiError::Conflict(_) => (StatusCode::CONFLICT, "conflict"),
            ApiError::NoMail(_) => (StatusCode::CONFLICT, "no_mail"),
            ApiError::Busy(_) => (StatusCode::SERVICE_UNAVAILABLE, "busy"),
            ApiError::Unavailable(_) => (StatusCode::SERVICE_UNAVAILABLE, "unavailable"),
            ApiError::Degraded(_) => (StatusCode::SERVICE_UNAVAILABLE, "degraded"),
            ApiError::ShuttingDown => (StatusCode::SERVICE_UNAVAILABLE, "shutting_down"),
            ApiError::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal"),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, code) = self.code();
        // A fault of ours is an error; the database being away or a shutdown is the state of things, said
        // once per request at `warn` (a shutdown's refusals are expected and would only be noise).
        match self {
            ApiError::Internal(_) => tracing::error!(error = %self, "request failed"),
            ApiError::ShuttingDown => tracing::debug!(error = %self, "request refused"),
            _ if status.is_server_error() => tracing::warn!(error = %self, "request refused"),
            _ => {}
        }
        let mut response =
            (status, Json(ErrorBody { error: code.to_string(), message: self.to_string() })).into_response();
        let headers = response.headers_mut();
        match self {
            // RFC 7235 §3.1: a 401 says which scheme would do.
            ApiError::BadToken(_)
            | ApiError::Unauthorized(_)
            | ApiError::CodeWrong(_)
            | ApiError::CodeUsed(_)
            | ApiError::SecondStepExpired(_) => {
                headers.insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer realm=\"mancala\""));
            }
            ApiError::UpgradeRequired(_) => {
                headers.insert(header::UPGRADE, HeaderValue::from_static("websocket"));
                headers.insert(header::CONNECTION, HeaderValue::from_static("upgrade"));
            }
            ApiError::RateLimited { retry_after, .. } | ApiError::Playban { retry_after, .. } => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from(retry_after));
            }
            // A full queue empties in about a second (an analysis's budget, a lobby's backlog).
            ApiError::Busy(_) => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from(1));
            }
            _ => {}
        }
        response
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict => ApiError::Conflict("already exists".into()),
            StoreError::Closed => ApiError::Unavailable("the store is closed".into()),
            other if other.is_outage() => ApiError::Unavailable(other.to_string()),
            other => ApiError::Internal(other.to_string()),
        }
    }
}

impl From<crate::games::StoredError> for ApiError {
    fn from(e: crate::games::StoredError) -> Self {
        use crate::games::StoredError;
        match e {
            StoredError::NotFound(_) => ApiError::NotFound(e.to_string()),
            StoredError::PlyTooFar { .. } => ApiError::BadRequest(e.to_string()),
            StoredError::Replay(reason) => ApiError::Internal(reason),
            StoredError::Store(e) => e.into(),
        }
    }
}

impl From<RoomError> for ApiError {
    fn from(e: RoomError) -> Self {
        match e {
            RoomError::NotFound(_) => ApiError::NotFound(e.to_string()),
            RoomError::Store(s) => s.into(),
            RoomError::Corrupt { .. } => ApiError::Internal(e.to_string()),
            RoomError::ShuttingDown => ApiError::ShuttingDown,
            RoomError::OwnerAway(_) => ApiError::Unavailable(e.to_string()),
        }
    }
}

impl From<AuthError> for ApiError {
    fn from(e: AuthError) -> Self {
        match e {
            AuthError::BadRequest(m) => ApiError::BadRequest(m),
            AuthError::NameForbidden(m) => ApiError::NameForbidden(m),
            AuthError::BadToken(m) => ApiError::BadToken(m),
            AuthError::CrossSite(m) => ApiError::Forbidden(m),
            AuthError::Conflict(m) => ApiError::Conflict(m),
            AuthError::ShuttingDown => ApiError::ShuttingDown,
            AuthError::Store(s) => s.into(),
            AuthError::Internal(m) => ApiError::Internal(m),
        }
    }
}

impl From<crate::accounts::mail_limits::TooManyMailRequests> for ApiError {
    fn from(e: crate::accounts::mail_limits::TooManyMailRequests) -> Self {
        ApiError::RateLimited { message: e.to_string(), retry_after: e.retry_after }
    }
}

impl From<crate::password::PasswordError> for ApiError {
    fn from(e: crate::password::PasswordError) -> Self {
        AuthError::from(e).into()
    }
}

impl From<crate::accounts::twostep::TwoStepError> for ApiError {
    fn from(e: crate::accounts::twostep::TwoStepError) -> Self {
        use crate::accounts::twostep::TwoStepError as T;
        match e {
            T::BadRequest(m) => ApiError::BadRequest(m),
            T::Wrong(m) => ApiError::CodeWrong(m),
            T::Used(m) => ApiError::CodeUsed(m),
            T::TooMany { retry_after } => ApiError::RateLimited { message: e.to_string(), retry_after },
            T::Expired(m) => ApiError::SecondStepExpired(m),
            T::Conflict(m) => ApiError::Conflict(m),
            T::Store(s) => s.into(),
            T::Internal(m) => ApiError::Internal(m),
        }
    }
}

impl From<crate::tournaments::TournamentError> for ApiError {
    fn from(e: crate::tournaments::TournamentError) -> Self {
        use crate::tournaments::TournamentError as T;
        match e {
            T::BadRequest(m) => ApiError::BadRequest(m),
            T::NotFound(_) => ApiError::NotFound(e.to_string()),
            T::Forbidden(m) => ApiError::Forbidden(m),
            T::Conflict(m) | T::TooMany(m) => ApiError::Conflict(m),
            T::Store(s) => s.into(),
            T::Internal(m) => ApiError::Internal(m),
        }
    }
}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> Self {
        match r.code {
            mancala_protocol::ErrorCode::Unavailable => ApiError::Unavailable(r.reason),
            // A seat the game does not allow this player (a guest's at a rated game).
            mancala_protocol::ErrorCode::WrongSeat => ApiError::Forbidden(r.reason),
            _ => ApiError::Conflict(r.reason),
        }
    }
}

impl From<crate::room::create::CreateError> for ApiError {
    fn from(e: crate::room::create::CreateError) -> Self {
        use crate::room::create::CreateError;
        match e {
            CreateError::Options(e) => ApiError::BadRequest(format!("options: {e}")),
            CreateError::Room(e) => e.into(),
        }
    }
}

impl From<crate::room::AskError> for ApiError {
    fn from(e: crate::room::AskError) -> Self {
        use crate::room::AskError;
        match e {
            AskError::Refused(r) => r.into(),
            AskError::Gone => ApiError::Unavailable("the game's room has stopped (the server is shutting down)".into()),
            AskError::Elsewhere(_) => ApiError::Unavailable(e.to_string()),
        }
    }
}

/// An edge refusal met on the lobby socket (the person's identity, a limit of game creation), in the
/// lobby's words: the same code the HTTP status stands for.
impl From<ApiError> for LobbyError {
    fn from(e: ApiError) -> LobbyError {
        match e {
            ApiError::RateLimited { message, retry_after } => LobbyError::Limited { message, retry_after },
            ApiError::BadRequest(m) | ApiError::BadToken(m) => LobbyError::BadRequest(m),
            ApiError::NotFound(m) => LobbyError::NotFound(m),
            ApiError::Forbidden(m) => LobbyError::Forbidden(m),
            ApiError::Blocked(_) => LobbyError::Blocked,
            ApiError::EngineMarked(m) => LobbyError::EngineMarked(m),
            ApiError::NameForbidden(m) => LobbyError::NameForbidden(m),
            ApiError::Conflict(m) => LobbyError::Conflict(m),
            ApiError::TooLarge(m) => LobbyError::TooLarge(m),
            ApiError::Busy(_) => LobbyError::Busy,
            ApiError::ShuttingDown => LobbyError::ShuttingDown,
            e => LobbyError::Unavailable(e.to_string()),
        }
    }
}

/// A pairing refused under a ban for leaving games: 429, with the seconds left as `Retry-After`.
impl From<Banned> for ApiError {
    fn from(b: Banned) -> ApiError {
        ApiError::Playban { message: b.to_string(), retry_after: b.retry_after }
    }
}

/// Playban's check before a pairing, said as the lobby says it, so HTTP and the socket agree.
impl From<CheckError> for ApiError {
    fn from(e: CheckError) -> ApiError {
        LobbyError::from(e).into()
    }
}

impl From<LobbyError> for ApiError {
    fn from(e: LobbyError) -> ApiError {
        match e {
            LobbyError::BadRequest(m) => ApiError::BadRequest(m),
            LobbyError::TooLarge(m) => ApiError::TooLarge(m),
            LobbyError::NotFound(m) => ApiError::NotFound(m),
            LobbyError::OwnSeek
            | LobbyError::TooManySeeks(_)
            | LobbyError::Conflict(_)
            | LobbyError::Playing(_)
            | LobbyError::OtherPlaying(_) => ApiError::Conflict(e.to_string()),
            LobbyError::Playban(b) => b.into(),
            LobbyError::Limited { message, retry_after } => ApiError::RateLimited { message, retry_after },
            LobbyError::Revoked => ApiError::Unauthorized(e.to_string()),
            LobbyError::Forbidden(m) => ApiError::Forbidden(m),
            LobbyError::Blocked => ApiError::Blocked(e.to_string()),
            LobbyError::EngineMarked(m) => ApiError::EngineMarked(m),
            LobbyError::NameForbidden(m) => ApiError::NameForbidden(m),
            LobbyError::Busy => ApiError::Busy(e.to_string()),
            LobbyError::Unavailable(m) => ApiError::Unavailable(m),
            LobbyError::ShuttingDown => ApiError::ShuttingDown,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_busy_lobby_is_busy_over_http() {
        assert!(matches!(ApiError::from(LobbyError::Busy), ApiError::Busy(_)));
    }

    #[test]
    fn every_code_is_listed() {
        let s = String::new;
        let all = [
            ApiError::BadRequest(s()),
            ApiError::NotFound(s()),
            ApiError::BadToken(s()),
            ApiError::Unauthorized(s()),
            ApiError::CodeWrong(s()),
            ApiError::CodeUsed(s()),
            ApiError::SecondStepExpired(s()),
            ApiError::Forbidden(s()),
            ApiError::Blocked(s()),
            ApiError::EngineMarked(s()),
            ApiError::NameForbidden(s()),
            ApiError::MethodNotAllowed(s()),
            ApiError::Timeout(s()),
            ApiError::TooLarge(s()),
            ApiError::UnsupportedMediaType(s()),
            ApiError::UpgradeRequired(s()),
            ApiError::RateLimited { message: s(), retry_after: 1 },
            ApiError::Playban { message: s(), retry_after: 1 },
            ApiError::Conflict(s()),
            ApiError::NoMail(s()),
            ApiError::Busy(s()),
            ApiError::Unavailable(s()),
            ApiError::Degraded(s()),
            ApiError::ShuttingDown,
            ApiError::Internal(s()),
        ];
        let codes: Vec<&str> = all.iter().map(|e| e.code().1).collect();
        assert_eq!(codes, ApiError::CODES);
    }
}
