//! The `mancala` command's tests, in one binary: each module is one area (offline commands, the lobby,
//! online play, puzzles, tournaments), most of them against a real server the test starts
//! (`common::server`) with the built binary as child processes. One binary rather than one per file: each
//! binary links the whole server, and linking was most of the tests' build time. `cargo test --workspace
//! --test it puzzle::` runs one area (the server's `it` binary runs too, on the same filter).

mod common;

mod cli;
mod lobby;
mod online;
mod puzzle;
mod tournament;
