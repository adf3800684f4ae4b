//! The lobby's limits (docs/lobby.md, "Limits"): every way to make something in the lobby has one. The
//! counts are here (open seeks, pending challenges, open lobby connections); the rates are the HTTP API's
//! per-address and per-account buckets (`crate::edge::limits`): posting or taking a seek, creating or
//! accepting a challenge each count as a new game there, like `POST /api/games`.
//!
//! A lobby connection (a lobby socket, or the NDJSON stream of `POST /api/lobby/seeks`) is admitted at
//! the door ([`Doors`]), before the WebSocket upgrade, so a client over the limit gets 429 rather than a
//! socket that is closed at once.

use super::error::LobbyError;
use crate::ids::ClientAddr;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// Open seeks of one person (an account across its connections; a guest's connection).
pub const MAX_SEEKS_PER_PERSON: usize = 5;
/// Open seeks of the whole node: beyond, a new seek is refused with `busy`.
pub const MAX_SEEKS_TOTAL: usize = 10_000;
/// Pending challenges of one challenger (to anyone); and to one person, at most one.
pub const MAX_PENDING_CHALLENGES: usize = 10;
/// What a refusal of a count limit asks the client to wait: the limit frees when something of its own
/// closes, which the server cannot foresee; a short wait is a hint, not a promise.
pub const COUNT_RETRY_SECS: u64 = 10;

/// The limits that are settings (`--lobby-connections-per-address`, `--seeks-per-address`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LobbyLimits {
    /// Open lobby connections (sockets and seek streams) of one client address.
    pub conns_per_address: usize,
    /// Open seeks of one client address, whoever posted them (guests and accounts).
    pub seeks_per_address: usize,
}

impl LobbyLimits {
    /// The limits the command line sets.
    pub fn of(c: &crate::config::Config) -> LobbyLimits {
        LobbyLimits { conns_per_address: c.lobby_connections_per_address, seeks_per_address: c.seeks_per_address }
    }
}

/// The open lobby connections of each client address.
#[derive(Debug, Default)]
pub struct Doors {
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// An admitted connection: its place is given back when this is dropped.
#[derive(Debug)]
pub struct Admitted {
    doors: Arc<Doors>,
    addr: IpAddr,
}

impl Doors {
    /// Admits one more connection of `client`, or refuses it when that address holds `max` already.
    pub fn admit(self: &Arc<Self>, client: ClientAddr, max: usize) -> Result<Admitted, LobbyError> {
        let mut open = self.open.lock().expect("doors lock");
        let n = open.entry(client.0).or_default();
        if *n >= max {
            metrics::counter!("mancala_rate_limited", "what" => "lobby connections").increment(1);
            return Err(LobbyError::Limited {
                message: format!("too many lobby connections from this address (at most {max} open at once)"),
                retry_after: COUNT_RETRY_SECS,
            });
        }
        *n += 1;
        Ok(Admitted { doors: self.clone(), addr: client.0 })
    }

    /// Open connections of `client` now.
    #[cfg(test)]
    pub fn open(&self, client: ClientAddr) -> usize {
        self.open.lock().expect("doors lock").get(&client.0).copied().unwrap_or(0)
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut open = self.doors.open.lock().expect("doors lock");
        if let Some(n) = open.get_mut(&self.addr) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.addr);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_door_counts_open_connections_per_address() {
        let doors = Arc::new(Doors::default());
        let me = ClientAddr::of("10.0.0.1".parse().unwrap());
        let other = ClientAddr::of("10.0.0.2".parse().unwrap());
        let a = doors.admit(me, 2).unwrap();
        let _b = doors.admit(me, 2).unwrap();
        let refused = doors.admit(me, 2).unwrap_err();
        assert_eq!(refused.code(), "rate_limited");
        assert_eq!(refused.retry_after(), Some(COUNT_RETRY_SECS));
        doors.admit(other, 2).expect("another address has its own count");
        drop(a);
        assert_eq!(doors.open(me), 1);
        let _c = doors.admit(me, 2).expect("a closed connection frees its place");
    }
}
