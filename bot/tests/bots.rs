//! Every level plays legally in every variant, is reproducible from its seed, never uses the opponent's
//! secret choice, and the levels are ordered by strength (on small samples, with reduced search limits
//! where a test would otherwise be slow in a debug build).

use mancala_bot::{Bot, Level, Limits};
use mancala_engine::{Decision, NoEvents, Options, Position, Side, ToMove, Variant};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

/// Search limits small enough for a debug build (the levels' own are for release builds).
const SMALL: Limits = Limits { nodes: 1_500, depth: 64 };

fn bot(level: Level, seed: u64) -> Bot {
    match level {
        Level::Hard => Bot::new(level, seed).with_limits(SMALL),
        _ => Bot::new(level, seed),
    }
}

fn start(variant: Variant) -> Position {
    Position::start(variant, Options::defaults(variant)).unwrap()
}

#[test]
fn every_level_decides_legally_in_random_games_of_every_variant() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for variant in Variant::ALL {
        let mut bots: Vec<Bot> = Level::ALL.iter().map(|&l| bot(l, 5)).collect();
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
                if n.is_multiple_of(every) || sides.len() > 1 {
                    for &side in &sides {
                        let legal = pos.legal_decisions(side);
                        for b in &mut bots {
                            let d = b.decide(&pos, side).unwrap_or_else(|| {
                                panic!("{variant}: {} had no decision in `{}`", b.level(), pos.to_text())
                            });
                            assert!(
                                legal.contains(&d),
                                "{variant}: {} chose illegal `{}` in `{}`",
                                b.level(),
                                d.notation(pos.geometry()),
                                pos.to_text()
                            );
                        }
                    }
                    if let ToMove::Side(s) = pos.to_move() {
                        // Not the other side's decision: no decision.
                        assert_eq!(bots[3].decide(&pos, s.other()), None, "{variant} game {game}");
                    }
                }
                let side = sides[0];
                let legal = pos.legal_decisions(side);
                pos.apply_unchecked(side, legal[rng.random_range(0..legal.len())], &mut NoEvents);
                n += 1;
            }
            for b in &mut bots {
                for side in Side::BOTH {
                    assert_eq!(b.decide(&pos, side), None, "{variant}: the game is over");
                }
            }
        }
    }
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
        let game = |seed: u64| {
            let mut south = bot(Level::Hard, seed);
            let mut north = bot(Level::Medium, seed + 1);
            play(variant, &mut south, &mut north)
        };
        assert_eq!(game(3), game(3), "{variant}");
    }
    // And the random-tie-breaking levels do depend on the seed.
    let games: std::collections::HashSet<Vec<Decision>> = (0..6)
        .map(|seed| play(Variant::Kubuguza, &mut bot(Level::Easy, seed), &mut bot(Level::Easy, seed + 100)).0)
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
        for level in Level::ALL {
            for seed in 0..4 {
                let blind = bot(level, seed).decide(&open, Side::North);
                assert_eq!(bot(level, seed).decide(&told, Side::North), blind, "{level}, south chose {chosen}");
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
fn easy_beats_random() {
    let won = wins(Variant::Kubuguza, |s| bot(Level::Easy, s), |s| bot(Level::Random, s), 20);
    assert!(won >= 16, "easy won {won} of 20 against random");
}

#[test]
fn medium_beats_easy() {
    let won = wins(Variant::Kubuguza, |s| bot(Level::Medium, s), |s| bot(Level::Easy, s), 20);
    assert!(won >= 15, "medium won {won} of 20 against easy");
}

#[test]
fn hard_beats_easy() {
    // The hard level's own limits.
    let won = wins(Variant::Kubuguza, |s| Bot::new(Level::Hard, s), |s| bot(Level::Easy, s), 20);
    assert!(won >= 15, "hard won {won} of 20 against easy");
}

#[test]
fn hard_beats_medium() {
    let won = wins(Variant::Kubuguza, |s| Bot::new(Level::Hard, s), |s| bot(Level::Medium, s), 20);
    assert!(won >= 14, "hard won {won} of 20 against medium");
}
