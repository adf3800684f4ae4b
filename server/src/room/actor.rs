//! The room task: the only owner of a live game. It takes commands one at a time (connect, a client's
//! message, a join), computes each change without mutating the game, stores it, and only then commits it
//! and tells every connection what that viewer may see. Every change is a numbered event; a client that
//! reconnects with its last version gets what it missed, projected again from the record (frames are not
//! kept: a game's record is small, its frames for three kinds of viewer are not).

use super::game::{Change, LiveGame, Refusal, unix_ms};
use super::projection::{self, Frames, ViewerKind};
use super::{Command, ConnId, Outbound, RoomHandle};
use crate::store::{Store, StoreError, Write};
use mancala_engine::{BySide, EndReason, Outcome, Side};
use mancala_protocol::http::GameStatus;
use mancala_protocol::{ClientMsg, ErrorCode, Presence, ServerMsg};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use tokio::sync::mpsc;
use tokio::time::{Duration, Instant, sleep_until};

/// The most events sent to catch a client up; a client further behind gets a snapshot instead (cheaper
/// for both sides).
pub const CATCH_UP_MAX: u64 = 256;
/// Refused client ids remembered per game, so a resend gets the same answer.
const REFUSALS_KEPT: usize = 256;

/// Room settings from the server configuration.
#[derive(Clone, Copy, Debug)]
pub struct RoomConfig {
    /// How long a player must be gone before the opponent may claim the win.
    pub claim_grace: Duration,
    /// How long a finished game's room stays up after its last connection left.
    pub linger: Duration,
}

struct Conn {
    kind: ViewerKind,
    tx: mpsc::Sender<Outbound>,
    /// The queue was full: events are skipped until a fresh snapshot fits.
    stale: bool,
}

/// The answer to a client id.
#[derive(Clone, Debug)]
enum Answer {
    Accepted(u64),
    Refused(Refusal),
}

pub(super) struct Room {
    game: LiveGame,
    store: Store,
    config: RoomConfig,
    conns: HashMap<ConnId, Conn>,
    next_conn: ConnId,
    accepted: HashMap<(Side, String), u64>,
    refused: VecDeque<((Side, String), Refusal)>,
    /// Since when each seat has had no connection (`None` while connected).
    gone_since: BySide<Option<(Instant, i64)>>,
    empty_since: Option<Instant>,
}

pub(super) fn spawn(
    game: LiveGame,
    store: Store,
    config: RoomConfig,
    on_exit: impl FnOnce() + Send + 'static,
) -> RoomHandle {
    let (tx, rx) = mpsc::channel(256);
    let now = (Instant::now(), unix_ms());
    let mut accepted = HashMap::new();
    for (i, ply) in game.record.iter().enumerate() {
        if let (Some(id), Ok(side)) = (&ply.row.client_id, ply.row.side.parse::<Side>()) {
            accepted.insert((side, id.clone()), i as u64 + 1);
        }
    }
    let room = Room {
        game,
        store,
        config,
        conns: HashMap::new(),
        next_conn: 1,
        accepted,
        refused: VecDeque::new(),
        gone_since: BySide::both(Some(now)),
        empty_since: Some(now.0),
    };
    metrics::gauge!("mancala_rooms").increment(1.0);
    tokio::spawn(async move {
        room.run(rx).await;
        metrics::gauge!("mancala_rooms").decrement(1.0);
        on_exit();
    });
    RoomHandle { tx }
}

impl Room {
    async fn run(mut self, mut rx: mpsc::Receiver<Command>) {
        loop {
            let flag = self.game.clock.as_ref().and_then(|c| c.deadline());
            let linger = match (self.game.is_over(), self.empty_since) {
                (true, Some(since)) => Some(since + self.config.linger),
                _ => None,
            };
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => self.handle(cmd).await,
                    None => break,
                },
                _ = sleep_until(flag.map(|(t, _)| t).unwrap_or_else(Instant::now)), if flag.is_some() => {
                    let loser = flag.expect("guarded").1;
                    self.time_out(loser).await;
                }
                _ = sleep_until(linger.unwrap_or_else(Instant::now)), if linger.is_some() => break,
            }
        }
    }

    async fn handle(&mut self, cmd: Command) {
        // A flag that fell while commands were queued is ruled on first.
        self.check_flag().await;
        match cmd {
            Command::Connect { kind, since, tx, reply } => {
                let conn = self.next_conn;
                self.next_conn += 1;
                self.conns.insert(conn, Conn { kind, tx, stale: false });
                self.empty_since = None;
                metrics::gauge!("mancala_connections").increment(1.0);
                let _ = reply.send(conn);
                self.catch_up(conn, since);
                if let Some(side) = kind.seat()
                    && self.gone_since[side].take().is_some()
                {
                    self.broadcast_presence();
                    return;
                }
                self.send_presence(conn);
            }
            Command::Disconnect { conn } => self.remove(conn),
            Command::Client { conn, msg } => self.client(conn, msg).await,
            Command::Join { seat, reply } => {
                let now = Instant::now();
                let result = match self.game.join(seat, now, unix_ms()) {
                    Err(r) => Err(r),
                    Ok((side, change)) => match self.store_change(&change).await {
                        Err(r) => Err(r),
                        Ok(()) => {
                            self.apply(change);
                            // Absence counts from the start of the game, not from the creation of the room:
                            // a player who has not connected yet cannot be claimed against at once.
                            let now = (Instant::now(), unix_ms());
                            for s in Side::BOTH {
                                if self.gone_since[s].is_some() {
                                    self.gone_since[s] = Some(now);
                                }
                            }
                            // The game started: everyone gets a fresh snapshot (status, seats, legal moves).
                            for conn in self.conns.keys().copied().collect::<Vec<_>>() {
                                self.send_snapshot(conn);
                            }
                            Ok((side, self.game.summary()))
                        }
                    },
                };
                let _ = reply.send(result);
            }
            Command::SeatOf { token_hash, reply } => {
                let _ = reply.send(self.game.seat_of(&token_hash));
            }
            Command::Record { kind, reply } => {
                let viewer = kind.viewer();
                let _ = reply.send(self.game.record.iter().map(|p| projection::move_event(p, viewer)).collect());
            }
        }
    }

    /// Sends a new connection what it lacks: the events after `since` when they are all kept, else a
    /// snapshot.
    fn catch_up(&mut self, conn: ConnId, since: Option<u64>) {
        let v = self.game.version();
        let Some(kind) = self.conns.get(&conn).map(|c| c.kind) else { return };
        if let Some(since) = since.filter(|&s| s <= v && v - s <= CATCH_UP_MAX) {
            let clock = self.clock_state();
            let plies = self.game.record.len() as u64;
            let frames: Vec<Arc<str>> = (since + 1..=v)
                .map(|ev| match self.game.record.get(ev as usize - 1) {
                    // Only the newest event offers decisions (the others are history to this client).
                    Some(ply) => {
                        let can_play = ev == v && self.game.status == GameStatus::Ongoing;
                        projection::ply_frame(ply, ev, can_play, clock.clone(), kind)
                    }
                    None => projection::end_frames(&self.game, plies + 1, clock.clone())[kind.index()].clone(),
                })
                .collect();
            for f in frames {
                self.send(conn, f);
            }
            return;
        }
        self.send_snapshot(conn);
    }

    async fn client(&mut self, conn: ConnId, msg: ClientMsg) {
        let Some(kind) = self.conns.get(&conn).map(|c| c.kind) else { return };
        match msg {
            ClientMsg::Ping { id } => self.reply(conn, ServerMsg::Pong { id }),
            ClientMsg::Sync { v } => self.catch_up(conn, Some(v)),
            ClientMsg::Decide { id, decision, game, seat } => {
                let answer = self.decide(kind, id.clone(), &decision, game, seat).await;
                self.answer(conn, Some(id), answer);
            }
            ClientMsg::Resign { id } => {
                let answer = match kind.seat() {
                    None => Answer::Refused(not_seated()),
                    Some(side) => self.rule(|g, now, at| g.resign(side, now, at)).await,
                };
                self.answer(conn, id, answer);
            }
            ClientMsg::Abort { id } => {
                let answer = match kind.seat() {
                    None => Answer::Refused(not_seated()),
                    Some(_) => self.rule(|g, now, at| g.abort(now, at)).await,
                };
                self.answer(conn, id, answer);
            }
            ClientMsg::ClaimWin { id } => {
                let answer = match kind.seat() {
                    None => Answer::Refused(not_seated()),
                    Some(side) => {
                        let grace = self.config.claim_grace;
                        let gone = self.gone_since[side.other()];
                        self.rule(move |g, now, at| {
                            if g.status != GameStatus::Ongoing {
                                return Err(Refusal::new(ErrorCode::WrongPhase, "the game is not being played"));
                            }
                            match gone {
                                None => Err(Refusal::new(ErrorCode::WrongPhase, "your opponent is connected")),
                                Some((since, _)) if now < since + grace => Err(Refusal::new(
                                    ErrorCode::WrongPhase,
                                    format!(
                                        "your opponent left {} s ago; the win may be claimed after {} s",
                                        now.duration_since(since).as_secs(),
                                        grace.as_secs()
                                    ),
                                )),
                                Some(_) => Ok(g.end(Outcome::win(side, EndReason::Abandonment), now, at)),
                            }
                        })
                        .await
                    }
                };
                self.answer(conn, id, answer);
            }
        }
    }

    async fn decide(
        &mut self,
        kind: ViewerKind,
        id: String,
        text: &str,
        game: Option<String>,
        seat: Option<Side>,
    ) -> Answer {
        let Some(side) = kind.seat() else { return Answer::Refused(not_seated()) };
        let started = std::time::Instant::now();
        if let Some(v) = self.accepted.get(&(side, id.clone())) {
            return Answer::Accepted(*v);
        }
        if let Some((_, r)) = self.refused.iter().find(|(k, _)| k.0 == side && k.1 == id) {
            return Answer::Refused(r.clone());
        }
        let answer = if let Some(g) = game.filter(|g| *g != self.game.id) {
            Answer::Refused(Refusal::new(
                ErrorCode::WrongGame,
                format!("this connection plays game {}, not {g}", self.game.id),
            ))
        } else if let Some(s) = seat.filter(|&s| s != side) {
            Answer::Refused(Refusal::new(
                ErrorCode::WrongSeat,
                format!("this connection holds the {side} seat, not {s}"),
            ))
        } else {
            match self.game.propose(side, text, Some(id.clone()), Instant::now(), unix_ms()) {
                Err(r) => Answer::Refused(r),
                Ok(change) => match self.store_change(&change).await {
                    Err(r) => return Answer::Refused(r), // not remembered: a retry may succeed
                    Ok(()) => {
                        let v = self.game.version() + 1;
                        self.apply(change);
                        metrics::counter!("mancala_decisions_accepted").increment(1);
                        // Receipt by the room to every frame queued for its connections: the server's
                        // share of a decision's latency (the store's commit included).
                        metrics::histogram!("mancala_decision_seconds").record(started.elapsed().as_secs_f64());
                        Answer::Accepted(v)
                    }
                },
            }
        };
        match &answer {
            Answer::Accepted(v) => {
                self.accepted.insert((side, id), *v);
            }
            Answer::Refused(r) => {
                metrics::counter!("mancala_decisions_refused").increment(1);
                if self.refused.len() == REFUSALS_KEPT {
                    self.refused.pop_front();
                }
                self.refused.push_back(((side, id), r.clone()));
            }
        }
        answer
    }

    /// Runs a ruling (resign, abort, claim) through store and broadcast.
    async fn rule(&mut self, f: impl FnOnce(&LiveGame, Instant, i64) -> Result<Change, Refusal>) -> Answer {
        match f(&self.game, Instant::now(), unix_ms()) {
            Err(r) => Answer::Refused(r),
            Ok(change) => match self.store_change(&change).await {
                Err(r) => Answer::Refused(r),
                Ok(()) => {
                    self.apply(change);
                    Answer::Accepted(self.game.version())
                }
            },
        }
    }

    async fn check_flag(&mut self) {
        if let Some((t, loser)) = self.game.clock.as_ref().and_then(|c| c.deadline())
            && t <= Instant::now()
        {
            self.time_out(loser).await;
        }
    }

    async fn time_out(&mut self, loser: Side) {
        if self.game.is_over() {
            return;
        }
        let change = self.game.end(Outcome::win(loser.other(), EndReason::Timeout), Instant::now(), unix_ms());
        match self.store_change(&change).await {
            Ok(()) => self.apply(change),
            Err(r) => {
                // Try again shortly: the clock stays at zero, so the deadline is still due.
                tracing::warn!(game = %self.game.id, reason = %r.reason, "could not store a timeout");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    }

    /// Stores a change (its decisions and the game row) in one transaction.
    async fn store_change(&self, change: &Change) -> Result<(), Refusal> {
        let mut writes: Vec<Write> = change.plies.iter().map(|p| Write::InsertMove(p.row.clone())).collect();
        writes.push(Write::UpdateGame(self.game.row_after(Some(change))));
        self.store.write(writes).await.map_err(|e| {
            match e {
                // The server is shutting down: the decisions still queued were never acknowledged, so
                // nothing is lost; the client re-sends them to the next server.
                StoreError::Closed => tracing::debug!(game = %self.game.id, "store closed: change not stored"),
                _ => tracing::error!(game = %self.game.id, error = %e, "store failed"),
            }
            Refusal::new(ErrorCode::Unavailable, "the server could not store this; nothing changed, please retry")
        })
    }

    /// Commits a stored change and tells every connection.
    fn apply(&mut self, change: Change) {
        let first_v = self.game.version() + 1;
        let plies = change.plies.clone();
        let ended_by_server = change.server_end.is_some();
        let final_status = change.status;
        self.game.commit(change);
        let clock = self.clock_state();
        let n = plies.len();
        let mut v = first_v;
        for (i, ply) in plies.iter().enumerate() {
            let can_play = i + 1 == n && final_status == GameStatus::Ongoing;
            let frames = projection::ply_frames(ply, v, can_play, clock.clone());
            self.publish(frames);
            v += 1;
        }
        if ended_by_server {
            let frames = projection::end_frames(&self.game, v, clock);
            self.publish(frames);
        }
        if self.game.is_over() {
            metrics::counter!("mancala_games_finished").increment(1);
            if self.conns.is_empty() {
                self.empty_since = Some(Instant::now());
            }
        }
    }

    fn publish(&mut self, frames: Frames) {
        for conn in self.conns.keys().copied().collect::<Vec<_>>() {
            let Some(c) = self.conns.get(&conn) else { continue };
            if c.stale {
                self.send_snapshot(conn);
            } else {
                let f = frames[c.kind.index()].clone();
                self.send(conn, f);
            }
        }
    }

    fn clock_state(&self) -> Option<mancala_protocol::ClockState> {
        self.game.clock.as_ref().map(|c| c.state(Instant::now()))
    }

    fn presence_for(&self, kind: ViewerKind) -> Presence {
        let connected = |s: Side| self.gone_since[s].is_none();
        let claim_win_at = kind.seat().and_then(|me| {
            let (_, gone_ms) = self.gone_since[me.other()]?;
            (self.game.status == GameStatus::Ongoing)
                .then(|| (gone_ms + self.config.claim_grace.as_millis() as i64).max(0) as u64)
        });
        Presence { south: connected(Side::South), north: connected(Side::North), claim_win_at }
    }

    fn send_presence(&mut self, conn: ConnId) {
        let Some(kind) = self.conns.get(&conn).map(|c| c.kind) else { return };
        let msg = ServerMsg::Presence { presence: self.presence_for(kind) };
        self.reply(conn, msg);
    }

    fn broadcast_presence(&mut self) {
        for conn in self.conns.keys().copied().collect::<Vec<_>>() {
            self.send_presence(conn);
        }
    }

    fn send_snapshot(&mut self, conn: ConnId) {
        let Some(c) = self.conns.get_mut(&conn) else { return };
        let kind = c.kind;
        let frame = projection::snapshot(&self.game, kind, self.presence_for(kind), self.clock_state());
        // A stale connection becomes fresh again only when the snapshot fits in its queue.
        let c = self.conns.get_mut(&conn).expect("present");
        match c.tx.try_send(Outbound::Frame(frame)) {
            Ok(()) => c.stale = false,
            Err(mpsc::error::TrySendError::Full(_)) => c.stale = true,
            Err(mpsc::error::TrySendError::Closed(_)) => self.remove(conn),
        }
    }

    fn send(&mut self, conn: ConnId, frame: Arc<str>) {
        let Some(c) = self.conns.get_mut(&conn) else { return };
        if c.stale {
            return;
        }
        match c.tx.try_send(Outbound::Frame(frame)) {
            Ok(()) => {}
            Err(mpsc::error::TrySendError::Full(_)) => {
                metrics::counter!("mancala_connections_lagging").increment(1);
                c.stale = true;
            }
            Err(mpsc::error::TrySendError::Closed(_)) => self.remove(conn),
        }
    }

    fn reply(&mut self, conn: ConnId, msg: ServerMsg) {
        self.send(conn, msg.to_json().into());
    }

    fn answer(&mut self, conn: ConnId, id: Option<String>, answer: Answer) {
        let msg = match answer {
            Answer::Accepted(v) => ServerMsg::Accepted { id, v },
            Answer::Refused(r) => ServerMsg::Rejected { id, code: r.code, reason: r.reason, legal: r.legal },
        };
        // Answers go before everything else the connection is waiting for only in order of sending; a
        // stale connection still gets its answer (it is small, and the client waits for it).
        if let Some(c) = self.conns.get_mut(&conn)
            && c.stale
        {
            let _ = c.tx.try_send(Outbound::Frame(msg.to_json().into()));
            return;
        }
        self.reply(conn, msg);
    }

    fn remove(&mut self, conn: ConnId) {
        let Some(c) = self.conns.remove(&conn) else { return };
        metrics::gauge!("mancala_connections").decrement(1.0);
        if let Some(side) = c.kind.seat() {
            let still_here = self.conns.values().any(|o| o.kind == c.kind);
            if !still_here {
                self.gone_since[side] = Some((Instant::now(), unix_ms()));
                self.broadcast_presence();
            }
        }
        if self.conns.is_empty() {
            self.empty_since = Some(Instant::now());
        }
    }
}

fn not_seated() -> Refusal {
    Refusal::new(ErrorCode::NotSeated, "this connection watches the game: connect with your seat token to play")
}
