//! Blocks between accounts (docs/moderation.md, "Blocks"; lichess's `relation` module): an account that
//! blocks another is never paired with it, either way, gets no challenge or rematch offer from it, and does
//! not read its chat lines. The feature in one folder: who blocks whom as a node holds it, its reads, and
//! its routes.
//!
//! | file | what |
//! |---|---|
//! | [`held`] | [`Blocks`]: who blocks whom as this node holds it (loaded at start, changed at once), the most one account may block |
//! | [`queries`] | its SQL: an account's list, one pair, every block, the blocks among a tournament's players |
//! | [`routes`] | `GET`, `POST /api/blocks`, `DELETE /api/blocks/{name}` (an edge file: docs/server.md, "Features") |
//!
//! The store stays the authority: a challenge and a rematch are checked in it ([`queries::is_blocked`]),
//! and a node's [`Blocks`] serves what must not wait on it (every pairing, every chat line). A change is
//! written by the store's single writer, as every write is ([`queries::BlockWrite`]); the cluster carries it to
//! the other nodes (`crate::cluster::blocks`, which uses this feature: the arrow points from the cluster
//! here). Who asks: the lobby's pool ([`Blocks::either_way`], in its own terms in `lobby/blocks.rs`), a
//! game socket's chat filter, a room's rematch, the challenge route, a tournament's pairings.

pub mod held;
pub mod queries;
pub mod routes;

pub use held::{Blocks, MAX_BLOCKS};
