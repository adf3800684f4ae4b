//! Board shapes (4x8, 4x9, 4x10 and Azigo's 2x20), hole names (docs/rules.md#d1-sides-and-hole-names), the
//! sowing cycles in both directions (docs/rules.md#sowing-directions) and the holes opposite an inner hole
//! (docs/rules.md#opposite-holes).
//!
//! A hole is a small index: `8·(row−1) + column` on a 4x8 board (the same numbers as Ludii's sites), in
//! general `cols·(row−1) + column`. The cycle tables are built at compile time, so stepping a counter to
//! the next hole is one table lookup.

use crate::side::Side;
use std::fmt;

/// The largest number of holes on any supported board (4x10 and 2x20).
pub const MAX_HOLES: usize = 40;

/// One hole of the board. Only meaningful together with the board's [`Geometry`], which makes them:
/// [`Geometry::hole_at`] (by index), [`Geometry::hole`] (by column and row), [`Geometry::parse_hole`] (by
/// name), [`Geometry::holes`]. The index is private, so every hole is below [`MAX_HOLES`] and indexing a
/// board with it cannot panic.
///
/// ```
/// use mancala_engine::Geometry;
///
/// let g = Geometry::FourRows(8);
/// let c2 = g.hole_at(10).unwrap();
/// assert_eq!((g.name(c2).as_str(), c2.index()), ("c2", 10));
/// assert_eq!(g.hole(2, 2), Some(c2));
/// assert_eq!(g.parse_hole("c2"), Some(c2));
/// assert_eq!(g.hole_at(32), None, "4x8 has 32 holes");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hole(pub(crate) u8);

impl Hole {
    /// The hole's index: `cols·(row−1) + column` on its board, below [`MAX_HOLES`].
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// Sowing direction. Anticlockwise is the normal direction in every game. On the wire (feature `serde`):
/// `acw`, `cw`, as in the notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Direction {
    #[cfg_attr(feature = "serde", serde(rename = "acw"))]
    Anticlockwise,
    #[cfg_attr(feature = "serde", serde(rename = "cw"))]
    Clockwise,
}

/// A board shape. Every shape has its own compile-time tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Geometry {
    /// Four rows of 8, 9 or 10 holes (Ikibuguzo, Kubuguza, Njombwa).
    FourRows(u8),
    /// Azigo's two rows of 20 holes.
    TwoByTwenty,
}

/// Per-shape lookup tables.
#[derive(Debug)]
pub struct Tables {
    pub rows: u8,
    pub cols: u8,
    pub holes: u8,
    /// Next hole anticlockwise (within the owner's cycle on 4-row boards, around the board in Azigo).
    pub acw: [u8; MAX_HOLES],
    /// Next hole clockwise (the reverse of `acw`).
    pub cw: [u8; MAX_HOLES],
    /// Length of one sowing cycle (16..20 on 4-row boards, 40 in Azigo).
    pub cycle_len: u8,
    /// Per hole: 0-based column and 1-based row (no division on hot paths).
    pub col: [u8; MAX_HOLES],
    pub row: [u8; MAX_HOLES],
    /// Per hole: the owner is North.
    pub north: [bool; MAX_HOLES],
    /// Per hole: an inner-row hole of a 4-row board.
    pub inner: [bool; MAX_HOLES],
    /// Per inner hole: the opponent's inner and outer hole of the same column.
    pub opp_inner: [u8; MAX_HOLES],
    pub opp_outer: [u8; MAX_HOLES],
    /// Per hole: which cycle it is on (0 South / whole board, 1 North) and its place on it, counted
    /// anticlockwise; `ring[cycle][place]` is the hole back.
    pub cycle: [u8; MAX_HOLES],
    pub place: [u8; MAX_HOLES],
    pub ring: [[u8; MAX_HOLES]; 2],
}

const fn build(rows: u8, cols: u8) -> Tables {
    let mut acw = [0u8; MAX_HOLES];
    let mut cw = [0u8; MAX_HOLES];
    let n = rows * cols;
    let mut h = 0u8;
    while h < n {
        let row = h / cols; // 0-based
        let col = h % cols;
        // Rows are paired into cycles: (0,1) is South's (or Azigo's whole board), (2,3) North's.
        // South / Azigo: bottom row of the pair rightwards, top row leftwards. North's cycle,
        // h4→a4→a3→h3→h4, is the mirror: top row (row 4) leftwards, bottom row (row 3) rightwards.
        let next = if rows == 2 || row < 2 {
            let base = if row < 2 { 0 } else { 2 };
            if row == base {
                if col + 1 < cols { h + 1 } else { (base + 1) * cols + col }
            } else if col > 0 {
                h - 1
            } else {
                base * cols
            }
        } else if row == 3 {
            if col > 0 { h - 1 } else { 2 * cols }
        } else if col + 1 < cols {
            h + 1
        } else {
            3 * cols + col
        };
        acw[h as usize] = next;
        cw[next as usize] = h;
        h += 1;
    }
    let mut col = [0u8; MAX_HOLES];
    let mut row = [0u8; MAX_HOLES];
    let mut north = [false; MAX_HOLES];
    let mut inner = [false; MAX_HOLES];
    let mut opp_inner = [0u8; MAX_HOLES];
    let mut opp_outer = [0u8; MAX_HOLES];
    let mut h = 0u8;
    // Column, row and owner for every index, even past this board's holes, so that `Geometry::col`, `row`
    // and `owner` give the same answers as arithmetic for any `Hole`.
    while (h as usize) < MAX_HOLES {
        col[h as usize] = h % cols;
        row[h as usize] = h / cols + 1;
        north[h as usize] = h / cols + 1 > rows / 2;
        h += 1;
    }
    let mut h = 0u8;
    while h < n {
        let c = h % cols;
        let r = h / cols + 1;
        inner[h as usize] = rows == 4 && (r == 2 || r == 3);
        if rows == 4 {
            let (i, o) = if r == 2 { (3, 4) } else { (2, 1) };
            opp_inner[h as usize] = (i - 1) * cols + c;
            opp_outer[h as usize] = (o - 1) * cols + c;
        }
        h += 1;
    }
    let cycle_len = 2 * cols;
    let mut cycle = [0u8; MAX_HOLES];
    let mut place = [0u8; MAX_HOLES];
    let mut ring = [[0u8; MAX_HOLES]; 2];
    let mut c = 0;
    while c < rows / 2 {
        // Cycle 0 starts at a1, cycle 1 (North's) at a3.
        let mut at = c * 2 * cols;
        let mut i = 0;
        while i < cycle_len {
            cycle[at as usize] = c;
            place[at as usize] = i;
            ring[c as usize][i as usize] = at;
            at = acw[at as usize];
            i += 1;
        }
        c += 1;
    }
    Tables {
        rows,
        cols,
        holes: n,
        acw,
        cw,
        cycle_len,
        col,
        row,
        north,
        inner,
        opp_inner,
        opp_outer,
        cycle,
        place,
        ring,
    }
}

static FOUR_BY_8: Tables = build(4, 8);
static FOUR_BY_9: Tables = build(4, 9);
static FOUR_BY_10: Tables = build(4, 10);
static TWO_BY_20: Tables = build(2, 20);

/// The four-row tables by width: one load instead of a chain of compares (the tables are looked up on
/// every lap). Widths other than 9 and 10 use the 4x8 tables (only 8, 9 and 10 are ever made).
static FOUR_ROWS: [&Tables; 256] = {
    let mut by_width = [&FOUR_BY_8; 256];
    by_width[9] = &FOUR_BY_9;
    by_width[10] = &FOUR_BY_10;
    by_width
};

impl Geometry {
    #[inline]
    pub fn tables(self) -> &'static Tables {
        match self {
            Geometry::FourRows(cols) => FOUR_ROWS[cols as usize],
            Geometry::TwoByTwenty => &TWO_BY_20,
        }
    }

    #[inline]
    pub fn rows(self) -> u8 {
        self.tables().rows
    }

    #[inline]
    pub fn cols(self) -> u8 {
        self.tables().cols
    }

    #[inline]
    pub fn hole_count(self) -> usize {
        self.tables().holes as usize
    }

    /// Every hole, a1 first, in reading order (row by row, left to right).
    pub fn holes(self) -> impl Iterator<Item = Hole> {
        (0..self.tables().holes).map(Hole)
    }

    /// The hole at `col` (0-based, `a` = 0) and `row` (1-based, as in its name), if this board has it.
    #[inline]
    pub fn hole(self, col: u8, row: u8) -> Option<Hole> {
        (col < self.cols() && (1..=self.rows()).contains(&row)).then(|| self.at(col, row))
    }

    /// The hole with index `index` (`cols·(row−1) + column`), if this board has it.
    #[inline]
    pub fn hole_at(self, index: usize) -> Option<Hole> {
        (index < self.hole_count()).then_some(Hole(index as u8))
    }

    /// The hole at `col` and `row`, which the caller knows this board has (the engine's own tables).
    #[inline]
    pub(crate) fn at(self, col: u8, row: u8) -> Hole {
        debug_assert!(col < self.cols() && (1..=self.rows()).contains(&row), "no hole at {col},{row}");
        Hole((row - 1) * self.cols() + col)
    }

    #[inline]
    pub fn col(self, hole: Hole) -> u8 {
        self.tables().col[hole.index()]
    }

    /// 1-based row, as in the hole's name.
    #[inline]
    pub fn row(self, hole: Hole) -> u8 {
        self.tables().row[hole.index()]
    }

    #[inline]
    pub fn owner(self, hole: Hole) -> Side {
        if self.tables().north[hole.index()] { Side::North } else { Side::South }
    }

    /// The holes a side sows in, in reading order.
    pub fn own_holes(self, side: Side) -> std::ops::Range<u8> {
        let half = self.hole_count() as u8 / 2;
        match side {
            Side::South => 0..half,
            Side::North => half..2 * half,
        }
    }

    /// True for the inner rows (2 and 3) of a 4-row board.
    #[inline]
    pub fn is_inner(self, hole: Hole) -> bool {
        self.tables().inner[hole.index()]
    }

    /// For an inner hole of a 4-row board, the opponent's inner and outer holes of the same column.
    #[inline]
    pub fn opposite(self, hole: Hole) -> (Hole, Hole) {
        let t = self.tables();
        (Hole(t.opp_inner[hole.index()]), Hole(t.opp_outer[hole.index()]))
    }

    #[inline]
    pub fn step(self, hole: Hole, dir: Direction) -> Hole {
        let t = self.tables();
        Hole(match dir {
            Direction::Anticlockwise => t.acw[hole.index()],
            Direction::Clockwise => t.cw[hole.index()],
        })
    }

    /// The hole `n` steps from `hole` in `dir` (n may exceed the cycle length).
    #[inline]
    pub fn advance(self, hole: Hole, dir: Direction, n: u32) -> Hole {
        let t = self.tables();
        let len = t.cycle_len as u32;
        let steps = n % len;
        let here = t.place[hole.index()] as u32;
        let there = match dir {
            Direction::Anticlockwise => (here + steps) % len,
            Direction::Clockwise => (here + len - steps) % len,
        };
        Hole(t.ring[t.cycle[hole.index()] as usize][there as usize])
    }

    /// The name of a hole: column letter then row digit, e.g. `c2` (docs/rules.md#d1-sides-and-hole-names).
    pub fn name(self, hole: Hole) -> HoleName {
        HoleName([b'a' + self.col(hole), b'0' + self.row(hole)])
    }

    /// Parses a hole name such as `c2`; `None` if it is not a hole of this board.
    pub fn parse_hole(self, text: &str) -> Option<Hole> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let col = bytes[0].checked_sub(b'a')?;
        let row = bytes[1].checked_sub(b'0')?;
        self.hole(col, row)
    }

    /// A short description for error messages, e.g. `4x8`.
    pub fn describe(self) -> String {
        format!("{}x{}", self.rows(), self.cols())
    }
}

/// A hole's printable name: a column letter and a row digit (`c2`), two ASCII bytes, so it is `Copy` and
/// names travel without allocating. On the wire (feature `serde`) it is that two-character string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HoleName([u8; 2]);

impl HoleName {
    /// The name of column `col` (0-based: `a`) and row `row` (1-based), if it fits any board.
    pub fn new(col: u8, row: u8) -> Option<HoleName> {
        (col < 20 && (1..=4).contains(&row)).then(|| HoleName([b'a' + col, b'0' + row]))
    }

    pub fn as_str(&self) -> &'static str {
        // Every name that can exist, so a name is a table look-up, not a conversion.
        const NAMES: [[&str; 4]; 20] = {
            const C: [&str; 80] = [
                "a1", "a2", "a3", "a4", "b1", "b2", "b3", "b4", "c1", "c2", "c3", "c4", "d1", "d2", "d3", "d4", "e1",
                "e2", "e3", "e4", "f1", "f2", "f3", "f4", "g1", "g2", "g3", "g4", "h1", "h2", "h3", "h4", "i1", "i2",
                "i3", "i4", "j1", "j2", "j3", "j4", "k1", "k2", "k3", "k4", "l1", "l2", "l3", "l4", "m1", "m2", "m3",
                "m4", "n1", "n2", "n3", "n4", "o1", "o2", "o3", "o4", "p1", "p2", "p3", "p4", "q1", "q2", "q3", "q4",
                "r1", "r2", "r3", "r4", "s1", "s2", "s3", "s4", "t1", "t2", "t3", "t4",
            ];
            let mut t = [[""; 4]; 20];
            let mut i = 0;
            while i < 80 {
                t[i / 4][i % 4] = C[i];
                i += 1;
            }
            t
        };
        // Both bytes are in range by construction (`Geometry::name`, `HoleName::new`, `FromStr`).
        NAMES[(self.0[0] - b'a') as usize][(self.0[1] - b'1') as usize]
    }
}

impl fmt::Display for HoleName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A text that is not a hole name of any board (a letter `a`–`t` then a digit `1`–`4`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a hole name (a column letter a-t and a row 1-4, such as c2)")]
pub struct ParseHoleNameError(pub String);

impl std::str::FromStr for HoleName {
    type Err = ParseHoleNameError;

    fn from_str(s: &str) -> Result<HoleName, ParseHoleNameError> {
        match s.as_bytes() {
            &[col @ b'a'..=b't', row @ b'1'..=b'4'] => Ok(HoleName([col, row])),
            _ => Err(ParseHoleNameError(s.to_string())),
        }
    }
}

impl PartialEq<str> for HoleName {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for HoleName {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for HoleName {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for HoleName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walk(g: Geometry, from: &str, dir: Direction, n: usize) -> Vec<String> {
        let mut h = g.parse_hole(from).unwrap();
        (0..n)
            .map(|_| {
                h = g.step(h, dir);
                g.name(h).to_string()
            })
            .collect()
    }

    #[test]
    fn hole_names_read_back() {
        for g in [Geometry::FourRows(8), Geometry::FourRows(10), Geometry::TwoByTwenty] {
            for h in g.holes() {
                let name = g.name(h);
                assert_eq!(name.as_str(), format!("{}{}", (b'a' + g.col(h)) as char, g.row(h)));
                assert_eq!(name.as_str().parse::<HoleName>(), Ok(name));
                assert_eq!(g.parse_hole(name.as_str()), Some(h));
            }
        }
        assert!(
            "u1".parse::<HoleName>().is_err() && "a5".parse::<HoleName>().is_err() && "a".parse::<HoleName>().is_err()
        );
    }

    #[test]
    fn ludii_site_numbers_on_4x8() {
        let g = Geometry::FourRows(8);
        for (name, site) in
            [("a1", 0), ("h1", 7), ("a2", 8), ("h2", 15), ("a3", 16), ("h3", 23), ("a4", 24), ("h4", 31)]
        {
            assert_eq!(g.parse_hole(name), Some(Hole(site)), "{name}");
            assert_eq!(g.name(Hole(site)).to_string(), name);
        }
    }

    #[test]
    fn south_and_north_cycles_match_rules_section_1() {
        let g = Geometry::FourRows(8);
        use Direction::*;
        assert_eq!(walk(g, "g1", Anticlockwise, 4), ["h1", "h2", "g2", "f2"]);
        assert_eq!(walk(g, "b2", Anticlockwise, 3), ["a2", "a1", "b1"]);
        assert_eq!(walk(g, "a1", Clockwise, 3), ["a2", "b2", "c2"]);
        assert_eq!(walk(g, "h1", Clockwise, 9)[6..], ["a1", "a2", "b2"]);
        assert_eq!(walk(g, "h4", Clockwise, 3), ["h3", "g3", "f3"]);
        assert_eq!(walk(g, "g3", Clockwise, 2), ["f3", "e3"]);
        assert_eq!(walk(g, "a4", Clockwise, 2), ["b4", "c4"]);
        assert_eq!(walk(g, "b4", Anticlockwise, 3), ["a4", "a3", "b3"]);
        assert_eq!(walk(g, "g3", Anticlockwise, 3), ["h3", "h4", "g4"]);
    }

    #[test]
    fn every_cycle_is_closed_and_stays_on_its_side() {
        for g in [Geometry::FourRows(8), Geometry::FourRows(9), Geometry::FourRows(10), Geometry::TwoByTwenty] {
            let len = g.tables().cycle_len as u32;
            for h in g.holes() {
                assert_eq!(g.advance(h, Direction::Anticlockwise, len), h);
                assert_eq!(g.step(g.step(h, Direction::Anticlockwise), Direction::Clockwise), h);
                if let Geometry::FourRows(_) = g {
                    assert_eq!(g.owner(g.step(h, Direction::Anticlockwise)), g.owner(h));
                }
            }
        }
    }

    #[test]
    fn azigo_cycle_goes_round_the_board() {
        let g = Geometry::TwoByTwenty;
        assert_eq!(walk(g, "s1", Direction::Anticlockwise, 3), ["t1", "t2", "s2"]);
        assert_eq!(walk(g, "b2", Direction::Anticlockwise, 2), ["a2", "a1"]);
        assert_eq!(g.owner(g.parse_hole("t2").unwrap()), Side::North);
        assert_eq!(g.parse_hole("u1"), None);
    }

    #[test]
    fn advance_agrees_with_stepping() {
        for g in [Geometry::FourRows(8), Geometry::FourRows(9), Geometry::FourRows(10), Geometry::TwoByTwenty] {
            for h in g.holes() {
                for dir in [Direction::Anticlockwise, Direction::Clockwise] {
                    let mut walked = h;
                    for n in 0..90 {
                        assert_eq!(g.advance(h, dir, n), walked, "{} {dir:?} {n}", g.name(h));
                        walked = g.step(walked, dir);
                    }
                }
            }
        }
    }

    #[test]
    fn opposite_holes_share_the_column() {
        let g = Geometry::FourRows(8);
        let c2 = g.parse_hole("c2").unwrap();
        assert_eq!(g.opposite(c2), (g.parse_hole("c3").unwrap(), g.parse_hole("c4").unwrap()));
        let f3 = g.parse_hole("f3").unwrap();
        assert_eq!(g.opposite(f3), (g.parse_hole("f2").unwrap(), g.parse_hole("f1").unwrap()));
    }
}
