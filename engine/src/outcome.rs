//! How a game ended: the winner (or a draw) and the reason.

use crate::side::Side;
use std::fmt;

/// Why the rules ended a game. The ids (`as_str`) appear in position text, the CLI and the API. Endings
/// that are not the rules' (resignation, timeout, abandonment, abort) belong to the server, not here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EndReason {
    /// The player to move had no legal decision (docs/rules.md#ikibuguzo-end, docs/rules.md#kubuguza-end;
    /// Azigo: empty row and empty store, docs/rules.md#azigo-end).
    NoLegalMove,
    /// A player's last counters were captured (ends the game at once, docs/rules.md#d8-decided-mid-turn).
    AllCaptured,
    /// Ikibuguzo: captures from both of the opponent's inner end holes in one turn
    /// (docs/rules.md#ikibuguzo-special-win).
    SpecialWin,
    /// A turn repeated a state between two of its laps, or hit the hard lap cap (docs/rules.md#d7-endless-turns).
    EndlessSowing,
    /// The turn limit option was reached (Njombwa: draw; Azigo: by score; docs/rules.md#turns-and-turn-limits).
    TurnLimit,
    /// Njombwa: both players passed in a row (docs/rules.md#njombwa-passes).
    BothPassed,
}

impl EndReason {
    pub const ALL: [EndReason; 6] = [
        EndReason::NoLegalMove,
        EndReason::AllCaptured,
        EndReason::SpecialWin,
        EndReason::EndlessSowing,
        EndReason::TurnLimit,
        EndReason::BothPassed,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::NoLegalMove => "no-legal-move",
            EndReason::AllCaptured => "all-captured",
            EndReason::SpecialWin => "special-win",
            EndReason::EndlessSowing => "endless-sowing",
            EndReason::TurnLimit => "turn-limit",
            EndReason::BothPassed => "both-passed",
        }
    }

    pub fn parse(s: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.as_str() == s)
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Side>,
    pub reason: EndReason,
}

impl Outcome {
    pub const fn win(side: Side, reason: EndReason) -> Outcome {
        Outcome { winner: Some(side), reason }
    }

    pub const fn draw(reason: EndReason) -> Outcome {
        Outcome { winner: None, reason }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(side) => write!(f, "{side} wins ({})", self.reason),
            None => write!(f, "draw ({})", self.reason),
        }
    }
}
