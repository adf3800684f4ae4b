//! Azigo: property tests over random games (counters conserved, every listed decision applies, records
//! replay, notation and position text round-trip, no view or event hands out a concealed store), the
//! events of each kind of move, the same rules from either seat (mirror symmetry), and an ignored timing run:
//! `cargo test --release -p mancala-engine --test it azigo:: -- --ignored --nocapture`.

use mancala_engine::{
    BySide, CaptureReason, CaptureTo, Decision, Direction, EndReason, Event, GameRecord, Geometry, Hole, NoEvents,
    Options, Outcome, Position, Setup, Side, StoreMove, ToMove, Variant, Viewer,
};
use proptest::prelude::*;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::time::Instant;

const V: Variant = Variant::Azigo;

fn hole(pos: &Position, name: &str) -> mancala_engine::Hole {
    pos.geometry().parse_hole(name).unwrap()
}

fn score(pos: &Position, side: Side) -> u32 {
    pos.store(side) as u32 + pos.counters_of(side)
}

/// What every viewer may see of the stores now.
fn check_views(pos: &Position) {
    let over = pos.is_over();
    for side in Side::BOTH {
        let v = pos.view(Viewer::Player(side));
        assert_eq!(v.stores[side], Some(pos.store(side)), "a player always sees its own store");
        let other = v.stores[side.other()];
        if over {
            assert_eq!(other, Some(pos.store(side.other())), "the end reveals every store");
        } else {
            assert_eq!(other, None, "{side} sees the opponent's store: {}", pos.to_text());
        }
        assert_eq!(v.holes, pos.counts(), "the board is public");
    }
    let spectator = pos.view(Viewer::Spectator);
    if over {
        assert_eq!(spectator.stores, BySide::new(Some(pos.store(Side::South)), Some(pos.store(Side::North))));
    } else {
        assert_eq!(spectator.stores, BySide::new(None, None), "a spectator sees a store: {}", pos.to_text());
    }
    assert!(spectator.legal.is_empty());
    let analysis = pos.view(Viewer::Analysis);
    assert_eq!(analysis.stores, BySide::new(Some(pos.store(Side::South)), Some(pos.store(Side::North))));
}

/// Checks the events of one whole turn by `side`, applied to `before` with result `after`.
fn check_events(before: &Position, after: &Position, side: Side, decision: Decision, events: &[Event]) {
    let geo = before.geometry();
    let (first, rest) = events.split_first().expect("a turn has events");
    let dropped = match (decision, *first) {
        (Decision::Sow { hole, .. }, Event::Lift { hole: h, count, direction }) => {
            assert_eq!((h, count, direction), (hole, before.count(hole), Direction::Anticlockwise));
            count
        }
        (Decision::Store(_), Event::StoreLift { side: s, count: Some(n) }) => {
            assert_eq!((s, n), (side, before.store(side)));
            n
        }
        other => panic!("unexpected first event {other:?}"),
    };
    let drops = rest.iter().filter(|e| matches!(e, Event::Drop { .. })).count();
    assert_eq!(drops, dropped as usize, "one drop per counter");
    // A normal move of two or more drops its first counter back into its origin.
    if let Decision::Sow { hole, .. } = decision
        && dropped >= 2
    {
        assert_eq!(rest[0], Event::Drop { hole });
    }
    let mut taken = 0u32;
    for e in rest {
        if let Event::Capture { from, count, to, .. } = *e {
            assert_eq!(to, CaptureTo::Store(side));
            assert_eq!(geo.owner(from), side.other(), "only the opponent's row is taken from");
            assert!(count == 1 || count == 3, "only 1 or 3 are taken, got {count}");
            assert_eq!(after.count(from), 0);
            taken += count as u32;
        }
    }
    let store_before = if matches!(decision, Decision::Store(_)) { 0 } else { before.store(side) as u32 };
    assert_eq!(after.store(side) as u32, store_before + taken, "captures go to the mover's store");
    assert_eq!(after.store(side.other()), before.store(side.other()));
    if matches!(decision, Decision::Store(StoreMove::Plain | StoreMove::Loop)) {
        assert_eq!(taken, 0, "only store:cross captures");
    }
    // The turn ends with a turn end or the game end, and nothing after it.
    match *events.last().unwrap() {
        Event::TurnEnd { next } => assert_eq!(next, side.other()),
        Event::GameEnd(o) => assert_eq!(Some(o), after.outcome()),
        e => panic!("a turn must end with TurnEnd or GameEnd, not {e:?}"),
    }
    // Nobody else learns a store count from the events while the game runs.
    for e in events {
        let over = after.is_over();
        let spectator = e.project(Viewer::Spectator, over);
        let opponent = e.project(Viewer::Player(side.other()), over);
        if !over {
            assert!(!matches!(spectator, Event::StoreLift { count: Some(_), .. }), "{spectator:?}");
            assert!(!matches!(opponent, Event::StoreLift { count: Some(_), .. }), "{opponent:?}");
        }
        assert!(!matches!(e.project(Viewer::Spectator, false), Event::StoreLift { count: Some(_), .. }));
        assert_eq!(e.project(Viewer::Player(side), false), *e, "the mover sees its own events");
    }
}

/// One random game with every invariant checked after each decision. Returns the record and the end.
fn random_game(options: Options, seed: u64) -> (GameRecord, Position) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = Position::start(V, options).unwrap();
    let geo = pos.geometry();
    let mut record = GameRecord::new(V, options);
    assert_eq!(pos.total_counters(), 90);
    check_views(&pos);
    while let ToMove::Side(side) = pos.to_move() {
        let legal = pos.legal_decisions(side);
        assert!(!legal.is_empty(), "the side to move has a decision: {}", pos.to_text());
        assert!(pos.legal_decisions(side.other()).is_empty(), "only the side to move decides");
        let store = pos.store(side);
        let has = |d: Decision| legal.contains(&d);
        assert_eq!(has(Decision::Store(StoreMove::Plain)), (1..=20).contains(&store));
        assert_eq!(has(Decision::Store(StoreMove::Loop)), store > 20);
        assert_eq!(has(Decision::Store(StoreMove::Cross)), store > 20);
        for h in geo.holes() {
            let own_and_full = geo.owner(h) == side && pos.count(h) > 0;
            assert_eq!(has(Decision::acw(h)), own_and_full, "{}", geo.name(h));
            assert!(!has(Decision::cw(h)));
        }
        for &d in &legal {
            assert_eq!(Decision::parse(&d.notation(geo), geo).unwrap(), d);
            let mut probe = pos.clone();
            probe.apply(side, d, &mut NoEvents).unwrap_or_else(|e| panic!("{}: {e}", pos.to_text()));
            assert_eq!(probe.total_counters(), 90);
        }
        let d = legal[rng.random_range(0..legal.len())];
        let before = pos.clone();
        let mut events = Vec::new();
        pos.apply(side, d, &mut events).unwrap();
        record.decisions.push(d);
        assert_eq!(pos.total_counters(), 90, "counters appeared or vanished: {}", pos.to_text());
        assert_eq!(pos.mid_turn(), None, "an Azigo turn is one decision");
        check_events(&before, &pos, side, d, &events);
        check_views(&pos);
        let text = pos.to_text();
        let back = Position::from_text(V, options, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back, pos, "position text round-trip: {text}");
    }
    let outcome = pos.outcome().unwrap();
    let (s, n) = (score(&pos, Side::South), score(&pos, Side::North));
    let expected = match s.cmp(&n) {
        std::cmp::Ordering::Greater => Some(Side::South),
        std::cmp::Ordering::Less => Some(Side::North),
        std::cmp::Ordering::Equal => None,
    };
    assert_eq!(outcome.winner, expected, "decided by score {s}-{n}");
    match outcome.reason {
        EndReason::TurnLimit => assert_eq!(pos.turn(), 2 * options.turn_limit.unwrap()),
        EndReason::NoLegalMove => {
            // The turn number is already the stuck side's: odd for South, even for North.
            let side = if pos.turn() % 2 == 1 { Side::South } else { Side::North };
            assert_eq!(score(&pos, side), 0, "the side that cannot move has nothing");
        }
        other => panic!("unexpected end {other}"),
    }
    (record, pos)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(seed in any::<u64>(), south in any::<bool>(), north in any::<bool>()) {
        let options = Options { turn_limit: Some(60), handicap: BySide::new(south, north), ..Options::defaults(V) };
        let (record, end) = random_game(options, seed);
        prop_assert!(end.is_over());
        let replayed = record.replay().unwrap();
        prop_assert_eq!(&replayed, &end);
        prop_assert_eq!(replayed.to_text(), end.to_text());
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let options = Options { turn_limit: Some(40), ..Options::defaults(V) };
    assert_eq!(random_game(options, 7), random_game(options, 7));
}

#[test]
fn a_normal_move_drops_into_its_origin_first_then_captures_backwards() {
    // O-2: r1=6: r1 1, s1 t1 t2 s2 r2; r2 (3) then s2 (1) are taken, t2 (2) stops the run.
    let mut pos = Position::from_text(V, Options::defaults(V), "south r1=6 t2=1 r2=2 a2=4").unwrap();
    let mut events = Vec::new();
    pos.apply(Side::South, Decision::acw(hole(&pos, "r1")), &mut events).unwrap();
    let h = |n| hole(&pos, n);
    let to = CaptureTo::Store(Side::South);
    // The last counter fell into r2: the reason names it for r2 itself and for the run before it.
    let reason = CaptureReason::OneOrThree { last: h("r2") };
    assert_eq!(
        events,
        vec![
            Event::Lift { hole: h("r1"), count: 6, direction: Direction::Anticlockwise },
            Event::Drop { hole: h("r1") },
            Event::Drop { hole: h("s1") },
            Event::Drop { hole: h("t1") },
            Event::Drop { hole: h("t2") },
            Event::Drop { hole: h("s2") },
            Event::Drop { hole: h("r2") },
            Event::Capture { from: h("r2"), count: 3, to, reason },
            Event::Capture { from: h("s2"), count: 1, to, reason },
            Event::TurnEnd { next: Side::North },
        ]
    );
}

#[test]
fn a_single_counter_goes_straight_to_the_next_hole() {
    let mut pos = Position::from_text(V, Options::defaults(V), "north a2=1 a1=2 k2=3 f1=1").unwrap();
    let mut events = Vec::new();
    pos.apply(Side::North, Decision::acw(hole(&pos, "a2")), &mut events).unwrap();
    let h = |n| hole(&pos, n);
    assert_eq!(
        events,
        vec![
            Event::Lift { hole: h("a2"), count: 1, direction: Direction::Anticlockwise },
            Event::Drop { hole: h("a1") },
            Event::Capture {
                from: h("a1"),
                count: 3,
                to: CaptureTo::Store(Side::North),
                reason: CaptureReason::OneOrThree { last: h("a1") },
            },
            Event::TurnEnd { next: Side::South },
        ]
    );
}

#[test]
fn a_store_move_is_concealed_from_others_and_cross_captures_forwards() {
    // O-22: 21 from the store: a1..t1, t2 (last); s2 (3) and r2 (1) after it are taken.
    let mut pos = Position::from_text(V, Options::defaults(V), "south a1=2 s2=3 r2=1 p2=1 store.south=21").unwrap();
    let mut events = Vec::new();
    pos.apply(Side::South, Decision::Store(StoreMove::Cross), &mut events).unwrap();
    let lift = events[0];
    assert_eq!(lift, Event::StoreLift { side: Side::South, count: Some(21) });
    assert_eq!(lift.project(Viewer::Player(Side::South), false), lift);
    for viewer in [Viewer::Player(Side::North), Viewer::Spectator] {
        assert_eq!(lift.project(viewer, false), Event::StoreLift { side: Side::South, count: None });
        assert_eq!(lift.project(viewer, true), lift, "the end reveals it");
    }
    let h = |n| hole(&pos, n);
    assert_eq!(events[1], Event::Drop { hole: h("a1") });
    assert_eq!(events[20], Event::Drop { hole: h("t1") });
    assert_eq!(events[21], Event::Drop { hole: h("t2") });
    let to = CaptureTo::Store(Side::South);
    // The store's last counter fell into t2; the run after it is taken.
    let reason = CaptureReason::StoreCross { last: h("t2") };
    assert_eq!(
        events[22..],
        [
            Event::Capture { from: h("s2"), count: 3, to, reason },
            Event::Capture { from: h("r2"), count: 1, to, reason },
            Event::TurnEnd { next: Side::North },
        ]
    );
    assert_eq!((pos.store(Side::South), pos.store(Side::North)), (4, 0));
}

#[test]
fn the_end_reveals_both_stores() {
    let mut pos = Position::from_text(V, Options::defaults(V), "south t1=2 t2=2 a1=1").unwrap();
    pos.play(Decision::acw(hole(&pos, "t1"))).unwrap();
    assert!(pos.is_over());
    for viewer in [Viewer::Player(Side::North), Viewer::Spectator] {
        assert_eq!(pos.view(viewer).stores, BySide::new(Some(3), Some(0)));
    }
}

#[test]
fn every_start_holds_ninety_counters() {
    for (south, north) in [(false, false), (true, false), (false, true), (true, true)] {
        let options = Options { handicap: BySide::new(south, north), ..Options::defaults(V) };
        let pos = Position::start(V, options).unwrap();
        assert_eq!(pos.total_counters(), 90);
        assert_eq!(pos.store(Side::South), if south { 8 } else { 9 });
        assert_eq!(pos.store(Side::North), if north { 8 } else { 9 });
        assert_eq!(pos.counters_of(Side::South) + pos.store(Side::South) as u32, 45);
        assert_eq!(pos.counters_of(Side::North) + pos.store(Side::North) as u32, 45);
        assert_eq!((pos.turn(), pos.to_move()), (1, ToMove::Side(Side::South)));
    }
}

/// The hole opposite `h` through the board's centre: a1 and t2, t1 and a2.
fn mirror_hole(geo: Geometry, h: Hole) -> Hole {
    geo.hole(geo.cols() - 1 - geo.col(h), geo.rows() + 1 - geo.row(h)).unwrap()
}

fn mirror_decision(geo: Geometry, d: Decision) -> Decision {
    match d {
        Decision::Sow { hole, direction } => Decision::Sow { hole: mirror_hole(geo, hole), direction },
        other => other,
    }
}

/// The position seen from the other seat: each side's row and store given to the other, the same turn.
fn mirror(setup: &Setup) -> Setup {
    assert!(setup.mid.is_none(), "Azigo decides only at turn starts");
    let mut m = setup.clone();
    m.counts.reverse(); // reading order: a1 … t1, a2 … t2, so the opposite hole of index i is n−1−i
    m.stores = BySide::new(setup.stores.north, setup.stores.south);
    m.side = setup.side.other();
    m.outcome = setup.outcome.map(|o| Outcome { winner: o.winner.map(Side::other), ..o });
    m
}

/// The rules treat the seats alike: in every position of random games, the position mirrored has the
/// mirrored legal decisions, and each decision's result mirrored is the mirrored decision's result
/// (whatever the stones, the captures, the store moves and the end). Only the turn limit, counted from
/// South's first turn, is not symmetric, so the comparison stops before it.
#[test]
fn the_rules_are_the_same_from_either_seat() {
    let options = Options::defaults(V);
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    let mut compared = 0;
    for _ in 0..40 {
        let mut pos = Position::start(V, options).unwrap();
        while let (ToMove::Side(side), true) = (pos.to_move(), pos.turn() < 990) {
            let geo = pos.geometry();
            let seen = Position::from_setup(mirror(&pos.to_setup())).unwrap();
            let legal = pos.legal_decisions(side);
            let mut expected: Vec<Decision> = legal.iter().map(|&d| mirror_decision(geo, d)).collect();
            let mut offered: Vec<Decision> = seen.legal_decisions(side.other()).iter().copied().collect();
            expected.sort_by_key(|d| d.notation(geo));
            offered.sort_by_key(|d| d.notation(geo));
            assert_eq!(offered, expected, "{}", pos.to_text());
            for &d in &legal {
                let (mut after, mut after_seen) = (pos.clone(), seen.clone());
                after.apply(side, d, &mut NoEvents).unwrap();
                after_seen.apply(side.other(), mirror_decision(geo, d), &mut NoEvents).unwrap();
                assert_eq!(
                    after_seen.to_setup(),
                    mirror(&after.to_setup()),
                    "{} then {}",
                    pos.to_text(),
                    d.notation(geo)
                );
                compared += 1;
            }
            let d = legal[rng.random_range(0..legal.len())];
            pos.apply(side, d, &mut NoEvents).unwrap();
        }
    }
    assert!(compared > 100_000, "{compared} decisions compared");
}

/// Plays `games` random games with the default options (500 turns per player) as fast as the engine
/// allows and prints the figures for BENCHMARKS.md.
#[test]
#[ignore = "timing run: cargo test --release -p mancala-engine --test it azigo:: -- --ignored --nocapture"]
fn timing_random_games() {
    let games = 2000u64;
    let options = Options::defaults(V);
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let (mut turns, mut decisions_offered) = (0u64, 0u64);
    let mut wins = BySide::new(0u32, 0u32);
    let mut draws = 0u32;
    let mut reasons = std::collections::BTreeMap::<String, u32>::new();
    let start = Instant::now();
    for _ in 0..games {
        let mut pos = Position::start(V, options).unwrap();
        while let ToMove::Side(side) = pos.to_move() {
            let legal = pos.legal_decisions(side);
            decisions_offered += legal.len() as u64;
            let d = legal[rng.random_range(0..legal.len())];
            pos.apply_unchecked(side, d, &mut NoEvents);
            turns += 1;
        }
        let o = pos.outcome().unwrap();
        match o.winner {
            Some(s) => wins[s] += 1,
            None => draws += 1,
        }
        *reasons.entry(o.reason.to_string()).or_default() += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "azigo: {games} random games in {secs:.3} s = {:.0} games/s, {:.0} turns/s; mean turns {:.1}; \
         mean legal decisions {:.2}; south wins {} north wins {} draws {}; end reasons {reasons:?}",
        games as f64 / secs,
        turns as f64 / secs,
        turns as f64 / games as f64,
        decisions_offered as f64 / turns as f64,
        wins.south,
        wins.north,
        draws,
    );
}
