//! How a game ended: the winner (or a draw) and the reason.

use crate::side::Side;
use std::fmt;

/// Why the rules ended a game. The ids (`as_str`) appear in position text, the CLI and the API. Endings
/// that are not the rules' (resignation, timeout, abandonment, abort) belong to the server, not here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EndReason {
    /// The player to move had no legal decision (Ikibuguzo §3.1.1 step 7a, Kubuguza D4, Azigo D5: empty
    /// row and empty store).
    NoLegalMove,
    /// A player's last counters were captured (ends the game at once, D8).
    AllCaptured,
    /// Ikibuguzo: captures from both of the opponent's inner end holes in one turn (§3.1.1 step 7c).
    SpecialWin,
    /// A turn repeated a state between two of its laps (D7), or hit the hard lap cap.
    EndlessSowing,
    /// The turn limit option was reached (Njombwa: draw; Azigo: by score).
    TurnLimit,
    /// Njombwa: both players passed in a row (D6, ambiguity 18).
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
