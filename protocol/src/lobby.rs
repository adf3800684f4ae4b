//! The lobby: seeks (an open offer to play), quick pairing and challenges. Messages of the lobby
//! WebSocket `GET /api/lobby/ws` ([`LobbyClientMsg`], [`LobbyServerMsg`]) and the bodies of the lobby's
//! HTTP routes (`/api/lobby/seeks…`, `/api/challenges…`). `docs/protocol.md` describes each with an example.

use mancala_engine::{Options, Variant};
use serde::{Deserialize, Serialize};

use crate::http::{GameSummary, OptionsPatch, SeatGranted};
use crate::view::ClockSpec;

/// A seek as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Seek {
    pub id: String,
    /// Who seeks (registered spelling for an account).
    pub name: String,
    /// True for an account, false for a guest.
    pub registered: bool,
    /// The seeker's rating in this variant (accounts only), rounded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provisional: Option<bool>,
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub variant: Variant,
    /// The options the game will have (the variant's defaults with the seek's patch).
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub options: Options,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSpec>,
    pub rated: bool,
    /// Accepted ratings of the opponent, both ends included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<[i32; 2]>,
    /// Unix milliseconds.
    pub created_at: u64,
}

/// What a seek asks for: the `seek` message and `POST /api/lobby/seeks`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct SeekRequest {
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub variant: Variant,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<OptionsPatch>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSpec>,
    #[serde(default)]
    pub rated: bool,
    /// Accepted opponent ratings `[min, max]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<[i32; 2]>,
    /// A guest's display name (HTTP only; an account's name comes from its token).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// `GET /api/lobby/seeks`: the newest [`SEEKS_SHOWN`] open seeks (oldest first among them) and how many
/// are open in all.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SeekList {
    pub seeks: Vec<Seek>,
    /// Every open seek, shown or not.
    pub total: usize,
}

/// At most this many seeks are listed at once (`seeks`, `GET /api/lobby/seeks`): the newest.
pub const SEEKS_SHOWN: usize = 100;

/// At most this many games are in each live list of the lobby socket (`games`): the newest.
pub const GAMES_SHOWN: usize = 20;

/// The live game lists of the lobby socket.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum GameListName {
    /// Games with an open seat (status `waiting`).
    Waiting,
    /// Games being played (status `ongoing`).
    Live,
}

/// A challenge: an offer to one named account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Challenge {
    pub id: String,
    pub from: String,
    pub to: String,
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub variant: Variant,
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub options: Options,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSpec>,
    pub rated: bool,
    pub created_at: u64,
}

/// `POST /api/challenges`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct CreateChallenge {
    pub to: String,
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub variant: Variant,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<OptionsPatch>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSpec>,
    #[serde(default)]
    pub rated: bool,
}

/// `GET /api/challenges`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChallengeList {
    pub incoming: Vec<Challenge>,
    pub outgoing: Vec<Challenge>,
}

/// A message from a lobby client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum LobbyClientMsg {
    /// Post a seek; answered `seek_created`. It lives while this socket is open.
    Seek {
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        variant: Variant,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        options: Option<OptionsPatch>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<ClockSpec>,
        #[serde(default)]
        rated: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        range: Option<[i32; 2]>,
    },
    /// Withdraw one of my seeks.
    Cancel {
        id: String,
    },
    /// Accept someone's seek: both get `paired`.
    Accept {
        id: String,
    },
    /// Pair with the nearest-rating compatible seek, or post one (answered `seek_created`).
    Quick {
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        variant: Variant,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<ClockSpec>,
        #[serde(default)]
        rated: bool,
    },
    Ping,
}

/// A message of the lobby to a client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum LobbyServerMsg {
    /// The open seeks: the first message. The newest [`SEEKS_SHOWN`] (oldest first among them); `total`
    /// counts every open seek.
    Seeks {
        seeks: Vec<Seek>,
        total: usize,
    },
    SeekAdded {
        seek: Seek,
    },
    /// A seek is gone (accepted, cancelled, or its creator left).
    SeekRemoved {
        id: String,
    },
    /// My seek is posted.
    SeekCreated {
        seek: Seek,
    },
    /// The live game lists, once, soon after `seeks`: the newest [`GAMES_SHOWN`] games waiting for an
    /// opponent and the newest being played, newest first (as `GET /api/games`). Then `game_added`,
    /// `game_changed` and `game_removed` keep them.
    Games {
        waiting: Vec<GameSummary>,
        live: Vec<GameSummary>,
    },
    /// A game entered `list` (created, or started: it enters `live`). Boxed, as `Paired`: the messages
    /// wait in queues, and the common ones are small.
    GameAdded {
        list: GameListName,
        game: Box<GameSummary>,
    },
    /// A game of `list` changed (a player joined, a move was made): its summary now.
    GameChanged {
        list: GameListName,
        game: Box<GameSummary>,
    },
    /// A game left `list`: it started (leaves `waiting`), ended or was aborted (leaves `live`), or newer
    /// games pushed it out of the newest [`GAMES_SHOWN`].
    GameRemoved {
        list: GameListName,
        id: String,
    },
    /// A game was made for me: my seat and its token (a `SeatGranted`).
    Paired(Box<SeatGranted>),
    /// Someone challenges me.
    Challenge {
        challenge: Challenge,
    },
    /// A challenge of mine was declined or withdrawn.
    ChallengeGone {
        id: String,
        reason: String,
    },
    Error {
        code: String,
        message: String,
        /// Seconds until the refused thing may be asked again (`rate_limited`, `playban`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        retry_after: Option<u64>,
    },
    Pong,
}

/// `GET /api/lobby/playban`: the caller's ban for leaving games (docs/moderation.md), if any.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlaybanStatus {
    pub banned: bool,
    /// When the ban ends (unix ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<u64>,
    /// Seconds left (the `Retry-After` a pairing would be answered with).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds_left: Option<u64>,
    /// The bad outcomes that earned the ban, by kind (`abort`, `no_start`, `leave`, `sitting`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub outcomes: Vec<OutcomeCount>,
    /// The refusal a pairing gets now, in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// How many games of one outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OutcomeCount {
    pub outcome: String,
    pub count: u32,
}

impl LobbyServerMsg {
    /// The JSON text of this message.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("lobby messages serialise")
    }
}
