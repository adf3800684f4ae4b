//! The bodies of the puzzles' API (`/api/puzzles/…`, docs/puzzles.md): a puzzle as served (never its
//! solution until the line is over), an attempt and its judgement, votes, the daily puzzle, an
//! account's history. A puzzle's full JSON (with its solution) is the `mancala-puzzles` crate's, as the
//! export carries it.

use mancala_engine::Options;
use serde::{Deserialize, Serialize};

/// What the solver must achieve, as the puzzle's JSON says it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PuzzleGoal {
    /// `win`, `capture` (the four-row games), `score` (Azigo), `hold` (a defence: lose nothing over the
    /// line, the opponent's reply included, where every other decision loses counters or the game) or
    /// `save` (a defence that loses counters to the reply, `counters` fewer than the next best decision).
    pub kind: String,
    /// `capture`: at least this many counters captured more than the opponent over the line; `score`:
    /// at least this many more counters of the solver's own (store and row, Azigo's score) at the line's
    /// end than at its start; `save`: the counters kept over the next best decision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counters: Option<u32>,
    /// The goal in words: "South to play and win", "North to play and capture 9", "South to play and
    /// gain 6 counters", "North to play and lose nothing".
    pub text: String,
}

/// A puzzle as served: where it starts and what to achieve, without its solution.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PuzzleView {
    /// 16 hex digits (a hash of the variant, options and position).
    pub id: String,
    /// `kubuguza`, `ikibuguzo`, `njombwa` or `azigo` (Ikibuguzo's rule sets are one game).
    pub game: String,
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub variant: String,
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub options: Options,
    /// Position text (docs/rules.md, "Position text"), the solver to move.
    pub position: String,
    /// The side to move, who solves: `south` or `north`.
    pub solver: String,
    pub goal: PuzzleGoal,
    /// Theme names (`relay_capture`, `endgame`, …).
    pub themes: Vec<String>,
    /// The puzzle's rating now, rounded.
    pub rating: i32,
    /// Attempts recorded.
    pub plays: u32,
    /// How many decisions the solver must find (the opponent's replies and forced decisions are played
    /// for them).
    pub choices: u32,
    /// The board of the position, everything shown, with the solver's legal decisions: what a browser
    /// draws and offers (the server's answer; a client that reads the position text may leave it out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<crate::BoardView>,
}

/// `POST /api/puzzles/{id}/attempt`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct AttemptRequest {
    /// The solver's decisions so far, in notation, in order (only the solver's choices: not the
    /// opponent's replies nor the forced decisions the answers played).
    pub decisions: Vec<String>,
    /// This attempt is part of the account's streak run (docs/puzzles.md, "Streak").
    #[serde(default)]
    pub streak: bool,
}

/// How an attempt stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum AttemptResult {
    /// The line is complete: solved.
    Right,
    /// A decision is not the solution's: failed.
    Wrong,
    /// Right so far: play `reply`, then the next decision.
    Continue,
}

/// One decision of a line, with who makes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LineDecision {
    /// `south` or `north`.
    pub side: String,
    /// In notation.
    pub decision: String,
}

/// A decision as good as the solution's at one of the solver's choices: an attempt that plays it is right.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LineAlternative {
    /// The index in `solution` of the decision it may replace.
    pub at: u32,
    /// `south` or `north`.
    pub side: String,
    /// In notation.
    pub decision: String,
}

/// An account's puzzle rating before and after a recorded attempt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PuzzleRatingChange {
    pub before: i32,
    pub after: i32,
    /// The rating is still uncertain (few attempts).
    pub provisional: bool,
}

/// An account's streak after an attempt of its run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StreakState {
    /// Puzzles solved in a row in the run (0: the run just ended).
    pub run: u32,
    /// The account's best run.
    pub best: u32,
}

/// The judgement of an attempt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AttemptAnswer {
    pub result: AttemptResult,
    /// The decisions to play after the solver's last one (the opponent's replies, and the solver's forced
    /// decisions, which are not asked), up to the solver's next choice or the end of the line.
    pub reply: Vec<LineDecision>,
    /// `wrong`: which of the given decisions was wrong (0-based) and the one expected there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wrong_index: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected: Option<String>,
    /// `right` and `wrong`: the whole solution, in play order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<Vec<LineDecision>>,
    /// `right` and `wrong`: the other right answers, each at its place in `solution` (two wins, or
    /// decisions within the puzzle's margin); empty for a puzzle of one answer.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alternatives: Vec<LineAlternative>,
    /// `right`: the solver's last decision was one of `alternatives`, off the solution's line: the
    /// puzzle is solved there.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub by_alternative: bool,
    /// `true` when this attempt was recorded for the account (its first finished attempt of the
    /// puzzle); a guest's never is.
    pub recorded: bool,
    /// The account's puzzle rating change, when recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<PuzzleRatingChange>,
    /// The puzzle's rating now.
    pub puzzle_rating: i32,
    /// With `streak`: the account's run and best after this attempt.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub streak: Option<StreakState>,
    /// `continue`: the board at the solver's next choice (after `reply`), everything shown, with the
    /// solver's legal decisions: what a browser offers next.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<crate::BoardView>,
}

/// `POST /api/puzzles/{id}/vote`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct VoteRequest {
    /// `true`: a good puzzle; `false`: wrong or dull.
    pub up: bool,
}

/// The puzzle's votes after a vote.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VoteAnswer {
    pub up: u32,
    pub down: u32,
    /// The votes retired it: it is served no more.
    pub retired: bool,
}

/// `GET /api/puzzles/daily`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DailyPuzzle {
    /// The UTC day, `YYYY-MM-DD`.
    pub date: String,
    pub puzzle: PuzzleView,
}

/// An account's puzzle rating.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PuzzleRatingInfo {
    pub rating: i32,
    pub deviation: i32,
    pub provisional: bool,
    /// Attempts recorded.
    pub attempts: u32,
}

/// One recorded attempt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AttemptEntry {
    pub puzzle: String,
    pub game: String,
    pub themes: Vec<String>,
    pub won: bool,
    /// Unix ms.
    pub at: u64,
    pub rating_before: i32,
    pub rating_after: i32,
}

/// An account's results in one theme.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ThemeResult {
    pub theme: String,
    pub attempts: u32,
    pub won: u32,
}

/// `GET /api/puzzles/history`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PuzzleHistory {
    /// `null` before the first recorded attempt (the rating is then 1500).
    pub rating: Option<PuzzleRatingInfo>,
    pub streak_best: u32,
    /// The newest attempts first.
    pub recent: Vec<AttemptEntry>,
    /// Every attempt counted by theme, themes by name.
    pub themes: Vec<ThemeResult>,
}
