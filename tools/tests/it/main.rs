//! The tools crate's integration tests, one binary (a module per subject): one link instead of one per file.

mod chaos;
mod loadtest;
mod puzzles;
