//! Njombwa (docs/rules.md#njombwa, docs/rules.md#d6-njombwa-readings): a two-stage forced opening (the pairs
//! walk, then each side sows its big hole with relays and no captures), then relay sowing where a turn ending
//! in an empty own inner hole removes the opponent's opposite inner counters, and the outer ones behind them,
//! from the board. Singletons move only when no hole holds more (and capture like any move,
//! docs/rules.md#njombwa-singletons); a player with no move passes, and two passes in a row draw
//! (docs/rules.md#njombwa-passes).

use super::relay::{self, AfterLap, RelayRules};
use crate::decision::Decision;
use crate::event::{CaptureReason, CaptureTo, Event, EventSink};
use crate::geometry::{Direction, Hole};
use crate::outcome::{EndReason, Outcome};
use crate::position::{MidTurn, MoveList, Phase, Position};
use crate::side::{BySide, Side};
use crate::sowing::{Lap, sow_lap};

pub(crate) fn set_up(pos: &mut Position) {
    // 29 in each player's leftmost outer hole, 2 and 1 in the two to its right (from the owner's view),
    // whatever the width (docs/rules.md#njombwa-wider-boards: the same 29/2/1 start).
    let last = pos.geo.cols() - 1;
    for (col, row, n) in [(0, 1, 29), (1, 1, 2), (2, 1, 1), (last, 4, 29), (last - 1, 4, 2), (last - 2, 4, 1)] {
        pos.board[pos.geo.at(col, row).index()] = n;
    }
    pos.phase = Phase::NjombwaPairs;
}

/// The hole each side sows in opening stage 2: the one the 29 counters started in.
fn big_hole(pos: &Position, side: Side) -> Hole {
    match side {
        Side::South => pos.geo.at(0, 1),
        Side::North => pos.geo.at(pos.geo.cols() - 1, 4),
    }
}

fn has_pair(pos: &Position, side: Side) -> bool {
    pos.geo.own_holes(side).any(|h| pos.board[h as usize] == 2)
}

/// Stage 1 lasts while the player to move has a hole of exactly two; stage 2 while a side has not sown
/// its big hole (a side whose big hole holds fewer than two skips it).
pub(crate) fn on_turn_start(pos: &mut Position) {
    if pos.phase == Phase::NjombwaPairs && !has_pair(pos, pos.side) {
        pos.phase = Phase::NjombwaBigSow(BySide::default());
    }
    if let Phase::NjombwaBigSow(mut done) = pos.phase {
        for side in Side::BOTH {
            done[side] |= pos.board[big_hole(pos, side).index()] < 2;
        }
        pos.phase = if done.south && done.north { Phase::Main } else { Phase::NjombwaBigSow(done) };
    }
}

pub(crate) fn legal(pos: &Position, side: Side, out: &mut MoveList) {
    if let Some(mid) = pos.mid {
        return Njombwa::continuations(pos, side, &mid, out);
    }
    match pos.phase {
        Phase::NjombwaPairs => {
            for h in pos.geo.own_holes(side) {
                if pos.board[h as usize] == 2 {
                    out.push(Decision::acw(Hole(h)));
                }
            }
        }
        Phase::NjombwaBigSow(done) if !done[side] => out.push(Decision::acw(big_hole(pos, side))),
        _ => {
            relay::push_acw_from(pos, side, 2, out);
            if out.is_empty() {
                // Only singletons left: each may move into the next hole if that hole is empty.
                for h in pos.geo.own_holes(side).map(Hole) {
                    let next = pos.geo.step(h, Direction::Anticlockwise);
                    if pos.board[h.index()] == 1 && pos.board[next.index()] == 0 {
                        out.push(Decision::acw(h));
                    }
                }
            }
            if out.is_empty() {
                out.push(Decision::Pass);
            }
        }
    }
}

pub(crate) fn apply(pos: &mut Position, side: Side, decision: Decision, sink: &mut impl EventSink) {
    if decision == Decision::Pass {
        sink.push(Event::Pass { side });
        pos.passes += 1;
        if pos.passes >= 2 {
            return pos.finish(Outcome::draw(EndReason::BothPassed), sink);
        }
        return pos.end_turn(sink);
    }
    pos.passes = 0;
    match pos.phase {
        Phase::NjombwaPairs => pair_walk(pos, side, decision, sink),
        Phase::NjombwaBigSow(mut done) => {
            // Stage 2 never stops for a decision: the whole turn is played here.
            done[side] = true;
            pos.phase = Phase::NjombwaBigSow(done);
            relay::play::<BigSow>(pos, side, decision, sink);
        }
        _ => relay::play::<Njombwa>(pos, side, decision, sink),
    }
}

/// Stage 1 (docs/rules.md#njombwa-stage-1): the two counters go into the next two holes, no relay; if the
/// second lands in an empty own inner hole facing an occupied opponent inner hole, that inner hole is
/// removed.
fn pair_walk(pos: &mut Position, side: Side, decision: Decision, sink: &mut impl EventSink) {
    let Decision::Sow { hole, direction } = decision else { unreachable!("stage 1 only sows") };
    let last = sow_lap(pos.geo, &mut pos.board, Lap { from: hole, direction }, sink);
    if pos.board[last.index()] == 1 && pos.geo.is_inner(last) {
        let (inner, _) = pos.geo.opposite(last);
        remove(pos, inner, CaptureReason::PairWalk { last, inner }, sink);
        if pos.counters_of(side.other()) == 0 {
            return pos.finish(Outcome::win(side, EndReason::AllCaptured), sink);
        }
    }
    pos.end_turn(sink);
}

fn remove(pos: &mut Position, hole: Hole, reason: CaptureReason, sink: &mut impl EventSink) {
    let count = std::mem::take(&mut pos.board[hole.index()]);
    if count > 0 {
        sink.push(Event::Capture { from: hole, count, to: CaptureTo::OffBoard, reason });
    }
}

struct Njombwa;

impl RelayRules for Njombwa {
    // Inlined into the lap loop (it is called there and by the long-turn walk).
    /// docs/rules.md#njombwa-main-phase: an occupied landing relays; an empty one ends the turn after the
    /// capture check: an own inner hole facing an occupied opponent inner hole removes it, and the outer hole
    /// behind it.
    #[inline]
    fn after_lap(
        pos: &mut Position,
        side: Side,
        _lap: Lap,
        last: Hole,
        mid: &mut MidTurn,
        sink: &mut impl EventSink,
    ) -> AfterLap {
        if pos.board[last.index()] > 1 {
            mid.at = last;
            return AfterLap::Continue;
        }
        if pos.geo.is_inner(last) {
            let (inner, outer) = pos.geo.opposite(last);
            if pos.board[inner.index()] > 0 {
                let reason = CaptureReason::EmptyInner { last, inner, outer };
                remove(pos, inner, reason, sink);
                remove(pos, outer, reason, sink);
                if pos.counters_of(side.other()) == 0 {
                    return AfterLap::GameOver(Outcome::win(side, EndReason::AllCaptured));
                }
            }
        }
        AfterLap::EndTurn
    }

    fn continuations(_pos: &Position, _side: Side, mid: &MidTurn, out: &mut MoveList) {
        out.push(Decision::acw(mid.at));
    }
}

/// Stage 2 (docs/rules.md#njombwa-stage-2): relays until an empty hole, no captures.
struct BigSow;

impl RelayRules for BigSow {
    fn after_lap(
        pos: &mut Position,
        _side: Side,
        _lap: Lap,
        last: Hole,
        mid: &mut MidTurn,
        _sink: &mut impl EventSink,
    ) -> AfterLap {
        if pos.board[last.index()] > 1 {
            mid.at = last;
            AfterLap::Continue
        } else {
            AfterLap::EndTurn
        }
    }

    fn continuations(_pos: &Position, _side: Side, mid: &MidTurn, out: &mut MoveList) {
        out.push(Decision::acw(mid.at));
    }
}
