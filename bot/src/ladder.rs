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
//!
//! [`elo`] never rates a level below a weaker one: where the fit puts a level a few points under the
//! level beneath (Kubuguza's 8 at 3341 under 7 at 3352, two levels whose games were all decided by the
//! seat), the figure shown is the lower level's. A stronger level searches everything the weaker one
//! does and more, so a dip is the fit's noise, not a measurement of weakness; the tables keep the fitted
//! numbers (BENCHMARKS.md's), so a refit replaces data without deciding the display again.

use crate::Level;
use mancala_engine::Variant;

/// Level 1's rating in every variant.
pub const ANCHOR: i32 = 600;

/// The arena Elo of `level` in `variant`, if measured: the fitted figure, raised to the highest figure of
/// the weaker levels where the fit put it lower (module doc), so the ladder never goes down.
pub fn elo(variant: Variant, level: Level) -> Option<i32> {
    let row = fitted(variant);
    let own = row[level as usize]?;
    Some(row[..level as usize].iter().flatten().fold(own, |best, &e| best.max(e)))
}

/// The weakest level that the arena could not tell `level` apart from in `variant` (`None`: `level` was
/// measured above every weaker level, or is the weakest of its group). Where the seat decides every game
/// between strong searchers (Ikibuguzo, its first opening and Azigo from level 4, Kubuguza's 7 and 8,
/// Ikibuguzo's second opening from 4 to 7: BENCHMARKS.md, "From random openings"), a fitted figure per
/// level would be the fit's spread of even results, so a site names the group once instead of one
/// number several times.
pub fn same_as(variant: Variant, level: Level) -> Option<Level> {
    let (low, high) = tied(variant)?;
    (level > low && level <= high).then_some(low)
}

/// The levels of `variant` whose arena games were all decided by the seat: the lowest and the highest.
fn tied(variant: Variant) -> Option<(Level, Level)> {
    match variant {
        Variant::Kubuguza => Some((Level::L7, Level::L8)),
        Variant::Ikibuguzo | Variant::IkibuguzoOpening1 | Variant::Azigo => Some((Level::L4, Level::L8)),
        // Level 8 won 40 of 40 against level 4 and 8 of 10 against 7: above the group.
        Variant::IkibuguzoOpening2 => Some((Level::L4, Level::L7)),
        Variant::Njombwa => None,
    }
}

/// The table of `variant`: the Bradley–Terry fit per level, as BENCHMARKS.md lists it.
fn fitted(variant: Variant) -> &'static [Option<i32>; 8] {
    match variant {
        Variant::Kubuguza => &KUBUGUZA,
        Variant::Ikibuguzo => &IKIBUGUZO,
        Variant::IkibuguzoOpening1 => &IKIBUGUZO_OPENING_1,
        Variant::IkibuguzoOpening2 => &IKIBUGUZO_OPENING_2,
        Variant::Njombwa => &NJOMBWA,
        Variant::Azigo => &AZIGO,
    }
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
    /// than the noise of an even result in the fitted data (where the seat decides every game between
    /// the strong levels, they scored 50 % against each other and share a rating: levels 7 and 8 of
    /// Kubuguza, 4 to 8 of Ikibuguzo, of Ikibuguzo with opening 1 and of Azigo; BENCHMARKS.md), and the
    /// figures shown never go down.
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
                    assert!(e >= f, "{variant}: level {level} shown at {e}, below level {lower} at {f}");
                    let (fit, fit_lower) = (fitted(variant)[level as usize], fitted(variant)[lower as usize]);
                    let (fit, fit_lower) = (fit.unwrap_or(e), fit_lower.unwrap_or(f));
                    assert!(
                        fit >= fit_lower - 25,
                        "{variant}: level {level} fitted at {fit}, level {lower} at {fit_lower}"
                    );
                }
            }
        }
    }

    /// A level named the same as a weaker one is in a group the fit could not spread honestly: its
    /// figure is within the noise of the group's lowest (an even result), and every level outside a
    /// group is measured above the level below it.
    #[test]
    fn a_tied_level_is_named_with_its_group_and_the_others_climb() {
        for variant in Variant::ALL {
            for pair in Level::ALL.windows(2) {
                let (lower, level) = (pair[0], pair[1]);
                let (Some(e), Some(f)) = (elo(variant, level), elo(variant, lower)) else { continue };
                match same_as(variant, level) {
                    Some(low) => {
                        assert!(low < level, "{variant}: level {level} the same as {low}");
                        assert_eq!(same_as(variant, low), None, "{variant}: a group is named by its lowest");
                    }
                    None => assert!(e > f, "{variant}: level {level} at {e}, level {lower} at {f}, not tied"),
                }
            }
        }
        assert_eq!(same_as(Variant::Kubuguza, Level::L8), Some(Level::L7));
        assert_eq!(same_as(Variant::Kubuguza, Level::L7), None);
        assert_eq!(same_as(Variant::IkibuguzoOpening2, Level::L8), None, "measured above level 7");
        assert!(Level::ALL.iter().all(|&l| same_as(Variant::Njombwa, l).is_none()));
    }

    /// A fitted dip is shown as the weaker level's figure, and a level without a figure stays without one.
    #[test]
    fn a_dip_shows_the_weaker_levels_figure() {
        assert_eq!(fitted(Variant::Kubuguza)[Level::L8 as usize], Some(3341), "the fit's own dip");
        assert_eq!(elo(Variant::Kubuguza, Level::L7), Some(3352));
        assert_eq!(elo(Variant::Kubuguza, Level::L8), Some(3352));
        assert_eq!(elo(Variant::Njombwa, Level::L8), Some(3339), "a level above the others keeps its own");
    }
}
