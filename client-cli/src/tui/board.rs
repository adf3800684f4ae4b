//! The board widget: the counts of every hole as the viewer sees the board
//! (docs/rules.md#d1-sides-and-hole-names), with the row numbers on the left, the column letters below, and a
//! rule between North's and South's halves.
//!
//! South (and a spectator) sees row 4 (Azigo: row 2) at the top and columns `a..` left to right; North sees
//! the board rotated 180°: its own rows at the bottom and columns right to left. A hole may carry a
//! [`Mark`] (a legal decision, the selected one, a step of the move being replayed), drawn as characters
//! around the count as well as in colour, so it shows in plain text too:
//!
//! ```text
//!  4    0   0   0   0   0   0   0   0
//!  3    4   4   4   4   4   4   4   4
//!     ────────────────────────────────
//!  2  [4] >4< [4] [4] [4] [4] [4] [4]
//!  1    0   0   0   0   0   0   0   0
//!       a   b   c   d   e   f   g   h
//! ```
//!
//! When the wide cells do not fit (Azigo's 20 columns in 80 characters), [`Board::compact`] cells carry a
//! single mark character before the count instead (`+4` legal, `>4` selected).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use std::collections::BTreeMap;

/// Width of the row-number column on the left.
const LABEL: usize = 3;

/// What a hole is marked with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A legal decision lifts this hole.
    Legal,
    /// The decision the arrows selected (Enter sends it).
    Selected,
    /// Replay: the hole the current lap was lifted from.
    Lifted,
    /// Replay: the hole the last counter was dropped into.
    Dropped,
    /// Replay: counters were just captured from this hole.
    Captured,
}

impl Mark {
    /// The characters before and after the count (wide cells), the first alone in compact cells.
    fn chars(self) -> (char, char) {
        match self {
            Mark::Legal => ('[', ']'),
            Mark::Selected => ('>', '<'),
            Mark::Lifted => ('(', ')'),
            Mark::Dropped => ('*', '*'),
            Mark::Captured => ('x', 'x'),
        }
    }

    fn compact_char(self) -> char {
        match self {
            Mark::Legal => '+',
            other => other.chars().0,
        }
    }

    pub fn style(self) -> Style {
        let bold = Style::new().add_modifier(Modifier::BOLD);
        match self {
            Mark::Legal => bold.fg(Color::Yellow),
            Mark::Selected => bold.fg(Color::Black).bg(Color::Yellow),
            Mark::Lifted => bold.fg(Color::Magenta),
            Mark::Dropped => bold.fg(Color::Green),
            Mark::Captured => bold.fg(Color::Red),
        }
    }
}

/// The name of the hole in column `col` (0 = `a`) and row `row` (1-based): `c2`.
pub fn hole_name(col: u8, row: u8) -> String {
    format!("{}{row}", (b'a' + col) as char)
}

/// The column (0-based) and row of a hole name (`c2` → (2, 2)); `None` for anything else.
pub fn parse_hole(name: &str) -> Option<(u8, u8)> {
    let mut chars = name.chars();
    let (c, r) = (chars.next()?, chars.next()?);
    if chars.next().is_some() || !c.is_ascii_lowercase() || !('1'..='4').contains(&r) {
        return None;
    }
    Some((c as u8 - b'a', r as u8 - b'0'))
}

/// Where a hole appears on screen: (line from the top, cell from the left), for a board of `rows` x
/// `cols` seen by South (`flipped` false) or North.
pub fn screen_pos(rows: u8, cols: u8, flipped: bool, col: u8, row: u8) -> (u8, u8) {
    if flipped { (row - 1, cols - 1 - col) } else { (rows - row, col) }
}

/// A board of `rows` x `cols` holes, ready to draw.
#[derive(Clone, Copy, Debug)]
pub struct Board<'a> {
    pub rows: u8,
    pub cols: u8,
    /// Every hole's count by name (a missing hole shows 0).
    pub holes: &'a BTreeMap<String, u8>,
    pub marks: &'a BTreeMap<String, Mark>,
    /// North's view: rotated 180°.
    pub flipped: bool,
    /// One character per mark instead of two, for narrow screens.
    pub compact: bool,
}

impl<'a> Board<'a> {
    /// A board in wide cells when they fit in `width` columns, compact ones otherwise.
    pub fn fitted(
        rows: u8,
        cols: u8,
        holes: &'a BTreeMap<String, u8>,
        marks: &'a BTreeMap<String, Mark>,
        flipped: bool,
        width: u16,
    ) -> Board<'a> {
        let wide = Board { rows, cols, holes, marks, flipped, compact: false };
        if wide.width() <= width { wide } else { Board { compact: true, ..wide } }
    }

    fn count(&self, col: u8, row: u8) -> u8 {
        self.holes.get(&hole_name(col, row)).copied().unwrap_or(0)
    }

    /// Digits per count: two, or three when a hole holds 100 or more.
    fn digits(&self) -> usize {
        if self.holes.values().any(|&n| n >= 100) { 3 } else { 2 }
    }

    fn cell_width(&self) -> usize {
        if self.compact { self.digits() + 1 } else { self.digits() + 3 }
    }

    pub fn width(&self) -> u16 {
        (LABEL + self.cols as usize * self.cell_width()) as u16
    }

    /// The rows, the rule between the halves and the column letters.
    pub fn height(&self) -> u16 {
        self.rows as u16 + 2
    }

    /// The row numbers from the top line down.
    fn rows_top_down(&self) -> Vec<u8> {
        if self.flipped { (1..=self.rows).collect() } else { (1..=self.rows).rev().collect() }
    }

    /// The columns from left to right.
    fn cols_left_right(&self) -> Vec<u8> {
        if self.flipped { (0..self.cols).rev().collect() } else { (0..self.cols).collect() }
    }

    fn cell(&self, col: u8, row: u8) -> Vec<Span<'static>> {
        let n = self.count(col, row);
        let w = self.cell_width();
        let mark = self.marks.get(&hole_name(col, row)).copied();
        let body = match (mark, self.compact) {
            (None, true) => format!(" {n}"),
            (None, false) => format!(" {n} "),
            (Some(m), true) => format!("{}{n}", m.compact_char()),
            (Some(m), false) => {
                let (l, r) = m.chars();
                format!("{l}{n}{r}")
            }
        };
        let pad = " ".repeat(w.saturating_sub(body.chars().count()));
        let style = mark.map(Mark::style).unwrap_or_default();
        vec![Span::raw(pad), Span::styled(body, style)]
    }

    /// The board as text lines (styled).
    pub fn lines(&self) -> Vec<Line<'static>> {
        let w = self.cell_width();
        let cols = self.cols_left_right();
        let mut lines = Vec::new();
        // Each side owns half of the rows: the rule goes between the halves, whichever way up.
        let half = self.rows as usize / 2;
        for (i, row) in self.rows_top_down().into_iter().enumerate() {
            if i == half {
                lines.push(Line::from(format!("{}{}", " ".repeat(LABEL + 1), "─".repeat(self.cols as usize * w - 1))));
            }
            let mut spans = vec![Span::styled(format!("{row:>2} "), Style::new().fg(Color::DarkGray))];
            for &col in &cols {
                spans.extend(self.cell(col, row));
            }
            lines.push(Line::from(spans));
        }
        // Each letter sits under the last digit of its column's counts.
        let under = if self.compact { w - 1 } else { w - 2 };
        let mut letters = " ".repeat(LABEL);
        for &col in &cols {
            letters.push_str(&" ".repeat(under));
            letters.push((b'a' + col) as char);
            letters.push_str(&" ".repeat(w - under - 1));
        }
        lines.push(Line::styled(letters.trim_end().to_string(), Style::new().fg(Color::DarkGray)));
        lines
    }
}

impl Widget for Board<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        Paragraph::new(self.lines()).render(area, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hole_names_round_trip() {
        assert_eq!(hole_name(2, 2), "c2");
        assert_eq!(parse_hole("c2"), Some((2, 2)));
        assert_eq!(parse_hole("t1"), Some((19, 1)));
        assert_eq!(parse_hole("c2:cw"), None);
        assert_eq!(parse_hole("store"), None);
        assert_eq!(parse_hole("a5"), None);
    }

    #[test]
    fn north_sees_the_board_rotated() {
        assert_eq!(screen_pos(4, 8, false, 0, 1), (3, 0));
        assert_eq!(screen_pos(4, 8, true, 0, 1), (0, 7));
        assert_eq!(screen_pos(2, 20, true, 19, 2), (1, 0));
    }

    #[test]
    fn marks_show_as_text_in_both_cell_sizes() {
        let holes: BTreeMap<String, u8> = [("a1".to_string(), 4), ("b1".to_string(), 12)].into();
        let marks: BTreeMap<String, Mark> =
            [("a1".to_string(), Mark::Selected), ("b1".to_string(), Mark::Legal)].into();
        let text = |b: Board| b.lines().iter().map(|l| l.to_string()).collect::<Vec<_>>();
        let wide = Board { rows: 2, cols: 2, holes: &holes, marks: &marks, flipped: false, compact: false };
        assert_eq!(text(wide), [" 2    0    0 ", "    ─────────", " 1   >4< [12]", "      a    b"]);
        let compact = Board { compact: true, ..wide };
        assert_eq!(text(compact), [" 2   0  0", "    ─────", " 1  >4+12", "     a  b"]);
    }
}
