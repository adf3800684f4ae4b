//! The server's game, without any I/O: the state machine around the rules engine. [`LiveGame`] holds one
//! game (position, seats, clock, record, the server's ruling); a [`Change`] is computed from it without
//! mutating it, stored by the room, then applied. Server-only endings (resignation, timeout, abandonment,
//! abort) are a [`Ruling`] here, not part of the engine's `Outcome`.
//!
//! Layering: `game` depends on the engine and the protocol's value types only; `store` maps it to rows,
//! `room` runs it (one task per game) and projects it for each viewer.

mod change;
pub mod clock;
pub mod conduct;
mod live;
mod ply;
mod ruling;
pub mod steps;
mod unix_ms;
pub mod utc;

pub use change::{Change, Refusal};
pub use clock::Clock;
pub use conduct::Conduct;
pub use live::{EventAt, GameHeader, LiveGame, NewGame, Occupant, Rewind, StoredClock, StoredPly};
pub use ply::Ply;
pub use ruling::{GameResult, Ruling};
pub use steps::PlySteps;
pub use unix_ms::UnixMs;
