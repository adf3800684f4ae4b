//! The live rooms by game id. A game has at most one room: loading a room from the database happens under
//! one lock, so two requests for a game that is not live cannot start two rooms. On start the unfinished
//! games with a ruling pending (a running clock, the abort of a game not played in time) get their room,
//! since it must fire even if nobody connects; the others, and finished games, get a room when someone
//! opens them. An idle room leaves the registry by [`Unload`] (`timers.rs`) and is loaded again on
//! demand. New games are created through their room, whose first commit stores them.
//!
//! Which node runs a game is the [`Placement`]'s answer: `get` gives the local room, or asks the placement,
//! which loads the game here, relays to the node that runs it, or takes it over ([`Registry::take_over`])
//! when that node is gone. With several nodes unfinished games are not all restored on start: each node
//! takes its share of the games whose owner died. Every room of a leased game is started with a lease
//! epoch of its own.

use super::actor::{self, Lease, RoomConfig, Start};
use super::placement::Placement;
use super::presence::Seats;
use super::{AskError, Command, RoomHandle, timers};
use crate::analysis::EngineWork;
use crate::game::{LiveGame, Refusal};
use crate::ids::GameId;
use crate::store::{Store, StoreError};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// Why a room could not be had.
#[derive(Debug, thiserror::Error)]
pub enum RoomError {
    #[error("no game with id `{0}`")]
    NotFound(GameId),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("stored game {id} does not replay: {reason}")]
    Corrupt { id: GameId, reason: String },
    /// The server is shutting down: rooms take no more commands.
    #[error("the server is shutting down")]
    ShuttingDown,
    /// Several nodes: the game's owner does not answer and its lease has not expired yet.
    #[error("the server that runs game {0} does not answer and has not yet handed it over")]
    OwnerAway(GameId),
}

#[derive(Debug)]
pub struct Registry {
    rooms: Mutex<HashMap<GameId, RoomHandle>>,
    loading: tokio::sync::Mutex<()>,
    store: Store,
    config: RoomConfig,
    /// Told on shutdown: every room stops taking commands.
    shutdown: CancellationToken,
    /// Every room task, so shutdown can wait for them before the store closes.
    tracker: TaskTracker,
    /// Which games are this node's, and the way to the others.
    placement: Arc<dyn Placement>,
    /// The engine the rooms' server bots search on.
    engine: Arc<EngineWork>,
    /// Cancelled when this node's lease lapses: every leased room ends (then a new token is made).
    lapsed: Mutex<CancellationToken>,
    owned: Arc<std::sync::atomic::AtomicUsize>,
    me: Weak<Registry>,
}

impl Registry {
    pub fn new(
        store: Store,
        config: RoomConfig,
        shutdown: CancellationToken,
        placement: Arc<dyn Placement>,
        engine: Arc<EngineWork>,
    ) -> Arc<Registry> {
        Arc::new_cyclic(|me| Registry {
            rooms: Mutex::new(HashMap::new()),
            loading: tokio::sync::Mutex::new(()),
            store,
            config,
            lapsed: Mutex::new(shutdown.child_token()),
            owned: Arc::default(),
            shutdown,
            tracker: TaskTracker::new(),
            placement,
            engine,
            me: me.clone(),
        })
    }

    /// Starts a room for every unfinished stored game that has a ruling pending (a single node; with
    /// several, the sweepers share them out): a running clock, or the abort of a game not played in time
    /// (a deadline that passed while the server was down fires at once). The others are loaded when
    /// someone opens them. Returns how many rooms were started.
    pub async fn restore_unfinished(&self) -> Result<usize, RoomError> {
        if !self.placement.restores_all() {
            return Ok(0);
        }
        let _guard = self.loading.lock().await;
        let headers = self.store.unfinished_games().await?;
        let mut n = 0;
        for header in headers {
            if self.live(&header.id).is_some() {
                continue;
            }
            let id = header.id.clone();
            let plies = self.store.moves(&header).await?;
            match LiveGame::restore(header, &plies, Instant::now()) {
                Ok(game) => {
                    let absent = Seats::absent((Instant::now(), crate::game::UnixMs::now()));
                    if timers::ruling(&game, &absent, &self.config).is_some() {
                        self.start(game, Lease::Alone);
                        n += 1;
                    }
                }
                // One unreadable game must not keep the server from starting: it stays in the database
                // and is reported.
                Err(reason) => tracing::error!(game = %id, %reason, "cannot restore game"),
            }
        }
        Ok(n)
    }

    /// The rooms' settings.
    pub fn config(&self) -> &RoomConfig {
        &self.config
    }

    /// The room of game `id` if it is live on this node.
    pub(crate) fn live(&self, id: &GameId) -> Option<RoomHandle> {
        self.rooms.lock().expect("rooms lock").get(id).filter(|h| !h.is_closed()).cloned()
    }

    /// The room of a stored game.
    fn start(&self, game: LiveGame, lease: Lease) -> RoomHandle {
        let id = game.id.clone();
        let bots = super::bot_seat::seats_of(&game);
        let game_is_live = !game.is_over();
        let me = self.me.clone();
        let exit_id = id.clone();
        let start = Start {
            store: self.store.clone(),
            config: self.config.clone(),
            lease,
            shutdown: self.shutdown.clone(),
            lapsed: self.lapsed.lock().expect("lapsed lock").clone(),
            owned: self.owned.clone(),
            unload: Unload { registry: self.me.clone(), id: id.clone() },
            rooms: self.me.clone(),
        };
        let handle = actor::spawn(game, start, &self.tracker, move || {
            if let Some(reg) = me.upgrade() {
                let mut rooms = reg.rooms.lock().expect("rooms lock");
                if rooms.get(&exit_id).is_some_and(|h| h.is_closed()) {
                    rooms.remove(&exit_id);
                }
            }
        });
        self.rooms.lock().expect("rooms lock").insert(id, handle.clone());
        // Server bots sit in their seats again (after a restart, or for a new game against the computer).
        if game_is_live {
            for seat in bots {
                seat.spawn(handle.clone(), self.engine.clone(), &self.tracker);
            }
        }
        handle
    }

    /// Creates a new game: its room stores it first (the room's first commit), then it is live.
    pub async fn create(&self, game: LiveGame) -> Result<RoomHandle, AskError> {
        let shutting_down = || Refusal::new(mancala_protocol::ErrorCode::Unavailable, "the server is shutting down");
        if self.shutdown.is_cancelled() {
            return Err(shutting_down().into());
        }
        // The creating node takes the new game (with several nodes: its lease, epoch 1) before storing it.
        let lease = match self.placement.lease(&game.id).await {
            Ok(Some(lease)) => lease,
            Ok(None) => {
                return Err(Refusal::new(mancala_protocol::ErrorCode::Unavailable, "a game with this id exists").into());
            }
            Err(e) => {
                let reason = format!("the server could not store this ({e}); nothing changed");
                return Err(Refusal::new(mancala_protocol::ErrorCode::Unavailable, reason).into());
            }
        };
        let handle = self.start(game, lease);
        match handle.create().await {
            Ok(()) => Ok(handle),
            // A room that stops before its first commit: only shutdown does that.
            Err(AskError::Gone) => Err(shutting_down().into()),
            Err(e) => Err(e),
        }
    }

    /// Seats a server bot in a game's room (it joined already).
    pub fn seat_bot(&self, room: &RoomHandle, seat: super::bot_seat::BotSeat) {
        seat.spawn(room.clone(), self.engine.clone(), &self.tracker);
    }

    /// The room of game `id`: the live one, or the one the placement gives (loaded here, relayed to the
    /// node that runs it, or taken over).
    pub async fn get(&self, id: &GameId) -> Result<RoomHandle, RoomError> {
        if self.shutdown.is_cancelled() {
            return Err(RoomError::ShuttingDown);
        }
        if let Some(h) = self.live(id) {
            return Ok(h);
        }
        self.placement.route(self, id).await
    }

    /// Has shutdown begun (rooms take no more commands)?
    pub(crate) fn is_shutting_down(&self) -> bool {
        self.shutdown.is_cancelled()
    }

    /// The room of game `id` started here from the database, if no other request started it meanwhile
    /// (a single node: every game is its own).
    pub(super) async fn load_here(&self, id: &GameId) -> Result<RoomHandle, RoomError> {
        let _guard = self.loading.lock().await;
        if let Some(h) = self.live(id) {
            return Ok(h);
        }
        let game = self.load(id).await?;
        Ok(self.start(game, Lease::Alone))
    }

    async fn load(&self, id: &GameId) -> Result<LiveGame, RoomError> {
        let (header, plies) = self.store.load(id).await?.ok_or_else(|| RoomError::NotFound(id.clone()))?;
        LiveGame::restore(header, &plies, Instant::now())
            .map_err(|reason| RoomError::Corrupt { id: id.clone(), reason })
    }

    /// Takes game `id` (with several nodes): it gets a room here if this node wins it from the placement
    /// (a new epoch). `None`: another node won it, or its owner is still alive. A finished game is taken
    /// like the others, so that one room in the cluster hears what its players say after the end (rematch
    /// offers, chat). `leased`: the game had an owner before (for the log).
    pub async fn take_over(&self, id: &GameId, leased: bool) -> Result<Option<RoomHandle>, RoomError> {
        let _guard = self.loading.lock().await;
        if let Some(h) = self.live(id) {
            return Ok(Some(h));
        }
        // Only a stored game gets a lease (its header says so; the game is read and replayed once it is ours).
        self.store.game(id).await?.ok_or_else(|| RoomError::NotFound(id.clone()))?;
        let Some(lease) = self.placement.lease(id).await? else {
            return Ok(None);
        };
        // Read again now that the game is ours: a write of the former owner that committed before the take
        // (the take waited for it) is in the game.
        let game = self.load(id).await?;
        if game.is_over() {
            tracing::debug!(game = %id, ?lease, "finished game opened");
        } else {
            metrics::counter!("mancala_takeovers").increment(1);
            tracing::info!(game = %id, ?lease, leased, "game taken over");
        }
        Ok(Some(self.start(game, lease)))
    }

    /// The room of a game this node owns (asked by another node for its viewers): the live room, or, if the
    /// placement says the game is still this node's, a new room (a new epoch). `None` when it is not ours.
    pub async fn owned(&self, id: &GameId) -> Result<Option<RoomHandle>, RoomError> {
        if self.shutdown.is_cancelled() {
            return Err(RoomError::ShuttingDown);
        }
        if let Some(h) = self.live(id) {
            return Ok(Some(h));
        }
        if self.placement.is_ours(id).await? { self.take_over(id, true).await } else { Ok(None) }
    }

    /// This node's lease lapsed (several nodes): every leased room ends now, its connections told to
    /// reconnect; rooms started from now on answer to a fresh token.
    pub fn lapse(&self) {
        let mut lapsed = self.lapsed.lock().expect("lapsed lock");
        lapsed.cancel();
        *lapsed = self.shutdown.child_token();
    }

    /// How many games this node owns now (several nodes).
    pub fn owned_count(&self) -> usize {
        self.owned.load(std::sync::atomic::Ordering::Relaxed)
    }

    pub fn live_count(&self) -> usize {
        self.rooms.lock().expect("rooms lock").len()
    }

    /// Takes the room of `id` out of the registry if nothing can reach it any more ([`Unload::release`]).
    fn release(&self, id: &GameId, queue: &tokio::sync::mpsc::Receiver<Command>) -> bool {
        let mut rooms = self.rooms.lock().expect("rooms lock");
        // Under the lock that `live` clones handles under: no handle can be taken meanwhile.
        let free = rooms.get(id).is_some_and(|h| h.is_sole()) && queue.is_empty();
        if free {
            rooms.remove(id);
        }
        free
    }

    /// Waits until every room (and its bots) has stopped; rooms stop once shutdown is signalled.
    pub async fn stopped(&self) {
        self.tracker.close();
        self.tracker.wait().await;
    }
}

/// An idle room's way out of the registry.
#[derive(Debug)]
pub(super) struct Unload {
    registry: Weak<Registry>,
    id: GameId,
}

impl Unload {
    /// Takes the room out of the registry if nothing can reach it any more: no handle exists but the
    /// registry's own (every connection, request and relay holds one while it uses the room; server bots
    /// hold weak ones) and no command is queued. True: the room may stop, and the next `get` loads the
    /// game again from the database.
    pub(super) fn release(&self, queue: &tokio::sync::mpsc::Receiver<Command>) -> bool {
        self.registry.upgrade().is_some_and(|r| r.release(&self.id, queue))
    }
}
