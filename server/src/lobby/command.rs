//! What the lobby task is asked ([`Command`]), who takes a seek ([`Taker`]), and why the task closes a
//! connection ([`Kick`]).

use super::error::LobbyError;
use super::lists::GameLists;
use super::person::Person;
use super::seek::{GameSpec, Shown};
use crate::ids::ClientAddr;
use crate::ids::ConnId;
use crate::ids::Credential;
use crate::ids::{ChallengeId, GameId, PlayerName, SeekId};
use mancala_protocol::http::SeatGranted;
use mancala_protocol::lobby::{self, LobbyServerMsg};
use tokio::sync::{mpsc, oneshot};

/// Who takes a seek or answers a challenge: a lobby connection (answered on it) or an HTTP request.
#[derive(Debug)]
pub enum Taker {
    Conn(ConnId),
    Http { person: Person, reply: oneshot::Sender<Result<SeatGranted, LobbyError>> },
}

/// A lobby connection as it joins: who, from where, with which credential, and its queues.
#[derive(Debug)]
pub struct Joining {
    pub person: Person,
    /// It gets the live seek list (a socket), or only its own messages (a seek stream).
    pub feed: bool,
    pub addr: ClientAddr,
    /// The session or token it was opened with (an account's), which revoking closes it.
    pub credential: Option<Credential>,
    pub tx: mpsc::Sender<LobbyServerMsg>,
    /// Told why, when the lobby closes the connection.
    pub kick: oneshot::Sender<Kick>,
}

/// The first message of a lobby socket: the newest seeks shown, and how many are open.
pub type Listed = (Vec<lobby::Seek>, usize);

/// What a joining connection is given: its id, the seeks, and the live game lists when the lobby has a
/// reading of them (a socket only; else `games` comes with the first reading, about a second later).
#[derive(Debug)]
pub struct Joined {
    pub conn: ConnId,
    pub seeks: Listed,
    pub games: Option<GameLists>,
}

#[derive(Debug)]
pub enum Command {
    /// A lobby socket or an HTTP seek stream opens; answered with its connection id and the lists.
    Join {
        joining: Joining,
        reply: oneshot::Sender<Joined>,
    },
    /// The connection closed: its seeks go.
    Leave {
        conn: ConnId,
    },
    Seek {
        conn: ConnId,
        spec: GameSpec,
        range: Option<[i32; 2]>,
        rating: Option<Shown>,
    },
    Cancel {
        conn: ConnId,
        id: SeekId,
    },
    Accept {
        taker: Taker,
        id: SeekId,
        rating: i32,
    },
    Quick {
        conn: ConnId,
        spec: GameSpec,
        rating: Option<Shown>,
    },
    /// The seek list as shown (`GET /api/lobby/seeks`).
    List {
        reply: oneshot::Sender<Listed>,
    },
    /// One open seek, shown or not.
    Find {
        id: SeekId,
        reply: oneshot::Sender<Option<lobby::Seek>>,
    },
    Challenge {
        from: Person,
        to: PlayerName,
        spec: GameSpec,
        reply: oneshot::Sender<Result<lobby::Challenge, LobbyError>>,
    },
    Challenges {
        person: Person,
        reply: oneshot::Sender<lobby::ChallengeList>,
    },
    /// The challenged accepts (`accept`) or declines; the challenger may withdraw (decline its own).
    Answer {
        by: Person,
        id: ChallengeId,
        accept: bool,
        reply: oneshot::Sender<Result<Option<SeatGranted>, LobbyError>>,
    },
    /// These credentials are revoked: the connections opened with them are closed.
    Revoke {
        credentials: Vec<Credential>,
    },
    /// Account `key`'s standing changed (closed, or marked as computer assisted): its seeks and challenges
    /// go, only the rated ones if `rated_only` (`crate::cluster::standing`).
    Withdraw {
        key: super::person::PersonKey,
        rated_only: bool,
    },
    /// A new reading of the live game lists ([`super::lists::watch`]).
    Games {
        lists: GameLists,
    },
    /// What another node of a cluster said (`crate::cluster::lobby`).
    Remote(super::pool::Remote),
    /// The games were looked up in the database: those `finished` free their players (a pairing that
    /// failed frees them the same way); then `then`, the command that asked, runs again.
    Checked {
        finished: Vec<GameId>,
        then: Option<Box<Command>>,
    },
}

/// Why the lobby closes a connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kick {
    /// Its queue was full: it does not read the lobby's messages.
    TooSlow,
    /// The session or token it was opened with was revoked.
    Revoked,
}

impl Kick {
    /// The close code and reason of a lobby socket.
    pub fn close(self) -> (u16, &'static str) {
        match self {
            Kick::TooSlow => (1008, "too slow: the lobby's messages were not read"),
            Kick::Revoked => (REVOKED_CLOSE, "signed out: this connection's session or token was revoked"),
        }
    }

    /// The message said before closing, if any.
    pub fn error(self) -> Option<LobbyError> {
        match self {
            Kick::TooSlow => None,
            Kick::Revoked => Some(LobbyError::Revoked),
        }
    }
}

/// The close code of a lobby socket whose credential was revoked (a private-use code, RFC 6455 §7.4.2).
pub const REVOKED_CLOSE: u16 = 4001;
