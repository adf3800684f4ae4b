//! Kubuguza (RULES.md §3.2, decision D4): 4 counters in every inner hole; relay sowing; a lap ending in
//! an occupied inner hole facing two occupied opponent holes captures both, into the lap's origin, and
//! the capture is sown on from there (ambiguity 9 (a)); clockwise laps from four holes per side only when
//! they capture; no captures in either player's first turn (ambiguity 10 (b)); a player who cannot move
//! loses.

mod walk;

use super::relay::long_turn::{self, Walk};
use super::relay::{self, AfterLap, Landing, Next, RelayRules};
use crate::decision::Decision;
use crate::event::EventSink;
use crate::geometry::{Direction, Hole};
use crate::outcome::{EndReason, Outcome};
use crate::position::{MidTurn, MoveList, Position};
use crate::side::Side;
use crate::sowing::{Lap, Limits, lap_captures};

pub(crate) fn set_up(pos: &mut Position) {
    // D4: four counters in each inner-row hole (not Ludii's three).
    for col in 0..pos.geo.cols() {
        for row in [2, 3] {
            pos.board[pos.geo.at(col, row).index()] = 4;
        }
    }
}

/// The clockwise holes (D4, the seed's, not Ludii's), in reading order: South a1 h1 b2 g2, North b3 g3 a4 h4.
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

/// "Captures cannot be made on the first move": not in game turns 1 and 2 (ambiguity 10 (b)).
fn captures_allowed(pos: &Position) -> bool {
    pos.turn > 2
}

fn cw_captures(pos: &Position, side: Side, hole: Hole) -> bool {
    captures_allowed(pos)
        && is_cw_hole(side, hole)
        && lap_captures(pos.geo, &pos.board, side, Lap { from: hole, direction: Direction::Clockwise })
}

pub(crate) fn legal(pos: &Position, side: Side, out: &mut MoveList) {
    if let Some(mid) = pos.mid {
        return Kubuguza::continuations(pos, side, &mid, out);
    }
    // Kubuguza is played on 4x8 only (the hole numbers above assume it).
    debug_assert_eq!(pos.geo.cols(), 8);
    // Single counters are never sown; clockwise only from a CW hole with ≥2, and only if it captures.
    relay::push_acw_from(pos, side, 2, out);
    for h in CW_HOLES[side.index()] {
        if pos.board[h.index()] >= 2 && cw_captures(pos, side, h) {
            out.push(Decision::cw(h));
        }
    }
}

pub(crate) fn apply(pos: &mut Position, side: Side, decision: Decision, sink: &mut impl EventSink) {
    relay::play::<Kubuguza>(pos, side, decision, sink);
}

struct Kubuguza;

impl RelayRules for Kubuguza {
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
        if pos.geo != crate::geometry::Geometry::FourRows(8) {
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

    /// §3.2.1 step 4: go on anticlockwise, or clockwise when the hole is a CW hole and that captures.
    fn continuations(pos: &Position, side: Side, mid: &MidTurn, out: &mut MoveList) {
        out.push(Decision::acw(mid.at));
        if cw_captures(pos, side, mid.at) {
            out.push(Decision::cw(mid.at));
        }
    }
}
