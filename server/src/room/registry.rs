//! The live rooms by game id. A game has at most one room: loading a room from the database happens under
//! one lock, so two requests for a game that is not live cannot start two rooms. Unfinished games are all
//! restored on start (their clocks must run even if nobody connects); finished games get a room only
//! while someone watches them. New games are created through their room, whose first commit stores them.

use super::RoomHandle;
use super::actor::{self, RoomConfig};
use crate::game::{LiveGame, Refusal};
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
    NotFound(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("stored game {id} does not replay: {reason}")]
    Corrupt { id: String, reason: String },
    /// The server is shutting down: rooms take no more commands.
    #[error("the server is shutting down")]
    ShuttingDown,
}

#[derive(Debug)]
pub struct Registry {
    rooms: Mutex<HashMap<String, RoomHandle>>,
    loading: tokio::sync::Mutex<()>,
    store: Store,
    config: RoomConfig,
    /// Told on shutdown: every room stops taking commands.
    shutdown: CancellationToken,
    /// Every room task, so shutdown can wait for them before the store closes.
    tracker: TaskTracker,
    me: Weak<Registry>,
}

impl Registry {
    pub fn new(store: Store, config: RoomConfig, shutdown: CancellationToken) -> Arc<Registry> {
        Arc::new_cyclic(|me| Registry {
            rooms: Mutex::new(HashMap::new()),
            loading: tokio::sync::Mutex::new(()),
            store,
            config,
            shutdown,
            tracker: TaskTracker::new(),
            me: me.clone(),
        })
    }

    /// Starts a room for every unfinished stored game. Returns how many.
    pub async fn restore_unfinished(&self) -> Result<usize, RoomError> {
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
                    self.start(game);
                    n += 1;
                }
                // One unreadable game must not keep the server from starting: it stays in the database
                // and is reported.
                Err(reason) => tracing::error!(game = %id, %reason, "cannot restore game"),
            }
        }
        Ok(n)
    }

    fn live(&self, id: &str) -> Option<RoomHandle> {
        self.rooms.lock().expect("rooms lock").get(id).filter(|h| !h.is_closed()).cloned()
    }

    /// The room of a stored game.
    fn start(&self, game: LiveGame) -> RoomHandle {
        let id = game.id.clone();
        let bots = super::bot_seat::seats_of(&game);
        let game_is_live = !game.is_over();
        let me = self.me.clone();
        let exit_id = id.clone();
        let handle =
            actor::spawn(game, self.store.clone(), self.config, self.shutdown.clone(), &self.tracker, move || {
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
                seat.spawn(handle.clone(), &self.tracker);
            }
        }
        handle
    }

    /// Creates a new game: its room stores it first (the room's first commit), then it is live.
    pub async fn create(&self, game: LiveGame) -> Result<RoomHandle, Refusal> {
        if self.shutdown.is_cancelled() {
            return Err(Refusal::new(mancala_protocol::ErrorCode::Unavailable, "the server is shutting down"));
        }
        let handle = self.start(game);
        match handle.create().await {
            Ok(Ok(())) => Ok(handle),
            Ok(Err(refusal)) => Err(refusal),
            Err(_) => Err(Refusal::new(mancala_protocol::ErrorCode::Unavailable, "the server is shutting down")),
        }
    }

    /// Seats a server bot in a game's room (it joined already).
    pub fn seat_bot(&self, room: &RoomHandle, seat: super::bot_seat::BotSeat) {
        seat.spawn(room.clone(), &self.tracker);
    }

    /// The room of game `id`, loading it from the database if it is not live.
    pub async fn get(&self, id: &str) -> Result<RoomHandle, RoomError> {
        if self.shutdown.is_cancelled() {
            return Err(RoomError::ShuttingDown);
        }
        if let Some(h) = self.live(id) {
            return Ok(h);
        }
        let _guard = self.loading.lock().await;
        if let Some(h) = self.live(id) {
            return Ok(h);
        }
        let (header, plies) = self.store.load(id).await?.ok_or_else(|| RoomError::NotFound(id.to_string()))?;
        let game = LiveGame::restore(header, &plies, Instant::now())
            .map_err(|reason| RoomError::Corrupt { id: id.to_string(), reason })?;
        Ok(self.start(game))
    }

    pub fn live_count(&self) -> usize {
        self.rooms.lock().expect("rooms lock").len()
    }

    /// Waits until every room (and its bots) has stopped; rooms stop once shutdown is signalled.
    pub async fn stopped(&self) {
        self.tracker.close();
        self.tracker.wait().await;
    }
}
