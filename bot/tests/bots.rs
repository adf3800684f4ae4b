//! Every level plays legally in every variant (at the start of a turn, inside one and in the secret
//! choice), is reproducible from its seed, never uses the opponent's secret choice, and the levels are
//! ordered by strength (on small samples, with reduced search limits where a test would otherwise be slow
//! in a debug build).

use mancala_bot::{Bot, Config, Level, Limits};
use mancala_engine::{Decision, NoEvents, Options, Position, Side, ToMove, Variant};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

/// Search limits small enough for a debug build (the levels' own are for release builds).
const SMALL: Limits = Limits { nodes: 1_500, depth: 64 };

fn bot(level: Level, seed: u64) -> Bot {
    match level {
        Level::L1 | Level::L2 | Level::L3 => Bot::new(level, seed),
        _ => Bot::new(level, seed).with_limits(SMALL),
    }
}

/// Every level, and the legacy reference, with debug-build limits.
fn every_bot(seed: u64) -> Vec<(String, Bot)> {
    let mut bots: Vec<(String, Bot)> = Level::ALL.iter().map(|&l| (l.to_string(), bot(l, seed))).collect();
    bots.push(("legacy-hard".into(), Bot::legacy_hard(seed).with_limits(SMALL)));
    bots
}

fn start(variant: Variant) -> Position {
    Position::start(variant, Options::defaults(variant)).unwrap()
}

#[test]
fn every_level_decides_legally_in_random_games_of_every_variant() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    // Decisions asked inside a turn and in the secret choice, over the whole test.
    let (mut inside, mut secret) = (0, 0);
    for variant in Variant::ALL {
        let mut bots = every_bot(5);
        // Azigo's games are long: ask the bots less often.
        let every = if variant == Variant::Azigo { 23 } else { 3 };
        for game in 0..2 {
            let mut pos = start(variant);
            let mut n = 0u32;
            loop {
                let sides: Vec<Side> = match pos.to_move() {
                    ToMove::Nobody(_) => break,
                    ToMove::Side(s) => vec![s],
                    ToMove::Both { waiting } => Side::BOTH.into_iter().filter(|&s| waiting[s]).collect(),
                };
                if n.is_multiple_of(every) || sides.len() > 1 || pos.mid_turn().is_some() {
                    inside += pos.mid_turn().is_some() as u32;
                    secret += (sides.len() > 1) as u32;
                    for &side in &sides {
                        let legal = pos.legal_decisions(side);
                        for (name, b) in &mut bots {
                            let d = b
                                .decide(&pos, side)
                                .unwrap_or_else(|| panic!("{variant}: {name} had no decision in `{}`", pos.to_text()));
                            assert!(
                                legal.contains(&d),
                                "{variant}: {name} chose illegal `{}` in `{}`",
                                d.notation(pos.geometry()),
                                pos.to_text()
                            );
                        }
                    }
                    if let ToMove::Side(s) = pos.to_move() {
                        // Not the other side's decision: no decision.
                        for (name, b) in &mut bots {
                            assert_eq!(b.decide(&pos, s.other()), None, "{variant} game {game}: {name}");
                        }
                    }
                }
                let side = sides[0];
                let legal = pos.legal_decisions(side);
                pos.apply_unchecked(side, legal[rng.random_range(0..legal.len())], &mut NoEvents);
                n += 1;
            }
            for (name, b) in &mut bots {
                for side in Side::BOTH {
                    assert_eq!(b.decide(&pos, side), None, "{variant}: the game is over ({name})");
                }
            }
        }
    }
    assert!(inside >= 20 && secret >= 2, "decisions inside a turn: {inside}, secret choices: {secret}");
}

/// Plays a game between `south` and `north`; returns the decisions and the winner.
fn play(variant: Variant, south: &mut Bot, north: &mut Bot) -> (Vec<Decision>, Option<Side>) {
    let mut pos = start(variant);
    let mut decisions = Vec::new();
    loop {
        let sides: Vec<Side> = match pos.to_move() {
            ToMove::Nobody(outcome) => return (decisions, outcome.winner),
            ToMove::Side(s) => vec![s],
            ToMove::Both { waiting } => Side::BOTH.into_iter().filter(|&s| waiting[s]).collect(),
        };
        // Every waiting side decides on the same position (the secret choice: no other choice visible).
        let chosen: Vec<(Side, Decision)> = sides
            .iter()
            .map(|&s| {
                let b = if s == Side::South { &mut *south } else { &mut *north };
                (s, b.decide(&pos, s).expect("a decision"))
            })
            .collect();
        for (s, d) in chosen {
            pos.apply(s, d, &mut NoEvents).unwrap();
            decisions.push(d);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    for variant in [Variant::Kubuguza, Variant::Ikibuguzo, Variant::Njombwa] {
        for (a, b) in [(Level::L8, Level::L3), (Level::L5, Level::L4)] {
            let game = |seed: u64| {
                let mut south = bot(a, seed);
                let mut north = bot(b, seed + 1);
                play(variant, &mut south, &mut north)
            };
            assert_eq!(game(3), game(3), "{variant}: {a} against {b}");
        }
    }
    // And the random-tie-breaking levels do depend on the seed.
    let games: std::collections::HashSet<Vec<Decision>> = (0..6)
        .map(|seed| play(Variant::Kubuguza, &mut bot(Level::L2, seed), &mut bot(Level::L2, seed + 100)).0)
        .collect();
    assert!(games.len() > 1);
}

#[test]
fn the_opponents_secret_choice_is_not_used() {
    let variant = Variant::Ikibuguzo;
    let open = start(variant);
    for chosen in ["1", "2"] {
        // South has chosen; North's bot is (wrongly) shown the choice.
        let text = open.to_text().replacen("both", &format!("both choice.south={chosen}"), 1);
        let told = Position::from_text(variant, Options::defaults(variant), &text).unwrap();
        assert_ne!(told, open);
        for seed in 0..4 {
            for ((level, mut blind), (_, mut shown)) in every_bot(seed).into_iter().zip(every_bot(seed)) {
                let d = blind.decide(&open, Side::North);
                assert_eq!(shown.decide(&told, Side::North), d, "{level}, south chose {chosen}");
            }
        }
    }
}

/// Games won by `strong` out of `games` against `weak` in `variant`, seats alternating.
fn wins(variant: Variant, strong: impl Fn(u64) -> Bot, weak: impl Fn(u64) -> Bot, games: u64) -> u64 {
    (0..games)
        .filter(|&g| {
            let (mut s, mut w) = (strong(2 * g), weak(2 * g + 1));
            if g % 2 == 0 {
                play(variant, &mut s, &mut w).1 == Some(Side::South)
            } else {
                play(variant, &mut w, &mut s).1 == Some(Side::North)
            }
        })
        .count() as u64
}

#[test]
fn level_2_beats_level_1() {
    let won = wins(Variant::Kubuguza, |s| bot(Level::L2, s), |s| bot(Level::L1, s), 20);
    assert!(won >= 16, "level 2 won {won} of 20 against level 1");
}

#[test]
fn level_3_beats_level_2() {
    let won = wins(Variant::Kubuguza, |s| bot(Level::L3, s), |s| bot(Level::L2, s), 20);
    assert!(won >= 15, "level 3 won {won} of 20 against level 2");
}

#[test]
fn level_4_beats_level_3() {
    // Level 4's own limits.
    let won = wins(Variant::Kubuguza, |s| Bot::new(Level::L4, s), |s| bot(Level::L3, s), 20);
    assert!(won >= 14, "level 4 won {won} of 20 against level 3");
}

/// The search of levels 5 to 8 against the legacy one at the same small budget: the algorithm and the
/// evaluation, not the budget (the arena measures it at the levels' budgets, BENCHMARKS.md).
#[test]
fn the_new_search_beats_the_legacy_one_at_the_same_budget() {
    let small = Limits { nodes: 2_000, depth: 64 };
    for variant in [Variant::Kubuguza, Variant::IkibuguzoOpening2] {
        let won = wins(
            variant,
            |s| Bot::searching(small, Config::DEFAULT, s),
            |s| Bot::legacy_hard(s).with_limits(small),
            20,
        );
        assert!(won >= 13, "{variant}: the new search won {won} of 20 against the legacy one");
    }
}
