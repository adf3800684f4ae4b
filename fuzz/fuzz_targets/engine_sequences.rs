//! Random decision sequences through the engine, for every variant and option, checking its invariants
//! (see below for which positions get which check):
//! - the counters are conserved: board and stores, plus those the rules take off the board (Njombwa's
//!   captures, counted from the `Capture` events), always add up to the start's total;
//! - every decision the position lists applies (each is played on a copy, where the same holds);
//! - every decision it does not list, for either side (any hole of the board and beyond it, both
//!   directions, every store move, both arrays, a pass), is refused, reports no event and leaves the
//!   position exactly as it was;
//! - an unfinished position lets someone move, a finished one nobody.
//!
//! Each input byte is one step: a listed decision picked by the byte, or (high bit set) any decision by
//! either side built from the next two bytes, which must apply exactly when it is listed. After every step
//! the counters are checked; the position the input ends in gets the whole list above (every decision of
//! both sides tried on a copy), which is about ten times too slow for every step of a 300-step input;
//! inputs of every length are run, so many positions along the paths get the full check.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_engine::{
    BySide, CaptureTo, Decision, Direction, Event, EventSink, Geometry, Hole, MAX_HOLES, OpeningArray, Options, Position, Side,
    StoreMove, ToMove, Variant,
};

const MAX_STEPS: usize = 300;

fn options(variant: Variant, byte: u8) -> Options {
    let mut options = Options::defaults(variant);
    match variant {
        Variant::Njombwa => options.width = 8 + byte % 3,
        Variant::Azigo => options.handicap = BySide { south: byte & 1 != 0, north: byte & 2 != 0 },
        _ => {}
    }
    // A short turn limit now and then, so that the limit's ending is reached too.
    if byte & 0x80 != 0 {
        options.turn_limit = Some(1 + u32::from(byte & 0x1f));
    }
    options
}

/// Every decision of any variant on any board: the holes of the largest boards (40), so past the last
/// hole of the smaller ones. (A hole past every board cannot be made: holes come from a geometry.)
fn every_decision() -> impl Iterator<Item = Decision> {
    let sow = (0..MAX_HOLES).flat_map(|h| {
        [Direction::Anticlockwise, Direction::Clockwise].map(|direction| Decision::Sow { hole: any_hole(h), direction })
    });
    let store = [StoreMove::Plain, StoreMove::Loop, StoreMove::Cross].map(Decision::Store);
    let opening = [OpeningArray::One, OpeningArray::Two].map(Decision::Opening);
    sow.chain(store).chain(opening).chain([Decision::Pass])
}

/// Counts the events of a decision and the counters its captures take off the board.
#[derive(Default)]
struct Tally {
    events: u64,
    off_board: u32,
}

impl EventSink for Tally {
    fn push(&mut self, event: Event) {
        self.events += 1;
        if let Event::Capture { count, to: CaptureTo::OffBoard, .. } = event {
            self.off_board += u32::from(count);
        }
    }
}

/// Board and stores plus what left the board add up to the start's total.
fn assert_conserved(pos: &Position, off_board: u32, total: u32) {
    assert_eq!(pos.total_counters() + off_board, total, "counters not conserved in {pos:?}");
}

/// The checks of one position: what it lists applies, what it does not is refused unchanged.
fn check(pos: &Position, off_board: u32, total: u32) {
    assert_conserved(pos, off_board, total);
    for side in [Side::South, Side::North] {
        let legal = pos.legal_decisions(side);
        for (i, d) in legal.iter().enumerate() {
            assert!(!legal[..i].contains(d), "{d:?} listed twice for {side:?} in {pos:?}");
        }
        for decision in every_decision() {
            let mut copy = pos.clone();
            let mut tally = Tally::default();
            let result = copy.apply(side, decision, &mut tally);
            if legal.contains(&decision) {
                if let Err(e) = result {
                    panic!("listed {decision:?} by {side:?} refused: {e} in {pos:?}");
                }
                assert!(tally.events > 0, "{decision:?} by {side:?} applied without an event");
                assert_conserved(&copy, off_board + tally.off_board, total);
            } else {
                assert!(result.is_err(), "{decision:?} by {side:?} applied but not listed in {pos:?}");
                assert_eq!(tally.events, 0, "refused {decision:?} by {side:?} reported events");
                assert_eq!(&copy, pos, "refused {decision:?} by {side:?} changed the position");
            }
        }
    }
    let someone_may_move = !pos.legal_decisions(Side::South).is_empty() || !pos.legal_decisions(Side::North).is_empty();
    assert_eq!(
        someone_may_move,
        !pos.is_over(),
        "over: {}, and someone may move: {someone_may_move} in {pos:?}",
        pos.is_over()
    );
}

/// The hole with index `index % MAX_HOLES` of the largest board: a hole of any board, or past its end.
fn any_hole(index: usize) -> Hole {
    Geometry::TwoByTwenty.hole_at(index % MAX_HOLES).expect("2x20 has MAX_HOLES holes")
}

/// Any decision at all, from two bytes (holes beyond the smaller boards included).
fn arbitrary(kind: u8, arg: u8) -> Decision {
    match kind % 8 {
        0..=3 => Decision::Sow {
            hole: any_hole(arg.into()),
            direction: if kind & 0x10 != 0 { Direction::Clockwise } else { Direction::Anticlockwise },
        },
        4 => Decision::Store([StoreMove::Plain, StoreMove::Loop, StoreMove::Cross][arg as usize % 3]),
        5 => Decision::Opening(if arg & 1 == 0 { OpeningArray::One } else { OpeningArray::Two }),
        _ => Decision::Pass,
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.iter().copied();
    let (Some(v), Some(o)) = (bytes.next(), bytes.next()) else { return };
    let variant = Variant::ALL[v as usize % Variant::ALL.len()];
    let Ok(mut pos) = Position::start(variant, options(variant, o)) else { return };
    let total = pos.total_counters();
    let mut off_board = 0;
    for _ in 0..MAX_STEPS {
        if pos.is_over() {
            break;
        }
        let Some(b) = bytes.next() else { break };
        let mut tally = Tally::default();
        if b & 0x80 != 0 {
            // Any decision by either side: applied exactly when listed; refused, it changes nothing.
            let side = if b & 0x40 != 0 { Side::North } else { Side::South };
            let decision = arbitrary(bytes.next().unwrap_or(0), bytes.next().unwrap_or(0));
            let listed = pos.legal_decisions(side).contains(&decision);
            let before = pos.clone();
            match pos.apply(side, decision, &mut tally) {
                Ok(()) => assert!(listed, "{decision:?} by {side:?} applied but not listed in {before:?}"),
                Err(e) => {
                    assert!(!listed, "listed {decision:?} by {side:?} refused: {e} in {before:?}");
                    assert_eq!(tally.events, 0, "refused {decision:?} by {side:?} reported events");
                    assert_eq!(pos, before, "refused {decision:?} by {side:?} changed the position");
                }
            }
        } else {
            let side = match pos.to_move() {
                ToMove::Side(s) => s,
                ToMove::Both { waiting } => {
                    let s = if b & 0x40 != 0 { Side::North } else { Side::South };
                    if waiting[s] { s } else { s.other() }
                }
                ToMove::Nobody(o) => panic!("nobody to move in an unfinished game ({o:?}): {pos:?}"),
            };
            let legal = pos.legal_decisions(side);
            assert!(!legal.is_empty(), "{side:?} to move without a legal decision: {pos:?}");
            let decision = legal[b as usize % legal.len()];
            if let Err(e) = pos.apply(side, decision, &mut tally) {
                panic!("listed {decision:?} by {side:?} refused: {e} in {pos:?}");
            }
        }
        off_board += tally.off_board;
        assert_conserved(&pos, off_board, total);
    }
    // Where the input's decisions led (every prefix of a corpus input is an input too): the whole space.
    check(&pos, off_board, total);
});
