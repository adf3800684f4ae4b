//! The limits of a game socket, read once from the command line: the largest frame and message, the
//! messages a second of a player and of a spectator, and the ping that keeps a connection known to be
//! alive. Held by the state, used by the socket edge ([`crate::ws`]).

use std::time::Duration;

/// Limits of a connection (from the server configuration).
#[derive(Clone, Copy, Debug)]
pub struct WsLimits {
    /// Frames larger than this are refused by the WebSocket layer, which closes the connection (1009).
    pub max_frame_bytes: usize,
    /// Messages larger than this (but within the frame limit) get a `too_large` error; the connection
    /// stays.
    pub max_message_bytes: usize,
    /// Messages per second a seated player may send, with a burst of twice that.
    pub player_rate: u32,
    /// The same for spectators.
    pub spectator_rate: u32,
    pub ping_every: Duration,
    /// A connection that sends nothing (not even a pong) for this long is closed.
    pub idle_timeout: Duration,
}

impl WsLimits {
    /// The limits the command line sets.
    pub fn of(c: &crate::config::Config) -> WsLimits {
        WsLimits {
            max_frame_bytes: c.max_frame_bytes,
            max_message_bytes: c.max_message_bytes,
            player_rate: c.player_rate,
            spectator_rate: c.spectator_rate,
            ping_every: Duration::from_secs(c.ping_secs.max(1)),
            idle_timeout: Duration::from_secs(c.ping_secs.max(1) * 3),
        }
    }
}
