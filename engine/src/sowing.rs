//! The sowing core shared by the four-row games: one lap (lift, drop one by one, origin not skipped on a
//! wrap: docs/rules.md#long-laps-pass-their-origin), the closed-form "would this lap capture?" test used for
//! clockwise legality, the within-turn repetition history that detects endless sowing
//! (docs/rules.md#d7-endless-turns), and the limits of that check (the lap cap, and where the constant-memory
//! walk of `games::relay` takes over from the history).

use crate::event::{CaptureReason, CaptureTo, Event, EventSink};
use crate::geometry::{Direction, Geometry, Hole, MAX_HOLES};
use crate::side::Side;
use rustc_hash::FxHashMap;

/// A lap about to be sown: the hole lifted and the direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lap {
    pub from: Hole,
    pub direction: Direction,
}

impl Lap {
    /// An anticlockwise lap from `from`.
    #[inline]
    pub const fn acw(from: Hole) -> Lap {
        Lap { from, direction: Direction::Anticlockwise }
    }
}

/// Lifts `lap.from` and drops its counters one per hole starting with the next hole in the lap's
/// direction. Returns the last hole. The emptied origin receives a counter like any other hole when the
/// lap goes all the way round (docs/rules.md#long-laps-pass-their-origin: laps of 16+ do not skip the
/// origin). Inlined into every lap loop.
#[inline(always)]
pub fn sow_lap(geo: Geometry, board: &mut [u8; MAX_HOLES], lap: Lap, sink: &mut impl EventSink) -> Hole {
    if geo == Geometry::FourRows(8) {
        let count = board[lap.from.index()];
        let last = sow_lap_4x8(board, lap);
        // The same events as counter by counter: the sink never sees the board.
        lap_events(geo, lap, count, sink);
        return last;
    }
    let count = board[lap.from.index()];
    board[lap.from.index()] = 0;
    sink.push(Event::Lift { hole: lap.from, count, direction: lap.direction });
    let next = match lap.direction {
        Direction::Anticlockwise => &geo.tables().acw,
        Direction::Clockwise => &geo.tables().cw,
    };
    let mut h = lap.from.0;
    for _ in 0..count {
        h = next[h as usize];
        board[h as usize] += 1;
        sink.push(Event::Drop { hole: Hole(h) });
    }
    Hole(h)
}

/// The events of sowing `lap` with `count` counters: the lift, then one drop per counter. They follow
/// from the cycle table alone. No index here can panic, so for a sink that ignores which hole a counter
/// fell in, the drops cost nothing per counter.
#[inline(always)]
pub(crate) fn lap_events(geo: Geometry, lap: Lap, count: u8, sink: &mut impl EventSink) {
    if sink.discards_events() {
        return;
    }
    sink.push(Event::Lift { hole: lap.from, count, direction: lap.direction });
    let next = match lap.direction {
        Direction::Anticlockwise => &geo.tables().acw,
        Direction::Clockwise => &geo.tables().cw,
    };
    let mut h = lap.from.0;
    for _ in 0..count {
        h = next[h as usize % MAX_HOLES];
        sink.push(Event::Drop { hole: Hole(h) });
    }
}

/// On a 4x8 board, a side's cycle is its two rows: place `k` (counted anticlockwise from a1, or a3) is
/// byte `k` of the first row for `k < 8` and byte `15 - k` of the second. `RING_MASKS[s][r]` has a 1 in
/// the bytes of the `r` places from place `s` on (mod 16), for each of the two rows read as a
/// little-endian word.
static RING_MASKS: [[(u64, u64); 17]; 16] = ring_masks();

const fn ring_masks() -> [[(u64, u64); 17]; 16] {
    let mut masks = [[(0u64, 0u64); 17]; 16];
    let mut s = 0;
    while s < 16 {
        let mut r = 1;
        while r <= 16 {
            let (mut low, mut high) = masks[s][r - 1];
            let k = (s + r - 1) % 16;
            if k < 8 {
                low |= 1 << (8 * k);
            } else {
                high |= 1 << (8 * (15 - k));
            }
            masks[s][r] = (low, high);
            r += 1;
        }
        s += 1;
    }
    masks
}

/// [`sow_lap`] on a 4x8 board when nobody sees the events (a search, the long-turn walk): the same board and
/// last hole, with every hole of the side's cycle given its share at once instead of counter by counter.
/// `count / 16` counters fall in each of the 16 holes (the origin included,
/// docs/rules.md#long-laps-pass-their-origin), and one more in each of the next `count % 16` holes from the
/// origin in the lap's direction. A hole never holds 256 counters, so adding byte-wise inside a word never
/// carries.
#[inline(always)]
fn sow_lap_4x8(board: &mut [u8; MAX_HOLES], lap: Lap) -> Hole {
    let t = Geometry::FourRows(8).tables();
    let from = lap.from.index();
    let count = std::mem::take(&mut board[from]) as usize;
    let (place, cycle) = (t.place[from] as usize % 16, t.cycle[from] as usize % 2);
    let rest = count % 16;
    let (first, last) = match lap.direction {
        Direction::Anticlockwise => ((place + 1) % 16, (place + rest) % 16),
        Direction::Clockwise => ((place + 16 - rest) % 16, (place + 16 - rest) % 16),
    };
    let (low, high) = RING_MASKS[first][rest];
    let each = (count / 16) as u64 * 0x0101_0101_0101_0101;
    let rows = &mut board[cycle * 16..cycle * 16 + 16];
    for (row, mask) in rows.chunks_exact_mut(8).zip([low, high]) {
        let word = u64::from_le_bytes((&*row).try_into().expect("a row of 8")) + mask + each;
        row.copy_from_slice(&word.to_le_bytes());
    }
    Hole(t.ring[cycle][last])
}

/// The hole where a lap of `count` counters from `from` ends, and how many counters that hole held just
/// before the last counter fell into it. Pure: the board is not touched.
#[inline]
pub fn lap_landing(geo: Geometry, board: &[u8; MAX_HOLES], lap: Lap, count: u8) -> (Hole, u8) {
    let len = geo.tables().cycle_len;
    let last = geo.advance(lap.from, lap.direction, count as u32);
    // The origin starts the lap empty; every full cycle drops one counter in each hole, and the last
    // (partial) cycle ends in `last`.
    let base = if last == lap.from { 0 } else { board[last.index()] };
    let drops = count.div_ceil(len);
    (last, base + drops - 1)
}

/// Opposition (docs/rules.md#ikibuguzo-opposition, docs/rules.md#kubuguza-capture): the last hole is in
/// `side`'s inner row, was occupied before the last counter fell, and both opponent holes of its column hold
/// counters.
#[inline]
pub fn in_opposition(geo: Geometry, board: &[u8; MAX_HOLES], side: Side, last: Hole, before_last: u8) -> bool {
    // Table lookups only: this runs after every lap and for every clockwise candidate.
    let t = geo.tables();
    let i = last.index();
    if before_last == 0 || !t.inner[i] || t.north[i] != (side == Side::North) {
        return false;
    }
    board[t.opp_inner[i] as usize] > 0 && board[t.opp_outer[i] as usize] > 0
}

/// Would sowing `lap` (all counters of its hole) end in a capture? Used for clockwise legality: a
/// clockwise lap is only allowed when it captures (docs/rules.md#ikibuguzo-turn-start,
/// docs/rules.md#kubuguza-clockwise-holes).
#[inline]
pub fn lap_captures(geo: Geometry, board: &[u8; MAX_HOLES], side: Side, lap: Lap) -> bool {
    let count = board[lap.from.index()];
    if count == 0 {
        return false;
    }
    let (last, before) = if geo == Geometry::FourRows(8) {
        lap_landing_4x8(board, lap, count)
    } else {
        lap_landing(geo, board, lap, count)
    };
    in_opposition(geo, board, side, last, before)
}

/// [`lap_landing`] on a 4x8 board, where a cycle has 16 holes: places wrap with a mask. `count` ≥ 1.
#[inline]
fn lap_landing_4x8(board: &[u8; MAX_HOLES], lap: Lap, count: u8) -> (Hole, u8) {
    let t = Geometry::FourRows(8).tables();
    let from = lap.from.index();
    let place = t.place[from];
    let there = match lap.direction {
        Direction::Anticlockwise => place.wrapping_add(count),
        Direction::Clockwise => place.wrapping_sub(count),
    } & 15;
    let last = t.ring[t.cycle[from] as usize % 2][there as usize];
    let base = if last as usize == from { 0 } else { board[last as usize] };
    (Hole(last), base + (count - 1) / 16)
}

/// Takes both opponent holes facing `last` and adds them to `into` (the origin of the current lap,
/// docs/rules.md#ikibuguzo-capture, docs/rules.md#kubuguza-capture). Returns how many counters were taken.
pub fn capture_into(
    geo: Geometry,
    board: &mut [u8; MAX_HOLES],
    last: Hole,
    into: Hole,
    sink: &mut impl EventSink,
) -> u8 {
    let (inner, outer) = geo.opposite(last);
    let taken = [std::mem::take(&mut board[inner.index()]), std::mem::take(&mut board[outer.index()])];
    capture_events(geo, last, into, taken, sink);
    let total = taken[0] + taken[1];
    board[into.index()] += total;
    total
}

/// The events of [`capture_into`], which took `taken` counters from the inner and the outer hole facing
/// `last`.
#[inline]
pub(crate) fn capture_events(geo: Geometry, last: Hole, into: Hole, taken: [u8; 2], sink: &mut impl EventSink) {
    let (inner, outer) = geo.opposite(last);
    let reason = CaptureReason::Opposition { last, inner, outer };
    for (h, n) in [inner, outer].into_iter().zip(taken) {
        sink.push(Event::Capture { from: h, count: n, to: CaptureTo::Hole(into), reason });
    }
}

/// The 8 holes from `start` as a little-endian word (a row of a 4x8 board, or half a side).
#[inline]
pub(crate) fn word_at(board: &[u8; MAX_HOLES], start: usize) -> u64 {
    u64::from_le_bytes(board[start..start + 8].try_into().expect("8 holes"))
}

/// The high bit of every byte of `word` that is 2 or more, and no other bit.
#[inline]
pub(crate) fn two_or_more(word: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // With bit 0 cleared, a byte is nonzero exactly when it is 2 or more; adding 0x7F to its low seven
    // bits sets its high bit when they are nonzero, and never carries into the next byte.
    let y = word & 0xFEFE_FEFE_FEFE_FEFE;
    (((y & LOW7) + LOW7) | y) & !LOW7
}

/// Number of counters in a side's holes.
#[inline]
pub fn side_total(geo: Geometry, board: &[u8; MAX_HOLES], side: Side) -> u32 {
    let r = geo.own_holes(side);
    board[r.start as usize..r.end as usize].iter().map(|&c| c as u32).sum()
}

/// The states seen between the laps of the current turn (docs/rules.md#d7-endless-turns): the whole board,
/// the hole about to be lifted, the direction and the turn's flags, packed into six words. The scan compares
/// the last word (lap and flags) first and the board only when it matches; past `INDEX_FROM` states a hash
/// index of their digests takes over. (From `Limits::walk_from` laps the driver's long-turn walk settles most
/// turns without recording more states.)
///
/// A capture forgets the states recorded so far ([`LapHistory::forget`]): within a turn only the mover
/// sows, on its own holes, so the opponent's counters never grow, and a capture takes at least two of
/// them; no state before a capture can come back after it. The scans stay short, and the lap count goes on.
#[derive(Debug, Default)]
pub struct LapHistory {
    /// The states recorded since the turn's start or its last capture, in order.
    seen: Vec<[u64; 6]>,
    /// States recorded this turn, forgotten ones included: the number of the next lap.
    laps: usize,
    /// Digest → first position in `seen` with that digest; filled only for very long stretches
    /// (`indexed`), and kept allocated across turns.
    index: FxHashMap<u64, u32>,
    indexed: bool,
}

/// A copy holds the same states but none of the spare capacity: positions are cloned often (servers keep
/// one per decision of a record), and the index's table, kept allocated across turns for speed, would
/// otherwise be copied into every clone even when empty.
impl Clone for LapHistory {
    fn clone(&self) -> Self {
        LapHistory {
            seen: self.seen.clone(),
            laps: self.laps,
            index: if self.index.is_empty() { FxHashMap::default() } else { self.index.clone() },
            indexed: self.indexed,
        }
    }
}

/// A hard cap on laps per turn (docs/rules.md#d7-endless-turns), whatever the repetition check says.
pub const MAX_LAPS_PER_TURN: usize = 100_000;

const INDEX_FROM: usize = 128;

/// The bounds of the endless-sowing check (docs/rules.md#d7-endless-turns). The rules fix only `cap`; the
/// other two say where the long-turn walk (`games::relay`) takes over from the exact history, and change
/// speed, never results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Limits {
    /// Laps per turn: before lap number `cap` (0-based) the turn ends as a draw ([`MAX_LAPS_PER_TURN`]).
    pub cap: usize,
    /// Once this many states of a turn are recorded, the next lap starts the walk (`usize::MAX`: never,
    /// the exact history only). At least 1.
    pub walk_from: usize,
    /// The largest gap between two of the walk's checkpoints (its "tortoises"). At least 1.
    pub spacing: usize,
}

/// The limits of real play. The walk starts at 128 laps, which all but a few turns in 100 000 never
/// reach (BENCHMARKS.md), and where the history would start its hash index. A turn that reaches the cap
/// is walked `spacing` laps past it; 128 keeps that short and costs under 800 checkpoints.
pub(crate) const LIMITS: Limits = Limits { cap: MAX_LAPS_PER_TURN, walk_from: INDEX_FROM, spacing: 128 };

#[cfg(not(test))]
#[inline(always)]
pub(crate) fn limits() -> Limits {
    LIMITS
}

#[cfg(test)]
thread_local! {
    /// Unit tests shrink the limits (per thread) to reach every path of the walk in short games.
    pub(crate) static TEST_LIMITS: std::cell::Cell<Limits> = const { std::cell::Cell::new(LIMITS) };
}

#[cfg(test)]
pub(crate) fn limits() -> Limits {
    TEST_LIMITS.get()
}

/// The recorded form of the state before a lap (docs/rules.md#d7-endless-turns): the board in five words,
/// then the hole about to be lifted, the direction and the turn's flags in the sixth. Two states are the same
/// exactly when their keys are.
#[inline]
pub(crate) fn state_key(board: &[u8; MAX_HOLES], lap: Lap, flags: u32) -> [u64; 6] {
    let mut key = [0u64; 6];
    for (i, chunk) in board.chunks_exact(8).enumerate() {
        key[i] = u64::from_le_bytes(chunk.try_into().expect("chunks of 8"));
    }
    key[5] = lap.from.0 as u64 | (matches!(lap.direction, Direction::Clockwise) as u64) << 8 | (flags as u64) << 16;
    key
}

/// A 64-bit digest of a state key: equal keys have equal digests.
#[inline]
pub(crate) fn digest(key: &[u64; 6]) -> u64 {
    let folded =
        key[0] ^ key[1].rotate_left(11) ^ key[2].rotate_left(23) ^ key[3].rotate_left(37) ^ key[4].rotate_left(47);
    (folded ^ key[5].rotate_left(53)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl LapHistory {
    pub fn clear(&mut self) {
        self.forget();
        self.laps = 0;
    }

    /// Forgets the recorded states, not the lap count: after a capture none of them can come back.
    #[inline]
    pub fn forget(&mut self) {
        self.seen.clear();
        if self.indexed {
            self.index.clear();
            self.indexed = false;
        }
    }

    /// How many states this turn has recorded, forgotten ones included (the number of the next lap,
    /// 0-based).
    pub fn laps(&self) -> usize {
        self.laps
    }

    /// The keys ([`state_key`]) of the states recorded since the last capture, in order.
    pub(crate) fn keys(&self) -> &[[u64; 6]] {
        &self.seen
    }

    /// The digests of the states recorded since the last capture, in order.
    pub fn digests(&self) -> impl Iterator<Item = u64> + '_ {
        self.seen.iter().map(digest)
    }

    /// Whether `key` is one of the states recorded since the last capture (a linear scan: for the rare
    /// digest match).
    pub fn contains(&self, key: &[u64; 6]) -> bool {
        self.seen.contains(key)
    }

    /// Records the state before a lap; returns true if the same state was already seen in this turn
    /// (the turn would repeat forever) or `cap` states are recorded already (the lap cap). Inlined into
    /// the lap loop, which calls it before every lap; the rare long stretches go out of line.
    #[inline(always)]
    pub fn repeats(&mut self, board: &[u8; MAX_HOLES], lap: Lap, flags: u32, cap: usize) -> bool {
        if self.laps >= cap {
            return true;
        }
        self.laps += 1;
        let key = state_key(board, lap, flags);
        if self.indexed || self.seen.len() + 1 >= INDEX_FROM {
            return self.long_repeat(key);
        }
        if self.seen.capacity() == 0 {
            // Most turns have a few laps; one allocation per position covers them.
            self.seen.reserve(32);
        }
        // Most earlier states differ in their lap already. (Nothing here takes the key's address, so it
        // can go from registers into the history.)
        let found = self.seen.iter().any(|k| k[5] == key[5] && *k == key);
        self.seen.push(key);
        found
    }

    /// [`LapHistory::repeats`] from `INDEX_FROM` states on: the hash index.
    #[cold]
    fn long_repeat(&mut self, key: [u64; 6]) -> bool {
        let repeated = if self.indexed {
            self.indexed_repeat(&key)
        } else {
            let found = self.seen.contains(&key);
            self.build_index(&key);
            found
        };
        self.seen.push(key);
        repeated
    }

    /// The repeat test once the index is built (long stretches without a capture).
    #[cold]
    fn indexed_repeat(&mut self, key: &[u64; 6]) -> bool {
        let d = digest(key);
        match self.index.get(&d) {
            // A digest hit is a repeat unless two different states share 64 bits (then scan).
            Some(&i) => self.seen[i as usize] == *key || self.contains(key),
            None => {
                self.index.insert(d, self.seen.len() as u32);
                false
            }
        }
    }

    /// Indexes the recorded states and `key`, the one about to be recorded.
    #[cold]
    fn build_index(&mut self, key: &[u64; 6]) {
        for (i, k) in self.seen.iter().chain(std::iter::once(key)).enumerate() {
            self.index.entry(digest(k)).or_insert(i as u32);
        }
        self.indexed = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::NoEvents;

    fn board(geo: Geometry, holes: &[(&str, u8)]) -> [u8; MAX_HOLES] {
        let mut b = [0; MAX_HOLES];
        for (name, n) in holes {
            b[geo.parse_hole(name).unwrap().index()] = *n;
        }
        b
    }

    #[test]
    fn landing_matches_a_real_lap_for_every_count() {
        let geo = Geometry::FourRows(8);
        for (count, from) in (1..=70u8).flat_map(|count| geo.holes().map(move |from| (count, from))) {
            for direction in [Direction::Anticlockwise, Direction::Clockwise] {
                let mut b = board(geo, &[("c1", 1), ("a2", 2), ("h2", 5), ("d3", 3), ("e4", 7)]);
                b[from.index()] = count;
                let lap = Lap { from, direction };
                let (last, before) = lap_landing(geo, &b, lap, count);
                assert_eq!(lap_landing_4x8(&b, lap, count), (last, before), "count {count}");
                let mut after = b;
                let real = sow_lap(geo, &mut after, lap, &mut NoEvents);
                assert_eq!(last, real, "count {count}");
                assert_eq!(before + 1, after[real.index()], "count {count}");
            }
        }
    }

    #[test]
    fn two_or_more_marks_the_bytes_of_two_or_more() {
        for x in 0..=255u8 {
            for y in [0u8, 1, 2, 255] {
                let word = u64::from_le_bytes([y, x, y, x, 0, 1, 2, x]);
                let want = u64::from_le_bytes([y, x, y, x, 0, 1, 2, x].map(|b| if b >= 2 { 0x80 } else { 0 }));
                assert_eq!(two_or_more(word), want, "{x} {y}");
            }
        }
    }

    #[test]
    fn a_4x8_lap_without_events_is_the_lap_counter_by_counter() {
        let geo = Geometry::FourRows(8);
        let mut start = [0u8; MAX_HOLES];
        for (i, c) in start.iter_mut().take(32).enumerate() {
            *c = (i * 7 % 5) as u8;
        }
        for from in geo.holes() {
            for count in 0..=70u8 {
                for direction in [Direction::Anticlockwise, Direction::Clockwise] {
                    let mut b = start;
                    b[from.index()] = count;
                    let lap = Lap { from, direction };
                    let (mut fast, mut slow) = (b, b);
                    let last = sow_lap(geo, &mut fast, lap, &mut NoEvents);
                    // Counter by counter, from the events.
                    let mut events = Vec::new();
                    sow_lap(geo, &mut b.clone(), lap, &mut events);
                    let mut slow_last = from;
                    for e in events {
                        match e {
                            Event::Lift { hole, count: n, .. } => {
                                assert_eq!((hole, n), (from, count));
                                slow[hole.index()] = 0;
                            }
                            Event::Drop { hole } => {
                                slow[hole.index()] += 1;
                                slow_last = hole;
                            }
                            other => panic!("{other:?}"),
                        }
                    }
                    assert_eq!(last, slow_last, "{from:?} {count} {direction:?}");
                    assert_eq!(fast, slow, "{from:?} {count} {direction:?}");
                    assert_eq!(last, geo.advance(from, direction, count as u32), "{from:?} {count} {direction:?}");
                }
            }
        }
    }

    #[test]
    fn a_lap_of_sixteen_or_more_drops_into_its_own_origin() {
        let geo = Geometry::FourRows(8);
        let mut b = board(geo, &[("a1", 17)]);
        let last = sow_lap(
            geo,
            &mut b,
            Lap { from: geo.parse_hole("a1").unwrap(), direction: Direction::Anticlockwise },
            &mut NoEvents,
        );
        assert_eq!(geo.name(last).to_string(), "b1");
        assert_eq!(b[0], 1);
        assert_eq!(b[1], 2);
    }

    #[test]
    fn history_spots_the_first_repeat() {
        let mut h = LapHistory::default();
        let b = [1; MAX_HOLES];
        let lap = Lap { from: Hole(3), direction: Direction::Anticlockwise };
        assert!(!h.repeats(&b, lap, 0, MAX_LAPS_PER_TURN));
        assert!(!h.repeats(&b, lap, 1, MAX_LAPS_PER_TURN));
        assert!(h.repeats(&b, lap, 0, MAX_LAPS_PER_TURN));
        // Past the linear-scan size the index takes over and still finds repeats.
        let mut h = LapHistory::default();
        for i in 0..200u8 {
            let mut b = [0; MAX_HOLES];
            b[0] = i;
            assert!(!h.repeats(&b, lap, 0, MAX_LAPS_PER_TURN));
        }
        let mut b = [0; MAX_HOLES];
        b[0] = 5;
        assert!(h.repeats(&b, lap, 0, MAX_LAPS_PER_TURN));
    }
}
