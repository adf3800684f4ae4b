//! What both edges of the server share, HTTP ([`crate::http`]) and the sockets ([`crate::ws`]): the
//! extractors that check a request or a handshake ([`extract`]), who is asking ([`caller`]), the one error
//! type every refusal becomes ([`error`]), the rate limits per client address and per account
//! ([`limits`]) and those of a game socket ([`socket_limits`]), the form of an NDJSON answer ([`ndjson`]),
//! and what every handler shares ([`state`]: the extractors read it, so it sits with them). Neither edge
//! imports the other: what both need is here or below the edge.

pub mod caller;
pub mod error;
pub mod extract;
pub mod limits;
pub mod ndjson;
pub mod socket_limits;
pub mod state;
