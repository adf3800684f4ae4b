//! `mancala-puzzles`: finds puzzles in games between bots and re-verifies them (docs/puzzles.md).
//! The verdict, the line, themes and first rating are the `mancala-puzzles` crate's
//! ([`mancala_puzzles::make`], shared with the server); this module owns self-play:
//!
//! - [`generate`]: self-play games from one seed, every position looked at, the set made and sorted;
//! - [`reverify`]: the deep verdict on a whole set, resumable, and the set rewritten from it.

pub mod generate;
pub mod reverify;
