//! Azigo (docs/rules.md#azigo, docs/rules.md#d5-azigo-readings): a 2x20 board sown anticlockwise around the
//! whole board, one lap per turn, each player with a concealed store.
//!
//! * Setup is automatic (docs/rules.md#azigo-setup): the start position is the board after both players
//!   have moved their last four occupied holes into their stores (scenario A-2). Murray's handicap (option
//!   `handicap`, per side) leaves the counter of that player's `l` hole on the board: South `l1`, North
//!   `i2` (North's letters count from North's own left, `t2`), so the store starts with 8.
//! * A normal move lifts an own hole; with two or more counters the first goes back into the origin. If the
//!   last counter makes a hole of the opponent's row hold 1 or 3 it is taken, with the unbroken run of
//!   1-or-3 holes of the opponent's row before it (docs/rules.md#azigo-capture).
//! * A store move enters the whole store from the own leftmost hole; with 21 or more the player chooses
//!   `store:loop` (round the own row again, no capture) or `store:cross` (on round the board, then the
//!   unbroken run of 1-or-3 holes of the opponent's row after the last hole is taken)
//!   (docs/rules.md#azigo-store-move, docs/rules.md#azigo-store-capture).
//! * The player to move with an empty row and an empty store has no decision: the game ends by score
//!   (store plus own row), as it does at the turn limit (docs/rules.md#azigo-end).
//!
//! No turn ever stops for a decision inside it and no turn relays, so every decision is a whole turn.

use crate::decision::{Decision, StoreMove};
use crate::event::{CaptureReason, CaptureTo, Event, EventSink};
use crate::geometry::{Direction, Hole};
use crate::outcome::{EndReason, Outcome};
use crate::position::{MoveList, Position};
use crate::side::Side;

/// Holes in a player's row.
const ROW: u8 = 20;

/// Start counts from each player's own leftmost hole, after setup (docs/rules.md#azigo-start,
/// docs/rules.md#azigo-setup): the holes `i`..`l` (1, 5, 2, 1) have gone to the store.
const START_ROW: [u8; 8] = [5, 5, 5, 5, 5, 5, 5, 1];

/// The counters each player moves into the store at setup (holes `i`..`l`: 1 + 5 + 2 + 1).
const START_STORE: u8 = 9;

/// Index, counted from the owner's left, of the `l` hole that keeps its single counter under the handicap.
const HANDICAP_HOLE: u8 = 11;

/// A player's leftmost hole, from the player's own point of view: South `a1`, North `t2`.
#[inline]
const fn leftmost(side: Side) -> Hole {
    match side {
        Side::South => Hole(0),
        Side::North => Hole(2 * ROW - 1),
    }
}

/// A player's rightmost hole: South `t1`, North `a2`.
#[inline]
const fn rightmost(side: Side) -> Hole {
    match side {
        Side::South => Hole(ROW - 1),
        Side::North => Hole(ROW),
    }
}

/// The hole `i` steps (0-based) from `side`'s own left along its own row.
#[inline]
const fn from_left(side: Side, i: u8) -> Hole {
    match side {
        Side::South => Hole(i),
        Side::North => Hole(2 * ROW - 1 - i),
    }
}

/// True when `hole` is in `side`'s row.
#[inline]
const fn in_row(side: Side, hole: Hole) -> bool {
    match side {
        Side::South => hole.0 < ROW,
        Side::North => hole.0 >= ROW,
    }
}

/// Only holes holding one or three counters are taken (Murray; reading I2: counted after the drop).
#[inline]
const fn takeable(count: u8) -> bool {
    count == 1 || count == 3
}

pub(crate) fn set_up(pos: &mut Position) {
    for side in Side::BOTH {
        for (i, &n) in START_ROW.iter().enumerate() {
            pos.board[from_left(side, i as u8).index()] = n;
        }
        pos.stores[side] = START_STORE;
        if pos.options.handicap[side] {
            // Murray: "the stronger player removes one bean fewer, leaving the bean on l or L".
            pos.board[from_left(side, HANDICAP_HOLE).index()] = 1;
            pos.stores[side] = START_STORE - 1;
        }
    }
}

pub(crate) fn legal(pos: &Position, side: Side, out: &mut MoveList) {
    for h in pos.geo.own_holes(side) {
        if pos.board[h as usize] > 0 {
            out.push(Decision::acw(Hole(h)));
        }
    }
    match pos.stores[side] {
        0 => {}
        1..=ROW => out.push(Decision::Store(StoreMove::Plain)),
        _ => {
            out.push(Decision::Store(StoreMove::Loop));
            out.push(Decision::Store(StoreMove::Cross));
        }
    }
}

pub(crate) fn apply(pos: &mut Position, side: Side, decision: Decision, sink: &mut impl EventSink) {
    match decision {
        Decision::Sow { hole, .. } => normal_move(pos, side, hole, sink),
        Decision::Store(kind) => store_move(pos, side, kind, sink),
        Decision::Opening(_) | Decision::Pass => unreachable!("not an Azigo decision (checked by Position::apply)"),
    }
    pos.end_turn(sink);
}

/// docs/rules.md#azigo-normal-move and its capture, docs/rules.md#azigo-capture.
fn normal_move(pos: &mut Position, side: Side, origin: Hole, sink: &mut impl EventSink) {
    let acw = &pos.geo.tables().acw;
    let n = std::mem::take(&mut pos.board[origin.index()]);
    sink.push(Event::Lift { hole: origin, count: n, direction: Direction::Anticlockwise });
    let mut rest = n;
    if n >= 2 {
        // The first counter goes back into the hole it came from.
        pos.board[origin.index()] += 1;
        sink.push(Event::Drop { hole: origin });
        rest -= 1;
    }
    // The lap goes round the whole board; past 40 it drops into its origin again like any hole.
    let mut h = origin.0;
    for _ in 0..rest {
        h = acw[h as usize];
        pos.board[h as usize] += 1;
        sink.push(Event::Drop { hole: Hole(h) });
    }
    // The last hole, then the unbroken run before it (against the sowing direction), inside the
    // opponent's row: each holding 1 or 3 is taken.
    let cw = &pos.geo.tables().cw;
    let opponent = side.other();
    let last = Hole(h);
    let mut h = last;
    while in_row(opponent, h) && takeable(pos.board[h.index()]) {
        take(pos, side, h, CaptureReason::OneOrThree { last }, sink);
        h = Hole(cw[h.index()]);
    }
}

/// docs/rules.md#azigo-store-move and its capture, docs/rules.md#azigo-store-capture.
fn store_move(pos: &mut Position, side: Side, kind: StoreMove, sink: &mut impl EventSink) {
    let acw = &pos.geo.tables().acw;
    let n = std::mem::take(&mut pos.stores[side]);
    sink.push(Event::StoreLift { side, count: Some(n) });
    let (first, last_own) = (leftmost(side), rightmost(side));
    // The first counter goes into the leftmost hole itself.
    let mut h = first;
    for i in 0..n {
        if i > 0 {
            h = match kind {
                // `store` (≤ 20) never passes the rightmost hole; `store:loop` starts the row again there.
                StoreMove::Plain | StoreMove::Loop if h == last_own => first,
                _ => Hole(acw[h.index()]),
            };
        }
        pos.board[h.index()] += 1;
        sink.push(Event::Drop { hole: h });
    }
    if kind == StoreMove::Cross {
        // From the hole after the last one, the unbroken run of 1-or-3 holes of the opponent's row.
        let opponent = side.other();
        let last = h;
        let mut h = Hole(acw[h.index()]);
        while in_row(opponent, h) && takeable(pos.board[h.index()]) {
            take(pos, side, h, CaptureReason::StoreCross { last }, sink);
            h = Hole(acw[h.index()]);
        }
    }
}

/// Moves the counters of `hole` into `side`'s store, taken by `reason`.
#[inline]
fn take(pos: &mut Position, side: Side, hole: Hole, reason: CaptureReason, sink: &mut impl EventSink) {
    let count = std::mem::take(&mut pos.board[hole.index()]);
    pos.stores[side] += count;
    sink.push(Event::Capture { from: hole, count, to: CaptureTo::Store(side), reason });
}

/// A side's score: its store plus the counters in its row (docs/rules.md#azigo-end).
pub(crate) fn score(pos: &Position, side: Side) -> u32 {
    pos.stores[side] as u32 + pos.counters_of(side)
}

/// The end by score, for both the player who cannot move and the turn limit: the higher score wins,
/// equal scores draw.
pub(crate) fn score_outcome(pos: &Position, reason: EndReason) -> Outcome {
    let (south, north) = (score(pos, Side::South), score(pos, Side::North));
    match south.cmp(&north) {
        std::cmp::Ordering::Greater => Outcome::win(Side::South, reason),
        std::cmp::Ordering::Less => Outcome::win(Side::North, reason),
        std::cmp::Ordering::Equal => Outcome::draw(reason),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;

    #[test]
    fn row_helpers_match_the_geometry() {
        let g = Geometry::TwoByTwenty;
        for side in Side::BOTH {
            assert_eq!(from_left(side, 0), leftmost(side));
            assert_eq!(from_left(side, ROW - 1), rightmost(side));
            for i in 0..ROW - 1 {
                // Along the own row, "to the right" is anticlockwise for both players.
                assert_eq!(g.step(from_left(side, i), Direction::Anticlockwise), from_left(side, i + 1));
            }
            for h in g.holes() {
                assert_eq!(in_row(side, h), g.owner(h) == side);
            }
        }
        assert_eq!(g.name(leftmost(Side::North)).to_string(), "t2");
        assert_eq!(g.name(rightmost(Side::North)).to_string(), "a2");
        assert_eq!(g.name(from_left(Side::North, HANDICAP_HOLE)).to_string(), "i2");
        assert_eq!(g.name(from_left(Side::South, HANDICAP_HOLE)).to_string(), "l1");
    }
}
