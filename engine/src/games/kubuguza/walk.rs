//! Kubuguza's long-turn walk on its 4x8 board: the search of [`long_turn::walk`] (the same checkpoints,
//! the same verdicts, the same trace), with the turn held in a form that makes a lap a few table loads
//! and two word additions. The mover's side is 16 bytes in the order of its sowing cycle (byte `k` is
//! place `k`), so a lap adds one contiguous, wrapping run of ones; the opponent's side changes only at a
//! capture, so whether a landing captures is one bit of a mask kept per stretch between captures.
//! Everything else (the full key of a state, the `State` handed back) is built only when needed.
//!
//! The result is the general walk's because only the state's form differs: the loop, its checkpoints and
//! its verdicts are [`long_turn::walk`]'s (whose argument holds as is), a lap is Kubuguza's `after_lap`
//! and `next` worked out on this form, and the digest is a function of the whole state (equal states have
//! equal digests), every digest match being confirmed on the full keys. Debug builds run both walks and
//! compare.

use crate::games::relay::long_turn::{self, Sightings, State, Trace, Walk, Why, because};
use crate::geometry::{Direction, Geometry, Hole, MAX_HOLES, Tables};
use crate::position::{MidTurn, Position};
use crate::side::Side;
use crate::sowing::{Lap, Limits, state_key, word_at};

/// `RUNS[first][r]`: a 1 in the bytes of places `first`, `first + 1`, … (mod 16), `r` of them, as the
/// two little-endian words of a side in cycle order.
static RUNS: [[[u64; 2]; 16]; 16] = {
    let mut runs = [[[0u64; 2]; 16]; 16];
    let mut first = 0;
    while first < 16 {
        let mut r = 1;
        while r < 16 {
            let mut run = runs[first][r - 1];
            let k = (first + r - 1) % 16;
            run[k / 8] |= 1 << (8 * (k % 8));
            runs[first][r] = run;
            r += 1;
        }
        first += 1;
    }
    runs
};

const ONES: u64 = 0x0101_0101_0101_0101;

/// How a lap leaves the walk.
enum Lapped {
    /// The only continuation is the anticlockwise lap from the new place.
    Next,
    /// The turn or the game ends with this lap.
    Ends,
    /// Two continuations: the player decides.
    Decide,
}

/// The state between two laps, in the walk's form, with what stays fixed in a stretch between captures.
struct Turn {
    t: &'static Tables,
    side: Side,
    /// The mover's cycle: place → hole.
    ring: &'static [u8; MAX_HOLES],
    /// The mover's holes in cycle order.
    places: [u8; 16],
    /// The place about to be lifted (always the turn's `mid.at` in Kubuguza).
    at: usize,
    cw: bool,
    captured: bool,
    /// The whole board: the opponent's holes are current, the mover's are in `places`.
    board: [u8; MAX_HOLES],
    /// Places whose landing captures: own inner holes facing two occupied opponent holes (none when
    /// captures are not allowed yet).
    capturing: u16,
    /// Places of the clockwise holes.
    cw_places: u16,
    opponent_total: u32,
    /// A digest of the opponent's side, which changes only at a capture.
    salt: u64,
    /// The turn's state other than where it is (constant in Kubuguza, kept for the key).
    mid: MidTurn,
    /// `mid.flags()` without `captured`.
    flags: u32,
}

/// The walk's digest of a state: equal states have equal digests (whether built from a recorded key or
/// from a `Turn`), which is all the walk needs; a digest match is confirmed on the full keys.
#[inline(always)]
fn digest(places: &[u8; 16], tag: u64, salt: u64) -> u64 {
    let low = u64::from_le_bytes(places[..8].try_into().expect("8 places"));
    let high = u64::from_le_bytes(places[8..].try_into().expect("8 places"));
    (low ^ high.rotate_left(29) ^ tag.rotate_left(47) ^ salt).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The digest of the opponent's side (South's holes are 0-15, North's 16-31).
fn salt(board: &[u8; MAX_HOLES], side: Side) -> u64 {
    let low = 16 * side.other().index();
    (word_at(board, low) ^ word_at(board, low + 8).rotate_left(13)).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
}

/// The place, direction and flags of a state, for [`digest`].
#[inline(always)]
fn tag(at: usize, cw: bool, flags: u32) -> u64 {
    at as u64 | (cw as u64) << 4 | (flags as u64) << 8
}

impl Turn {
    fn new(pos: &Position, side: Side, lap: Lap, mid: MidTurn, cw_holes: &[Hole; 4]) -> Turn {
        let t = Geometry::FourRows(8).tables();
        let ring = &t.ring[side.index()];
        let mut places = [0u8; 16];
        for (k, p) in places.iter_mut().enumerate() {
            *p = pos.board[ring[k] as usize];
        }
        let mut cw_places = 0u16;
        for h in cw_holes {
            cw_places |= 1 << (t.place[h.index()] % 16);
        }
        let mut turn = Turn {
            t,
            side,
            ring,
            places,
            at: t.place[lap.from.index()] as usize % 16,
            cw: lap.direction == Direction::Clockwise,
            captured: mid.captured,
            board: pos.board,
            capturing: 0,
            cw_places,
            opponent_total: pos.counters_of(side.other()),
            salt: salt(&pos.board, side),
            mid,
            flags: MidTurn { captured: false, ..mid }.flags(),
        };
        if super::captures_allowed(pos) {
            for (k, &h) in ring[..16].iter().enumerate() {
                let h = h as usize;
                if t.inner[h] && turn.board[t.opp_inner[h] as usize] > 0 && turn.board[t.opp_outer[h] as usize] > 0 {
                    turn.capturing |= 1 << k;
                }
            }
        }
        turn
    }

    #[inline(always)]
    fn hole(&self, place: usize) -> Hole {
        Hole(self.ring[place % 16])
    }

    #[inline(always)]
    fn flags(&self) -> u32 {
        // `MidTurn::flags` keeps `captured` in bit 2.
        self.flags | (self.captured as u32) << 2
    }

    /// The state in the driver's form.
    fn state(&self) -> State {
        let mut board = self.board;
        for (k, &p) in self.places.iter().enumerate() {
            board[self.hole(k).index()] = p;
        }
        let from = self.hole(self.at);
        let direction = if self.cw { Direction::Clockwise } else { Direction::Anticlockwise };
        State { board, lap: Lap { from, direction }, mid: MidTurn { at: from, captured: self.captured, ..self.mid } }
    }

    fn key(&self) -> [u64; 6] {
        let s = self.state();
        debug_assert_eq!(s.mid.flags(), self.flags());
        state_key(&s.board, s.lap, s.mid.flags())
    }

    #[inline(always)]
    fn digest(&self) -> u64 {
        // `tag` with `flags()` spelt out: `captured` is bit 2 of the flags.
        let spelt = self.at as u64 | (self.cw as u64) << 4 | (self.flags as u64) << 8 | (self.captured as u64) << 10;
        debug_assert_eq!(spelt, tag(self.at, self.cw, self.flags()));
        digest(&self.places, spelt, self.salt)
    }

    /// The walk's digest of a recorded state of this turn.
    fn digest_of_key(&self, key: &[u64; 6]) -> u64 {
        let mut board = [0u8; MAX_HOLES];
        for (chunk, word) in board.chunks_exact_mut(8).zip(key) {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        let mut places = [0u8; 16];
        for (k, p) in places.iter_mut().enumerate() {
            *p = board[self.hole(k).index()];
        }
        let at = self.t.place[(key[5] & 0xFF) as usize % MAX_HOLES] as usize;
        digest(&places, tag(at, key[5] >> 8 & 1 == 1, (key[5] >> 16) as u32), salt(&board, self.side))
    }

    /// Sows the lap from `at` and resolves it by Kubuguza's rules ([`super::Kubuguza`]'s `after_lap` and
    /// `next`), noting it in `trace` when it goes on. On `Ends` the state may be left half-changed: the
    /// walk then uses the copy it kept.
    #[inline(always)]
    fn lap(&mut self, trace: Option<&mut Trace>) -> Lapped {
        let (from, cw) = (self.at, self.cw);
        let count = std::mem::take(&mut self.places[from]);
        let rest = count as usize % 16;
        let (first, last) = if cw {
            let first = (from + 16 - rest) % 16;
            (first, first)
        } else {
            ((from + 1) % 16, (from + count as usize) % 16)
        };
        let run = &RUNS[first][rest];
        let each = (count / 16) as u64 * ONES;
        for (half, run) in self.places.chunks_exact_mut(8).zip(run) {
            let word = u64::from_le_bytes((&*half).try_into().expect("8 places")) + run + each;
            half.copy_from_slice(&word.to_le_bytes());
        }
        let landed = self.places[last];
        if landed == 1 {
            return Lapped::Ends;
        }
        let mut taken = None;
        if self.capturing >> last & 1 == 1 {
            let h = self.hole(last).index();
            let (inner, outer) = (self.t.opp_inner[h] as usize, self.t.opp_outer[h] as usize);
            let both = [self.board[inner], self.board[outer]];
            let total = both[0] + both[1];
            if self.opponent_total == total as u32 {
                return Lapped::Ends;
            }
            self.opponent_total -= total as u32;
            (self.board[inner], self.board[outer]) = (0, 0);
            self.places[from] += total;
            // Only this place faces the emptied column.
            self.capturing &= !(1 << last);
            self.salt = salt(&self.board, self.side);
            self.captured = true;
            taken = Some(both);
        } else {
            self.at = last;
            self.captured = false;
        }
        self.cw = false;
        if self.cw_places >> self.at & 1 == 1 && self.cw_captures() {
            return Lapped::Decide;
        }
        if let Some(trace) = trace {
            trace.note_lap(self.hole(from), cw, taken.is_some(), count);
            if let Some(taken) = taken {
                trace.note_taken(taken);
            }
        }
        Lapped::Next
    }

    /// Whether a clockwise lap from `at` would capture (`sowing::lap_captures` on this form).
    #[inline(always)]
    fn cw_captures(&self) -> bool {
        let count = self.places[self.at] as usize;
        if count == 0 {
            return false;
        }
        let last = (self.at + 16 - count % 16) % 16;
        let base = if last == self.at { 0 } else { self.places[last] as usize };
        base + (count - 1) / 16 > 0 && self.capturing >> last & 1 == 1
    }
}

/// The digests the walk looks its states up among: a bitmap of 2^16 bits, by the digest's top 16 bits,
/// in front of the exact set, so that most look-ups of a state never seen are one bit test.
struct Seen {
    bits: Box<[u64; 1024]>,
    digests: Sightings,
}

impl Seen {
    fn with_capacity(n: usize) -> Seen {
        // Four times the room: a look-up that passes the bitmap then ends at an empty slot at once.
        Seen { bits: Box::new([0; 1024]), digests: Sightings::with_capacity(4 * n) }
    }

    fn insert(&mut self, d: u64) {
        self.bits[(d >> 54) as usize] |= 1 << (d >> 48 & 63);
        self.digests.insert(d);
    }

    #[inline(always)]
    fn contains(&self, d: u64) -> bool {
        self.bits[(d >> 54) as usize] >> (d >> 48 & 63) & 1 == 1 && self.digests.contains(d)
    }
}

/// [`long_turn::walk`] for Kubuguza on its 4x8 board (see the module's documentation); the same result.
#[cold]
#[inline(never)]
pub(super) fn walk(
    pos: &mut Position,
    side: Side,
    lap: Lap,
    mid: MidTurn,
    limits: Limits,
    trace: bool,
    cw_holes: &[Hole; 4],
) -> Walk {
    let n = pos.laps.laps();
    if n >= limits.cap || mid.at != lap.from {
        // Settled at once, or a state the walk's form does not hold: the general walk says what to do.
        return long_turn::walk::<super::Kubuguza>(pos, side, lap, mid, limits, trace);
    }
    debug_assert_eq!(pos.geo, Geometry::FourRows(8));
    let history = &pos.laps;
    let mut turn = Turn::new(pos, side, lap, mid, cw_holes);
    let mut seen = Seen::with_capacity(n + 64 + limits.cap / limits.spacing);
    for key in history.keys() {
        seen.insert(turn.digest_of_key(key));
    }
    let mut laps = Trace::default();
    let mut at_cap = None;
    let capped = |at_cap: Option<State>, trace: Trace| Walk::Capped {
        laps: limits.cap - n,
        to: at_cap.expect("the state at the cap is taken on the way"),
        trace,
    };
    let mut tortoises = Vec::new();
    let (mut tortoise, mut gap) = (n, 1);
    let mut h = n;
    loop {
        if h == limits.cap {
            at_cap = Some(turn.state());
        }
        let past_cap = h >= limits.cap;
        if h >= limits.cap + limits.spacing {
            return because(capped(at_cap, laps), Why::Clear);
        }
        let d = turn.digest();
        // A digest match is a match when the full keys are equal.
        if seen.contains(d) {
            let key = turn.key();
            let recorded = history.contains(&key);
            if recorded || tortoises.contains(&key) {
                return match (recorded, past_cap) {
                    (false, _) => because(Walk::Record, Why::NewMatch),
                    (true, false) => because(Walk::Skip { laps: h - n, to: turn.state(), trace: laps }, Why::Repeat),
                    (true, true) => because(capped(at_cap, laps), Why::PastCap),
                };
            }
        }
        if h == tortoise {
            seen.insert(d);
            tortoises.push(turn.key());
            tortoise += gap;
            gap = (gap * 2).min(limits.spacing);
        }
        // The lap that ends the turn or the game changes the state: `Skip` wants the state before it.
        let (places, at, cw, captured) = (turn.places, turn.at, turn.cw, turn.captured);
        match turn.lap(if trace { Some(&mut laps) } else { None }) {
            Lapped::Next => {}
            _ if past_cap => return because(capped(at_cap, laps), Why::PastCap),
            Lapped::Ends => {
                (turn.places, turn.at, turn.cw, turn.captured) = (places, at, cw, captured);
                return because(Walk::Skip { laps: h - n, to: turn.state(), trace: laps }, Why::Ends);
            }
            Lapped::Decide => return because(Walk::Record, Why::Decision),
        }
        h += 1;
    }
}
