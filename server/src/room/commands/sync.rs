//! Catching a connection up: on connect with `v=N` (the version the client holds), and on `sync`. The
//! events after N are projected again from the record when there are at most [`CATCH_UP_MAX`] of them;
//! otherwise (further behind, or N beyond the game's version) a snapshot is cheaper for both sides. A client
//! behind the last takeback gets a snapshot too: the events it holds were of a line the game left.

use crate::game::LiveGame;

/// The most events sent to catch a client up.
pub const CATCH_UP_MAX: u64 = 256;

/// What a client holding `since` needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// Nothing: it holds the game's version.
    Nothing,
    /// The events `from..=to`.
    Events {
        from: u64,
        to: u64,
    },
    Snapshot,
}

pub fn need(game: &LiveGame, since: Option<u64>) -> Need {
    let v = game.version();
    match since {
        Some(s) if s == v => Need::Nothing,
        Some(s) if s < v && v - s <= CATCH_UP_MAX && s >= game.rewound_at() => Need::Events { from: s + 1, to: v },
        _ => Need::Snapshot,
    }
}
