//! A game record (docs/rules.md#game-records): the variant with its options plus the list of decisions.
//! Replaying it from the start gives the same position every time (the engine has no randomness).

use crate::decision::Decision;
use crate::position::{PlayError, Position};
use crate::variant::{Options, OptionsError, Variant};

/// A whole game: variant, options, and every decision in order. During Ikibuguzo's secret choice,
/// South's choice is recorded before North's whatever order they were made in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub variant: Variant,
    pub options: Options,
    pub decisions: Vec<Decision>,
}

/// A record that does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Options(#[from] OptionsError),
    #[error("decision {ply} (`{notation}`): {error}")]
    Decision { ply: usize, notation: String, error: PlayError },
}

impl GameRecord {
    pub fn new(variant: Variant, options: Options) -> GameRecord {
        GameRecord { variant, options, decisions: Vec::new() }
    }

    /// The position after the first `plies` decisions.
    pub fn position_at(&self, plies: usize) -> Result<Position, ReplayError> {
        let mut pos = Position::start(self.variant, self.options)?;
        for (i, &d) in self.decisions.iter().take(plies).enumerate() {
            pos.play(d).map_err(|error| ReplayError::Decision {
                ply: i + 1,
                notation: d.notation(pos.geometry()),
                error,
            })?;
        }
        Ok(pos)
    }

    /// The position after every decision.
    pub fn replay(&self) -> Result<Position, ReplayError> {
        self.position_at(self.decisions.len())
    }
}
