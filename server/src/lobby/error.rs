//! Why the lobby refused something: one type for the WebSocket (`{"type":"error","code","message"}`) and HTTP
//! (the edge maps it to its status: `crate::edge::error`), so both say the same thing. The lobby names its
//! own reasons; nothing of the edge's errors reaches it.

use crate::game::Refusal;
use crate::playban::{Banned, CheckError};
use crate::room::AskError;
use crate::room::create::CreateError;
use crate::store::StoreError;
use mancala_protocol::ErrorCode;
use mancala_protocol::lobby::LobbyServerMsg;

#[derive(Debug, thiserror::Error)]
pub enum LobbyError {
    #[error("{0}")]
    BadRequest(String),
    /// A socket message over the size limit (the socket stays).
    #[error("{0}")]
    TooLarge(String),
    #[error("{0}")]
    NotFound(String),
    #[error("this is your own seek: someone else must accept it")]
    OwnSeek,
    #[error("you have {0} open seeks already (at most {0}): cancel one first")]
    TooManySeeks(usize),
    /// A ban for leaving games (`crate::playban`): no pairing for its `retry_after` s.
    #[error("{0}")]
    Playban(Banned),
    /// A limit of the lobby or of game creation (docs/lobby.md, "Limits"): ask again in `retry_after` s.
    #[error("{message}: retry in {retry_after} s")]
    Limited { message: String, retry_after: u64 },
    /// The person is in a game the lobby made, which is not over.
    #[error("you are playing game {0} from the lobby: finish, resign or abort it first")]
    Playing(String),
    /// The other person is in a game the lobby made.
    #[error("{0} is playing a game from the lobby now: try again when it is over")]
    OtherPlaying(String),
    /// The session or token the connection was opened with is revoked.
    #[error("signed out: the session or token of this connection was revoked")]
    Revoked,
    #[error("{0}")]
    Forbidden(String),
    /// One of the two people blocks the other: they are never paired (docs/moderation.md, "Blocks").
    #[error("you cannot play this player: one of you blocks the other")]
    Blocked,
    /// A moderator marked the account as computer assisted: no rated game (docs/moderation.md).
    #[error("{0}")]
    EngineMarked(String),
    /// A guest's name holding a word of the forbidden list (docs/moderation.md).
    #[error("{0}")]
    NameForbidden(String),
    #[error("{0}")]
    Conflict(String),
    /// The lobby's queue is full, or it holds as many seeks as it may: nothing was done.
    #[error("the lobby is busy")]
    Busy,
    /// The game could not be made or a record could not be read (the database, a room that stopped).
    #[error("{0}")]
    Unavailable(String),
    #[error("the server is shutting down")]
    ShuttingDown,
}

impl From<StoreError> for LobbyError {
    fn from(e: StoreError) -> LobbyError {
        LobbyError::Unavailable(format!("the database could not be reached: {e}"))
    }
}

impl From<Banned> for LobbyError {
    fn from(b: Banned) -> LobbyError {
        LobbyError::Playban(b)
    }
}

/// Playban's refusal of a pairing, in the lobby's words: the ban, or the database it could not read.
impl From<CheckError> for LobbyError {
    fn from(e: CheckError) -> LobbyError {
        match e {
            CheckError::Banned(b) => b.into(),
            CheckError::Store(e) => e.into(),
        }
    }
}

impl From<CreateError> for LobbyError {
    fn from(e: CreateError) -> LobbyError {
        match e {
            CreateError::Options(e) => LobbyError::BadRequest(format!("options: {e}")),
            CreateError::Room(e) => e.into(),
        }
    }
}

impl From<AskError> for LobbyError {
    fn from(e: AskError) -> LobbyError {
        match e {
            AskError::Refused(r) => r.into(),
            AskError::Gone | AskError::Elsewhere(_) => LobbyError::Unavailable(e.to_string()),
        }
    }
}

/// A room's refusal of a paired seat, in the lobby's words: a seat the game does not allow this player is
/// `forbidden`, the server going away `unavailable`, anything else a `conflict`.
impl From<Refusal> for LobbyError {
    fn from(r: Refusal) -> LobbyError {
        match r.code {
            ErrorCode::Unavailable => LobbyError::Unavailable(r.reason),
            ErrorCode::WrongSeat => LobbyError::Forbidden(r.reason),
            _ => LobbyError::Conflict(r.reason),
        }
    }
}

impl LobbyError {
    /// The code of the lobby socket's `error` message.
    pub fn code(&self) -> &'static str {
        match self {
            LobbyError::BadRequest(_) => "bad_request",
            LobbyError::TooLarge(_) => "too_large",
            LobbyError::NotFound(_) => "not_found",
            LobbyError::OwnSeek => "own_seek",
            LobbyError::TooManySeeks(_) => "too_many_seeks",
            LobbyError::Playban(_) => "playban",
            LobbyError::Limited { .. } => "rate_limited",
            LobbyError::Playing(_) => "playing",
            LobbyError::OtherPlaying(_) => "conflict",
            LobbyError::Revoked => "unauthorized",
            LobbyError::Forbidden(_) => "forbidden",
            LobbyError::Blocked => "blocked",
            LobbyError::EngineMarked(_) => "engine_marked",
            LobbyError::NameForbidden(_) => "name_forbidden",
            LobbyError::Conflict(_) => "conflict",
            LobbyError::Busy => "busy",
            LobbyError::Unavailable(_) | LobbyError::ShuttingDown => "unavailable",
        }
    }

    /// Seconds until the refused thing may be asked again, when the refusal says.
    pub fn retry_after(&self) -> Option<u64> {
        match self {
            LobbyError::Playban(Banned { retry_after, .. }) | LobbyError::Limited { retry_after, .. } => {
                Some(*retry_after)
            }
            _ => None,
        }
    }

    /// A refusal said by another node (its [`LobbyError::code`] and words), in this node's type.
    pub fn from_wire(code: &str, message: String) -> LobbyError {
        match code {
            "not_found" => LobbyError::NotFound(message),
            "own_seek" => LobbyError::OwnSeek,
            "forbidden" => LobbyError::Forbidden(message),
            "blocked" => LobbyError::Blocked,
            "engine_marked" => LobbyError::EngineMarked(message),
            "name_forbidden" => LobbyError::NameForbidden(message),
            "conflict" | "playing" => LobbyError::Conflict(message),
            "unauthorized" => LobbyError::Revoked,
            "bad_request" => LobbyError::BadRequest(message),
            "busy" => LobbyError::Busy,
            _ => LobbyError::Unavailable(message),
        }
    }

    pub fn to_msg(&self) -> LobbyServerMsg {
        LobbyServerMsg::Error {
            code: self.code().to_string(),
            message: self.to_string(),
            retry_after: self.retry_after(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_room_refusing_a_paired_seat_is_said_in_the_lobby_s_own_codes() {
        let seat = Refusal::new(ErrorCode::WrongSeat, "a rated game needs an account");
        assert_eq!(LobbyError::from(seat).code(), "forbidden");
        let away = Refusal::new(ErrorCode::Unavailable, "the server is shutting down");
        assert_eq!(LobbyError::from(away).code(), "unavailable");
        let taken = Refusal::new(ErrorCode::WrongPhase, "both seats are taken");
        assert_eq!(LobbyError::from(taken).code(), "conflict");
        assert_eq!(LobbyError::from(AskError::Gone).code(), "unavailable");
    }

    #[test]
    fn every_refusal_carries_its_reason_and_retry() {
        let limited = LobbyError::Limited { message: "too many games".into(), retry_after: 7 };
        match limited.to_msg() {
            LobbyServerMsg::Error { code, message, retry_after } => {
                assert_eq!((code.as_str(), retry_after), ("rate_limited", Some(7)));
                assert!(message.contains("too many games"), "{message}");
            }
            other => panic!("not an error: {other:?}"),
        }
        assert_eq!(LobbyError::BadRequest("options: holes".into()).code(), "bad_request");
    }
}
