//! The post-game review (`GET /api/games/{id}/review`): for every decision of a finished game, its value
//! before and after for the side that made it, the best decision, the counters lost and a mark; each
//! side's accuracy; and the game's value for South along the game, for a graph.

use crate::analysis::AnalysisValue;
use serde::{Deserialize, Serialize};

/// The nodes of the analysis of each decision of a review: a tenth of a second or so of the server's
/// search, so a game of a hundred decisions is reviewed in about ten seconds of one core.
pub const REVIEW_NODES: u64 = 100_000;

/// How bad a decision was, by the counters it lost against the best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ReviewMark {
    Inaccuracy,
    Mistake,
    Blunder,
}

/// The losses (counters) from which a decision is marked, and what a proven result counts as.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReviewThresholds {
    pub inaccuracy: f64,
    pub mistake: f64,
    pub blunder: f64,
    /// A proven win counts as this many counters (a proven loss as its negative); the graph's values stay
    /// within it.
    pub proven: f64,
}

/// One decision of the record in the review.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReviewedDecision {
    /// 1-based number of the decision in the record.
    pub ply: u32,
    /// `south` or `north`.
    pub side: String,
    /// The decision played, in notation.
    pub decision: String,
    /// What the engine says of it; `null` for a secret choice of an opening array (not judged).
    pub judged: Option<Judgement>,
}

/// The engine's judgement of one decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Judgement {
    /// The position's value for the mover before the decision (its best decision's).
    pub before: AnalysisValue,
    /// The played decision's value for the mover.
    pub after: AnalysisValue,
    /// The best decision, in notation.
    pub best: String,
    /// Counters lost against the best decision (0 or more; proven results count as `thresholds.proven`).
    pub loss: f64,
    /// `null`: no mark (the loss is under `thresholds.inaccuracy`, or there was no choice).
    pub mark: Option<ReviewMark>,
    /// The decision's accuracy in percent; `null` when it was the only legal decision.
    pub accuracy: Option<f64>,
    /// Legal decisions the mover had.
    pub choices: u32,
}

/// Each side's accuracy in percent (`null`: the side never had a choice).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SideAccuracy {
    pub south: Option<f64>,
    pub north: Option<f64>,
}

/// The answer of `GET /api/games/{id}/review` once the review is ready.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GameReview {
    pub game_id: String,
    pub variant: String,
    /// The nodes of each decision's analysis.
    pub nodes: u64,
    pub thresholds: ReviewThresholds,
    /// Every decision of the record, in order.
    pub decisions: Vec<ReviewedDecision>,
    pub accuracy: SideAccuracy,
    /// The game's value for South in counters after each ply, from the start (index 0) to the end (index:
    /// the number of decisions); `null` where it is not known (during the secret choice of arrays).
    pub graph: Vec<Option<f64>>,
}

/// The answer of `GET /api/games/{id}/review` (202) while the review is being computed: ask again after
/// the `Retry-After` header's seconds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReviewPending {
    pub game_id: String,
    /// Decisions judged so far.
    pub done: u32,
    /// Decisions to judge.
    pub of: u32,
}
