//! Talking to a `mancala-server`: the HTTP API ([`api`]), a live game connection that reconnects by
//! itself ([`session`]), the client's model of a game ([`model`]), and the seats and account tokens kept on
//! disk ([`seats`], [`credentials`]).

pub mod api;
pub mod credentials;
pub mod model;
pub mod seats;
pub mod session;
