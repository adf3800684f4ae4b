//! The tournament crate's integration tests, one binary (a module per subject): one link instead of one per file.

mod arena;
mod blocks;
mod swiss;
