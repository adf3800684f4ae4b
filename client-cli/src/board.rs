//! Text drawing of a board as South sees it (RULES.md D1): the top row first (row 4, or row 2 in Azigo),
//! row 1 at the bottom, the column letters under it, a rule between North's and South's halves, and each
//! side's name (with its store in Azigo) beside its outer row.
//!
//! ```text
//!      4   0  0  0  0  0  0  0  0   north
//!      3   4  4  4  4  4  4  4  4
//!         ------------------------
//!      2   4  4  4  4  4  4  4  4
//!      1   0  0  0  0  0  0  0  0   south
//!          a  b  c  d  e  f  g  h
//! ```

use mancala_engine::{Position, Side, Variant};
use std::fmt::Write;

/// The board of `pos` with every count and, in Azigo, both stores (analysis shows everything).
pub fn draw(pos: &Position) -> String {
    let geo = pos.geometry();
    let (rows, cols) = (geo.rows(), geo.cols());
    // Every cell is as wide as the widest count (at least two digits), so columns line up on any board.
    let width = pos.counts().iter().map(|&c| digits(c)).max().unwrap_or(1).max(2);
    let cell = width + 1;
    let azigo = pos.variant() == Variant::Azigo;
    let side_label = |side: Side| {
        if azigo { format!("   {side} store {}", pos.store(side)) } else { format!("   {side}") }
    };
    let mut out = String::new();
    for row in (1..=rows).rev() {
        let _ = write!(out, "  {row} ");
        for col in 0..cols {
            let _ = write!(out, "{:>cell$}", pos.count(geo.hole(col, row)));
        }
        if row == rows {
            out.push_str(&side_label(Side::North));
        } else if row == 1 {
            out.push_str(&side_label(Side::South));
        }
        out.push('\n');
        // North owns the upper half of the rows, South the lower.
        if row == rows / 2 + 1 {
            let _ = writeln!(out, "    {:>1$}", "-".repeat(cols as usize * cell - 1), cols as usize * cell);
        }
    }
    out.push_str("    ");
    for col in 0..cols {
        let _ = write!(out, "{:>cell$}", (b'a' + col) as char);
    }
    out.push('\n');
    out
}

fn digits(n: u8) -> usize {
    match n {
        0..=9 => 1,
        10..=99 => 2,
        _ => 3,
    }
}
