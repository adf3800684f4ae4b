//! Puzzles: a position from a real game where the side to move (the solver) has one decision that wins, or
//! that wins clearly more than any other, and a short solution line in which each of the solver's
//! decisions is again the only good one and the opponent's replies are the engine's best
//! (docs/puzzles.md).
//!
//! A [`Puzzle`] is plain data, read from and written to NDJSON (one puzzle per line, the form of
//! `GET /api/puzzles/export` and of the committed starter set, [`starter`]). [`Puzzle::replay`] checks it
//! against the rules engine: its position reads, and every decision of its solution is legal in turn.
//! Whether the solution is the *only* good line is a search's question, answered when puzzles are made
//! ([`make`]: the verdict, the line, themes and first rating, shared by the generator and the server).

pub mod make;
mod puzzle;
pub mod set;

pub use puzzle::{Alternative, Goal, Line, Puzzle, PuzzleError, PuzzleGame, Source, Theme, puzzle_id};
pub use set::{ReadError, Withdrawn, read_ndjson, read_withdrawn, starter, withdrawn, write_ndjson};
