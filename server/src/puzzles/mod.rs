//! Puzzles on the server (docs/puzzles.md), a feature in one folder (docs/server.md, "Features"; lila's
//! `modules/puzzle`):
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | the set imported at start-up ([`import`]: the committed starter set and `--puzzles FILE`), the daily puzzle ([`daily`]), the rule that retires a puzzle by its votes ([`retires`]) |
//! | [`judge`] | an attempt judged decision by decision against the line and its other right answers |
//! | [`history`] | an account's puzzle history: rating, best streak, attempts, results by theme |
//! | [`rating`] | what an attempt does to the account's and the puzzle's ratings and to the streak (no I/O) |
//! | [`candidates`], [`mining`] | the puzzles mined in the background from players' reviewed rated games |
//! | [`queries`] | its SQL: the reads, and the writes the store's single writer runs in its transaction |
//! | [`routes`] | `/api/puzzles/…` (an edge file: docs/server.md, "Features") |

pub mod candidates;
pub mod history;
pub mod judge;
pub mod mining;
pub mod queries;
pub mod rating;
pub mod routes;

use crate::game::UnixMs;
use crate::store::{Store, StoreError, Write};
use mancala_puzzles::{Goal, Puzzle};
use queries::PuzzleWrite;
use sha2::{Digest, Sha256};
use std::collections::HashMap;

/// Down votes that retire a puzzle, at least: a handful of players, not one.
pub const RETIRE_DOWN_VOTES: u32 = 5;

/// Is a puzzle with these votes retired? At least [`RETIRE_DOWN_VOTES`] down votes, and at least twice as
/// many down votes as up votes (a puzzle most players like stays, whatever a few say).
pub fn retires(up: u32, down: u32) -> bool {
    down >= RETIRE_DOWN_VOTES && down >= up.saturating_mul(2)
}

/// Puzzles written per transaction at import.
const IMPORT_CHUNK: usize = 256;

/// Why the puzzles could not be imported.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("--puzzles {path}: {reason}")]
    File { path: String, reason: String },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Imports the committed starter set and the puzzles of `file` (NDJSON) that the store does not hold
/// yet (by id: the same position is the same puzzle), each checked by the engine first; a stored puzzle
/// whose line, other right answers, goal or themes differ from the set's takes the set's (the set
/// re-verified deeper), keeping its rating and votes; where both hold an id, the file's puzzle is taken.
/// A starter puzzle the engine refuses is left out with a warning; a file's stops the server, naming the
/// puzzle. A stored puzzle withdrawn from the starter set (and not in the file) is retired. Several nodes
/// starting at once insert each puzzle once. Returns how many were new.
pub async fn import(store: &Store, file: Option<&std::path::Path>) -> Result<usize, ImportError> {
    let mut set: Vec<Puzzle> = Vec::new();
    for p in mancala_puzzles::starter() {
        match p.replay() {
            Ok(_) => set.push(p),
            Err(e) => tracing::warn!(error = %e, "a puzzle of the starter set is left out"),
        }
    }
    if let Some(path) = file {
        let shown = path.display().to_string();
        let bad = |reason: String| ImportError::File { path: shown.clone(), reason };
        let text = std::fs::read_to_string(path).map_err(|e| bad(e.to_string()))?;
        let read = mancala_puzzles::read_ndjson(&text).map_err(|e| bad(e.to_string()))?;
        for p in read {
            p.replay().map_err(|e| bad(e.to_string()))?;
            set.push(p);
        }
    }
    let lines = queries::puzzle_lines(store).await?;
    // One puzzle per id, the file's over the starter set's (the operator's set is the newer).
    let mut last: HashMap<String, usize> = HashMap::new();
    for (i, p) in set.iter().enumerate() {
        last.insert(p.id.clone(), i);
    }
    let (mut new, mut relined) = (Vec::new(), Vec::new());
    for (i, p) in set.into_iter().enumerate() {
        if last[&p.id] != i {
            continue;
        }
        match lines.get(&p.id) {
            None => new.push(p),
            // Re-verified deeper since it was stored: its line, answers or goal are the set's now.
            Some(stored) if *stored != queries::line_of(&p) => relined.push(p),
            Some(_) => {}
        }
    }
    let at = UnixMs::now();
    for chunk in new.chunks(IMPORT_CHUNK) {
        store.write(vec![Write::feature(PuzzleWrite::Import { puzzles: chunk.to_vec(), at })]).await?;
    }
    for chunk in relined.chunks(IMPORT_CHUNK) {
        store.write(vec![Write::feature(PuzzleWrite::Reline { puzzles: chunk.to_vec(), at })]).await?;
    }
    if !relined.is_empty() {
        tracing::info!(puzzles = relined.len(), "stored puzzles take the set's re-verified line");
    }
    // Withdrawn from the starter set since a server stored them (failed the deep re-verification, or a
    // guess solves them): retired here, unless the operator's file brings them back.
    let served: std::collections::HashSet<String> = queries::served_puzzle_ids(store).await?.into_iter().collect();
    let withdrawn: Vec<String> = mancala_puzzles::withdrawn()
        .into_iter()
        .map(|w| w.id)
        .filter(|id| !last.contains_key(id) && served.contains(id))
        .collect();
    for chunk in withdrawn.chunks(IMPORT_CHUNK) {
        store.write(vec![Write::feature(PuzzleWrite::Withdraw { ids: chunk.to_vec() })]).await?;
    }
    if !withdrawn.is_empty() {
        tracing::info!(puzzles = withdrawn.len(), "stored puzzles withdrawn from the starter set are retired");
    }
    Ok(new.len())
}

/// The UTC day of `at`, `YYYY-MM-DD`.
pub fn utc_date(at: UnixMs) -> String {
    crate::game::utc::Utc::of(at).date()
}

/// The daily puzzle of `date` among `ids` (the puzzles served): the one whose SHA-256 of the date and its
/// id is least. Every node with the same set picks the same; a puzzle added or retired changes the day's
/// pick only if it is (or was) that one.
pub fn daily<'a>(date: &str, ids: &'a [String]) -> Option<&'a String> {
    ids.iter().min_by_key(|id| {
        let mut h = Sha256::new();
        h.update(date.as_bytes());
        h.update([0]);
        h.update(id.as_bytes());
        h.finalize().to_vec()
    })
}

/// A puzzle's goal in words, with its solver.
pub fn goal_text(goal: Goal, solver: mancala_engine::Side) -> String {
    let who = match solver {
        mancala_engine::Side::South => "South",
        mancala_engine::Side::North => "North",
    };
    match goal {
        Goal::Win => format!("{who} to play and win"),
        Goal::Capture { counters } => format!("{who} to play and capture {counters}"),
        Goal::Score { counters } => format!("{who} to play and gain {counters} counters"),
        Goal::Hold => format!("{who} to play and lose nothing"),
        Goal::Save { counters } => format!("{who} to play and save {counters} counters"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goals_are_said_in_words() {
        use mancala_engine::Side;
        assert_eq!(goal_text(Goal::Win, Side::North), "North to play and win");
        assert_eq!(goal_text(Goal::Capture { counters: 9 }, Side::South), "South to play and capture 9");
        assert_eq!(goal_text(Goal::Score { counters: 6 }, Side::South), "South to play and gain 6 counters");
        assert_eq!(goal_text(Goal::Hold, Side::North), "North to play and lose nothing");
        assert_eq!(goal_text(Goal::Save { counters: 5 }, Side::South), "South to play and save 5 counters");
    }

    #[test]
    fn dates_are_utc_days() {
        assert_eq!(utc_date(UnixMs::from_millis(0)), "1970-01-01");
        assert_eq!(utc_date(UnixMs::from_millis(951_782_400_000)), "2000-02-29");
        assert_eq!(utc_date(UnixMs::from_millis(1_795_737_599_999)), "2026-11-26");
        assert_eq!(utc_date(UnixMs::from_millis(1_795_737_600_000)), "2026-11-27");
    }

    #[test]
    fn the_daily_pick_depends_on_the_date_and_the_set_only() {
        let ids: Vec<String> = (0..50).map(|i| format!("{i:016x}")).collect();
        let a = daily("2026-11-26", &ids).unwrap().clone();
        let mut shuffled = ids.clone();
        shuffled.reverse();
        assert_eq!(daily("2026-11-26", &shuffled), Some(&a));
        let days: std::collections::HashSet<&String> =
            (1..=20).map(|d| daily(&format!("2026-12-{d:02}"), &ids).unwrap()).collect();
        assert!(days.len() > 5, "days pick different puzzles: {days:?}");
        assert_eq!(daily("2026-11-26", &[]), None);
    }

    #[test]
    fn retiring_needs_enough_down_votes_and_a_majority_of_two_to_one() {
        assert!(!retires(0, 4));
        assert!(retires(0, 5));
        assert!(retires(3, 6));
        assert!(!retires(4, 7));
    }
}
