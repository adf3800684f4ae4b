//! Sets of puzzles as NDJSON (one puzzle per line: the export's form and the committed starter set's),
//! and the starter set itself, embedded (`data/starter.ndjson`, made by `mancala-puzzles` from a seed:
//! docs/puzzles.md says how to make it again).

use crate::Puzzle;

/// The committed starter set's text.
const STARTER: &str = include_str!("../data/starter.ndjson");
const WITHDRAWN: &str = include_str!("../data/withdrawn.txt");

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

/// A puzzle taken out of the starter set after it was published, and why (`deep`: it failed the deep
/// re-verification; `guessable`: a guess solves it too often): servers that stored it retire it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Withdrawn {
    pub id: String,
    pub reason: String,
}

/// The puzzles withdrawn from the starter set (`puzzles/data/withdrawn.txt`: one `id reason` a line, `#`
/// comments).
pub fn withdrawn() -> Vec<Withdrawn> {
    read_withdrawn(WITHDRAWN)
}

/// Reads a withdrawn list's text.
pub fn read_withdrawn(text: &str) -> Vec<Withdrawn> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (id, reason) = l.split_once(' ').unwrap_or((l, ""));
            Withdrawn { id: id.to_string(), reason: reason.trim().to_string() }
        })
        .collect()
}
