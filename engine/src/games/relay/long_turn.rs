//! Long turns (docs/rules.md#d7-endless-turns). The exact history (`sowing::LapHistory`) records every state
//! of a turn, which is cheap for ordinary turns and costly for the rare turn that runs to the 100 000-lap
//! cap. Once a turn has `Limits::walk_from` recorded states, the driver first walks the rest of the segment
//! on a scratch copy, keeping a bounded set of state digests instead of every state, to learn how and where
//! it ends; then it brings the real position there: it takes the walk's state and, unless the caller's sink
//! discards events, gives the events of the laps the walk sowed, from a compact trace of them. The result
//! (where the turn repeats, ends or is capped) is exactly the exact history's; the argument is in [`walk`].

use super::{RelayRules, Step, step};
use crate::event::{EventSink, NoEvents};
use crate::geometry::{Direction, Geometry, Hole, MAX_HOLES};
use crate::position::{MidTurn, Position};
use crate::side::Side;
use crate::sowing::{Lap, Limits, capture_events, digest, lap_events, state_key};
#[cfg(debug_assertions)]
use crate::sowing::{capture_into, sow_lap};

/// The state between two laps of a turn: the board, the lap about to be sown, the turn's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct State {
    pub(crate) board: [u8; MAX_HOLES],
    pub(crate) lap: Lap,
    pub(crate) mid: MidTurn,
}

/// What the walk found out about the rest of a segment.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Walk {
    /// Record every state as usual: the walk could not settle the segment.
    Record,
    /// Sow the next `laps` laps without recording them: none of them repeats a state, ends the turn or
    /// reaches the cap. `to` is the state after them, where the exact check takes over again: either that
    /// state was recorded before (a draw) or its lap ends the turn or the game. `trace`: the laps, when
    /// the walk was asked for them.
    Skip { laps: usize, to: State, trace: Trace },
    /// Sow the next `laps` laps without recording them (`to` is the state after them): no state repeats
    /// and the turn does not end before the cap, which then ends the game as a draw
    /// (docs/rules.md#d7-endless-turns).
    Capped { laps: usize, to: State, trace: Trace },
}

/// Why the walk returned what it did: unit tests check that every path is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Why {
    /// Record: the segment ends in a decision (the next segment needs every state recorded).
    Decision,
    /// Record: a match with a tortoise, not a recorded state: a repeat inside the walk, whose first
    /// occurrence the exact history then finds.
    NewMatch,
    /// Record: a state whose `mid.at` is not the lap's hole, before the cap.
    Unguarded,
    /// Skip to a state recorded earlier in the turn.
    Repeat,
    /// Skip to the lap that ends the turn or the game.
    Ends,
    /// Capped: no match up to `cap + spacing`.
    Clear,
    /// Capped: the first match, a recorded state, or the walk's end, comes at or after the cap.
    PastCap,
}

#[cfg(test)]
pub(super) const WHY_COUNT: usize = 7;

#[cfg(test)]
thread_local! {
    /// Set while a debug build's second walk checks a faster one: its verdicts are not counted.
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

pub(crate) fn because(walk: Walk, why: Why) -> Walk {
    #[cfg(test)]
    if !QUIET.get() {
        super::tests::note(why);
    }
    let _ = why;
    walk
}

/// Runs `f` (a walk) without counting its verdicts in unit tests.
#[cfg(debug_assertions)]
pub(crate) fn unnoted<T>(f: impl FnOnce() -> T) -> T {
    #[cfg(test)]
    let old = QUIET.replace(true);
    let out = f();
    #[cfg(test)]
    QUIET.set(old);
    out
}

// Why the walk gives the exact history's result. docs/rules.md#d7-endless-turns: the game ends at once as a draw
// (`endless-sowing`) before the first lap of a turn whose state (board, hole about to be lifted,
// direction, the turn's flags) was already seen in the turn, and before lap `cap` (0-based) in any case.
//
// Call s_0, s_1, … the states of the turn (s_i before lap i) and n the number already recorded (n ≥ 1, n <
// cap). From s_n on, each state is a fixed function of the one before (`step`, the same code for the scratch
// copy and the real position; with the turn's first lap behind, it reads only the board, the lap, the
// `MidTurn` and fields that do not change within a turn) until a lap ends the turn, the game
// (docs/rules.md#d8-decided-mid-turn) or the segment (a decision). A recorded key is the state less `mid.at`.
// The walk checks at every state it visits that `mid.at` is the lap's hole ("guarded": true of every lap but
// Ikibuguzo's switch and the lap "from any hole" after it), so among those states equal keys mean equal
// states. The history holds the states since the turn's start or its last capture only
// (`LapHistory::forget`): a capture lowers the opponent's counters for the rest of the turn, so no state
// before it equals any state after it, and "recorded" below means "recorded and not forgotten" without
// changing any match.
//
// (1) If s_i = s_j with n ≤ i < j, then s_{i+m} = s_{j+m} for every m: the turn never ends, and every
//     state from i on equals one of s_i … s_{j-1}.
// The walk looks up the digest of every state it visits among the digests of s_0 … s_{n-1} (the
// history) and of its tortoises s_n, s_{n+1}, s_{n+3}, s_{n+7}, … (Brent's powers of two), then one
// tortoise every `spacing` states, so two consecutive tortoises are at most `spacing` apart; a digest
// match counts only if the full keys are equal. The walk stops at the first match. (Brent keeps only his
// latest tortoise: to rule out every repeat before the cap he could need about 3 × cap laps. Keeping all
// of them, about log2(spacing) + (cap + spacing) / spacing, bounds the walk by cap + spacing.)
// (2) If some j, n ≤ j < cap, repeats, the walk stops by state j + spacing - 1: a repeat of s_i with
//     i < n matches the history at j; with i ≥ n, the first tortoise t ≥ i (t - i < spacing) equals, by
//     (1), the state t + (j - i), which matches it (if nothing stopped the walk before).
// (3) If the first match is at h and its key is a recorded one, no j < h repeats: a repeat of the
//     history is a match at j; s_i = s_j with n ≤ i < j < h would by (1) make s_h equal some s_m,
//     i ≤ m < j, whose key is then recorded: a match at m < h.
// (4) If the walk, with no match before, finds s_h unguarded, no j < h repeats; if s_h passes its checks
//     and its lap ends the turn, the game or the segment, no j ≤ h repeats. For a repeat of the history
//     is a match, and s_i = s_j (n ≤ i < j ≤ h, all guarded) would by (1) make s_h equal an earlier,
//     guarded state, from which the walk went on.
// Hence: Skip at a recorded match h < cap (3: the exact check passes s_n … s_{h-1}, then finds s_h);
// Skip to s_h when lap h < cap ends the turn or the game (4: the exact check passes s_n … s_h and lap h
// ends it the same way); Capped when the walk gets to state cap + spacing (2), to a recorded match at or
// past the cap (3), or to an end or an unguarded state past the cap (4): no repeat and no end before lap
// `cap`, where the exact check stops. Anything else is Record, which is always right. Skipping takes the
// walk's state, which the same `step` reached, and gives the events of the laps the walk sowed, from
// its trace: the same board, turn state and events as the exact history.

/// Walks the rest of the segment from the state before lap `pos.laps.laps()` on a scratch copy of `pos`
/// (untouched), with no events and no history, and says how it ends (see the argument above). With
/// `trace`, it also notes each lap it sows (see [`Trace`]), for [`skip`] to give the events again without
/// working the turn out a second time. Kept out of line: it runs in a few turns in 100 000, and the lap
/// loop of all the others stays small.
#[cold]
#[inline(never)]
pub(crate) fn walk<R: RelayRules>(
    pos: &mut Position,
    side: Side,
    lap: Lap,
    mid: MidTurn,
    limits: Limits,
    trace: bool,
) -> Walk {
    let n = pos.laps.laps();
    debug_assert!(n >= 1, "the turn's first lap is not walked");
    if n >= limits.cap {
        return Walk::Record;
    }
    let history = std::mem::take(&mut pos.laps);
    let mut scratch = pos.clone();
    pos.laps = history;
    let history = &pos.laps;
    let mut seen = Sightings::with_capacity(n + 64);
    for d in history.digests() {
        seen.insert(d);
    }
    let mut laps = Trace::default();
    // The state now is `scratch.board`, `lap` and `mid`.
    let (mut lap, mut mid) = (lap, mid);
    let mut at_cap = State { board: scratch.board, lap, mid };
    let capped = |to: State, trace: Trace| Walk::Capped { laps: limits.cap - n, to, trace };
    let mut tortoises = Vec::new();
    let (mut tortoise, mut gap) = (n, 1);
    let mut h = n;
    loop {
        if h == limits.cap {
            at_cap = State { board: scratch.board, lap, mid };
        }
        let past_cap = h >= limits.cap;
        if h >= limits.cap + limits.spacing {
            return because(capped(at_cap, laps), Why::Clear);
        }
        if mid.at != lap.from {
            return if past_cap {
                because(capped(at_cap, laps), Why::PastCap)
            } else {
                because(Walk::Record, Why::Unguarded)
            };
        }
        let key = state_key(&scratch.board, lap, mid.flags());
        let d = digest(&key);
        // A digest match is a match when the full keys are equal.
        if seen.contains(d) {
            let recorded = history.contains(&key);
            if recorded || tortoises.contains(&key) {
                let now = State { board: scratch.board, lap, mid };
                return match (recorded, past_cap) {
                    (false, _) => because(Walk::Record, Why::NewMatch),
                    (true, false) => because(Walk::Skip { laps: h - n, to: now, trace: laps }, Why::Repeat),
                    (true, true) => because(capped(at_cap, laps), Why::PastCap),
                };
            }
        }
        if h == tortoise {
            seen.insert(d);
            tortoises.push(key);
            tortoise += gap;
            gap = (gap * 2).min(limits.spacing);
        }
        let mut next_mid = mid;
        // The lap that ends the turn or the game changes the board: `Skip` wants the state before it.
        let before = scratch.board;
        match step::<R>(&mut scratch, side, lap, &mut next_mid, false, &mut NoEvents) {
            Step::Next(next) => {
                if trace {
                    laps.note(scratch.geo, &before, lap, next_mid.captured);
                }
                (lap, mid) = (next, next_mid);
            }
            _ if past_cap => return because(capped(at_cap, laps), Why::PastCap),
            Step::EndTurn | Step::GameOver(_) => {
                let now = State { board: before, lap, mid };
                return because(Walk::Skip { laps: h - n, to: now, trace: laps }, Why::Ends);
            }
            Step::Decide => return because(Walk::Record, Why::Decision),
        }
        h += 1;
    }
}

/// The laps a walk sowed, enough to give their events again without the rules: per lap the hole
/// lifted (bits 0-5), clockwise (bit 6), whether the lap's last hole captured into its origin (bit 7),
/// and the counters lifted; per capture, the counters taken from the inner and the outer hole. In every
/// lap the walk goes on from, the events are the lap's lift and drops ([`lap_events`]) and, after a
/// capture, those of [`crate::sowing::capture_into`] ([`capture_events`]); Njombwa's laps that go on
/// never capture.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Trace {
    laps: Vec<[u8; 2]>,
    captures: Vec<[u8; 2]>,
}

impl Trace {
    /// Notes `lap`, sown from `before`.
    #[inline(always)]
    fn note(&mut self, geo: Geometry, before: &[u8; MAX_HOLES], lap: Lap, captured: bool) {
        let cw = lap.direction == Direction::Clockwise;
        let count = before[lap.from.index()];
        self.note_lap(lap.from, cw, captured, count);
        if captured {
            self.note_capture(geo, before, lap, count);
        }
    }

    /// Notes a lap of `count` counters lifted from `from` (clockwise when `cw`), whose last hole captured
    /// into its origin when `captured` (then [`Trace::note_taken`] follows).
    #[inline(always)]
    pub(crate) fn note_lap(&mut self, from: Hole, cw: bool, captured: bool, count: u8) {
        self.laps.push([from.0 | (cw as u8) << 6 | (captured as u8) << 7, count]);
    }

    /// Notes what a capture took from the inner and the outer hole.
    pub(crate) fn note_taken(&mut self, taken: [u8; 2]) {
        self.captures.push(taken);
    }

    /// Notes what the capture at the end of `lap` took.
    #[cold]
    fn note_capture(&mut self, geo: Geometry, before: &[u8; MAX_HOLES], lap: Lap, count: u8) {
        // The lap sows its own side only: the opponent's holes it captured from held what they held before.
        let (inner, outer) = geo.opposite(landing(geo, lap, count));
        self.note_taken([before[inner.index()], before[outer.index()]]);
    }
}

/// Where a lap of `count` counters ends.
fn landing(geo: Geometry, lap: Lap, count: u8) -> Hole {
    geo.advance(lap.from, lap.direction, count as u32)
}

/// Brings the real position `laps` laps on, to `to`: gives the events of those laps from the walk's
/// trace (the same laps and captures, so the same events) and takes the walk's state, or only takes the
/// state when the sink discards events.
#[cold]
#[inline(never)]
pub(super) fn skip(
    pos: &mut Position,
    lap: &mut Lap,
    mid: &mut MidTurn,
    laps: usize,
    to: &State,
    trace: &Trace,
    sink: &mut impl EventSink,
) {
    if !sink.discards_events() {
        debug_assert!(trace.laps.len() >= laps, "the walk traced every lap it went on from");
        #[cfg(debug_assertions)]
        let mut board = pos.board;
        let mut captures = trace.captures.iter();
        for &[t, count] in &trace.laps[..laps] {
            let direction = if t & 64 != 0 { Direction::Clockwise } else { Direction::Anticlockwise };
            let from = Hole(t & 63);
            lap_events(pos.geo, Lap { from, direction }, count, sink);
            #[cfg(debug_assertions)]
            {
                debug_assert_eq!(board[from.index()], count, "the replay left the walk's path");
                sow_lap(pos.geo, &mut board, Lap { from, direction }, &mut NoEvents);
            }
            if t & 128 != 0 {
                let taken = *captures.next().expect("one entry per capture");
                let last = landing(pos.geo, Lap { from, direction }, count);
                capture_events(pos.geo, last, from, taken, sink);
                #[cfg(debug_assertions)]
                debug_assert_eq!(capture_into(pos.geo, &mut board, last, from, &mut NoEvents), taken[0] + taken[1]);
                pos.laps.forget();
            }
        }
        #[cfg(debug_assertions)]
        debug_assert!(board == to.board, "the replay left the walk's path");
    }
    pos.board = to.board;
    *lap = to.lap;
    *mid = to.mid;
}

/// A set of 64-bit state digests: open addressing with linear probing. A digest is stored with its low
/// bit set (0 marks an empty slot), so two digests may match that differ in that bit: a match is only a
/// reason to compare the full keys.
pub(crate) struct Sightings {
    slots: Vec<u64>,
    len: usize,
}

impl Sightings {
    pub(crate) fn with_capacity(n: usize) -> Sightings {
        Sightings { slots: vec![0; (4 * n).next_power_of_two()], len: 0 }
    }

    fn home(&self, d: u64) -> usize {
        // The digest is a multiplicative hash: its high half is well mixed.
        (d >> 32) as usize & (self.slots.len() - 1)
    }

    #[inline]
    pub(crate) fn contains(&self, d: u64) -> bool {
        let d = d | 1;
        let mask = self.slots.len() - 1;
        let mut i = self.home(d);
        loop {
            match self.slots[i] {
                0 => return false,
                s if s == d => return true,
                _ => i = (i + 1) & mask,
            }
        }
    }

    pub(crate) fn insert(&mut self, d: u64) {
        if 4 * (self.len + 1) > self.slots.len() {
            let size = 2 * self.slots.len();
            let old = std::mem::replace(&mut self.slots, vec![0; size]);
            self.len = 0;
            for s in old.into_iter().filter(|&s| s != 0) {
                self.insert(s);
            }
        }
        let d = d | 1;
        let mask = self.slots.len() - 1;
        let mut i = self.home(d);
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = d;
        self.len += 1;
    }
}
