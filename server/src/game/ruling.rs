//! How a game ends by a ruling of the server rather than by the rules: resignation, timeout, a claimed win
//! over an absent opponent, a draw both players agreed, abort. The rules engine knows nothing of these (its
//! [`Outcome`] is the end the rules reach); a finished game's result is one or the other ([`GameResult`]).
//!
//! [`Outcome`]: mancala_engine::Outcome

use mancala_engine::{Outcome, Side};
use mancala_protocol::{OutcomeInfo, RatingChanges};

/// A server's ruling that ends a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ruling {
    /// `loser` resigned.
    Resignation { loser: Side },
    /// `loser`'s time ran out.
    Timeout { loser: Side },
    /// `loser` left and the opponent claimed the win after the grace period.
    Abandonment { loser: Side },
    /// Both players agreed to a draw (one offered, the other accepted).
    Agreement,
    /// Aborted before both players made a decision of their own: no result.
    Abort,
}

impl Ruling {
    /// The reason id on the wire and in the database.
    pub const fn reason(self) -> &'static str {
        match self {
            Ruling::Resignation { .. } => "resignation",
            Ruling::Timeout { .. } => "timeout",
            Ruling::Abandonment { .. } => "abandonment",
            Ruling::Agreement => "agreement",
            Ruling::Abort => "aborted",
        }
    }

    pub fn winner(self) -> Option<Side> {
        match self {
            Ruling::Resignation { loser } | Ruling::Timeout { loser } | Ruling::Abandonment { loser } => {
                Some(loser.other())
            }
            Ruling::Agreement | Ruling::Abort => None,
        }
    }

    /// The ruling a stored `reason` and `winner` describe, `Ok(None)` when the reason is not a ruling (an
    /// end the rules reached, which replaying the record gives back), and an error when they do not fit.
    pub fn from_stored(reason: &str, winner: Option<Side>) -> Result<Option<Ruling>, String> {
        let loser = || winner.map(Side::other).ok_or_else(|| format!("reason `{reason}` without a winner"));
        Ok(Some(match reason {
            "resignation" => Ruling::Resignation { loser: loser()? },
            "timeout" => Ruling::Timeout { loser: loser()? },
            "abandonment" => Ruling::Abandonment { loser: loser()? },
            "agreement" if winner.is_none() => Ruling::Agreement,
            "agreement" => return Err("a draw by agreement has no winner".into()),
            "aborted" if winner.is_none() => Ruling::Abort,
            "aborted" => return Err("an aborted game has no winner".into()),
            _ => return Ok(None),
        }))
    }
}

/// A finished game's result: reached by the rules, or ruled by the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    Rules(Outcome),
    Ruled(Ruling),
}

impl GameResult {
    pub fn winner(self) -> Option<Side> {
        match self {
            GameResult::Rules(o) => o.winner,
            GameResult::Ruled(r) => r.winner(),
        }
    }

    pub fn reason(self) -> &'static str {
        match self {
            GameResult::Rules(o) => o.reason.as_str(),
            GameResult::Ruled(r) => r.reason(),
        }
    }

    pub fn info(self) -> OutcomeInfo {
        self.info_with(None)
    }

    /// The result as shown, with the rating changes it made (a rated game).
    pub fn info_with(self, ratings: Option<RatingChanges>) -> OutcomeInfo {
        OutcomeInfo { winner: self.winner(), reason: self.reason().to_string(), ratings, late: None }
    }

    /// Does this result count for ratings? Every ending but an abort.
    pub fn counts(self) -> bool {
        self != GameResult::Ruled(Ruling::Abort)
    }
}

impl std::fmt::Display for GameResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.winner(), self) {
            (_, GameResult::Ruled(Ruling::Abort)) => f.write_str("aborted"),
            (Some(w), _) => write!(f, "{w} wins ({})", self.reason()),
            (None, _) => write!(f, "draw ({})", self.reason()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_reasons_read_back_or_are_refused() {
        for r in [
            Ruling::Resignation { loser: Side::South },
            Ruling::Timeout { loser: Side::North },
            Ruling::Abandonment { loser: Side::North },
            Ruling::Agreement,
            Ruling::Abort,
        ] {
            assert_eq!(Ruling::from_stored(r.reason(), r.winner()), Ok(Some(r)));
        }
        assert_eq!(Ruling::from_stored("no-legal-move", Some(Side::South)), Ok(None));
        assert!(Ruling::from_stored("resignation", None).is_err());
        assert!(Ruling::from_stored("aborted", Some(Side::South)).is_err());
    }
}
