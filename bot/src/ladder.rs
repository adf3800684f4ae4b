//! The levels' Elo ladder per variant, measured in the arena (`mancala-arena`, BENCHMARKS.md): the
//! ratings a site shows beside each level so that a player can pick a fitting opponent. Level 1 (random
//! play) is the fixed point of every variant's ladder at [`ANCHOR`]; the others are a Bradley–Terry fit
//! (one virtual draw per pairing, so a clean sweep is a large finite gap) of every arena result between
//! the levels: the 400-game run of levels 1 to 4 and the runs of levels 5 to 8 listed in BENCHMARKS.md.
//! A level the arena has not yet measured in a variant has no rating there (`None`).
//!
//! These measure the levels against each other, not against people, and bot-against-bot gaps are wide (a
//! level that wins 399 games of 400 is about 1 000 points above): a site should show them as each level's
//! relative strength and let a bot account's own rating, from games against people, take over as it
//! accumulates.

use crate::Level;
use mancala_engine::Variant;

/// Level 1's rating in every variant.
pub const ANCHOR: i32 = 600;

/// The arena Elo of `level` in `variant`, if measured.
pub fn elo(variant: Variant, level: Level) -> Option<i32> {
    let row = match variant {
        Variant::Kubuguza => &KUBUGUZA,
        Variant::Ikibuguzo => &IKIBUGUZO,
        Variant::IkibuguzoOpening1 => &IKIBUGUZO_OPENING_1,
        Variant::IkibuguzoOpening2 => &IKIBUGUZO_OPENING_2,
        Variant::Njombwa => &NJOMBWA,
        Variant::Azigo => &AZIGO,
    };
    row[level as usize]
}

// Levels 1 to 8.
const KUBUGUZA: [Option<i32>; 8] =
    [Some(600), Some(1184), Some(1512), Some(2078), Some(2300), Some(2826), Some(3352), Some(3341)];
const IKIBUGUZO: [Option<i32>; 8] =
    [Some(600), Some(993), Some(1226), Some(2240), Some(2240), Some(2240), Some(2240), Some(2240)];
const IKIBUGUZO_OPENING_1: [Option<i32>; 8] =
    [Some(600), Some(989), Some(1032), Some(2111), Some(2111), Some(2111), Some(2111), Some(2111)];
const IKIBUGUZO_OPENING_2: [Option<i32>; 8] =
    [Some(600), Some(1179), Some(1550), Some(2259), Some(2340), Some(2422), Some(2504), Some(2697)];
const NJOMBWA: [Option<i32>; 8] =
    [Some(600), Some(1153), Some(1753), Some(2472), Some(2765), Some(2887), Some(3047), Some(3339)];
const AZIGO: [Option<i32>; 8] =
    [Some(600), Some(1572), Some(2431), Some(2687), Some(2687), Some(2687), Some(2687), Some(2687)];

#[cfg(test)]
mod tests {
    use super::*;

    /// Levels 1 to 4 are rated in every variant and climb; no rated level is below a lower one by more
    /// than the noise of an even result (where the seat decides every game between the strong levels,
    /// they scored 50 % against each other and share a rating: levels 7 and 8 of Kubuguza, 4 to 8 of
    /// Ikibuguzo, of Ikibuguzo with opening 1 and of Azigo; BENCHMARKS.md).
    #[test]
    fn the_ladder_climbs() {
        for variant in Variant::ALL {
            assert_eq!(elo(variant, Level::L1), Some(ANCHOR));
            let rated: Vec<(Level, i32)> = Level::ALL.iter().filter_map(|&l| Some((l, elo(variant, l)?))).collect();
            assert!(rated.len() >= 4, "{variant}");
            for pair in rated[..4].windows(2) {
                assert!(pair[1].1 > pair[0].1 + 40, "{variant}: level {} at {} vs {:?}", pair[1].0, pair[1].1, pair[0]);
            }
            for (i, &(level, e)) in rated.iter().enumerate() {
                for &(lower, f) in &rated[..i] {
                    assert!(e >= f - 25, "{variant}: level {level} at {e}, level {lower} at {f}");
                }
            }
        }
    }
}
