//! Every capture event says why it happened ([`CaptureReason`]): one exact case per rule of
//! docs/rules.md#why-a-capture-happened, then random games of every variant in which each capture's reason
//! must fit the board and the mover.

use mancala_engine::{
    CaptureReason, CaptureTo, Decision, Event, Geometry, Hole, Options, Position, Side, ToMove, Variant,
};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

fn hole(pos: &Position, name: &str) -> Hole {
    pos.geometry().parse_hole(name).unwrap()
}

/// The capture events of playing `decision` at `text`, as (from, count, reason).
fn captures(variant: Variant, text: &str, decision: &str) -> (Position, Vec<(Hole, u8, CaptureReason)>) {
    let mut pos = Position::from_text(variant, Options::defaults(variant), text).unwrap();
    let d = Decision::parse(decision, pos.geometry()).unwrap();
    let ToMove::Side(side) = pos.to_move() else { panic!("{text}: nobody to move") };
    let mut events = Vec::new();
    pos.apply(side, d, &mut events).unwrap();
    let taken = events
        .iter()
        .filter_map(|e| match *e {
            Event::Capture { from, count, reason, .. } => Some((from, count, reason)),
            _ => None,
        })
        .collect();
    (pos, taken)
}

#[test]
fn kubuguza_opposition_names_the_last_hole_and_both_facing_holes() {
    // c2 (2): b2, a2; a2 was occupied and faces a3, a4: both are taken into c2 (and sown on).
    let (pos, taken) = captures(Variant::Kubuguza, "south c2=2 a2=1 a3=2 a4=3 e3=1", "c2");
    let h = |n| hole(&pos, n);
    let reason = CaptureReason::Opposition { last: h("a2"), inner: h("a3"), outer: h("a4") };
    assert_eq!(taken, vec![(h("a3"), 2, reason), (h("a4"), 3, reason)]);
    assert_eq!(reason.id(), "opposition");
    assert_eq!(reason.last(), h("a2"));
}

#[test]
fn ikibuguzo_captures_by_opposition_too() {
    let v = Variant::IkibuguzoOpening1;
    let (pos, taken) = captures(v, "south c2=2 a2=1 a3=2 a4=3 e3=1", "c2");
    let h = |n| hole(&pos, n);
    let reason = CaptureReason::Opposition { last: h("a2"), inner: h("a3"), outer: h("a4") };
    assert_eq!(taken, vec![(h("a3"), 2, reason), (h("a4"), 3, reason)]);
}

#[test]
fn njombwa_empty_inner_takes_the_facing_inner_and_the_outer_behind_it() {
    // Scenario N-6 (docs/rules.md#worked-scenarios): g2 (2) ends in the empty e2 facing e3 (2) and e4 (3).
    let (pos, taken) = captures(Variant::Njombwa, "south g2=2 a1=3 e3=2 e4=3 a4=1", "g2");
    let h = |n| hole(&pos, n);
    let reason = CaptureReason::EmptyInner { last: h("e2"), inner: h("e3"), outer: h("e4") };
    assert_eq!(taken, vec![(h("e3"), 2, reason), (h("e4"), 3, reason)]);
}

#[test]
fn njombwa_pair_walk_takes_the_facing_inner_hole_only() {
    // Scenario N-2 (docs/rules.md#njombwa-stage-1): South's tenth stage-1 turn, f2 (2) → e2, d2; d2 faces North's
    // single d3.
    let v = Variant::Njombwa;
    let mut pos = Position::start(v, Options::defaults(v)).unwrap();
    let mut taken = Vec::new();
    for d in "b1 g4 c1 f4 d1 e4 e1 d4 f1 c4 g1 b4 h1 a4 h2 a3 g2 b3 f2".split(' ') {
        let d = Decision::parse(d, pos.geometry()).unwrap();
        let mut events = Vec::new();
        let ToMove::Side(side) = pos.to_move() else { panic!("game over") };
        pos.apply(side, d, &mut events).unwrap();
        taken.extend(events.into_iter().filter(|e| matches!(e, Event::Capture { .. })));
    }
    let h = |n| hole(&pos, n);
    let reason = CaptureReason::PairWalk { last: h("d2"), inner: h("d3") };
    assert_eq!(taken, vec![Event::Capture { from: h("d3"), count: 1, to: CaptureTo::OffBoard, reason }]);
}

#[test]
fn azigo_reasons_name_the_last_hole_of_a_sowing_and_of_a_store_cross() {
    let v = Variant::Azigo;
    let (pos, taken) = captures(v, "south r1=6 t2=1 r2=2 a2=4", "r1");
    let reason = CaptureReason::OneOrThree { last: hole(&pos, "r2") };
    assert_eq!(taken.iter().map(|t| t.2).collect::<Vec<_>>(), vec![reason, reason]);
    let (pos, taken) = captures(v, "south a1=2 s2=3 r2=1 p2=1 store.south=21", "store:cross");
    let reason = CaptureReason::StoreCross { last: hole(&pos, "t2") };
    assert_eq!(
        taken.iter().map(|t| (t.0, t.2)).collect::<Vec<_>>(),
        vec![(hole(&pos, "s2"), reason), (hole(&pos, "r2"), reason)]
    );
}

/// What a reason claims, checked against the geometry and the mover. `run` holds the holes taken so far
/// under the same reason in this move, in order.
fn check_reason(geo: Geometry, variant: Variant, side: Side, from: Hole, reason: CaptureReason, run: &[Hole]) {
    let last = reason.last();
    match reason {
        CaptureReason::Opposition { inner, outer, .. } | CaptureReason::EmptyInner { inner, outer, .. } => {
            let four_row_capture = matches!(reason, CaptureReason::Opposition { .. }) != (variant == Variant::Njombwa);
            assert!(four_row_capture, "{variant}: {reason:?}");
            assert!(geo.is_inner(last) && geo.owner(last) == side, "{reason:?}");
            assert_eq!(geo.opposite(last), (inner, outer));
            assert!(from == inner || from == outer);
        }
        CaptureReason::PairWalk { inner, .. } => {
            assert_eq!(variant, Variant::Njombwa);
            assert!(geo.is_inner(last) && geo.owner(last) == side);
            assert_eq!((from, geo.opposite(last).0), (inner, inner));
        }
        CaptureReason::OneOrThree { .. } | CaptureReason::StoreCross { .. } => {
            assert_eq!(variant, Variant::Azigo);
            assert_eq!(geo.owner(from), side.other());
            // The run: from the last hole backwards, or from the hole after it forwards.
            let (mut h, dir) = match reason {
                CaptureReason::OneOrThree { .. } => (last, mancala_engine::Direction::Clockwise),
                _ => {
                    (geo.step(last, mancala_engine::Direction::Anticlockwise), mancala_engine::Direction::Anticlockwise)
                }
            };
            for _ in 0..run.len() {
                h = geo.step(h, dir);
            }
            assert_eq!(from, h, "{reason:?}: taken out of its run");
        }
    }
}

#[test]
fn every_capture_of_random_games_has_a_reason_that_fits() {
    // Big Azigo stores, so that `store:cross` is played too (random games from the start rarely get there).
    let big_stores = "south a1=5 b1=5 c1=5 t2=5 s2=5 r2=5 store.south=25 store.north=25";
    let starts = [
        (Variant::Kubuguza, None),
        (Variant::IkibuguzoOpening1, None),
        (Variant::IkibuguzoOpening2, None),
        (Variant::Njombwa, None),
        (Variant::Azigo, None),
        (Variant::Azigo, Some(big_stores)),
    ];
    let mut seen = std::collections::BTreeSet::new();
    for (variant, text) in starts {
        for seed in 0..12u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let options = Options { turn_limit: Some(120), ..Options::defaults(variant) };
            let mut pos = match text {
                Some(text) => Position::from_text(variant, options, text).unwrap(),
                None => Position::start(variant, options).unwrap(),
            };
            let geo = pos.geometry();
            while let ToMove::Side(side) = pos.to_move() {
                let legal = pos.legal_decisions(side);
                let d = legal[rng.random_range(0..legal.len())];
                let mut events = Vec::new();
                pos.apply(side, d, &mut events).unwrap();
                let mut run: Vec<Hole> = Vec::new();
                let mut run_reason = None;
                for e in events {
                    if let Event::Capture { from, reason, .. } = e {
                        if run_reason != Some(reason) {
                            run.clear();
                            run_reason = Some(reason);
                        }
                        check_reason(geo, variant, side, from, reason, &run);
                        run.push(from);
                        seen.insert(reason.id());
                    }
                }
            }
        }
    }
    assert_eq!(seen.len(), 5, "random play reaches every rule: {seen:?}");
}
