//! HTTP bodies (JSON): variants, creating and joining games, players, and the history API.
//! Paths are listed in `docs/protocol.md` and in the server's OpenAPI document (`/api/openapi.json`).

use mancala_engine::{Options, RULES_VERSION, Side, Variant};
use serde::{Deserialize, Serialize};

use crate::view::{BoardView, ClockSpec, ClockState, OutcomeInfo};

/// `GET /api/variants`: one entry per rule set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VariantInfo {
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub id: Variant,
    pub name: String,
    /// One paragraph: the board, the start, how a move sows and captures, how the game ends.
    pub summary: String,
    /// The options a game gets when none are given.
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub default_options: Options,
    /// Which options apply and their allowed values, in words.
    pub option_notes: Vec<String>,
    /// Both players decide at once, unseen (Ikibuguzo's array choice).
    pub simultaneous_choice: bool,
    /// A store whose count is hidden from the opponent (Azigo).
    pub concealed_store: bool,
    /// The computer's levels in this variant, weakest first, each with its strength.
    #[serde(default)]
    pub computer: Vec<ComputerLevel>,
}

/// One level of the computer opponent in a variant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ComputerLevel {
    /// 1 (random moves) to 8 (about a second of search a decision).
    pub level: u8,
    /// The `opponent` of `POST /api/games` (and of a challenge) that seats it: `bot:random`, `bot:easy`,
    /// `bot:medium`, `bot:hard` for levels 1 to 4, `bot:5` … `bot:8` above.
    pub opponent: String,
    /// Its Elo in the arena of the levels against each other, level 1 at 600 (BENCHMARKS.md): how strong
    /// it is relative to the other levels, not a rating from games against people; never below a weaker
    /// level's (a fit that puts it a few points under one gives it that level's figure). Absent where the
    /// arena has not measured it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elo: Option<i32>,
    /// The weaker level that the arena could not tell this one apart from in this variant (the seat
    /// decided every game between them): the level's strength is that level's, and `elo` is absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub same_as: Option<u8>,
}

/// `GET /api/variants` answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VariantList {
    pub protocol: u32,
    pub variants: Vec<VariantInfo>,
}

/// Which seat the creator takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum SeatChoice {
    South,
    North,
    #[default]
    Random,
}

/// `POST /api/games`. With `Authorization: Bearer <player token>` the seat is linked to that player
/// account (and `name` defaults to the account's name).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub variant: Option<Variant>,
    /// Options for the variant; missing fields take the variant's defaults.
    #[serde(default)]
    pub options: Option<OptionsPatch>,
    #[serde(default)]
    pub seat: SeatChoice,
    /// The creator's display name (default `anonymous`).
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub clock: Option<ClockSpec>,
    /// Let the server play forced decisions (exactly one legal decision at a turn's start). Default true.
    #[serde(default)]
    pub auto_forced: Option<bool>,
    /// Play against the computer: `bot:1` (weakest) to `bot:8` (strongest) takes the other seat at once
    /// (the game starts immediately); `bot:random`, `bot:easy`, `bot:medium`, `bot:hard` name levels 1-4.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<String>,
    /// The game counts for both players' ratings. Both seats must be player accounts (or a server bot);
    /// a guest creating or joining one is refused (403). Default false (casual).
    #[serde(default)]
    pub rated: bool,
    /// Let the players preview a move on the board before making it (`POST /api/games/{id}/preview`):
    /// a casual game between people only when its creator allows it (default false); always in a game
    /// against the computer; never in a rated game (refused with 400).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub previews: Option<bool>,
}

/// Options as a client sends them: every field optional.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct OptionsPatch {
    pub width: Option<u8>,
    /// Turns per player; `0` means no limit.
    pub turn_limit: Option<u32>,
    pub handicap: Option<HandicapPatch>,
    /// The reading of the rules (docs/rules.md#rules-versions); absent: the current one. A preview or an
    /// analysis may name an earlier one (a stored game's options sent back as they came); a new game plays
    /// the current one ([`OptionsPatch::new_game`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules_version: Option<u8>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct HandicapPatch {
    #[serde(default)]
    pub south: bool,
    #[serde(default)]
    pub north: bool,
}

impl OptionsPatch {
    /// The variant's defaults with this patch applied (not yet validated).
    pub fn apply(&self, variant: Variant) -> Options {
        let mut o = Options::defaults(variant);
        if let Some(w) = self.width {
            o.width = w;
        }
        if let Some(t) = self.turn_limit {
            o.turn_limit = (t > 0).then_some(t);
        }
        if let Some(h) = self.handicap {
            o.handicap.south = h.south;
            o.handicap.north = h.north;
        }
        if let Some(r) = self.rules_version {
            o.rules_version = r;
        }
        o
    }

    /// The options of a new game: [`OptionsPatch::apply`], refusing a rules version other than the current
    /// one (an earlier reading is only for replaying and looking at games played under it).
    pub fn new_game(&self, variant: Variant) -> Result<Options, String> {
        match self.rules_version {
            Some(v) if v != RULES_VERSION => Err(format!(
                "option `rules_version`: a new game plays the current reading of the rules, {RULES_VERSION} (got {v})"
            )),
            _ => Ok(self.apply(variant)),
        }
    }
}

/// A seated player as others see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerInfo {
    pub name: String,
    /// True when the seat is linked to a player account of that name.
    pub registered: bool,
}

/// Both seats.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Seats {
    pub south: Option<PlayerInfo>,
    pub north: Option<PlayerInfo>,
}

/// A game's state in the lobby and in the history: `waiting` (a seat is open), `ongoing`, `finished`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    Waiting,
    Ongoing,
    Finished,
}

impl GameStatus {
    pub const fn as_str(self) -> &'static str {
        match self {
            GameStatus::Waiting => "waiting",
            GameStatus::Ongoing => "ongoing",
            GameStatus::Finished => "finished",
        }
    }

    pub fn parse(s: &str) -> Option<GameStatus> {
        [GameStatus::Waiting, GameStatus::Ongoing, GameStatus::Finished].into_iter().find(|g| g.as_str() == s)
    }
}

/// A game in lists and in messages: who plays, which rules, how it stands. Never holds a secret.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GameSummary {
    pub id: String,
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub variant: Variant,
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub options: Options,
    pub status: GameStatus,
    pub players: Seats,
    pub clock: Option<ClockSpec>,
    pub auto_forced: bool,
    /// The game counts for the players' ratings.
    #[serde(default)]
    pub rated: bool,
    /// The players may preview a move before making it (`POST /api/games/{id}/preview`); absent: false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub previews: bool,
    /// The number of decisions in the record.
    pub plies: u32,
    /// Present in a tournament game whose arena allows berserk (the players may halve their clock for an
    /// extra point): who has berserked so far. Absent: no berserk in this game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub berserk: Option<Berserked>,
    pub result: Option<OutcomeInfo>,
    /// Unix milliseconds.
    pub created_at: u64,
    pub updated_at: u64,
    /// Invite code for the open seat (present while the game is waiting).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite_code: Option<String>,
}

/// Which players of a game that allows berserk have berserked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Berserked {
    pub south: bool,
    pub north: bool,
}

/// `POST /api/games` answer. `token` is shown once: it is the only proof of the seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SeatGranted {
    pub game: GameSummary,
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub seat: Side,
    pub token: String,
    /// Path of the WebSocket endpoint (add `?token=…`).
    pub ws_path: String,
    /// Share this to invite the opponent (`POST /api/invites/{code}/join`, or `mancala play --join CODE`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite_code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite_path: Option<String>,
}

/// `POST /api/games/{id}/join` and `POST /api/invites/{code}/join`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct JoinGame {
    #[serde(default)]
    pub name: Option<String>,
}

/// `POST /api/players`: register a name. The answer's token is shown once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct CreatePlayer {
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerCreated {
    pub name: String,
    /// Send as `Authorization: Bearer …` when creating or joining games to link them to this player.
    pub token: String,
    pub created_at: u64,
}

/// `GET /api/players/{name}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerProfile {
    pub name: String,
    pub created_at: u64,
    pub games: u64,
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    pub ongoing: u64,
    /// The player's rating per variant id, for the variants they played rated games of.
    #[serde(default)]
    pub ratings: std::collections::BTreeMap<String, PlayerRating>,
    /// A moderator marked the account as computer assisted (docs/moderation.md); absent when not.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub computer_assisted: bool,
}

/// A player's rating in one variant, rounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerRating {
    pub rating: i32,
    pub deviation: i32,
    /// Deviation above 110: not on the leaderboard yet.
    pub provisional: bool,
    /// Rated games counted.
    pub games: u32,
}

/// `GET /api/players/{name}/ratings/{variant}`: one point of the rating chart (after a rated game).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RatingPoint {
    /// Unix milliseconds of the game's end.
    pub at: u64,
    /// The rating after the game, rounded.
    pub rating: i32,
    pub game_id: String,
}

/// `GET /api/leaderboard/{variant}`: one NDJSON line, best first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LeaderboardEntry {
    pub name: String,
    pub rating: i32,
    pub deviation: i32,
    pub games: u32,
}

/// `GET /api/games` answer: newest first; pass `next_cursor` as `cursor` for the next page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GameList {
    pub games: Vec<GameSummary>,
    pub next_cursor: Option<String>,
}

/// One decision of the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RecordEntry {
    pub ply: u32,
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub side: Side,
    /// `null` while it is secret (an Ikibuguzo array choice before both are in).
    pub decision: Option<String>,
    pub auto: bool,
    /// Unix milliseconds when it was accepted.
    pub at: u64,
    /// The mover's remaining time after it, with a clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_ms: Option<u64>,
}

/// `GET /api/games/{id}`: the game with its record and clocks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GameDetail {
    pub game: GameSummary,
    pub clock: Option<ClockState>,
    pub record: Vec<RecordEntry>,
    /// The current board as a spectator sees it (everything, once the game is over).
    pub view: BoardView,
    /// The takebacks agreed in the game, in order (left out when none): the record is the line the game
    /// followed after them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub takebacks: Vec<TakebackEntry>,
}

/// Decisions taken back by agreement in a casual game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TakebackEntry {
    /// Who asked for it.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub by: Side,
    /// The game went back to the position after this ply (0: the start).
    pub ply: u32,
    /// The decisions taken back, in notation, in order (the first was ply `ply + 1`).
    pub undone: Vec<String>,
    /// Unix milliseconds when it was agreed.
    pub at: u64,
}

/// `GET /api/games/{id}/position?ply=N`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PositionAt {
    pub game_id: String,
    pub ply: u32,
    pub view: BoardView,
}

/// Every HTTP error body: a stable `error` code and a sentence saying what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ErrorBody {
    pub error: String,
    pub message: String,
}
