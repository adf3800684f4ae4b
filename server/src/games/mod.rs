//! Games as the site offers them over HTTP, a feature in one folder (docs/server.md, "Features"): making
//! and joining a game, previewing a decision, an account's games not over, and the history (lists, one
//! game, a position, the export, the NDJSON streams). A live game is its room's ([`crate::room`]: one task
//! per game, the commands, the clocks); what the database holds of a game is the store's commit path
//! ([`crate::store`]). This folder owns:
//!
//! | file | what |
//! |---|---|
//! | `stored.rs` | a game as the database holds it, replayed by the engine and projected for who may see it: what the history, the export, a preview, an analysis and a review read |
//! | `routes/` | the edge: `create.rs` (make and join, invites), `preview.rs` (a decision previewed by the player to move), `playing.rs` (an account's games not over), `history.rs` (list, one game, a position), `export.rs` (the record as text or JSON), `streams.rs` (NDJSON: a player's games, a live game) |

pub mod routes;
pub mod stored;

pub use stored::StoredError;
