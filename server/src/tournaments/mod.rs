//! Tournaments, arena and Swiss (docs/tournaments.md): the rules of pairing and scoring are the crate
//! `mancala-tournament`'s; this module keeps tournaments in the database and runs them.
//!
//! - [`record`]: a tournament as typed values, read from its rows (settings, players, pairings and what
//!   became of their games).
//! - [`standings`]: the standings, recounted from the games every time.
//! - [`plan`]: what the director does next, a pure function of the tournament and the time.
//! - [`director`]: the task that directs the tournaments this node holds the lease of.
//! - [`actions`]: create, join, withdraw, and the view a player reads.
//! - [`schedule`]: the tournaments the server makes itself, from its configuration.
//! - [`feed`]: each node's live views for the tournament sockets.

pub mod actions;
pub mod director;
pub mod error;
pub mod feed;
pub mod plan;
pub mod record;
pub mod schedule;
pub mod standings;

pub use error::TournamentError;
