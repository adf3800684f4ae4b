//! One decision of a game's record, as the server keeps it: domain values (the side, the decision, the
//! steps it caused), plus the two facts about the position after it that decide what each viewer may see
//! of it. The position itself is not kept per ply: the live game holds the current one, and history
//! replays the record when it needs an earlier board.

use super::steps::PlySteps;
use super::unix_ms::UnixMs;
use mancala_engine::{Decision, Phase, Position, Side, Viewer};

/// A decision of the record and what it caused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// 1-based number of the decision in the record.
    pub n: u32,
    pub side: Side,
    pub decision: Decision,
    /// The id the client sent it with (`None` for a decision the server played).
    pub client_id: Option<String>,
    /// Played by the server because it was the only legal decision.
    pub auto: bool,
    /// When it was applied (unix ms).
    pub at_ms: UnixMs,
    /// The mover's remaining time after it (with a clock).
    pub clock_ms: Option<u64>,
    pub steps: PlySteps,
    /// An Ikibuguzo array choice made while the other side had not chosen: its array is the chooser's
    /// secret (docs/rules.md#ikibuguzo-secret-choice) until the game is over.
    pub secret: bool,
    /// The game was over after this decision.
    pub over: bool,
}

impl Ply {
    /// The facts about `after` (the position this decision led to) that the projections need.
    pub fn facts(decision: Decision, after: &Position) -> (bool, bool) {
        let secret = matches!(decision, Decision::Opening(_)) && matches!(after.phase(), Phase::Choosing(_));
        (secret, after.is_over())
    }

    /// Is this decision hidden from `viewer` in the event that applied it?
    pub fn hidden_from(&self, viewer: Viewer) -> bool {
        self.secret && !viewer.sees_secrets_of(self.side, self.over)
    }
}
