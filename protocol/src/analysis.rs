//! The engine analysis API (`POST /api/analysis`): what a client asks (a position it knows whole, or a
//! finished game at a ply) and what the engine answers (the value of every legal decision, the best line).

use crate::http::OptionsPatch;
use serde::{Deserialize, Serialize};

/// The most nodes an analysis may be given: about a second of the server's search.
pub const MAX_ANALYSIS_NODES: u64 = 1_000_000;
/// The nodes of an analysis that does not say.
pub const DEFAULT_ANALYSIS_NODES: u64 = 200_000;

/// The body of `POST /api/analysis`: either `variant` (with `options` and `position`, the variant's start
/// when absent) or `game` with `ply` (a finished game's position after that many plies), not both.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct AnalysisRequest {
    /// A rule set id.
    #[serde(default)]
    pub variant: Option<String>,
    /// Options on top of the rule set's defaults (with `variant`).
    #[serde(default)]
    pub options: Option<OptionsPatch>,
    /// A position text (docs/rules.md#d11-position-text), with `variant`.
    #[serde(default)]
    pub position: Option<String>,
    /// A finished game's id.
    #[serde(default)]
    pub game: Option<String>,
    /// With `game`: the position after this many plies (0: the start).
    #[serde(default)]
    pub ply: Option<u32>,
    /// The search's budget in nodes (decisions applied), 2 000 to 1 000 000; 200 000 when absent.
    #[serde(default)]
    pub nodes: Option<u64>,
}

/// What a position or a decision is worth to the side that decides: counters ahead by the evaluation, or a
/// result the search proved.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum AnalysisValue {
    /// Counters ahead (negative: behind), material and the other features of the evaluation weighed in
    /// counters.
    Counters(f64),
    /// A win proved, this many decisions from the position (both sides' decisions, the first included).
    WinIn(u32),
    /// A loss proved, this many decisions from the position.
    LossIn(u32),
}

/// One legal decision and its value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ScoredDecision {
    /// In notation (`e2`, `b2:cw`, `store:cross`).
    pub decision: String,
    pub value: AnalysisValue,
}

/// One side's turn in a principal line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LineTurn {
    /// `south` or `north`.
    pub side: String,
    pub decisions: Vec<LineStep>,
}

/// A decision of a principal line and what it is in its turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LineStep {
    pub decision: String,
    /// `turn`: it begins the side's turn; `relay`: it goes on from where the last lap ended (a relay);
    /// `capture`: it sows captured counters on; `other`: anything else inside a turn (a store entry, a
    /// choice).
    pub kind: String,
}

/// The answer of `POST /api/analysis`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Analysis {
    pub variant: String,
    /// The position analysed, as text.
    pub position: String,
    /// The side that decides there: `south` or `north`.
    pub side: String,
    /// The board of the position, everything shown, with its legal decisions (the server's answer; the
    /// CLI leaves it out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<crate::BoardView>,
    /// The position's value for `side`: that of its best decision.
    pub value: AnalysisValue,
    /// The principal line in notation: the best decision, the best answer, and on, as far as the search
    /// knows it.
    pub best: Vec<String>,
    /// The same line as the players' turns: each side's decisions in a row, each said what it is (the
    /// engine's reading, so a page groups and names them without knowing the rules).
    #[serde(default)]
    pub best_turns: Vec<LineTurn>,
    /// Every legal decision of `side` with its value, best first.
    pub decisions: Vec<ScoredDecision>,
    /// Turns deep of the search's deepest complete iteration.
    pub depth: u32,
    /// Nodes the search used.
    pub nodes: u64,
}
