//! Wire messages shared by the server and its clients. The message types arrive with the server issue;
//! for now this crate pins the protocol version and re-exports the engine vocabulary it will carry.

/// The protocol version every message will carry.
pub const PROTOCOL_VERSION: u32 = 1;

pub use mancala_engine::{Side, Variant};
