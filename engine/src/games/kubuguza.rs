//! Kubuguza (docs/rules.md#kubuguza, docs/rules.md#d4-kubuguza-readings): 4 counters in every inner hole;
//! relay sowing; a lap ending in an occupied inner hole facing two occupied opponent holes captures both,
//! into the lap's origin, and the capture is sown on from there (docs/rules.md#kubuguza-capture); clockwise
//! laps from four holes per side only when they capture; no captures in either player's first turn
//! (docs/rules.md#kubuguza-first-turns); a player who cannot move loses.

mod walk;

use super::relay::long_turn::{self, Walk};
use super::relay::{self, AfterLap, Landing, Next, RelayRules};
use crate::decision::Decision;
use crate::event::EventSink;
use crate::geometry::{Geometry, Hole, MAX_HOLES};
use crate::outcome::{EndReason, Outcome};
use crate::position::{MidTurn, MoveList, Position};
use crate::side::Side;
use crate::sowing::{Lap, Limits, two_or_more, word_at};

pub(crate) fn set_up(pos: &mut Position) {
    // Four counters in each inner-row hole, not Ludii's three (docs/rules.md#kubuguza-start).
    for col in 0..pos.geo.cols() {
        for row in [2, 3] {
            pos.board[pos.geo.at(col, row).index()] = 4;
        }
    }
}

/// The clockwise holes (docs/rules.md#kubuguza-clockwise-holes, Merriam's, not Ludii's), in reading order:
/// South a1 h1 b2 g2, North b3 g3 a4 h4.
const CW_HOLES: [[Hole; 4]; 2] = [[Hole(0), Hole(7), Hole(9), Hole(14)], [Hole(17), Hole(22), Hole(24), Hole(31)]];

/// `CW_HOLES` as one bit per hole, per side (asked after every lap).
const CW_BITS: [u64; 2] = {
    let mut bits = [0u64; 2];
    let mut s = 0;
    while s < 2 {
        let mut i = 0;
        while i < 4 {
            bits[s] |= 1 << CW_HOLES[s][i].0;
            i += 1;
        }
        s += 1;
    }
    bits
};

fn is_cw_hole(side: Side, hole: Hole) -> bool {
    CW_BITS[side.index()] >> (hole.0 % 64) & 1 == 1
}

/// "Captures cannot be made on the first move": not in game turns 1 and 2
/// (docs/rules.md#kubuguza-first-turns).
fn captures_allowed(pos: &Position) -> bool {
    pos.turn > 2
}

// Inlined: the lap loop asks after every relay, and most landings are not clockwise holes.
#[inline(always)]
fn cw_captures(pos: &Position, side: Side, hole: Hole) -> bool {
    captures_allowed(pos)
        && is_cw_hole(side, hole)
        && cw_lap_captures(&pos.board, side, hole, facing_pairs(&pos.board, side))
}

/// The columns where both of the opponent's holes hold counters, as the high bit of byte `column`:
/// what opposition asks of a landing in `side`'s inner row. Kubuguza's board is 4x8: rows of 8 holes
/// (South's outer row 0-7, inner 8-15; North's inner 16-23, outer 24-31), each one word.
#[inline]
fn facing_pairs(board: &[u8; MAX_HOLES], side: Side) -> u64 {
    let (inner, outer) = match side {
        Side::South => (16, 24),
        Side::North => (8, 0),
    };
    nonzero(word_at(board, inner)) & nonzero(word_at(board, outer))
}

/// The high bit of every nonzero byte of `word`, and no other bit.
#[inline]
fn nonzero(word: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // Adding 0x7F to a byte's low seven bits sets its high bit when they are nonzero, with no carry out.
    (((word & LOW7) + LOW7) | word) & !LOW7
}

/// `sowing::lap_captures` of the clockwise lap from `hole` on the 4x8 board, given the opponent's
/// [`facing_pairs`]: where the lap ends and what that hole held, then opposition as one bit.
#[inline]
fn cw_lap_captures(board: &[u8; MAX_HOLES], side: Side, hole: Hole, pairs: u64) -> bool {
    let t = Geometry::FourRows(8).tables();
    let from = hole.index();
    let count = board[from];
    if count == 0 {
        return false;
    }
    let there = t.place[from].wrapping_sub(count) & 15;
    let last = t.ring[t.cycle[from] as usize % 2][there as usize] as usize;
    // The origin starts empty; each full cycle drops one counter in every hole.
    let before = if last == from { 0 } else { board[last] } + (count - 1) / 16;
    before > 0 && last >> 3 == 1 + side.index() && pairs >> (8 * (last & 7) + 7) & 1 == 1
}

/// `ROW_STARTS[row][mask]`: the anticlockwise starts from the holes of row `row` (holes `8·row` to
/// `8·row + 7`) whose bit is set in `mask`, lowest first, then padding.
static ROW_STARTS: [[[Decision; 8]; 256]; 4] = {
    let mut starts = [[[Decision::Pass; 8]; 256]; 4];
    let mut row = 0;
    while row < 4 {
        let mut mask = 0;
        while mask < 256 {
            let (mut n, mut j) = (0, 0);
            while j < 8 {
                if mask >> j & 1 == 1 {
                    starts[row][mask][n] = Decision::acw(Hole((8 * row + j) as u8));
                    n += 1;
                }
                j += 1;
            }
            mask += 1;
        }
        row += 1;
    }
    starts
};

pub(crate) fn legal(pos: &Position, side: Side, out: &mut MoveList) {
    if let Some(mid) = pos.mid {
        return Kubuguza::continuations(pos, side, &mid, out);
    }
    // Kubuguza is played on 4x8 only (the hole numbers above assume it).
    debug_assert_eq!(pos.geo, Geometry::FourRows(8));
    debug_assert!(out.is_empty());
    // Single counters are never sown: anticlockwise from every hole of two or more, in reading order, a
    // row of 8 at a time from a table; clockwise only from a CW hole with ≥2, and only if it captures.
    // Any filler will do (the list is cut to `n`); this one is all zero bytes, which is cheap to write.
    let mut list = [Decision::acw(Hole(0)); 48];
    let mut n = 0;
    for row in [2 * side.index(), 2 * side.index() + 1] {
        let high = two_or_more(word_at(&pos.board, 8 * row));
        // Byte j's high bit to bit j, and the number of such bytes.
        let mask = (high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        list[n..n + 8].copy_from_slice(&ROW_STARTS[row][mask as usize]);
        n += ((high >> 7).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
    }
    if captures_allowed(pos) {
        let pairs = facing_pairs(&pos.board, side);
        for h in CW_HOLES[side.index()] {
            if pos.board[h.index()] >= 2 && cw_lap_captures(&pos.board, side, h, pairs) {
                list[n] = Decision::cw(h);
                n += 1;
            }
        }
    }
    *out = MoveList::from(list);
    out.truncate(n);
}

pub(crate) fn apply(pos: &mut Position, side: Side, decision: Decision, sink: &mut impl EventSink) {
    relay::play::<Kubuguza>(pos, side, decision, sink);
}

struct Kubuguza;

impl RelayRules for Kubuguza {
    const BOARD: Option<Geometry> = Some(Geometry::FourRows(8));

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
        match relay::capture_or_relay(pos, side, lap, last, captures_allowed(pos), mid, sink) {
            Landing::Empty => AfterLap::EndTurn,
            Landing::Captured if pos.counters_of(side.other()) == 0 => {
                AfterLap::GameOver(Outcome::win(side, EndReason::AllCaptured))
            }
            Landing::Captured | Landing::Relay => AfterLap::Continue,
        }
    }

    /// On the 4x8 board, the walk of [`walk`], which gives the general walk's result faster (debug builds
    /// check that it does).
    fn walk(pos: &mut Position, side: Side, lap: Lap, mid: MidTurn, limits: Limits, trace: bool) -> Walk {
        if pos.geo != Geometry::FourRows(8) {
            return long_turn::walk::<Kubuguza>(pos, side, lap, mid, limits, trace);
        }
        let fast = walk::walk(pos, side, lap, mid, limits, trace, &CW_HOLES[side.index()]);
        #[cfg(debug_assertions)]
        {
            let general = long_turn::unnoted(|| long_turn::walk::<Kubuguza>(pos, side, lap, mid, limits, trace));
            debug_assert_eq!(fast, general, "the 4x8 walk gives the general walk's result");
        }
        fast
    }

    /// The same as `continuations`, without the list: anticlockwise always, clockwise too when it captures.
    #[inline]
    fn next(pos: &Position, side: Side, mid: &MidTurn) -> Next {
        if cw_captures(pos, side, mid.at) { Next::Several } else { Next::Only(Lap::acw(mid.at)) }
    }

    /// docs/rules.md#kubuguza-direction-changes: go on anticlockwise, or clockwise when the hole is a CW hole
    /// and that captures.
    fn continuations(pos: &Position, side: Side, mid: &MidTurn, out: &mut MoveList) {
        out.push(Decision::acw(mid.at));
        if cw_captures(pos, side, mid.at) {
            out.push(Decision::cw(mid.at));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Direction;
    use crate::sowing::lap_captures;
    use crate::variant::{Options, Variant};
    use rand::rngs::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn the_clockwise_capture_test_is_lap_captures() {
        let geo = Geometry::FourRows(8);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for _ in 0..20_000 {
            let mut board = [0u8; MAX_HOLES];
            for c in board.iter_mut().take(32) {
                *c = if rng.random_range(0..3) == 0 { 0 } else { rng.random_range(0..40) };
            }
            for side in [Side::South, Side::North] {
                // The legal list, against the general way of building it.
                let mut pos = Position::start(Variant::Kubuguza, Options::defaults(Variant::Kubuguza)).unwrap();
                (pos.board, pos.side, pos.turn) = (board, side, rng.random_range(1..6));
                let mut want = MoveList::new();
                relay::push_acw_from(&pos, side, 2, &mut want);
                for h in CW_HOLES[side.index()] {
                    let lap = Lap { from: h, direction: Direction::Clockwise };
                    if board[h.index()] >= 2 && pos.turn > 2 && lap_captures(geo, &board, side, lap) {
                        want.push(Decision::cw(h));
                    }
                }
                assert_eq!(pos.legal_decisions(side), want, "{board:?}");
                let pairs = facing_pairs(&board, side);
                for from in geo.own_holes(side) {
                    let hole = Hole(from);
                    let want = lap_captures(geo, &board, side, Lap { from: hole, direction: Direction::Clockwise });
                    assert_eq!(cw_lap_captures(&board, side, hole, pairs), want, "{board:?} {hole:?}");
                }
            }
        }
    }
}
