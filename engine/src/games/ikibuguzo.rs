//! Ikibuguzo (docs/rules.md#ikibuguzo, docs/rules.md#d3-ikibuguzo-readings): the secret simultaneous choice
//! of an opening array, the forced opening turns of each array, and the main phase: relay sowing, captures
//! into the lap's origin sown on from there, clockwise laps from the two reverse holes only when they
//! capture, the clockwise limit, the switch to the other reverse hole, and the special win.

use super::relay::{self, AfterLap, Landing, Next, RelayRules};
use crate::decision::{Decision, OpeningArray};
use crate::event::{Event, EventSink};
use crate::geometry::{Direction, Geometry, Hole};
use crate::outcome::{EndReason, Outcome};
use crate::position::{CwBudget, MidTurn, MoveList, OpeningProgress, Phase, Position};
use crate::side::{BySide, Side};
use crate::sowing::{Lap, in_opposition, lap_captures};

/// South's array 1, "from the bottom left, anticlockwise: 0,6,0,0,0,0,0,17,0,3,0,3,0,3,0,0"
/// (docs/rules.md#ikibuguzo-arrays): b1=6, h1=17, g2=3, e2=3, c2=3. North's is point-symmetric.
const ARRAY_ONE: [(u8, u8, u8); 5] = [(1, 1, 6), (7, 1, 17), (2, 2, 3), (4, 2, 3), (6, 2, 3)];

/// The holes each array's forced opening turns lift, in order, for South (column, row): array 1 lifts
/// c2, e2, g2; array 2 lifts h1, g1, …, a1 (docs/rules.md#ikibuguzo-opening-turns).
fn opening_hole(array: OpeningArray, k: u8) -> (u8, u8) {
    match array {
        OpeningArray::One => (2 + 2 * k, 2),
        OpeningArray::Two => (7 - k, 1),
    }
}

/// Counters the forced opening hole holds (3 for array 1, 4 for array 2).
fn opening_count(array: OpeningArray) -> u8 {
    match array {
        OpeningArray::One => 3,
        OpeningArray::Two => 4,
    }
}

/// The same hole seen from North: the point-symmetric one (column h-x, row 5-r).
fn for_side(pos: &Position, side: Side, (col, row): (u8, u8)) -> Hole {
    match side {
        Side::South => pos.geo.at(col, row),
        Side::North => pos.geo.at(pos.geo.cols() - 1 - col, 5 - row),
    }
}

/// The start: both players' array when the variant fixes it, else Murray's two counters in every hole until
/// both secret choices are in.
pub(crate) fn set_up(pos: &mut Position, fixed: Option<OpeningArray>) {
    match fixed {
        Some(array) => start_openings(pos, array, array),
        None => {
            // Before the arrangement: two counters in every hole (Murray), until both choices are in.
            pos.board[..pos.geo.hole_count()].fill(2);
            pos.phase = Phase::Choosing(BySide::default());
        }
    }
}

/// Lays out one side's array on its 16 holes.
fn lay_out(pos: &mut Position, side: Side, array: OpeningArray) {
    for h in pos.geo.own_holes(side) {
        pos.board[h as usize] = 0;
    }
    match array {
        OpeningArray::One => {
            for (col, row, n) in ARRAY_ONE {
                let h = for_side(pos, side, (col, row));
                pos.board[h.index()] = n;
            }
        }
        OpeningArray::Two => {
            for col in 0..8 {
                let h = for_side(pos, side, (col, 1));
                pos.board[h.index()] = 4;
            }
        }
    }
}

fn start_openings(pos: &mut Position, south: OpeningArray, north: OpeningArray) {
    lay_out(pos, Side::South, south);
    lay_out(pos, Side::North, north);
    pos.phase = Phase::Opening(BySide::new(
        OpeningProgress { array: south, played: 0 },
        OpeningProgress { array: north, played: 0 },
    ));
}

/// Both choices are in: reveal them together and lay out both arrays
/// (docs/rules.md#ikibuguzo-secret-choice). South plays first.
pub(crate) fn reveal(pos: &mut Position, south: OpeningArray, north: OpeningArray, sink: &mut impl EventSink) {
    start_openings(pos, south, north);
    pos.side = Side::South;
    sink.push(Event::Revealed { south, north });
    sink.push(Event::TurnEnd { next: Side::South });
}

/// The forced opening turn `side` plays now, if it is still in its opening.
fn forced_opening(pos: &Position, side: Side) -> Option<Hole> {
    let Phase::Opening(progress) = pos.phase else { return None };
    let p = progress[side];
    (!p.is_over()).then(|| for_side(pos, side, opening_hole(p.array, p.played)))
}

/// Ends openings that are over: both sides' → main phase. A side whose forced hole no longer holds its
/// array's count (the opponent, already in its main phase, captured from it) ends its opening at once
/// (docs/rules.md#ikibuguzo-mixed-openings: this site's decision, the sources do not cover it).
pub(crate) fn on_turn_start(pos: &mut Position) {
    let Phase::Opening(mut progress) = pos.phase else { return };
    let side = pos.side;
    if let Some(h) = forced_opening(pos, side)
        && pos.board[h.index()] != opening_count(progress[side].array)
    {
        progress[side].played = progress[side].total();
    }
    pos.phase =
        if progress.south.is_over() && progress.north.is_over() { Phase::Main } else { Phase::Opening(progress) };
}

/// South's reverse holes are a1 and b2, North's h4 and g3 (docs/rules.md#ikibuguzo-reverse-holes): on the 4x8
/// board, the only one Ikibuguzo is played on, a1 = 0, b2 = 9, h4 = 31, g3 = 22 (asked after every relay).
const REVERSE_HOLES: [[Hole; 2]; 2] = [[Hole(0), Hole(9)], [Hole(31), Hole(22)]];

fn reverse_holes(pos: &Position, side: Side) -> [Hole; 2] {
    debug_assert_eq!(
        REVERSE_HOLES[side.index()],
        [for_side(pos, side, (0, 1)), for_side(pos, side, (1, 2))],
        "Ikibuguzo is played on 4x8"
    );
    REVERSE_HOLES[side.index()]
}

fn is_reverse(pos: &Position, side: Side, hole: Hole) -> bool {
    let [a, b] = reverse_holes(pos, side);
    hole == a || hole == b
}

fn cw_captures(pos: &Position, side: Side, hole: Hole) -> bool {
    lap_captures(pos.geo, &pos.board, side, Lap { from: hole, direction: Direction::Clockwise })
}

pub(crate) fn legal(pos: &Position, side: Side, out: &mut MoveList) {
    if let Some(mid) = pos.mid {
        return Ikibuguzo::continuations(pos, side, &mid, out);
    }
    if let Some(h) = forced_opening(pos, side) {
        out.push(Decision::acw(h));
        return;
    }
    // docs/rules.md#ikibuguzo-turn-start: ACW from any hole with ≥2; CW from a reverse hole with ≥2 that captures.
    relay::push_acw_from(pos, side, 2, out);
    for h in reverse_holes(pos, side) {
        if pos.board[h.index()] >= 2 && cw_captures(pos, side, h) {
            out.push(Decision::cw(h));
        }
    }
}

pub(crate) fn apply(pos: &mut Position, side: Side, decision: Decision, sink: &mut impl EventSink) {
    if pos.mid.is_none()
        && let Some(hole) = forced_opening(pos, side)
    {
        return opening_turn(pos, side, hole, sink);
    }
    // A main-phase turn (the other side may still be in its opening).
    relay::play::<Ikibuguzo>(pos, side, decision, sink);
}

/// A forced opening turn (docs/rules.md#ikibuguzo-opening-turns): 2 counters into the next hole
/// anticlockwise, then 1 into each of the following holes. It never relays; when the last counter falls
/// into an occupied own inner hole in opposition it captures as in the main phase and the turn goes on
/// like a main-phase turn (docs/rules.md#ikibuguzo-opening-captures; not under rules version 1).
fn opening_turn(pos: &mut Position, side: Side, hole: Hole, sink: &mut impl EventSink) {
    pos.laps.clear();
    let count = std::mem::take(&mut pos.board[hole.index()]);
    sink.push(Event::Lift { hole, count, direction: Direction::Anticlockwise });
    let mut h = hole;
    for i in 0..count - 1 {
        h = pos.geo.step(h, Direction::Anticlockwise);
        let n = if i == 0 { 2 } else { 1 };
        pos.board[h.index()] += n;
        for _ in 0..n {
            sink.push(Event::Drop { hole: h });
        }
    }
    if let Phase::Opening(mut progress) = pos.phase {
        progress[side].played += 1;
        pos.phase = Phase::Opening(progress);
    }
    let before = pos.board[h.index()] - 1;
    if !pos.options.opening_captures() || !in_opposition(pos.geo, &pos.board, side, h, before) {
        return pos.end_turn(sink);
    }
    // The placement was the turn's first lap, anticlockwise: the clockwise budget of a main-phase turn
    // that started so.
    let lap = Lap::acw(hole);
    let mut mid = relay::turn_start(hole);
    Ikibuguzo::on_lap_start(&mut mid, lap, true);
    match Ikibuguzo::after_lap(pos, side, lap, h, &mut mid, sink) {
        AfterLap::EndTurn => pos.end_turn(sink),
        AfterLap::GameOver(outcome) => pos.finish(outcome, sink),
        AfterLap::Continue => {
            pos.mid = Some(mid);
            match Ikibuguzo::next(pos, side, &mid) {
                Next::None => pos.end_turn(sink),
                Next::Only(lap) => relay::play::<Ikibuguzo>(
                    pos,
                    side,
                    Decision::Sow { hole: lap.from, direction: lap.direction },
                    sink,
                ),
                // The player decides how the capture is sown on (docs/rules.md#d9-decisions).
                Next::Several => {}
            }
        }
    }
}

struct Ikibuguzo;

impl Ikibuguzo {
    /// Clockwise laps still allowed this turn (docs/rules.md#ikibuguzo-clockwise-limit).
    fn cw_allowed(mid: &MidTurn) -> bool {
        matches!(mid.cw, CwBudget::Unused | CwBudget::Chain { .. })
    }
}

impl RelayRules for Ikibuguzo {
    const BOARD: Option<Geometry> = Some(Geometry::FourRows(8));

    fn on_lap_start(mid: &mut MidTurn, lap: Lap, first: bool) {
        let cw = lap.direction == Direction::Clockwise;
        mid.cw = match (first, mid.cw, cw) {
            (true, _, true) => CwBudget::Chain { switched: false },
            (true, _, false) => CwBudget::Unused,
            // First lap ACW: at most one CW lap in the whole turn.
            (false, CwBudget::Unused, true) => CwBudget::Spent,
            (false, CwBudget::Unused, false) => CwBudget::Unused,
            // First lap CW: more CW laps while every lap so far was one. Leaving the captured counters in
            // one reverse hole and sowing from the other is the switch (docs/rules.md#ikibuguzo-switch).
            (false, CwBudget::Chain { switched }, true) => {
                CwBudget::Chain { switched: switched || (mid.captured && lap.from != mid.at) }
            }
            (false, CwBudget::Chain { .. }, false) | (false, CwBudget::Spent, _) => CwBudget::Spent,
        };
    }

    // Inlined into the lap loop (it is called there and by the long-turn walk).
    #[inline(always)]
    fn after_lap(
        pos: &mut Position,
        side: Side,
        lap: Lap,
        last: Hole,
        mid: &mut MidTurn,
        sink: &mut impl EventSink,
    ) -> AfterLap {
        match relay::capture_or_relay(pos, side, lap, last, true, mid, sink) {
            Landing::Empty => return AfterLap::EndTurn,
            Landing::Relay => return AfterLap::Continue,
            Landing::Captured => {}
        }
        // Special win (docs/rules.md#ikibuguzo-special-win): captures at both of the opponent's inner end
        // holes in one turn.
        let col = pos.geo.col(last);
        if col == 0 {
            mid.end_columns |= 1;
        } else if col == pos.geo.cols() - 1 {
            mid.end_columns |= 2;
        }
        // A game decided mid-turn ends at once (docs/rules.md#d8-decided-mid-turn).
        if mid.end_columns == 3 {
            return AfterLap::GameOver(Outcome::win(side, EndReason::SpecialWin));
        }
        if pos.counters_of(side.other()) == 0 {
            return AfterLap::GameOver(Outcome::win(side, EndReason::AllCaptured));
        }
        AfterLap::Continue
    }

    /// After a relay, `continuations` without the list (anticlockwise, and clockwise when allowed and
    /// capturing); after a capture, the list itself.
    #[inline]
    fn next(pos: &Position, side: Side, mid: &MidTurn) -> Next {
        if mid.captured {
            return relay::next_from_list::<Self>(pos, side, mid);
        }
        let at = mid.at;
        if Self::cw_allowed(mid) && is_reverse(pos, side, at) && cw_captures(pos, side, at) {
            Next::Several
        } else {
            Next::Only(Lap::acw(at))
        }
    }

    fn continuations(pos: &Position, side: Side, mid: &MidTurn, out: &mut MoveList) {
        let at = mid.at;
        let own_cw = Self::cw_allowed(mid) && is_reverse(pos, side, at) && cw_captures(pos, side, at);
        if !mid.captured {
            // A relay: ACW, or CW from a reverse hole when that captures
            // (docs/rules.md#ikibuguzo-clockwise-relays).
            out.push(Decision::acw(at));
            if own_cw {
                out.push(Decision::cw(at));
            }
            return;
        }
        // Captured counters in the lap's origin (docs/rules.md#ikibuguzo-sowing-a-capture).
        let mut cw_options = MoveList::new();
        if own_cw {
            cw_options.push(Decision::cw(at));
        }
        if let CwBudget::Chain { switched } = mid.cw {
            // The switch (docs/rules.md#ikibuguzo-switch): right after a capture by a CW lap while the chain
            // is unbroken, leave the capture in this reverse hole and sow the other one clockwise if that
            // captures.
            let [r1, r2] = reverse_holes(pos, side);
            let other = if at == r1 { r2 } else { r1 };
            if pos.board[other.index()] >= 2 && cw_captures(pos, side, other) {
                cw_options.push(Decision::cw(other));
            }
            if switched && cw_options.is_empty() {
                // After a switch, once no clockwise capture remains: an ACW lap from any hole with ≥2.
                relay::push_acw_from(pos, side, 2, out);
                return;
            }
        }
        out.push(Decision::acw(at));
        out.extend(cw_options);
    }
}
