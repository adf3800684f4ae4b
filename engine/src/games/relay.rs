//! The turn driver of the four-row games: laps follow one another (relay, or sowing a capture from the lap's
//! origin) until a lap ends in an empty hole, the game ends, or the player must decide how to go on
//! (docs/rules.md#d9-decisions: a decision is asked only where two or more continuations exist). Every state
//! between two laps is recorded, and a repeat ends the game as a draw by endless sowing
//! (docs/rules.md#d7-endless-turns); a turn that grows long is settled by [`long_turn`]'s constant-memory
//! walk instead, with the same result.

pub(crate) mod long_turn;
#[cfg(test)]
mod tests;

use crate::decision::Decision;
use crate::event::EventSink;
use crate::geometry::{Geometry, Hole};
use crate::outcome::Outcome;
use crate::position::{CwBudget, MidTurn, MoveList, Position};
use crate::side::Side;
use crate::sowing::{Lap, Limits, limits, sow_lap};
use long_turn::Walk;

/// What happens after a lap.
pub(crate) enum AfterLap {
    /// The turn is over (the last counter fell into an empty hole).
    EndTurn,
    /// The turn goes on from the state in the `MidTurn`.
    Continue,
    /// The game is decided mid-turn and ends at once (docs/rules.md#d8-decided-mid-turn).
    GameOver(Outcome),
}

/// The parts of a four-row game's turn that differ per game.
pub(crate) trait RelayRules {
    /// The board the game is always played on, if it has only one: the lap loop then reads that board's
    /// tables as constants.
    const BOARD: Option<Geometry> = None;

    /// Resolves the last hole of a lap (capture or relay), updating `mid`.
    fn after_lap(
        pos: &mut Position,
        side: Side,
        lap: Lap,
        last: Hole,
        mid: &mut MidTurn,
        sink: &mut impl EventSink,
    ) -> AfterLap;

    /// The ways to continue from `mid`.
    fn continuations(pos: &Position, side: Side, mid: &MidTurn, out: &mut MoveList);

    /// Bookkeeping when a lap starts (Ikibuguzo's clockwise budget).
    fn on_lap_start(_mid: &mut MidTurn, _lap: Lap, _first: bool) {}

    /// Settles the rest of a long segment ([`long_turn::walk`]'s contract). A game may give a faster walk
    /// of its own with exactly the same result.
    fn walk(pos: &mut Position, side: Side, lap: Lap, mid: MidTurn, limits: Limits, trace: bool) -> Walk
    where
        Self: Sized,
    {
        long_turn::walk::<Self>(pos, side, lap, mid, limits, trace)
    }

    /// How many ways there are to continue from `mid`, and the lap when there is one: what
    /// [`RelayRules::continuations`] would list, which a game may say without building the list (the
    /// driver asks after every lap).
    #[inline]
    fn next(pos: &Position, side: Side, mid: &MidTurn) -> Next
    where
        Self: Sized,
    {
        next_from_list::<Self>(pos, side, mid)
    }
}

/// [`RelayRules::next`] by building the list of continuations.
#[inline]
pub(crate) fn next_from_list<R: RelayRules>(pos: &Position, side: Side, mid: &MidTurn) -> Next {
    let mut options = MoveList::new();
    R::continuations(pos, side, mid, &mut options);
    match options.as_slice() {
        [] => Next::None,
        [Decision::Sow { hole, direction }] => Next::Only(Lap { from: *hole, direction: *direction }),
        _ => Next::Several,
    }
}

/// How many continuations a point inside a turn has (see [`RelayRules::next`]).
pub(crate) enum Next {
    None,
    /// Exactly one: this lap.
    Only(Lap),
    /// Two or more: the player decides.
    Several,
}

/// How the last hole of a lap leaves a turn of the capturing four-row games (Ikibuguzo, Kubuguza).
pub(crate) enum Landing {
    /// The last counter fell into an empty hole: the turn is over.
    Empty,
    /// Opposition: both opponent holes were taken into the lap's origin (docs/rules.md#ikibuguzo-capture,
    /// docs/rules.md#kubuguza-capture), which `mid` now points at, to be sown on.
    Captured,
    /// An occupied hole without opposition: the next lap relays from it (`mid` points at it).
    Relay,
}

/// Resolves a lap's last hole (docs/rules.md#ikibuguzo-last-hole, docs/rules.md#kubuguza-capture): empty →
/// turn over; an occupied own inner hole facing two occupied opponent holes (and captures allowed) → capture
/// into the lap's origin; otherwise relay.
#[inline(always)]
pub(crate) fn capture_or_relay(
    pos: &mut Position,
    side: Side,
    lap: Lap,
    last: Hole,
    captures_allowed: bool,
    mid: &mut MidTurn,
    sink: &mut impl EventSink,
) -> Landing {
    // Only Ikibuguzo and Kubuguza capture this way, both always on 4x8: constant tables.
    let geo = Geometry::FourRows(8);
    debug_assert_eq!(pos.geo, geo);
    let before = pos.board[last.index()] - 1;
    if before == 0 {
        return Landing::Empty;
    }
    if captures_allowed && crate::sowing::in_opposition(geo, &pos.board, side, last, before) {
        crate::sowing::capture_into(geo, &mut pos.board, last, lap.from, sink);
        // No state before a capture comes back (the opponent has fewer counters for the rest of the turn).
        pos.laps.forget();
        mid.at = lap.from;
        mid.captured = true;
        Landing::Captured
    } else {
        mid.at = last;
        mid.captured = false;
        Landing::Relay
    }
}

/// A fresh mid-turn state for the start of a turn.
pub(crate) fn turn_start(at: Hole) -> MidTurn {
    MidTurn { at, captured: false, cw: CwBudget::Unused, end_columns: 0 }
}

/// How a turn goes on after one lap.
enum Step {
    /// The only continuation, which the engine sows at once (docs/rules.md#d9-decisions).
    Next(Lap),
    /// The turn is over.
    EndTurn,
    /// The game is decided mid-turn (docs/rules.md#d8-decided-mid-turn).
    GameOver(Outcome),
    /// Two or more continuations: the player decides.
    Decide,
}

/// Sows `lap` (`first`: the turn's first lap) and resolves its last hole: the whole of one lap, the same
/// for the real position and for the walk's scratch copy.
#[inline(always)]
fn step<R: RelayRules>(
    pos: &mut Position,
    side: Side,
    lap: Lap,
    mid: &mut MidTurn,
    first: bool,
    sink: &mut impl EventSink,
) -> Step {
    R::on_lap_start(mid, lap, first);
    let geo = match R::BOARD {
        Some(geo) => {
            debug_assert_eq!(geo, pos.geo);
            geo
        }
        None => pos.geo,
    };
    let last = sow_lap(geo, &mut pos.board, lap, sink);
    match R::after_lap(pos, side, lap, last, mid, sink) {
        AfterLap::EndTurn => Step::EndTurn,
        AfterLap::GameOver(outcome) => Step::GameOver(outcome),
        AfterLap::Continue => match R::next(pos, side, mid) {
            Next::None => Step::EndTurn,
            Next::Only(lap) => Step::Next(lap),
            Next::Several => Step::Decide,
        },
    }
}

/// Plays the start decision of a turn, or a decision inside one (when `pos.mid` is set), and goes on
/// until the turn ends or another decision is needed.
pub(crate) fn play<R: RelayRules>(pos: &mut Position, side: Side, decision: Decision, sink: &mut impl EventSink) {
    let Decision::Sow { hole, direction } = decision else { unreachable!("four-row games only sow") };
    let (mut mid, mut first) = match pos.mid.take() {
        Some(mid) => (mid, false),
        None => {
            pos.laps.clear();
            (turn_start(hole), true)
        }
    };
    let mut lap = Lap { from: hole, direction };
    let limits = limits();
    // The walk is tried once per segment (the laps between two decisions).
    let mut walked = false;
    loop {
        if !walked && pos.laps.laps() >= limits.walk_from {
            walked = true;
            match R::walk(pos, side, lap, mid, limits, !sink.discards_events()) {
                Walk::Record => {}
                Walk::Skip { laps, to, trace } => long_turn::skip(pos, &mut lap, &mut mid, laps, &to, &trace, sink),
                Walk::Capped { laps, to, trace } => {
                    long_turn::skip(pos, &mut lap, &mut mid, laps, &to, &trace, sink);
                    return pos.endless(sink);
                }
            }
        }
        if pos.laps.repeats(&pos.board, lap, mid.flags(), limits.cap) {
            pos.endless(sink);
            return;
        }
        match step::<R>(pos, side, lap, &mut mid, std::mem::take(&mut first), sink) {
            Step::Next(next) => lap = next,
            Step::EndTurn => return pos.end_turn(sink),
            Step::GameOver(outcome) => return pos.finish(outcome, sink),
            Step::Decide => {
                pos.mid = Some(mid);
                return;
            }
        }
    }
}

/// Anticlockwise laps from every own hole holding at least `min` counters, in reading order.
pub(crate) fn push_acw_from(pos: &Position, side: Side, min: u8, out: &mut MoveList) {
    if min == 2 && pos.geo == crate::geometry::Geometry::FourRows(8) {
        // A side of a 4x8 board is two words (holes 0-15 South's, 16-31 North's): visit only the holes of
        // two or more, lowest first.
        let low = 16 * side.index() as u8;
        for base in [low, low + 8] {
            let mut bits = crate::sowing::two_or_more(crate::sowing::word_at(&pos.board, base as usize));
            while bits != 0 {
                out.push(Decision::acw(Hole(base + (bits.trailing_zeros() / 8) as u8)));
                bits &= bits - 1;
            }
        }
        return;
    }
    for h in pos.geo.own_holes(side) {
        if pos.board[h as usize] >= min {
            out.push(Decision::acw(Hole(h)));
        }
    }
}
