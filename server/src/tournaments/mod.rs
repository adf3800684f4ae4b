//! Tournaments, arena and Swiss (docs/tournaments.md), a feature in one folder (docs/server.md,
//! "Features"): the rules of pairing and scoring are the crate `mancala-tournament`'s; this module keeps
//! tournaments in the database and runs them.
//!
//! - [`record`]: a tournament as typed values, read from its rows (settings, players, pairings and what
//!   became of their games).
//! - [`standings`]: the standings, recounted from the games every time.
//! - [`plan`]: what the director does next, a pure function of the tournament and the time.
//! - [`director`]: the task that directs the tournaments this node holds the lease of.
//! - [`actions`]: create, join, withdraw, and the view a player reads.
//! - [`schedule`]: the tournaments the server makes itself, from its configuration.
//! - [`feed`]: each node's live views for the tournament sockets.
//! - [`queries`]: its SQL: the rows read as they are stored, and [`queries::TournamentWrite`], run by the
//!   store's single writer (a game's end raises its tournament's version in the game's own commit:
//!   `store/tournaments.rs`).
//! - [`routes`]: `/api/tournaments…` (an edge file; the live socket is `crate::ws::tournament`).

pub mod actions;
pub mod director;
pub mod error;
pub mod feed;
pub mod plan;
pub mod queries;
pub mod record;
pub mod routes;
pub mod schedule;
pub mod standings;

pub use error::TournamentError;
