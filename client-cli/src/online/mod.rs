//! Talking to a `mancala-server`: the HTTP API ([`api`]), a live game connection that reconnects by
//! itself ([`session`]), the client's model of a game ([`model`]), and the seats kept on disk ([`seats`]).

pub mod api;
pub mod model;
pub mod seats;
pub mod session;
