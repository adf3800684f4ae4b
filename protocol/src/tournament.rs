//! Tournaments (arena and Swiss): the bodies of `/api/tournaments…` and the messages of the tournament
//! WebSocket `GET /api/tournaments/{id}/ws`. `docs/protocol.md` describes each with an example;
//! `docs/tournaments.md` gives the rules (pairing, scoring, tie-breaks).

use mancala_engine::Variant;
use serde::{Deserialize, Serialize};

use crate::http::SeatGranted;
use crate::view::ClockSpec;

/// Arena (pair as soon as free, for a duration) or Swiss (a fixed number of rounds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum TournamentKind {
    Arena,
    Swiss,
}

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum TournamentStatus {
    /// Not started: players may join.
    Upcoming,
    /// Running: an arena pairs players as they come free; a Swiss plays its rounds.
    Running,
    /// Over: its standings are final.
    Finished,
}

/// `POST /api/tournaments` (signed in): a new tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct CreateTournament {
    /// 2 to 48 characters.
    pub name: String,
    pub kind: TournamentKind,
    /// The variant; several make a medley arena, which rotates them at equal intervals (arena only).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub variants: Vec<Variant>,
    /// A real-time clock (no correspondence clock in a tournament).
    pub clock: ClockSpec,
    /// Unix milliseconds; absent: at once. At most 7 days ahead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starts_at: Option<u64>,
    /// Arena: its length in minutes (5 to 360).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minutes: Option<u32>,
    /// Swiss: its number of rounds (2 to 15).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    #[serde(default)]
    pub rated: bool,
    /// Accounts made for programs (token-only accounts) may join.
    #[serde(default)]
    pub bots: bool,
    /// Arena only: a player may berserk (halve their clock before their first decision) for an extra
    /// point when they win (docs/tournaments.md).
    #[serde(default)]
    pub berserk: bool,
    /// A club's tournament: joining needs this password (4 to 64 characters).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub password: Option<String>,
}

/// `POST /api/tournaments/{id}/join`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct JoinTournament {
    /// The tournament's password, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub password: Option<String>,
}

/// A tournament as the lists show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TournamentSummary {
    pub id: String,
    pub name: String,
    pub kind: TournamentKind,
    pub status: TournamentStatus,
    /// One variant, or the rotation of a medley.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub variants: Vec<Variant>,
    pub clock: ClockSpec,
    pub rated: bool,
    pub bots: bool,
    /// Arena: its games allow berserk.
    #[serde(default)]
    pub berserk: bool,
    /// Joining needs a password.
    pub private: bool,
    /// Who made it; absent for a tournament of the server's schedule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_by: Option<String>,
    /// Unix milliseconds.
    pub starts_at: u64,
    /// Arena: when it ends (unix milliseconds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_at: Option<u64>,
    /// Swiss: its number of rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    /// Swiss: the round being played (0 before the first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    pub players: u32,
}

/// `GET /api/tournaments`: upcoming (soonest first), running and recently finished (newest first), at most
/// [`TOURNAMENTS_SHOWN`] each.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TournamentList {
    pub upcoming: Vec<TournamentSummary>,
    pub running: Vec<TournamentSummary>,
    pub finished: Vec<TournamentSummary>,
}

/// At most this many tournaments in each list of [`TournamentList`].
pub const TOURNAMENTS_SHOWN: usize = 50;

/// A Swiss standing's tie-breaks (`docs/tournaments.md`): Buchholz and Buchholz cut-1 in half-points,
/// Sonneborn-Berger in quarter-points, wins in games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TieBreaks {
    pub buchholz: u32,
    pub buchholz_cut1: u32,
    pub sonneborn_berger: u32,
    pub wins: u32,
}

/// A line of the standings, best first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StandingLine {
    /// 1 for the first; an arena's equal scores share a rank.
    pub rank: u32,
    pub name: String,
    /// A program's account (token-only).
    pub bot: bool,
    /// The rating the player joined with.
    pub rating: i32,
    /// Swiss: half-points (a win 2, a draw 1). Arena: points.
    pub score: u32,
    /// Arena: the points of each finished game in order (a streak's double included), and whether the
    /// player is on a streak now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sheet: Option<Vec<u32>>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fire: bool,
    /// Swiss: the tie-breaks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tie_breaks: Option<TieBreaks>,
    /// Games played to the end.
    pub games: u32,
    /// Withdrawn (or paused in an arena): not paired until they join again.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub withdrawn: bool,
}

/// A game of a tournament; `winner` and `reason` once it is over (`winner` absent: a draw, or a game that
/// was not played).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TournamentGame {
    /// The game (`/game/{id}` to watch or replay it).
    pub id: String,
    /// Swiss: its round; arena: the wave that paired it.
    pub round: u32,
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub variant: Variant,
    pub south: String,
    pub north: String,
    pub over: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub winner: Option<mancala_engine::Side>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// A Swiss round's bye.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Bye {
    pub round: u32,
    pub name: String,
}

/// What the signed-in caller is to this tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MyPlace {
    /// Listed in the standings (joined once).
    pub joined: bool,
    /// Withdrawn or paused: not paired until they join again.
    pub withdrawn: bool,
    /// The caller's game that is not over, with its seat (shown to this account only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<Box<SeatGranted>>,
}

/// `GET /api/tournaments/{id}` and the socket's `tournament` message: the tournament, its standings and
/// its games (the newest [`GAMES_LISTED`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TournamentView {
    #[serde(flatten)]
    pub summary: TournamentSummary,
    /// Grows with every change of the tournament (a join, a pairing, a result).
    pub version: u64,
    /// A medley's variant now, and when the next one starts (unix milliseconds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub variant_now: Option<Variant>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_variant_at: Option<u64>,
    pub standings: Vec<StandingLine>,
    /// Newest first.
    pub games: Vec<TournamentGame>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub byes: Vec<Bye>,
    /// Only for a signed-in caller.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub me: Option<MyPlace>,
}

/// At most this many games are listed in a [`TournamentView`] (the newest).
pub const GAMES_LISTED: usize = 100;

/// A message of the tournament socket. The socket is read-only: it sends the tournament when it opens and
/// again at every change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TournamentServerMsg {
    Tournament {
        tournament: Box<TournamentView>,
    },
    /// The caller's credential was revoked: the socket closes.
    Error {
        code: String,
        message: String,
    },
}
