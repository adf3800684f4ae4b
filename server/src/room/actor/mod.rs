//! The room task: the only owner of a live game. It takes commands one at a time, has each computed by its
//! unit in [`super::commands`] without mutating the game, and runs every resulting change through one
//! path, [`Room::commit`]: store it (committed before anything is acknowledged), apply it, publish its
//! events to every connection as that viewer may see them. Timers ([`super::timers`]: the clock's flag,
//! the abort of a game never played, the linger of a finished game, the unload of an idle one) and game
//! creation use the same path.

use super::answers::{Answer, Answers};
use super::commands::{abort, berserk, claim, decide, draw, join, no_start, rematch, resign, takeback, timeout};
use super::conns::{CatchUp, Conns, PerKind};
use super::frame::Frame;
use super::presence::Seats;
use super::projection::{self, ViewerKind};
use super::registry::{Registry, Unload};
use super::timers::{self, Timer};

mod chat;
mod offers;
mod viewers;
use super::{Command, ConnId, Outbound, ROOM_QUEUE, RoomHandle};
use crate::game::{Change, LiveGame, Refusal, UnixMs};
use crate::ids::{GameId, PlayerName};
use crate::store::{Store, StoreError};
use mancala_engine::Side;
use mancala_protocol::http::GameStatus;
use mancala_protocol::{ClientMsg, ErrorCode, ServerMsg};
use std::ops::RangeInclusive;
use std::sync::Weak;
use tokio::sync::mpsc::{self, OwnedPermit};
use tokio::time::{Duration, Instant, sleep_until};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// On what authority a room writes its game (docs/cluster.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lease {
    /// A single node: the only writer, nothing to check.
    Alone,
    /// Several nodes: this node holds the game's lease at this epoch; every write is fenced with it. A
    /// finished game's room holds it too, so that what is said after the end meets in one room.
    Held(i64),
}

/// Room settings from the server configuration.
#[derive(Clone, Debug)]
pub struct RoomConfig {
    /// How long a player must be gone before the opponent may claim the win.
    pub claim_grace: Duration,
    /// How long a finished game's room stays up after its last connection left.
    pub linger: Duration,
    /// How long a player has for the first decision of their own once it is due; then the game is
    /// aborted (zero: never).
    pub first_move: Duration,
    /// How long a game waiting for an opponent stays with no connection of its creator; then it is
    /// aborted (zero: never).
    pub waiting: Duration,
    /// How long an ongoing game's room stays loaded with nobody connected and no ruling pending (zero:
    /// always).
    pub idle: Duration,
    /// The length of a correspondence clock's day.
    pub day: Duration,
    /// The words a chat line may not hold (`--forbidden-words`; the server reads the file when it starts).
    pub forbidden: std::sync::Arc<crate::ids::ForbiddenWords>,
}

impl RoomConfig {
    /// The settings the command line gives.
    pub fn of(c: &crate::config::Config) -> RoomConfig {
        RoomConfig {
            claim_grace: Duration::from_secs(c.claim_grace_secs),
            linger: Duration::from_secs(c.linger_secs),
            first_move: Duration::from_secs(c.first_move_secs),
            waiting: Duration::from_secs(c.waiting_secs),
            idle: Duration::from_secs(c.idle_room_secs),
            day: Duration::from_secs(c.day_secs),
            forbidden: std::sync::Arc::new(crate::ids::ForbiddenWords::builtin()),
        }
    }
}

/// The connection whose message caused a change: it gets the change's events and its answer in the slot
/// its reader reserved.
struct Origin {
    conn: ConnId,
    permit: OwnedPermit<Outbound>,
    id: Option<String>,
    /// The answer names the change's first version (a decision: its own event, before the forced ones)
    /// rather than its last (a ruling: the `end` event).
    first: bool,
}

pub(super) struct Room {
    game: LiveGame,
    store: Store,
    config: RoomConfig,
    conns: Conns,
    answers: Answers,
    seats: Seats,
    /// Since when no person has been connected (a server bot's connection does not count: a game nobody
    /// plays or watches is unloaded, its bots with it).
    empty_since: Option<Instant>,
    /// The game's creation could not be stored: the room ends.
    stillborn: bool,
    /// A write failed: it may still have been committed (the connection broke after the commit was sent),
    /// so the database is read back before the next change ([`Room::reconcile`]).
    unsure: bool,
    lease: Lease,
    /// The game's lease is gone (a write was fenced): the room ends and its connections are told to
    /// reconnect, to whichever node owns the game now.
    moved: bool,
    /// The way out of the registry when the room is idle.
    unload: Unload,
    /// The draw offers of this game ([`draw`]): the room's memory, not the record's.
    draw: draw::Offers,
    /// The takeback proposals of this game ([`takeback`]): the room's memory too.
    takeback: takeback::Proposals,
    /// The rematch offers, and the rematch once made ([`rematch`]): the room's memory too.
    rematch: rematch::Rematch,
    /// The rooms, to make the rematch through.
    rooms: Weak<Registry>,
    /// The number of spectators everyone was last told.
    told_watching: u32,
    /// The game's chat lines, once read from the store (`None` until then).
    chat: Option<chat::ChatLog>,
    /// Counted in `mancala_games_live` (the game is being played).
    live: bool,
    metrics: DecisionMetrics,
}

/// The metrics every accepted decision records, looked up once per room: `metrics::histogram!("name")`
/// finds its name in the recorder's registry (a hash and a map read) on every call (BENCHMARKS.md, "The
/// live path's CPU per decision, kept").
struct DecisionMetrics {
    /// Receipt by the room to every frame queued for its connections: the server's share of a decision's
    /// latency (the store's commit included).
    decision_seconds: metrics::Histogram,
    decisions_accepted: metrics::Counter,
}

/// What a room is started with besides its game.
#[derive(Debug)]
pub(super) struct Start {
    pub store: Store,
    pub config: RoomConfig,
    pub lease: Lease,
    /// Told on shutdown: the room stops taking commands.
    pub shutdown: CancellationToken,
    /// Told when this node's lease lapsed (several nodes): the room ends and its connections reconnect.
    pub lapsed: CancellationToken,
    /// How many leased rooms this node runs (for `/healthz`).
    pub owned: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    pub unload: Unload,
    pub rooms: Weak<Registry>,
}

/// Starts the room of `game` (tracked, so shutdown can wait for it); `on_exit` runs when it stops.
pub(super) fn spawn(
    game: LiveGame,
    start: Start,
    tracker: &TaskTracker,
    on_exit: impl FnOnce() + Send + 'static,
) -> RoomHandle {
    let (tx, rx) = mpsc::channel(ROOM_QUEUE);
    let now = (Instant::now(), UnixMs::now());
    let Start { store, config, lease, shutdown, lapsed, owned, unload, rooms } = start;
    let room = Room {
        answers: Answers::of(&game),
        game,
        store,
        config,
        conns: Conns::new(tx.downgrade()),
        seats: Seats::absent(now),
        empty_since: Some(now.0),
        stillborn: false,
        unsure: false,
        lease,
        moved: false,
        unload,
        draw: draw::Offers::default(),
        takeback: takeback::Proposals::default(),
        rematch: rematch::Rematch::default(),
        rooms,
        told_watching: 0,
        chat: None,
        live: false,
        metrics: DecisionMetrics {
            decision_seconds: metrics::histogram!("mancala_decision_seconds"),
            decisions_accepted: metrics::counter!("mancala_decisions_accepted"),
        },
    };
    metrics::gauge!("mancala_rooms").increment(1.0);
    let held = matches!(lease, Lease::Held(_));
    if held {
        metrics::gauge!("mancala_games_owned").increment(1.0);
        owned.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
    // Boxed, so that the task holds a pointer: the room's future is some kilobytes, and tokio moves a
    // future several times while spawning it and again when it ends (BENCHMARKS.md, "The live path's CPU
    // per decision, kept").
    tracker.spawn(Box::pin(async move {
        room.run(rx, shutdown, lapsed).await;
        metrics::gauge!("mancala_rooms").decrement(1.0);
        if held {
            metrics::gauge!("mancala_games_owned").decrement(1.0);
            owned.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
        }
        on_exit();
    }));
    RoomHandle::local(tx)
}

fn not_seated() -> Refusal {
    Refusal::new(ErrorCode::NotSeated, "this connection watches the game: connect with your seat token to play")
}

impl Room {
    async fn run(mut self, mut rx: mpsc::Receiver<Command>, shutdown: CancellationToken, lapsed: CancellationToken) {
        self.recount_live();
        self.serve(&mut rx, &shutdown, &lapsed).await;
        if self.live {
            metrics::gauge!("mancala_games_live").decrement(1.0);
        }
        if shutdown.is_cancelled() {
            // Every connection is told 1001 by its own writer; connections relayed to other nodes hear it
            // here.
            self.close_all(1001, "the server is shutting down");
        } else if self.moved || lapsed.is_cancelled() {
            tracing::info!(game = %self.game.id, "this node no longer owns the game: its connections reconnect");
            self.close_all(1012, "the game moved to another server: reconnect");
        }
    }

    fn close_all(&mut self, code: u16, reason: &'static str) {
        let n = self.conns.ids().len();
        self.conns.close_all(code, reason);
        metrics::gauge!("mancala_connections").decrement(n as f64);
    }

    async fn serve(
        &mut self,
        rx: &mut mpsc::Receiver<Command>,
        shutdown: &CancellationToken,
        lapsed: &CancellationToken,
    ) {
        while !self.stillborn && !self.moved {
            let timer = timers::next(&self.game, &self.seats, &self.config, self.empty_since);
            tokio::select! {
                // On shutdown a room stops taking commands; the one in progress (its commit included) has
                // finished, since commands are handled to the end before the next select.
                _ = shutdown.cancelled() => break,
                _ = lapsed.cancelled() => break,
                cmd = rx.recv() => match cmd {
                    Some(cmd) => self.handle(cmd).await,
                    None => break,
                },
                _ = sleep_until(timer.map(|(t, _)| t).unwrap_or_else(Instant::now)), if timer.is_some() => {
                    match timer.expect("guarded").1 {
                        Timer::Flag(loser) => self.time_out(loser).await,
                        Timer::NoStart => self.no_start().await,
                        Timer::Linger => break,
                        Timer::Idle if self.unload.release(rx) => {
                            metrics::counter!("mancala_rooms_unloaded").increment(1);
                            break;
                        }
                        // Someone holds the room (a request, a connection on its way): idle again from now.
                        Timer::Idle => self.empty_since = Some(Instant::now()),
                    }
                }
            }
            self.recount_live();
        }
    }

    /// Keeps `mancala_games_live` (games being played, on this node) in step with this game's status:
    /// `mancala_rooms` also counts waiting games and finished ones whose room lingers.
    fn recount_live(&mut self) {
        let live = self.game.status == GameStatus::Ongoing;
        if live != self.live {
            metrics::gauge!("mancala_games_live").increment(if live { 1.0 } else { -1.0 });
            self.live = live;
        }
    }

    async fn handle(&mut self, cmd: Command) {
        // After a failed write, the database is read back before the command is looked at: a decision
        // resent with its id after an `unavailable` whose commit had landed is then answered `accepted`
        // from the stored record, and any other command is judged on the game as stored. If the database
        // is still away, the room stays unsure and `commit` refuses the change.
        if self.unsure {
            let _ = self.reconcile().await;
        }
        // A flag that fell, or a game never played whose time ran out, while commands were queued is ruled
        // on first.
        match timers::ruling(&self.game, &self.seats, &self.config) {
            Some((t, Timer::Flag(loser))) if t <= Instant::now() => self.time_out(loser).await,
            Some((t, Timer::NoStart)) if t <= Instant::now() => self.no_start().await,
            _ => {}
        }
        // A snapshot carries the chat: the lines are read before the first one is made.
        if matches!(cmd, Command::Connect { .. } | Command::Resync { .. }) {
            self.load_chat().await;
        }
        match cmd {
            Command::Create { reply } => {
                // A new game has no chat yet.
                self.chat = Some(chat::ChatLog::default());
                let answer = self.commit(self.game.creation(), None).await;
                self.stillborn = answer.is_err();
                let _ = reply.send(answer.map(|_| ()));
            }
            Command::Connect { kind, who, since, tx, reply } => self.connect((kind, who), since, tx, reply),
            Command::Disconnect { conn } => self.remove(conn),
            Command::Client { conn, msg, by, permit } => self.client(conn, msg, by, permit).await,
            Command::Join { seat, reply } => {
                let now = Instant::now();
                let result = match join::run(&self.game, seat, now, UnixMs::now()) {
                    Err(r) => Err(r),
                    Ok((side, change)) => match self.commit(change, None).await {
                        Err(r) => Err(r),
                        Ok(_) => {
                            self.seats.restart_absence((Instant::now(), UnixMs::now()));
                            self.broadcast_presence();
                            Ok((side, self.game.summary()))
                        }
                    },
                };
                let _ = reply.send(result);
            }
            Command::SeatOf { token_hash, reply } => {
                let _ = reply.send(self.game.seat_of(&token_hash));
            }
            Command::Summary { reply } => {
                let _ = reply.send(self.game.summary());
            }
            Command::Record { kind, reply } => {
                let viewer = if self.game.is_over() { mancala_engine::Viewer::Analysis } else { kind.viewer() };
                let geo = self.game.pos.geometry();
                let _ = reply.send(self.game.record.iter().map(|p| projection::move_event(p, geo, viewer)).collect());
            }
            Command::RematchMade { made } => self.rematch_made(*made),
            Command::Resync { conn, permit } => match self.conns.due(conn) {
                Some(true) => {
                    let Some(kind) = self.conns.kind(conn) else { return };
                    let snapshot = self.snapshot_frame(kind);
                    self.conns.answer(conn, permit, Some((CatchUp::Snapshot(snapshot), self.game.version())), None);
                }
                Some(false) => {
                    let Some(kind) = self.conns.kind(conn) else { return };
                    let presence = ServerMsg::Presence { presence: self.presence_for(kind) };
                    self.conns.answer(conn, permit, None, Some(presence));
                }
                None => {}
            },
        }
    }

    async fn client(&mut self, conn: ConnId, msg: ClientMsg, by: Option<PlayerName>, permit: OwnedPermit<Outbound>) {
        let Some(kind) = self.conns.kind(conn) else { return };
        let now = Instant::now();
        match msg {
            ClientMsg::Ping { id } => self.conns.answer(conn, permit, None, Some(ServerMsg::Pong { id })),
            ClientMsg::Sync { v } => match self.conns.in_step_at(conn) {
                // Everything after what it was given is on its way already: versions never repeat.
                Some(sent) if v <= sent => {}
                Some(sent) => {
                    let message = format!(
                        "sync from version {v}: this connection was given version {sent} last (the game is at {})",
                        self.game.version()
                    );
                    self.conns.answer(
                        conn,
                        permit,
                        None,
                        Some(ServerMsg::Error { code: ErrorCode::Malformed, message }),
                    );
                }
                None => {
                    let snapshot = self.snapshot_frame(kind);
                    self.conns.answer(conn, permit, Some((CatchUp::Snapshot(snapshot), self.game.version())), None);
                }
            },
            ClientMsg::Decide { id, decision, game, seat } => {
                let Some(side) = kind.seat() else {
                    return self.refuse(conn, permit, Some(id), not_seated());
                };
                if let Some(answer) = self.answers.get(side, &id) {
                    return self.reply(conn, permit, Some(id), answer);
                }
                let started = std::time::Instant::now();
                let checks = decide::Checks { game, seat };
                match decide::run(&self.game, side, &decision, id.clone(), checks, now, UnixMs::now()) {
                    Err(r) => {
                        metrics::counter!("mancala_decisions_refused").increment(1);
                        self.answers.remember(side, id.clone(), &Answer::Refused(r.clone()));
                        self.refuse(conn, permit, Some(id), r);
                    }
                    // The accepted answer is remembered by `commit`; a refusal for want of storage is not
                    // (a retry may succeed).
                    Ok(change) => {
                        match self.commit(change, Some(Origin { conn, permit, id: Some(id), first: true })).await {
                            Ok(_) => {
                                if let Some(offers) = self.draw.after_decision(side) {
                                    self.set_draw(offers);
                                }
                                if let Some(proposals) = self.takeback.after_any_decision() {
                                    self.set_takeback(proposals);
                                }
                                self.metrics.decision_seconds.record(started.elapsed().as_secs_f64());
                                self.metrics.decisions_accepted.increment(1);
                            }
                            Err(_) => metrics::counter!("mancala_decisions_refused").increment(1),
                        }
                    }
                }
            }
            ClientMsg::Resign { id } => {
                let change = kind
                    .seat()
                    .ok_or_else(not_seated)
                    .and_then(|side| resign::run(&self.game, side, now, UnixMs::now()));
                self.rule(conn, permit, id, change).await;
            }
            ClientMsg::Abort { id } => {
                let change = kind
                    .seat()
                    .ok_or_else(not_seated)
                    .and_then(|side| abort::run(&self.game, side, now, UnixMs::now()));
                self.rule(conn, permit, id, change).await;
            }
            ClientMsg::Berserk { id } => {
                let change = kind.seat().ok_or_else(not_seated).and_then(|side| berserk::run(&self.game, side, now));
                self.rule(conn, permit, id, change).await;
            }
            ClientMsg::Draw { id, action } => {
                let Some(side) = kind.seat() else {
                    return self.refuse(conn, permit, id, not_seated());
                };
                match draw::run(&self.game, self.draw, side, action, now, UnixMs::now()) {
                    Err(r) => self.refuse(conn, permit, id, r),
                    Ok(draw::Outcome::Agreed(change)) => {
                        if self.commit(*change, Some(Origin { conn, permit, id, first: false })).await.is_ok() {
                            self.set_draw(draw::Offers::default());
                        }
                    }
                    Ok(draw::Outcome::Kept(offers)) => {
                        self.reply(conn, permit, id, Answer::Accepted(self.game.version()));
                        self.set_draw(offers);
                    }
                }
            }
            ClientMsg::Takeback { id, action } => match kind.seat() {
                None => self.refuse(conn, permit, id, not_seated()),
                Some(side) => self.takeback(conn, permit, id, side, action).await,
            },
            ClientMsg::Rematch { id, action } => match kind.seat() {
                None => self.refuse(conn, permit, id, not_seated()),
                Some(side) => self.rematch(conn, permit, id, side, action).await,
            },
            ClientMsg::Chat { id, room, text } => self.chat((conn, kind, by), permit, id, (room, text)).await,
            ClientMsg::ClaimWin { id } => {
                let change = kind.seat().ok_or_else(not_seated).and_then(|side| {
                    let gone = self.seats.gone_for(side.other(), now);
                    claim::run(&self.game, side, gone, self.config.claim_grace, now, UnixMs::now())
                });
                self.rule(conn, permit, id, change).await;
            }
        }
    }

    /// Commits a ruling a client asked for (resign, abort, claim) or a berserk, or answers its refusal.
    async fn rule(
        &mut self,
        conn: ConnId,
        permit: OwnedPermit<Outbound>,
        id: Option<String>,
        change: Result<Change, Refusal>,
    ) {
        match change {
            Err(r) => self.refuse(conn, permit, id, r),
            Ok(change) => {
                let _ = self.commit(change, Some(Origin { conn, permit, id, first: false })).await;
            }
        }
    }

    fn refuse(&mut self, conn: ConnId, permit: OwnedPermit<Outbound>, id: Option<String>, r: Refusal) {
        self.reply(conn, permit, id, Answer::Refused(r));
    }

    fn reply(&mut self, conn: ConnId, permit: OwnedPermit<Outbound>, id: Option<String>, answer: Answer) {
        let msg = match answer {
            Answer::Accepted(v) => ServerMsg::Accepted { id, v },
            Answer::Refused(r) => ServerMsg::Rejected { id, code: r.code, reason: r.reason, legal: r.legal },
        };
        self.conns.answer(conn, permit, None, Some(msg));
    }

    async fn time_out(&mut self, loser: Side) {
        let Some(change) = timeout::run(&self.game, loser, Instant::now(), UnixMs::now()) else { return };
        if self.commit(change, None).await.is_err() {
            // Try again shortly: the clock stays at zero, so the deadline is still due.
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// The game was never played in time: it is aborted.
    async fn no_start(&mut self) {
        let Some(change) = no_start::run(&self.game, Instant::now(), UnixMs::now()) else { return };
        match self.commit(change, None).await {
            Ok(_) => {
                tracing::info!(game = %self.game.id, "aborted: not played in time");
                metrics::counter!("mancala_games_aborted_unplayed").increment(1);
            }
            // Try again shortly: the deadline is still due.
            Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    }

    /// Is `kind` the seat of a server bot?
    fn is_bot(&self, kind: ViewerKind) -> bool {
        kind.seat()
            .and_then(|side| self.game.seats[side].as_ref())
            .is_some_and(|seat| seat.name().bot_level().is_some())
    }

    /// Is a person connected (a player or a spectator; server bots are not people)?
    fn people_connected(&self) -> bool {
        self.conns.kinds().any(|kind| !self.is_bot(kind))
    }

    /// The one path of every change: store it (in one transaction with its decisions), apply it, publish
    /// its events. A failed write leaves the game as it was; the origin is told `unavailable`.
    async fn commit(&mut self, change: Change, origin: Option<Origin>) -> Result<RangeInclusive<u64>, Refusal> {
        let epoch = match self.lease {
            Lease::Alone => None,
            Lease::Held(epoch) => Some(epoch),
        };
        let stored = match self.reconcile().await {
            Ok(()) => self.store.commit(&self.game, &change, epoch).await.map_err(|e| {
                self.unsure = !matches!(e, StoreError::Closed | StoreError::Conflict | StoreError::Fenced { .. });
                self.moved |= matches!(e, StoreError::Fenced { .. });
                unavailable(&self.game.id, &e)
            }),
            Err(refusal) => Err(refusal),
        };
        let mut change = change;
        match stored {
            Err(refusal) => return Err(self.refuse_origin(origin, refusal)),
            // The changes as committed: what every viewer is shown is what the database holds.
            Ok(ratings) => change.ratings = ratings,
        }
        let decided_by = change.plies.first().filter(|p| !p.auto).map(|p| (p.side, p.client_id.clone()));
        let abort_at = self.abort_at();
        let versions = self.game.apply(change);
        if let (Some((side, Some(id))), Some(o)) = (decided_by, origin.as_ref()) {
            self.answers.remember(
                side,
                id,
                &Answer::Accepted(if o.first { *versions.start() } else { *versions.end() }),
            );
        }
        self.publish(versions.clone(), origin);
        if self.abort_at() != abort_at {
            // The first decisions' deadline moved (a first decision made, the game started or ended).
            self.broadcast_presence();
        }
        if self.game.is_over() {
            metrics::counter!("mancala_games_finished").increment(1);
            if !self.people_connected() {
                self.empty_since = Some(Instant::now());
            }
        }
        Ok(versions)
    }

    /// Tells the origin of a change that could not be stored why; returns the refusal.
    fn refuse_origin(&mut self, origin: Option<Origin>, refusal: Refusal) -> Refusal {
        if let Some(o) = origin {
            let r = refusal.clone();
            let msg = ServerMsg::Rejected { id: o.id, code: r.code, reason: r.reason, legal: r.legal };
            self.conns.answer(o.conn, o.permit, None, Some(msg));
        }
        refusal
    }

    /// After a failed write, before the next one: is the database where the room is? A write whose commit
    /// was sent when the connection broke may have landed. If the database holds more of the game than
    /// the room, the room takes the stored game (every connection gets a fresh snapshot) and a change
    /// decided on the old state is refused; if the database is still away, so is the change. (Commands
    /// reconcile before they are looked at, so only a change whose own write failed meets the refusal.)
    async fn reconcile(&mut self) -> Result<(), Refusal> {
        if !self.unsure {
            return Ok(());
        }
        let stored = match self.store.load(&self.game.id).await {
            Ok(Some(stored)) => stored,
            Ok(None) => {
                // Not stored at all: only a creation can fail so, and then the room ends.
                self.unsure = false;
                return Ok(());
            }
            Err(e) => return Err(unavailable(&self.game.id, &e)),
        };
        self.unsure = false;
        let (header, plies) = stored;
        if header.status == self.game.status && plies.len() == self.game.record.len() {
            return Ok(());
        }
        let game = match LiveGame::restore(header, &plies, Instant::now()) {
            Ok(game) => game,
            Err(reason) => {
                tracing::error!(game = %self.game.id, %reason, "stored game does not replay");
                return Err(Refusal::new(ErrorCode::Unavailable, format!("the stored game does not replay: {reason}")));
            }
        };
        tracing::warn!(game = %self.game.id, "a write reported as failed had landed: the room reloads the game");
        self.answers = Answers::of(&game);
        self.game = game;
        self.conns.resync_all();
        Err(Refusal::new(
            ErrorCode::Unavailable,
            "the game moved on while the database was away (a decision reported as failed was stored): look at the new position",
        ))
    }

    /// Sends the events `versions` to every connection, the origin's answer after its own copy.
    fn publish(&mut self, versions: RangeInclusive<u64>, origin: Option<Origin>) {
        if versions.is_empty() {
            if let Some(o) = origin {
                self.reply(o.conn, o.permit, o.id, Answer::Accepted(self.game.version()));
            }
            return;
        }
        let clock = self.clock_state();
        let game = &self.game;
        let mut frames = PerKind::new(|kind| projection::events(game, versions.clone(), kind, clock.as_ref()));
        let skip = origin.as_ref().map(|o| o.conn);
        self.conns.publish(*versions.end(), &mut frames, skip);
        let Some(o) = origin else { return };
        let Some(kind) = self.conns.kind(o.conn) else { return };
        let versioned = match self.conns.in_step_at(o.conn) {
            Some(_) => CatchUp::Events(frames.get(kind)),
            None => CatchUp::Snapshot(Frame::new(projection::snapshot(
                game,
                kind,
                self.presence_for(kind),
                clock.clone(),
                (self.draw.pending, self.takeback.pending),
                (self.rematch.offer, self.rematch.next_for(kind.seat())),
                self.chat_for(kind),
            ))),
        };
        let v = if o.first { *versions.start() } else { *versions.end() };
        let answer = ServerMsg::Accepted { id: o.id, v };
        self.conns.answer(o.conn, o.permit, Some((versioned, *versions.end())), Some(answer));
    }
}

/// The refusal a client gets when its change could not be stored: the store's reason, so a player knows
/// it is the server's trouble and that retrying the same id is safe.
pub(super) fn unavailable(game: &GameId, e: &StoreError) -> Refusal {
    match e {
        // Shutting down: the decisions still queued were never acknowledged, so nothing is lost; the client
        // re-sends them to the next server.
        StoreError::Closed => tracing::debug!(%game, "store closed: change not stored"),
        // Another node owns the game now: the room ends and its clients reconnect there.
        StoreError::Fenced { .. } => tracing::warn!(%game, error = %e, "write refused: the lease is gone"),
        _ => tracing::error!(%game, error = %e, "store failed"),
    }
    Refusal::new(
        ErrorCode::Unavailable,
        format!("the server could not store this ({e}); nothing changed: retry with the same id"),
    )
}
