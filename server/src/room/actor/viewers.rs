//! The room's viewers: a connection added (with what it lacks: a snapshot or the events after its
//! version, then the presence), one removed, and what every viewer is told of the players and the
//! spectators (their presence, how many watch).

use super::Room;
use crate::game::UnixMs;
use crate::ids::PlayerName;
use crate::room::commands::sync;
use crate::room::conns::CatchUp;
use crate::room::frame::{Frame, Frames};
use crate::room::projection::{self, ViewerKind};
use crate::room::timers;
use crate::room::{ConnId, Outbound};
use mancala_protocol::ServerMsg;
use tokio::sync::mpsc;
use tokio::time::Instant;

impl Room {
    pub(super) fn connect(
        &mut self,
        (kind, who): (ViewerKind, Option<PlayerName>),
        since: Option<u64>,
        tx: mpsc::Sender<Outbound>,
        reply: tokio::sync::oneshot::Sender<ConnId>,
    ) {
        let first = self.catch_up(kind, since);
        let snapshot = matches!(first, Some(CatchUp::Snapshot(_)));
        let conn = self.conns.add(kind, tx, self.game.version(), first);
        if !self.is_bot(kind) {
            self.empty_since = None;
        }
        metrics::gauge!("mancala_connections").increment(1.0);
        let _ = reply.send(conn);
        match kind.seat() {
            Some(side) if self.seats.arrived(side) => self.broadcast_presence(),
            None if self.watching_changed() => self.broadcast_presence(),
            _ => {
                let msg = ServerMsg::Presence { presence: self.presence_for(kind) };
                self.conns.send_presence(conn, msg);
            }
        }
        if !snapshot {
            self.send_offers(conn, kind);
        } else if let Some(who) = who.filter(|_| kind.seat().is_none()) {
            // A spectator's snapshot is everyone's: its own shadow lines follow it, to it alone.
            for line in self.own_shadow_lines(&who) {
                self.conns.send_presence(conn, ServerMsg::Chat { line });
            }
        }
    }

    /// What a connection of `kind` that holds `since` needs to be up to date.
    pub(super) fn catch_up(&self, kind: ViewerKind, since: Option<u64>) -> Option<CatchUp> {
        match sync::need(&self.game, since) {
            sync::Need::Nothing => None,
            sync::Need::Events { from, to } => {
                let clock = self.clock_state();
                let frames: Frames = projection::events(&self.game, from..=to, kind, clock.as_ref())
                    .into_iter()
                    .map(Frame::new)
                    .collect();
                Some(CatchUp::Events(frames))
            }
            sync::Need::Snapshot => Some(CatchUp::Snapshot(self.snapshot_frame(kind))),
        }
    }

    pub(super) fn clock_state(&self) -> Option<mancala_protocol::ClockState> {
        self.game.clock.as_ref().map(|c| c.state(Instant::now()))
    }

    pub(super) fn presence_for(&self, kind: ViewerKind) -> mancala_protocol::Presence {
        let watching = self.conns.count(ViewerKind::Spectator) as u32;
        let presence = self.seats.for_viewer(kind, self.game.claims(), self.config.claim_grace, watching);
        mancala_protocol::Presence { abort_at: self.abort_at(), ..presence }
    }

    /// When the game is aborted if its first decisions are not made (unix ms), for everyone to see.
    pub(super) fn abort_at(&self) -> Option<u64> {
        timers::first_move_abort(&self.game, &self.config).map(|t| t.wire())
    }

    pub(super) fn snapshot_frame(&self, kind: ViewerKind) -> std::sync::Arc<Frame> {
        Frame::new(projection::snapshot(
            &self.game,
            kind,
            self.presence_for(kind),
            self.clock_state(),
            (self.draw.pending, self.takeback.pending),
            (self.rematch.offer, self.rematch.next_for(kind.seat())),
            self.chat_for(kind),
        ))
    }

    pub(super) fn broadcast_presence(&mut self) {
        let (seats, playing, grace) = (self.seats, self.game.claims(), self.config.claim_grace);
        let watching = self.conns.count(ViewerKind::Spectator) as u32;
        self.told_watching = watching;
        let abort_at = self.abort_at();
        self.conns.broadcast(|kind| ServerMsg::Presence {
            presence: mancala_protocol::Presence { abort_at, ..seats.for_viewer(kind, playing, grace, watching) },
        });
    }

    /// Whether the number of spectators moved enough since everyone was last told it to tell them again:
    /// any change while they are few, a tenth of it in a crowd (a thousand arriving is not a million
    /// messages).
    pub(super) fn watching_changed(&self) -> bool {
        let (now, told) = (self.conns.count(ViewerKind::Spectator) as u32, self.told_watching);
        now != told && (now.max(told) <= 20 || now.abs_diff(told) * 10 >= told)
    }

    pub(super) fn remove(&mut self, conn: ConnId) {
        let Some(kind) = self.conns.remove(conn) else { return };
        metrics::gauge!("mancala_connections").decrement(1.0);
        if let Some(side) = kind.seat()
            && !self.conns.has(kind)
        {
            self.seats.left(side, (Instant::now(), UnixMs::now()));
            self.broadcast_presence();
        } else if kind.seat().is_none() && self.watching_changed() {
            self.broadcast_presence();
        }
        if self.empty_since.is_none() && !self.people_connected() {
            self.empty_since = Some(Instant::now());
        }
    }
}
