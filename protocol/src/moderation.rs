//! The HTTP bodies of moderation (docs/moderation.md): a player's report (`POST /api/reports`), the
//! warnings a player acknowledges, and the moderators' own routes (`/api/mod/…`). Request bodies refuse
//! unknown fields, like every request body of the API.

use serde::{Deserialize, Serialize};

/// Why a player is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ReportReason {
    /// Plays with a computer's help.
    Cheat,
    /// Insults, harassment in the chat.
    Insult,
    /// Leaves games or lets the clock run instead of playing.
    Leave,
    /// Loses on purpose to raise another's rating, or its own rating down.
    Boost,
    /// An offensive name.
    Name,
    Other,
}

impl ReportReason {
    pub const ALL: [ReportReason; 6] = [
        ReportReason::Cheat,
        ReportReason::Insult,
        ReportReason::Leave,
        ReportReason::Boost,
        ReportReason::Name,
        ReportReason::Other,
    ];

    /// The wire name.
    pub fn id(self) -> &'static str {
        match self {
            ReportReason::Cheat => "cheat",
            ReportReason::Insult => "insult",
            ReportReason::Leave => "leave",
            ReportReason::Boost => "boost",
            ReportReason::Name => "name",
            ReportReason::Other => "other",
        }
    }

    pub fn from_id(id: &str) -> Option<ReportReason> {
        ReportReason::ALL.into_iter().find(|r| r.id() == id)
    }
}

/// `POST /api/reports`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct ReportRequest {
    /// The reported account (any case).
    pub player: String,
    /// `cheat`, `insult`, `leave`, `boost`, `name` or `other`.
    pub reason: String,
    /// What happened, 1 to 500 characters.
    pub text: String,
    /// The game it happened in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The chat line of `game` (its `n`) the report is about.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
}

/// The answer to a report: thanks, and nothing of what will be done.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReportFiled {
    pub message: String,
}

/// A moderator's warning, shown to the player until it acknowledges it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Warning {
    pub id: String,
    pub text: String,
    /// Unix ms.
    pub at: u64,
}

/// A chat line as a moderator reads it, numbered within its game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ModChatLine {
    pub n: u64,
    /// `players` or `spectators`.
    pub room: String,
    pub by: String,
    pub text: String,
    pub at: u64,
    /// The line the report points at.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reported: bool,
    /// Said under a shadow mute: nobody but its author read it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shadow: bool,
}

/// One reporter's word on a report, with the chat around the line it points at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ModReportEntry {
    pub reporter: String,
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// The reported line and up to 5 lines on each side of it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chat: Vec<ModChatLine>,
    pub at: u64,
}

/// One side's fair-play figures in a rated game, from the server's own review of it (docs/moderation.md,
/// "Fair play").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ModFairPlay {
    pub game: String,
    pub variant: String,
    /// The player's decisions that had a choice (more than one legal decision).
    pub decisions: u32,
    /// Of those, the share (percent) that level 8 would have chosen too; absent without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agreement: Option<f64>,
    /// The player's accuracy in the game (percent); absent when it never had a choice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accuracy: Option<f64>,
    /// The player's rating and its deviation before the game, rounded.
    pub rating: i32,
    pub deviation: i32,
    /// Unix ms the game ended.
    pub at: u64,
}

/// A player's recent record, as a moderator weighs a report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ModRecord {
    /// The newest finished or ongoing games (at most 20).
    pub recent_games: Vec<crate::http::GameSummary>,
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    /// Games it aborted in the last 30 days.
    pub aborts: u64,
    /// Of its recent games, those it lost on time.
    pub timeouts: u64,
    /// Its newest rated games' fair-play figures (at most 20, every variant), newest first.
    #[serde(default)]
    pub fair_play: Vec<ModFairPlay>,
}

/// A report in the moderators' queue.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ModReport {
    pub id: String,
    pub player: String,
    pub reason: String,
    pub open: bool,
    pub created_at: u64,
    pub entries: Vec<ModReportEntry>,
    pub record: ModRecord,
}

/// `GET /api/mod/reports`: the open reports, oldest first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ModQueue {
    pub reports: Vec<ModReport>,
}

/// A moderator's action on a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ModAction {
    /// Closes the report named by `report` (needed, and about this player) without acting on the player.
    Dismiss,
    /// The player sees the reason on its next page and must acknowledge it.
    Warn,
    /// Its chat lines are refused for `minutes` (15, 60 or 1440).
    ChatTimeout,
    /// Its chat lines reach only itself.
    ShadowMute,
    /// Ends a chat timeout and a shadow mute.
    Unmute,
    /// Sign-in refused, every session and token revoked, ongoing games resigned.
    Close,
    Reopen,
    /// A note only moderators read.
    Note,
    /// Marks the account as computer assisted: shown on its profile, out of leaderboards and tournaments,
    /// no rated games, its opponents' points lost to it in the last 30 days given back.
    Mark,
    /// Takes the mark off (the points given back stay given).
    Unmark,
}

impl ModAction {
    /// The wire name (also the log's `action`).
    pub fn id(self) -> &'static str {
        match self {
            ModAction::Dismiss => "dismiss",
            ModAction::Warn => "warn",
            ModAction::ChatTimeout => "chat_timeout",
            ModAction::ShadowMute => "shadow_mute",
            ModAction::Unmute => "unmute",
            ModAction::Close => "close",
            ModAction::Reopen => "reopen",
            ModAction::Note => "note",
            ModAction::Mark => "mark",
            ModAction::Unmark => "unmark",
        }
    }
}

/// `POST /api/mod/players/{name}/actions`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct ModActionRequest {
    pub action: ModAction,
    /// Why (1 to 500 characters): written to the log; a warning's words to the player; a note's text.
    pub reason: String,
    /// A chat timeout's length: 15, 60 or 1440.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minutes: Option<u32>,
    /// The report this action answers: it is closed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub report: Option<String>,
}

/// `POST /api/mod/reports/{id}/dismiss`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct DismissRequest {
    /// Why (1 to 500 characters), for the log.
    pub reason: String,
}

/// A line of the moderation log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ModLogLine {
    pub at: u64,
    pub moderator: String,
    /// `dismiss`, `warn`, `chat_timeout`, `shadow_mute`, `unmute`, `close`, `reopen`, `note`, `mark`,
    /// `unmark`, `refund` (points given back to a marked account's opponent, who is the target).
    pub action: String,
    /// The player, or for `dismiss` the report's id.
    pub target: String,
    pub details: String,
}

/// A moderator's note on a player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ModNote {
    pub author: String,
    pub text: String,
    pub at: u64,
}

/// `GET /api/mod/players/{name}`: what moderation holds on a player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ModPlayer {
    pub name: String,
    pub moderator: bool,
    /// Unix ms it was closed; absent when open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closed_at: Option<u64>,
    /// Unix ms until which its chat lines are refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat_until: Option<u64>,
    pub shadow_muted: bool,
    /// Unix ms it was marked as computer assisted; absent when not marked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine_marked_at: Option<u64>,
    pub notes: Vec<ModNote>,
    /// Warnings it has not acknowledged yet.
    pub warnings: Vec<Warning>,
    pub record: ModRecord,
    /// The log's lines on this player, newest first.
    pub log: Vec<ModLogLine>,
}
