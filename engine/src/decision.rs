//! Decisions and their notation (docs/rules.md#d10-decision-notation): `c2`, `a1:cw`, `store`, `store:loop`,
//! `store:cross`, `opening:1`, `opening:2`, `pass`.
//!
//! A hole is only a name on a given board, so parsing and printing take the board's [`Geometry`].

use crate::geometry::{Direction, Geometry, Hole};
use std::fmt;

/// Ikibuguzo's two opening arrays (docs/rules.md#ikibuguzo-arrays).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpeningArray {
    One,
    Two,
}

impl OpeningArray {
    pub const fn number(self) -> u8 {
        match self {
            OpeningArray::One => 1,
            OpeningArray::Two => 2,
        }
    }

    pub const fn from_number(n: u8) -> Option<Self> {
        match n {
            1 => Some(OpeningArray::One),
            2 => Some(OpeningArray::Two),
            _ => None,
        }
    }
}

/// Azigo's store moves (docs/rules.md#azigo-store-move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StoreMove {
    /// The store holds 20 or fewer: no choice to make.
    Plain,
    /// 21 or more: keep looping in the own row.
    Loop,
    /// 21 or more: continue into the opponent's row (and capture after the last counter).
    Cross,
}

/// One decision of one player (docs/rules.md#d9-decisions, docs/rules.md#d10-decision-notation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Lift `hole` and sow it in `direction`.
    Sow { hole: Hole, direction: Direction },
    /// Azigo: enter the concealed store.
    Store(StoreMove),
    /// Ikibuguzo: the secret choice of an opening array.
    Opening(OpeningArray),
    /// A forced pass (Njombwa, when no move exists).
    Pass,
}

impl Decision {
    pub const fn acw(hole: Hole) -> Decision {
        Decision::Sow { hole, direction: Direction::Anticlockwise }
    }

    pub const fn cw(hole: Hole) -> Decision {
        Decision::Sow { hole, direction: Direction::Clockwise }
    }

    /// Parses one decision in notation; the error names the token and what is wrong with it.
    pub fn parse(text: &str, geometry: Geometry) -> Result<Decision, ParseDecisionError> {
        let err = |reason: String| ParseDecisionError { token: text.to_string(), reason };
        match text {
            "pass" => return Ok(Decision::Pass),
            "store" => return Ok(Decision::Store(StoreMove::Plain)),
            "store:loop" => return Ok(Decision::Store(StoreMove::Loop)),
            "store:cross" => return Ok(Decision::Store(StoreMove::Cross)),
            "opening:1" => return Ok(Decision::Opening(OpeningArray::One)),
            "opening:2" => return Ok(Decision::Opening(OpeningArray::Two)),
            _ => {}
        }
        if let Some(rest) = text.strip_prefix("opening:") {
            return Err(err(format!("opening array `{rest}` does not exist (expected 1 or 2)")));
        }
        if let Some(rest) = text.strip_prefix("store:") {
            return Err(err(format!("store move `{rest}` does not exist (expected loop or cross)")));
        }
        let (hole_text, direction) = match text.split_once(':') {
            None => (text, Direction::Anticlockwise),
            Some((h, "cw")) => (h, Direction::Clockwise),
            Some((_, suffix)) => {
                return Err(err(format!("unknown suffix `:{suffix}` (the only suffix after a hole is `:cw`)")));
            }
        };
        let hole = geometry.parse_hole(hole_text).ok_or_else(|| {
            err(format!(
                "`{hole_text}` is not a hole of the {} board (columns a-{}, rows 1-{}), nor pass/store/opening:N",
                geometry.describe(),
                (b'a' + geometry.cols() - 1) as char,
                geometry.rows()
            ))
        })?;
        Ok(Decision::Sow { hole, direction })
    }

    /// The decision in notation.
    pub fn notation(self, geometry: Geometry) -> String {
        match self {
            Decision::Sow { hole, direction: Direction::Anticlockwise } => geometry.name(hole).to_string(),
            Decision::Sow { hole, direction: Direction::Clockwise } => format!("{}:cw", geometry.name(hole)),
            Decision::Store(StoreMove::Plain) => "store".into(),
            Decision::Store(StoreMove::Loop) => "store:loop".into(),
            Decision::Store(StoreMove::Cross) => "store:cross".into(),
            Decision::Opening(a) => format!("opening:{}", a.number()),
            Decision::Pass => "pass".into(),
        }
    }
}

/// A decision token that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad decision `{token}`: {reason}")]
pub struct ParseDecisionError {
    pub token: String,
    pub reason: String,
}

/// Prints a list of decisions in notation, separated by spaces.
#[derive(Debug)]
pub struct NotationList<'a>(pub &'a [Decision], pub Geometry);

impl fmt::Display for NotationList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(&d.notation(self.1))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{NoEvents, Options, PlayError, Position, Side, Variant};

    /// Found by the `engine_sequences` fuzz target: applying a decision on a hole the board does not have
    /// (here one of a larger board) panicked while naming it in the error; it is refused like any illegal
    /// decision.
    #[test]
    fn a_hole_off_the_board_is_refused_not_a_panic() {
        let mut pos = Position::start(Variant::Kubuguza, Options::default()).unwrap();
        let before = pos.to_text();
        let off = Decision::acw(Geometry::TwoByTwenty.hole_at(39).unwrap());
        match pos.apply(Side::South, off, &mut NoEvents) {
            Err(e @ PlayError::Illegal { .. }) => {
                assert!(e.to_string().contains("hole #39 (this board has 32 holes)"), "{e}")
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(pos.to_text(), before);
    }

    /// The refusal carries the decision and the legal ones as values, and its text lists them.
    #[test]
    fn an_illegal_decision_carries_the_legal_ones() {
        let mut pos = Position::start(Variant::Kubuguza, Options::default()).unwrap();
        let geo = pos.geometry();
        let d1 = Decision::parse("d1", geo).unwrap();
        let err = pos.apply(Side::South, d1, &mut NoEvents).unwrap_err();
        let PlayError::Illegal { decision, ref legal, geometry } = err else { panic!("{err:?}") };
        assert_eq!((decision, geometry), (d1, geo));
        assert_eq!(legal.as_slice(), pos.legal_decisions(Side::South).as_slice());
        assert_eq!(err.to_string(), "`d1` is not legal here; legal: a2 b2 c2 d2 e2 f2 g2 h2");
    }

    use super::*;

    #[test]
    fn notation_round_trips() {
        let g = Geometry::FourRows(8);
        for t in ["c2", "a1:cw", "h4", "pass", "opening:1", "opening:2"] {
            assert_eq!(Decision::parse(t, g).unwrap().notation(g), t);
        }
        let az = Geometry::TwoByTwenty;
        for t in ["t2", "store", "store:loop", "store:cross"] {
            assert_eq!(Decision::parse(t, az).unwrap().notation(az), t);
        }
    }

    #[test]
    fn errors_name_the_token() {
        let g = Geometry::FourRows(8);
        let e = Decision::parse("i2", g).unwrap_err();
        assert_eq!(e.token, "i2");
        assert!(e.to_string().contains("not a hole of the 4x8 board"), "{e}");
        assert!(Decision::parse("a1:ccw", g).unwrap_err().to_string().contains("unknown suffix"));
        assert!(Decision::parse("opening:3", g).unwrap_err().to_string().contains("array `3`"));
        assert!(Decision::parse("a5", g).is_err());
        assert!(Decision::parse("", g).is_err());
    }
}
