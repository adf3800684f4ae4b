//! The long-turn walk against the exact history: the same decisions give the same positions and the same
//! events, whether the walk settles a turn or not. The reference is the driver with the walk switched off
//! (`walk_from = usize::MAX`: every state recorded, the implementation before the walk); tests shrink the
//! cap, the walk's start and its tortoise spacing so that short random games reach every path of the walk.

use super::long_turn::{WHY_COUNT, Why};
use crate::event::{Event, NoEvents};
use crate::outcome::EndReason;
use crate::position::{Position, ToMove};
use crate::side::Side;
use crate::sowing::{LIMITS, Limits, MAX_LAPS_PER_TURN, TEST_LIMITS};
use crate::variant::{Options, Variant};
use crate::{Decision, position_text};
use proptest::prelude::*;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::cell::Cell;

thread_local! {
    static WHYS: Cell<[usize; WHY_COUNT]> = const { Cell::new([0; WHY_COUNT]) };
}

/// Counts a walk's verdict (called by the walk in test builds).
pub(super) fn note(why: Why) {
    WHYS.with(|w| {
        let mut counts = w.get();
        counts[why as usize] += 1;
        w.set(counts);
    });
}

fn take_whys() -> [usize; WHY_COUNT] {
    WHYS.with(|w| w.replace([0; WHY_COUNT]))
}

/// The exact history only: the driver as it was before the walk.
fn exact(limits: Limits) -> Limits {
    Limits { walk_from: usize::MAX, ..limits }
}

fn with_limits<T>(limits: Limits, f: impl FnOnce() -> T) -> T {
    let old = TEST_LIMITS.replace(limits);
    let out = f();
    TEST_LIMITS.set(old);
    out
}

/// Applies `decision` to a copy of `pos` under `limits`, collecting the events.
fn apply(pos: &Position, side: Side, decision: Decision, limits: Limits) -> (Position, Vec<Event>) {
    with_limits(limits, || {
        let mut p = pos.clone();
        let mut events = Vec::new();
        p.apply(side, decision, &mut events).unwrap();
        (p, events)
    })
}

/// Applies `decision` to a copy of `pos` under `limits` with [`NoEvents`] (the walk's state is taken
/// instead of sowing the laps again).
fn apply_silently(pos: &Position, side: Side, decision: Decision, limits: Limits) -> Position {
    with_limits(limits, || {
        let mut p = pos.clone();
        p.apply(side, decision, &mut NoEvents).unwrap();
        p
    })
}

/// Plays `decision` under the reference and under `limits` (with events and without); asserts that all
/// three agree, and returns the reference's position and events.
fn compare(pos: &Position, side: Side, decision: Decision, limits: Limits) -> (Position, Vec<Event>) {
    let (want, want_events) = apply(pos, side, decision, exact(limits));
    let (got, got_events) = apply(pos, side, decision, limits);
    let silent = apply_silently(pos, side, decision, limits);
    let at = || format!("{} then {}", pos.to_text(), decision.notation(pos.geometry()));
    assert_eq!(got.to_text(), want.to_text(), "{}", at());
    assert_eq!(got, want, "{}", at());
    assert_eq!(silent, want, "{}", at());
    assert_eq!(got.legal_moves(), want.legal_moves(), "{}", at());
    assert!(got_events == want_events, "events differ: {}", at());
    (want, want_events)
}

fn laps(events: &[Event]) -> usize {
    events.iter().filter(|e| matches!(e, Event::Lift { .. })).count()
}

fn parse(variant: Variant, text: &str) -> Position {
    position_text::parse(variant, Options::defaults(variant), text).unwrap()
}

#[test]
fn a_turn_with_a_cycle_of_75_million_laps_is_capped_as_with_the_exact_history() {
    // BENCHMARKS.md: after g2 this turn cycles with a period of 75 557 776 laps; only the cap ends it.
    let pos = parse(
        Variant::Kubuguza,
        "south b1=1 d1=4 e1=1 f1=12 g1=3 a2=10 c2=1 d2=11 e2=5 g2=8 h2=3 d3=2 e3=1 b4=1 h4=1 turn=51",
    );
    let g2 = Decision::parse("g2", pos.geometry()).unwrap();
    take_whys();
    let (end, events) = compare(&pos, Side::South, g2, LIMITS);
    let whys = take_whys();
    assert_eq!(whys[Why::Clear as usize], 2, "both walks (with and without events) reached the cap: {whys:?}");
    assert_eq!(end.outcome().map(|o| (o.winner, o.reason)), Some((None, EndReason::EndlessSowing)));
    assert_eq!(laps(&events), MAX_LAPS_PER_TURN);
    assert_eq!(
        end.to_text(),
        "south a1=9 b1=1 d1=8 e1=7 f1=5 h1=1 a2=1 b2=4 c2=5 e2=1 f2=10 g2=7 d3=2 e3=1 b4=1 h4=1 turn=51 \
         result=draw reason=endless-sowing"
    );
}

#[test]
fn the_minimal_endless_relay_is_a_draw_at_the_same_lap() {
    // The smallest endless turn of docs/rules.md#d7-endless-turns (with a North counter so that North has not
    // lost), as in the Njombwa and Kubuguza scenarios. With the walk starting right after the first lap, it
    // finds the repeated state and hands it to the exact check.
    let text = "south a1=1 c1=1 e1=1 g1=1 h1=2 a2=2 c2=1 e2=1 g2=1 a4=1";
    for variant in [Variant::Njombwa, Variant::Kubuguza] {
        let pos = parse(variant, text);
        let h1 = Decision::parse("h1", pos.geometry()).unwrap();
        let (want, want_events) = apply(&pos, Side::South, h1, exact(LIMITS));
        assert_eq!(want.outcome().map(|o| o.reason), Some(EndReason::EndlessSowing), "{variant}");
        // The 129th state is the first repeated one (the state repeats after 128 laps).
        assert_eq!(laps(&want_events), 128, "{variant}");
        for spacing in [1, 2, 1024] {
            take_whys();
            let limits = Limits { walk_from: 1, spacing, ..LIMITS };
            let (got, events) = compare(&pos, Side::South, h1, limits);
            assert_eq!(got, want);
            assert_eq!(laps(&events), laps(&want_events), "{variant}: the draw comes at the same lap");
            assert_eq!(take_whys()[Why::Repeat as usize], 2, "{variant}, spacing {spacing}");
        }
    }
}

/// Plays a random game of at most `max_decisions` decisions, comparing every decision (see [`compare`]).
fn random_game(variant: Variant, options: Options, seed: u64, limits: Limits, max_decisions: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = Position::start(variant, options).unwrap();
    for _ in 0..max_decisions {
        let side = match pos.to_move() {
            ToMove::Nobody(_) => return,
            ToMove::Side(side) => side,
            ToMove::Both { waiting } => {
                if waiting.south {
                    Side::South
                } else {
                    Side::North
                }
            }
        };
        let legal = pos.legal_decisions(side);
        let decision = legal[rng.random_range(0..legal.len())];
        pos = compare(&pos, side, decision, limits).0;
    }
}

const VARIANTS: [Variant; 5] =
    [Variant::Kubuguza, Variant::Ikibuguzo, Variant::IkibuguzoOpening1, Variant::IkibuguzoOpening2, Variant::Njombwa];

fn small_limits(cap: usize, walk_from: usize, spacing: usize) -> Limits {
    Limits { cap, walk_from: walk_from.min(cap), spacing }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Whole random games, every decision compared (positions, legal decisions, events).
    #[test]
    fn random_games_match_the_exact_history(
        variant in 0..VARIANTS.len(),
        seed in any::<u64>(),
        cap in 8usize..400,
        walk_from in 1usize..60,
        spacing in 1usize..40,
        width in 8u8..=10,
    ) {
        let variant = VARIANTS[variant];
        let mut options = Options::defaults(variant);
        if variant == Variant::Njombwa {
            options.width = width;
        }
        random_game(variant, options, seed, small_limits(cap, walk_from, spacing), 400);
    }

    /// The real limits (the walk from 128 laps, the 100 000-lap cap) on random games.
    #[test]
    fn random_games_with_the_real_limits_match_the_exact_history(variant in 0..VARIANTS.len(), seed in any::<u64>()) {
        let variant = VARIANTS[variant];
        random_game(variant, Options::defaults(variant), seed, LIMITS, 400);
    }
}

/// Endless turns from the scenario files, and one whose cycle starts after a few laps, with the walk
/// starting at many laps of the turn and caps around it.
fn sweep_endless_turns() {
    let cases = [
        (Variant::Njombwa, "south a1=1 c1=1 e1=1 g1=1 h1=2 a2=2 c2=1 e2=1 g2=1 a4=1", "h1"),
        (Variant::Kubuguza, "south a1=1 c1=1 e1=1 g1=1 h1=2 a2=2 c2=1 e2=1 g2=1 a4=1", "h1"),
        (Variant::IkibuguzoOpening1, "south a1=1 c1=1 e1=1 g1=1 h1=2 a2=2 c2=1 e2=1 g2=1 a4=2", "h1"),
        (Variant::IkibuguzoOpening1, "north h4=1 f4=1 d4=1 b4=1 a4=2 h3=2 f3=1 d3=1 b3=1 h1=2", "a4"),
        (
            Variant::Njombwa,
            "north a4=1 c4=1 d4=4 e4=1 f4=2 h4=4 a3=2 c3=1 e3=1 g3=1 h3=2 a1=1 b1=1 e1=2 g1=1 h1=1 b2=1 c2=2 e2=1 \
             h2=1",
            "a3",
        ),
        // Found in random games: the first repeated state is not the turn's first.
        (
            Variant::IkibuguzoOpening2,
            "north a1=2 b1=1 c1=1 d1=1 e1=1 f1=1 g1=1 a2=3 b2=2 c2=2 b3=9 d3=9 e3=8 f3=1 g3=6 h3=1 b4=5 d4=1 f4=1 \
             g4=5 h4=3 turn=24",
            "g3",
        ),
    ];
    for (variant, text, decision) in cases {
        let pos = parse(variant, text);
        let ToMove::Side(side) = pos.to_move() else { unreachable!() };
        let decision = Decision::parse(decision, pos.geometry()).unwrap();
        let (want, events) = apply(&pos, side, decision, exact(LIMITS));
        assert_eq!(want.outcome().map(|o| o.reason), Some(EndReason::EndlessSowing), "{text}");
        let turn = laps(&events);
        let starts: Vec<usize> =
            if turn <= 200 { (1..=turn).collect() } else { vec![1, 2, 3, 10, 100, turn / 2, turn - 1, turn] };
        for walk_from in starts {
            for spacing in [1, 2, 3, 5, 1024] {
                compare(&pos, side, decision, Limits { walk_from, spacing, ..LIMITS });
                // Caps before, at and after the walk's start, and just before the repeat.
                for cap in [walk_from, walk_from + 1, walk_from + 7, turn - 1] {
                    compare(&pos, side, decision, Limits { cap, walk_from: walk_from.min(cap), spacing });
                }
            }
        }
    }
}

#[test]
fn every_verdict_of_the_walk_is_reached_and_agrees_with_the_exact_history() {
    take_whys();
    sweep_endless_turns();
    let mut seed = 0;
    for (cap, walk_from, spacing) in [(30, 1, 1), (60, 4, 3), (200, 10, 8), (400, 40, 32), (25, 20, 64)] {
        for variant in VARIANTS {
            for _ in 0..30 {
                seed += 1;
                random_game(variant, Options::defaults(variant), seed, small_limits(cap, walk_from, spacing), 300);
            }
        }
    }
    let whys = take_whys();
    assert!(whys.iter().all(|&n| n > 0), "every verdict is reached: {whys:?}");
}
