//! The live rooms by game id. A game has at most one room: loading a room from the database happens under
//! one lock, so two requests for a game that is not live cannot start two rooms. Unfinished games are all
//! restored on start (their clocks must run even if nobody connects); finished games get a room only
//! while someone watches them.

use super::RoomHandle;
use super::actor::{self, RoomConfig};
use super::game::LiveGame;
use crate::store::{Store, StoreError};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use tokio::time::Instant;

/// Why a room could not be had.
#[derive(Debug, thiserror::Error)]
pub enum RoomError {
    #[error("no game with id `{0}`")]
    NotFound(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("stored game {id} does not replay: {reason}")]
    Corrupt { id: String, reason: String },
}

#[derive(Debug)]
pub struct Registry {
    rooms: Mutex<HashMap<String, RoomHandle>>,
    loading: tokio::sync::Mutex<()>,
    store: Store,
    config: RoomConfig,
    me: Weak<Registry>,
}

impl Registry {
    pub fn new(store: Store, config: RoomConfig) -> Arc<Registry> {
        Arc::new_cyclic(|me| Registry {
            rooms: Mutex::new(HashMap::new()),
            loading: tokio::sync::Mutex::new(()),
            store,
            config,
            me: me.clone(),
        })
    }

    /// Starts a room for every unfinished stored game. Returns how many.
    pub async fn restore_unfinished(&self) -> Result<usize, RoomError> {
        let _guard = self.loading.lock().await;
        let rows = self.store.unfinished_games().await?;
        let mut n = 0;
        for row in rows {
            if self.live(&row.id).is_some() {
                continue;
            }
            let moves = self.store.moves(&row.id).await?;
            match LiveGame::restore(&row, &moves, Instant::now()) {
                Ok(game) => {
                    self.start(game);
                    n += 1;
                }
                // One unreadable game must not keep the server from starting: it stays in the database
                // and is reported.
                Err(reason) => tracing::error!(game = %row.id, %reason, "cannot restore game"),
            }
        }
        Ok(n)
    }

    fn live(&self, id: &str) -> Option<RoomHandle> {
        self.rooms.lock().expect("rooms lock").get(id).cloned()
    }

    /// The live room of a new game.
    pub fn start(&self, game: LiveGame) -> RoomHandle {
        let id = game.id.clone();
        let (variant, options) = (game.variant, game.options);
        let game_is_live = !game.is_over();
        let bots: Vec<_> = mancala_engine::Side::BOTH
            .into_iter()
            .filter_map(|s| Some((s, super::bot_seat::level_of(&game.seats[s].as_ref()?.name)?)))
            .collect();
        let me = self.me.clone();
        let exit_id = id.clone();
        let handle = actor::spawn(game, self.store.clone(), self.config, move || {
            if let Some(reg) = me.upgrade() {
                let mut rooms = reg.rooms.lock().expect("rooms lock");
                if rooms.get(&exit_id).is_some_and(|h| h.tx.is_closed()) {
                    rooms.remove(&exit_id);
                }
            }
        });
        self.rooms.lock().expect("rooms lock").insert(id, handle.clone());
        // Server bots sit in their seats again (after a restart, or for a new game against the computer).
        if game_is_live {
            for (side, level) in bots {
                super::bot_seat::spawn(handle.clone(), side, level, variant, options, rand::random());
            }
        }
        handle
    }

    /// The room of game `id`, loading it from the database if it is not live.
    pub async fn get(&self, id: &str) -> Result<RoomHandle, RoomError> {
        if let Some(h) = self.live(id).filter(|h| !h.tx.is_closed()) {
            return Ok(h);
        }
        let _guard = self.loading.lock().await;
        if let Some(h) = self.live(id).filter(|h| !h.tx.is_closed()) {
            return Ok(h);
        }
        let row = self.store.game(id).await?.ok_or_else(|| RoomError::NotFound(id.to_string()))?;
        let moves = self.store.moves(id).await?;
        let game = LiveGame::restore(&row, &moves, Instant::now())
            .map_err(|reason| RoomError::Corrupt { id: id.to_string(), reason })?;
        Ok(self.start(game))
    }

    pub fn live_count(&self) -> usize {
        self.rooms.lock().expect("rooms lock").len()
    }
}
