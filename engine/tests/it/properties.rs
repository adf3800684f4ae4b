//! Property tests over many random games of Kubuguza and Njombwa (every width): counters conserved, no
//! panic, every listed legal decision applies and an unlisted one is refused without change, a replayed
//! record gives the same position, notation and position text round-trip. (Ikibuguzo and Azigo have
//! their own files.)

use mancala_engine::{Decision, Event, GameRecord, Options, Position, Side, ToMove, Variant, Viewer, position_text};
use proptest::prelude::*;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

/// Plays one random game, checking the invariants after every decision. Returns the record.
fn random_game(variant: Variant, options: Options, seed: u64, expected_total: Option<u32>) -> (GameRecord, Position) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = Position::start(variant, options).unwrap();
    let mut record = GameRecord::new(variant, options);
    let geo = pos.geometry();
    let mut captured_so_far = 0;
    while let ToMove::Side(side) = pos.to_move() {
        let legal = pos.legal_decisions(side);
        assert!(!legal.is_empty(), "a side to move always has a decision: {}", pos.to_text());
        assert!(pos.legal_decisions(side.other()).is_empty(), "only the side to move decides");
        for d in &legal {
            assert_eq!(Decision::parse(&d.notation(geo), geo).unwrap(), *d);
            let mut probe = pos.clone();
            probe.apply(side, *d, &mut Vec::new()).unwrap();
        }
        // A decision that is not listed is refused and changes nothing.
        let not_listed = geo.holes().map(Decision::acw).find(|d| !legal.contains(d));
        if let Some(bad) = not_listed {
            let before = pos.clone();
            assert!(pos.apply(side, bad, &mut Vec::new()).is_err());
            assert_eq!(pos, before);
        }
        let d = legal[rng.random_range(0..legal.len())];
        let before_total = pos.total_counters();
        let mut events = Vec::new();
        pos.apply(side, d, &mut events).unwrap();
        record.decisions.push(d);
        let removed: u32 = events
            .iter()
            .map(|e| match e {
                Event::Capture { count, to: mancala_engine::CaptureTo::OffBoard, .. } => *count as u32,
                _ => 0,
            })
            .sum();
        captured_so_far += removed;
        assert_eq!(pos.total_counters() + removed, before_total, "counters appeared or vanished");
        if let Some(total) = expected_total {
            assert_eq!(pos.total_counters() + captured_so_far, total);
        }
        let text = pos.to_text();
        let back = position_text::parse(variant, options, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back, pos, "position text round-trip: {text}");
        assert_eq!(pos.view(Viewer::Spectator).holes, pos.counts());
    }
    (record, pos)
}

fn check_replay(record: &GameRecord, end: &Position) {
    let replayed = record.replay().unwrap();
    assert_eq!(&replayed, end);
    assert_eq!(replayed.to_text(), end.to_text());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn kubuguza_random_games(seed in any::<u64>()) {
        let v = Variant::Kubuguza;
        let (record, end) = random_game(v, Options::defaults(v), seed, Some(64));
        prop_assert!(end.is_over());
        check_replay(&record, &end);
    }

    #[test]
    fn njombwa_random_games(seed in any::<u64>(), width in 8u8..=10) {
        let v = Variant::Njombwa;
        let options = Options { width, turn_limit: Some(150), ..Options::defaults(v) };
        let (record, end) = random_game(v, options, seed, Some(64));
        prop_assert!(end.is_over());
        check_replay(&record, &end);
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let v = Variant::Kubuguza;
    let a = random_game(v, Options::defaults(v), 42, None);
    let b = random_game(v, Options::defaults(v), 42, None);
    assert_eq!(a.0, b.0);
    assert_eq!(a.1, b.1);
}

#[test]
fn njombwa_opening_on_every_width_reaches_the_main_phase() {
    // The forced opening (stage 1, then each side's big sow) has one legal decision per turn.
    for width in 8..=10 {
        let options = Options { width, ..Options::defaults(Variant::Njombwa) };
        let mut pos = Position::start(Variant::Njombwa, options).unwrap();
        let mut turns = 0;
        while pos.phase() != mancala_engine::Phase::Main && !pos.is_over() {
            let legal = pos.legal_moves();
            assert_eq!(legal.len(), 1, "width {width}: forced turns only, at {}", pos.to_text());
            pos.play(legal[0]).unwrap();
            turns += 1;
        }
        assert!(!pos.is_over(), "width {width}");
        // 4x8 (docs/rules.md#njombwa-stage-1): 20 stage-1 turns, two big sows, the main phase starts with South
        // at turn 23. On 4x9 North makes the first stage-1 capture (turn 22) and South the reply, so stage 2
        // and the main phase start with North (docs/rules.md#njombwa-wider-boards). 4x10 behaves like 4x8,
        // four turns later.
        let (first, turn) = match width {
            8 => (Side::South, 23),
            9 => (Side::North, 26),
            _ => (Side::South, 29),
        };
        assert_eq!(pos.to_move(), ToMove::Side(first), "width {width}: {}", pos.to_text());
        assert_eq!((turns, pos.turn()), (turn - 1, turn), "width {width}");
    }
}

#[test]
fn analysis_sees_everything_and_players_only_their_own_decisions() {
    let pos = Position::start(Variant::Kubuguza, Options::defaults(Variant::Kubuguza)).unwrap();
    assert_eq!(pos.view(Viewer::Player(Side::South)).legal.len(), 8);
    assert!(pos.view(Viewer::Player(Side::North)).legal.is_empty());
    assert!(pos.view(Viewer::Spectator).legal.is_empty());
}

#[test]
fn position_text_errors_name_the_token() {
    let v = Variant::Kubuguza;
    let o = Options::defaults(v);
    let e = position_text::parse(v, o, "south a1=3 q9=2").unwrap_err();
    assert_eq!(e.token, "q9=2");
    assert!(e.to_string().contains("not a hole of the 4x8 board"), "{e}");
    let e = position_text::parse(v, o, "west a1=3").unwrap_err();
    assert_eq!(e.token, "west");
    let e = position_text::parse(v, o, "south a1=x").unwrap_err();
    assert_eq!(e.token, "a1=x");
    let e = position_text::parse(v, o, "south a1=2 a1=3").unwrap_err();
    assert!(e.reason.contains("twice"), "{e}");
    let e = position_text::parse(v, o, "south a1=2 colour=red").unwrap_err();
    assert!(e.reason.contains("unknown key `colour`"), "{e}");
    // More counters than the game has is refused (it could overflow a hole).
    let e = position_text::parse(v, o, "south a1=60 b1=10").unwrap_err();
    assert!(e.reason.contains("70 counters"), "{e}");
}
