//! Sets of puzzles as NDJSON (one puzzle per line: the export's form and the committed starter set's),
//! and the starter set itself, embedded (`data/starter.ndjson`, made by `mancala-puzzles` from a seed:
//! docs/puzzles.md says how to make it again).

use crate::Puzzle;

/// The committed starter set's text.
const STARTER: &str = include_str!("../data/starter.ndjson");

/// A line of NDJSON that is not a puzzle.
#[derive(Debug, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct ReadError {
    pub line: usize,
    pub reason: String,
}

/// Reads puzzles, one JSON object per line (blank lines skipped).
pub fn read_ndjson(text: &str) -> Result<Vec<Puzzle>, ReadError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| serde_json::from_str(l).map_err(|e| ReadError { line: i + 1, reason: e.to_string() }))
        .collect()
}

/// Writes puzzles one per line, each line ending with a newline.
pub fn write_ndjson(puzzles: &[Puzzle]) -> String {
    let mut out = String::new();
    for p in puzzles {
        out.push_str(&serde_json::to_string(p).expect("puzzles serialise"));
        out.push('\n');
    }
    out
}

/// The committed starter set.
pub fn starter() -> Vec<Puzzle> {
    read_ndjson(STARTER).expect("the committed starter set reads (puzzles/tests/starter.rs)")
}
