//! A room's connections and the one rule by which they receive versioned messages.
//!
//! A connection is always in one of two states:
//! - **in step**: it has been given every event up to the game's version, in order; each new change is
//!   one more item of its queue (`try_send`: the room never waits for a socket);
//! - **recovering**: a change did not fit in its queue. It gets nothing versioned until its queue has room
//!   again; then one fresh snapshot, which supersedes the events it missed, and it is in step again.
//!
//! So every connection sees strictly increasing versions: each event exactly once, right after the one
//! before it, or a snapshot newer than anything it was given. A task waits for room in a recovering
//! connection's queue ([`Conns::wait_for_room`]) and hands the room a reserved slot ([`Command::Resync`]).
//!
//! Answers to a connection's own messages (`pong`, `accepted`, `rejected`, `error`) always arrive: the
//! connection's reader reserves a slot in the queue before it forwards a message, and the answer uses it.
//! A decision's own events travel in that same slot, just before its answer.
//!
//! [`Command::Resync`]: super::Command::Resync

use super::frame::{Frame, Frames, Outbound};
use super::projection::ViewerKind;
use super::{Command, ConnId};
use mancala_protocol::ServerMsg;
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::mpsc::error::TrySendError;
use tokio::sync::mpsc::{OwnedPermit, Sender, WeakSender};

/// One connection of the room.
#[derive(Debug)]
pub(super) struct Conn {
    pub kind: ViewerKind,
    tx: Sender<Outbound>,
    /// The version of the last snapshot or event given to this connection (0: the initial state).
    sent: u64,
    /// A change did not fit: a snapshot is due as soon as the queue has room.
    recovering: bool,
    /// A presence message did not fit: it is due as soon as the queue has room.
    presence_due: bool,
    /// A task is waiting for room in the queue.
    waiting: bool,
}

/// What to send a connection that needs to catch up.
pub(super) enum CatchUp {
    /// The events after what it holds (the room builds them for its kind).
    Events(Frames),
    Snapshot(Arc<Frame>),
}

/// Frames built at most once per kind of viewer, when a connection of that kind first needs them. Kinds
/// that see the same messages share one set of frames, so its JSON is made once: in a game without
/// secrets a spectator sees what the player not to move sees (neither has decisions to offer), so
/// spectators cost no serialisation of their own. Kinds whose messages differ still share the JSON of an
/// event they see the same way ([`Frame::alongside`]): the player to move differs from the others only by
/// the decisions its board offers.
pub(super) struct PerKind<F> {
    built: [Option<Frames>; 3],
    make: F,
}

impl<F: FnMut(ViewerKind) -> Vec<ServerMsg>> PerKind<F> {
    pub fn new(make: F) -> PerKind<F> {
        PerKind { built: [None, None, None], make }
    }

    pub fn get(&mut self, kind: ViewerKind) -> Frames {
        if let Some(frames) = &self.built[kind.index()] {
            return frames.clone();
        }
        let msgs = (self.make)(kind);
        // Comparing typed messages costs a fraction of serialising them.
        let same = self.built.iter().flatten().find(|frames| {
            frames.len() == msgs.len() && frames.iter().zip(&msgs).all(|(frame, msg)| frame.msg() == msg)
        });
        let frames = match same {
            Some(frames) => frames.clone(),
            // Events the other kinds see the same way share their JSON with them.
            None => msgs
                .into_iter()
                .enumerate()
                .map(|(i, msg)| {
                    let like = self.built.iter().flatten().find_map(|frames| frames.get(i));
                    Frame::alongside(msg, like.map(|f| &**f))
                })
                .collect(),
        };
        self.built[kind.index()] = Some(frames.clone());
        frames
    }
}

/// The connections of one room.
#[derive(Debug)]
pub(super) struct Conns {
    map: HashMap<ConnId, Conn>,
    next: ConnId,
    /// The room's own command queue, for the tasks that wait for room in a connection's queue (weak: they
    /// must not keep a stopped room alive).
    room: WeakSender<Command>,
}

impl Conns {
    pub fn new(room: WeakSender<Command>) -> Conns {
        Conns { map: HashMap::new(), next: ConnId::FIRST, room }
    }

    /// The room's own command queue, while the room runs.
    pub fn room(&self) -> Option<Sender<Command>> {
        self.room.upgrade()
    }

    pub fn ids(&self) -> Vec<ConnId> {
        self.map.keys().copied().collect()
    }

    pub fn kind(&self, conn: ConnId) -> Option<ViewerKind> {
        self.map.get(&conn).map(|c| c.kind)
    }

    /// The kinds of the connections present (one per connection).
    pub fn kinds(&self) -> impl Iterator<Item = ViewerKind> + '_ {
        self.map.values().map(|c| c.kind)
    }

    /// How many connections of this kind there are.
    pub fn count(&self, kind: ViewerKind) -> usize {
        self.map.values().filter(|c| c.kind == kind).count()
    }

    /// Is a connection of this kind present?
    pub fn has(&self, kind: ViewerKind) -> bool {
        self.map.values().any(|c| c.kind == kind)
    }

    /// Adds a connection at `version` and gives it its first item, if it lacks anything (a snapshot, or the
    /// events after the version it holds), which always fits: its queue is new.
    pub fn add(&mut self, kind: ViewerKind, tx: Sender<Outbound>, version: u64, first: Option<CatchUp>) -> ConnId {
        let id = self.next.take();
        self.map.insert(id, Conn { kind, tx, sent: version, recovering: false, presence_due: false, waiting: false });
        match first {
            Some(CatchUp::Events(frames)) => self.push(id, frames, version),
            Some(CatchUp::Snapshot(frame)) => self.push(id, Arc::new([frame]), version),
            None => {}
        }
        id
    }

    pub fn remove(&mut self, conn: ConnId) -> Option<ViewerKind> {
        self.map.remove(&conn).map(|c| c.kind)
    }

    /// The version a connection was given last, if it is in step (`None` while recovering).
    pub fn in_step_at(&self, conn: ConnId) -> Option<u64> {
        self.map.get(&conn).filter(|c| !c.recovering).map(|c| c.sent)
    }

    /// Delivers a change (its events, the last one at `version`) to every connection in step but `skip`,
    /// each getting the frames of its kind. A connection whose queue is full starts recovering.
    pub fn publish<F: FnMut(ViewerKind) -> Vec<ServerMsg>>(
        &mut self,
        version: u64,
        frames: &mut PerKind<F>,
        skip: Option<ConnId>,
    ) {
        for id in self.ids() {
            if Some(id) == skip {
                continue;
            }
            let Some(c) = self.map.get(&id) else { continue };
            if c.recovering {
                continue;
            }
            let item = frames.get(c.kind);
            self.push(id, item, version);
        }
    }

    /// Tries to queue versioned frames up to `version` for a connection in step.
    fn push(&mut self, id: ConnId, item: Frames, version: u64) {
        let Some(c) = self.map.get_mut(&id) else { return };
        match c.tx.try_send(Outbound::Frames(item)) {
            Ok(()) => c.sent = version,
            Err(TrySendError::Full(_)) => {
                metrics::counter!("mancala_connections_lagging").increment(1);
                c.recovering = true;
                self.wait_for_room(id);
            }
            Err(TrySendError::Closed(_)) => {
                // The connection is going: its reader tells the room (`Disconnect`).
            }
        }
    }

    /// Every connection gets a fresh snapshot (the game was reloaded from the database): each starts
    /// recovering, so nothing it was given is contradicted by an event it is not sent.
    pub fn resync_all(&mut self) {
        for id in self.ids() {
            if let Some(c) = self.map.get_mut(&id) {
                c.recovering = true;
            }
            self.wait_for_room(id);
        }
    }

    /// Closes every connection with `code` (the room is stopping while they are open). A queue that is full
    /// gets its close as soon as it has room: the writer sends what came before, then closes.
    pub fn close_all(&mut self, code: u16, reason: &'static str) {
        for (_, c) in self.map.drain() {
            if let Err(TrySendError::Full(item)) = c.tx.try_send(Outbound::Close(code, reason)) {
                let tx = c.tx;
                tokio::spawn(async move {
                    let _ = tx.send(item).await;
                });
            }
        }
    }

    /// Sends an unversioned message (presence) to every connection, or marks it due where it does not fit.
    pub fn broadcast(&mut self, msg_for: impl Fn(ViewerKind) -> ServerMsg) {
        self.broadcast_where(|kind| Some(msg_for(kind)));
    }

    /// [`Conns::broadcast`] to the kinds of viewer `msg_for` gives a message for (a chat room's readers).
    pub fn broadcast_where(&mut self, msg_for: impl Fn(ViewerKind) -> Option<ServerMsg>) {
        let mut built: [Option<Option<Frames>>; 3] = [None, None, None];
        for id in self.ids() {
            let Some(c) = self.map.get_mut(&id) else { continue };
            if c.recovering {
                continue; // its snapshot will carry the presence
            }
            let item = built[c.kind.index()]
                .get_or_insert_with(|| msg_for(c.kind).map(|m| Arc::new([Frame::new(m)]) as Frames));
            let Some(item) = item.clone() else { continue };
            if let Err(TrySendError::Full(_)) = c.tx.try_send(Outbound::Frames(item)) {
                c.presence_due = true;
                self.wait_for_room(id);
            }
        }
    }

    /// Sends one unversioned message to one connection now, or marks it due.
    pub fn send_presence(&mut self, id: ConnId, msg: ServerMsg) {
        let Some(c) = self.map.get_mut(&id) else { return };
        if let Err(TrySendError::Full(_)) = c.tx.try_send(Outbound::one(msg)) {
            c.presence_due = true;
            self.wait_for_room(id);
        }
    }

    /// Answers a connection's message in the slot its reader reserved: first `versioned` (a change's own
    /// events, or what a `sync` lacks; their last version is `version`), then the answer itself.
    pub fn answer(
        &mut self,
        id: ConnId,
        permit: OwnedPermit<Outbound>,
        versioned: Option<(CatchUp, u64)>,
        answer: Option<ServerMsg>,
    ) {
        let mut frames: Vec<Arc<Frame>> = Vec::new();
        if let (Some(c), Some((catch_up, version))) = (self.map.get_mut(&id), versioned) {
            match catch_up {
                // Events only follow what the connection holds: a recovering one gets them in the snapshot
                // it is waiting for (the caller offers events only to connections in step).
                CatchUp::Events(events) if !c.recovering => {
                    frames.extend(events.iter().cloned());
                    c.sent = version;
                }
                CatchUp::Events(_) => {}
                CatchUp::Snapshot(snapshot) => {
                    frames.push(snapshot);
                    c.recovering = false;
                    c.presence_due = false;
                    c.sent = version;
                }
            }
        }
        frames.extend(answer.map(Frame::new));
        if !frames.is_empty() {
            permit.send(Outbound::Frames(frames.into()));
        }
    }

    /// What a connection is waiting for, now that its reserved slot arrived: `Some(true)` a snapshot,
    /// `Some(false)` a presence message, `None` nothing (it left, or caught up meanwhile).
    pub fn due(&mut self, id: ConnId) -> Option<bool> {
        let c = self.map.get_mut(&id)?;
        c.waiting = false;
        if c.recovering {
            Some(true)
        } else if c.presence_due {
            c.presence_due = false;
            Some(false)
        } else {
            None
        }
    }

    /// Starts a task that waits until the connection's queue has room, then hands the room the slot.
    fn wait_for_room(&mut self, id: ConnId) {
        let Some(c) = self.map.get_mut(&id) else { return };
        if c.waiting {
            return;
        }
        c.waiting = true;
        let (tx, room) = (c.tx.clone(), self.room.clone());
        tokio::spawn(async move {
            // Fails only when the connection closed: then nothing is due.
            if let Ok(permit) = tx.reserve_owned().await
                && let Some(room) = room.upgrade()
            {
                let _ = room.send(Command::Resync { conn: id, permit }).await;
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_protocol::ErrorCode;

    fn msg(text: &str) -> ServerMsg {
        ServerMsg::Error { code: ErrorCode::Malformed, message: text.to_string() }
    }

    #[test]
    fn kinds_that_see_the_same_share_one_set_of_frames() {
        let mut made = Vec::new();
        let mut frames = PerKind::new(|kind| {
            made.push(kind);
            match kind {
                ViewerKind::South => vec![msg("a"), msg("legal for south")],
                ViewerKind::North | ViewerKind::Spectator => vec![msg("a"), msg("nothing to offer")],
            }
        });
        let south = frames.get(ViewerKind::South);
        let north = frames.get(ViewerKind::North);
        let spectator = frames.get(ViewerKind::Spectator);
        assert!(!Arc::ptr_eq(&south, &north), "different messages, different frames");
        assert!(Arc::ptr_eq(&north, &spectator), "the same messages share their frames (and their JSON)");
        assert_eq!(spectator[1].msg(), &msg("nothing to offer"));
        assert!(Arc::ptr_eq(&frames.get(ViewerKind::North), &north), "built once per kind");
        drop(frames);
        assert_eq!(made, [ViewerKind::South, ViewerKind::North, ViewerKind::Spectator]);
    }
}
