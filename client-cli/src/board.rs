//! Text drawing of a board as South sees it (docs/rules.md#d1-sides-and-hole-names): the top row first (row
//! 4, or row 2 in Azigo), row 1 at the bottom, the column letters under it, a rule between North's and
//! South's halves, and each side's name (with its store in Azigo) beside its outer row.
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
use mancala_protocol::BoardView;
use std::fmt::Write;

/// The board of `pos` with every count and, in Azigo, both stores (analysis shows everything).
pub fn draw(pos: &Position) -> String {
    let geo = pos.geometry();
    let azigo = pos.variant() == Variant::Azigo;
    let label = |side: Side| if azigo { format!("{side} store {}", pos.store(side)) } else { side.to_string() };
    grid(
        geo.rows(),
        geo.cols(),
        &|col, row| geo.hole(col, row).map_or(0, |h| pos.count(h)),
        [label(Side::South), label(Side::North)],
    )
}

/// The board of a server view (what this viewer may see): a hidden Azigo store is shown as `?`.
pub fn draw_view(view: &BoardView) -> String {
    let azigo = view.variant == Variant::Azigo;
    let label = |side: Side, store: Option<u8>| {
        if !azigo {
            side.to_string()
        } else {
            format!("{side} store {}", store.map(|n| n.to_string()).unwrap_or_else(|| "?".into()))
        }
    };
    let count = |col: u8, row: u8| view.count(&format!("{}{row}", (b'a' + col) as char)).unwrap_or(0);
    grid(
        view.rows,
        view.columns,
        &count,
        [label(Side::South, view.stores.south), label(Side::North, view.stores.north)],
    )
}

/// Draws `rows` x `cols` counts as South sees them; `labels` are South's and North's, beside their outer
/// rows.
fn grid(rows: u8, cols: u8, count: &dyn Fn(u8, u8) -> u8, labels: [String; 2]) -> String {
    // Every cell is as wide as the widest count (at least two digits), so columns line up on any board.
    let widest = (1..=rows).flat_map(|r| (0..cols).map(move |c| (c, r))).map(|(c, r)| digits(count(c, r))).max();
    let cell = widest.unwrap_or(1).max(2) + 1;
    let mut out = String::new();
    for row in (1..=rows).rev() {
        let _ = write!(out, "  {row} ");
        for col in 0..cols {
            let _ = write!(out, "{:>cell$}", count(col, row));
        }
        if row == rows {
            let _ = write!(out, "   {}", labels[1]);
        } else if row == 1 {
            let _ = write!(out, "   {}", labels[0]);
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
