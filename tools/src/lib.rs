//! The tools of the people who run and develop the server (not the player's client, which is `mancala`):
//! each binary in `src/bin/` is a thin `main` over a module here.
//!
//! - `mancala-loadtest` ([`loadtest`]): N games of random players and M spectators over WebSockets against
//!   a running server (decisions/s, latency, memory, CPU), optionally against `mancala-echo`'s ceiling.
//! - `mancala-echo` (`src/bin/echo.rs`): a WebSocket echo server on the game server's stack.
//! - `mancala-chaos` ([`chaos`]): SIGKILLs `mancala-server` again and again while games are played and
//!   checks that no acknowledged decision was lost or applied twice.
//! - `mancala-arena` ([`arena`]): the bot levels against each other, the strength table and Elo ladder.
//! - `mancala-fairplay` ([`fairplay`]): the bots' agreement with the server's review per level, the
//!   measurement behind the fair-play bars.
//! - `mancala-tune` ([`tune`]): tunes the evaluation weights of the bots by self-play (Texel's method).
//! - `mancala-puzzles` ([`puzzles`]): finds puzzles in games between bots and re-verifies a set.

pub mod api;
pub mod arena;
pub mod chaos;
pub mod fairplay;
pub mod loadtest;
pub mod puzzles;
pub mod tune;
