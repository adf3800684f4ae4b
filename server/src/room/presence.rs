//! Who of the two players is connected, and since when each has been gone: what `presence` messages say,
//! and what decides whether the opponent may claim the win (the grace period counts from the last
//! connection of a seat closing, or from the start of the game for a player who has not come yet).

use super::projection::ViewerKind;
use crate::game::UnixMs;
use mancala_engine::{BySide, Side};
use mancala_protocol::Presence;
use tokio::time::{Duration, Instant};

/// Since when each seat has had no connection (`None` while connected), as an instant and in unix ms.
#[derive(Clone, Copy, Debug)]
pub(super) struct Seats {
    gone_since: BySide<Option<(Instant, UnixMs)>>,
}

impl Seats {
    /// Both seats absent since `now` (a room starts with nobody connected).
    pub fn absent(now: (Instant, UnixMs)) -> Seats {
        Seats { gone_since: BySide::both(Some(now)) }
    }

    pub fn connected(&self, side: Side) -> bool {
        self.gone_since[side].is_none()
    }

    /// `side` has a connection; returns whether that changed anything.
    pub fn arrived(&mut self, side: Side) -> bool {
        self.gone_since[side].take().is_some()
    }

    /// `side`'s last connection closed at `now`.
    pub fn left(&mut self, side: Side, now: (Instant, UnixMs)) {
        self.gone_since[side] = Some(now);
    }

    /// The game started at `now`: absence counts from here, not from the room's creation, so a player
    /// who has not connected yet cannot be claimed against at once.
    pub fn restart_absence(&mut self, now: (Instant, UnixMs)) {
        for s in Side::BOTH {
            if self.gone_since[s].is_some() {
                self.gone_since[s] = Some(now);
            }
        }
    }

    /// Since when `side` has had no connection, if it has none.
    pub fn absent_since(&self, side: Side) -> Option<Instant> {
        self.gone_since[side].map(|(since, _)| since)
    }

    /// How long `side` has been gone, if it is.
    pub fn gone_for(&self, side: Side, now: Instant) -> Option<Duration> {
        self.gone_since[side].map(|(since, _)| now.saturating_duration_since(since))
    }

    /// The presence message for a viewer of `kind`: a player also learns from when it may claim the win
    /// (while the game is being played).
    pub fn for_viewer(&self, kind: ViewerKind, playing: bool, grace: Duration, watching: u32) -> Presence {
        let claim_win_at = kind.seat().filter(|_| playing).and_then(|me| {
            let (_, gone_ms) = self.gone_since[me.other()]?;
            Some(gone_ms.plus(grace).wire())
        });
        Presence {
            south: self.connected(Side::South),
            north: self.connected(Side::North),
            claim_win_at,
            abort_at: None,
            watching,
        }
    }
}
