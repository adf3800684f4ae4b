//! A finished or unfinished game as the database holds it, replayed into memory with the engine
//! ([`LiveGame::restore`]), never taken from a live room: what the history routes, the export, a game's
//! preview, the analysis of a ply and the review read. Every board and record entry goes through the same
//! projection as the WebSocket frames ([`projection::board`]): a spectator's view while the game is
//! unfinished, the analysis view (everything) once it is finished, so nothing read here carries a secret
//! of a game that is still being played.

use crate::game::{GameHeader, LiveGame, PlySteps, UnixMs};
use crate::ids::GameId;
use crate::room::projection;
use crate::store::{Store, StoreError};
use mancala_engine::{Phase, Position, Viewer};
use mancala_protocol::http::{GameStatus, RecordEntry};
use tokio::time::Instant;

/// Why a stored game cannot be read or a ply of it shown.
#[derive(Debug, thiserror::Error)]
pub enum StoredError {
    #[error("no game with id `{0}`")]
    NotFound(GameId),
    #[error("parameter `ply` is {ply} but game {id} has only {plies} plies (use 0 to {plies})")]
    PlyTooFar { id: GameId, ply: u32, plies: u32 },
    /// The stored record does not replay: the database holds what the engine refuses.
    #[error("{0}")]
    Replay(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A stored game replayed into memory, with its header.
#[derive(Debug)]
pub struct Stored {
    pub header: GameHeader,
    pub game: LiveGame,
    /// The instant the game's clock was read at (see [`load`]).
    pub now: Instant,
}

impl Stored {
    /// Who the HTTP answers are projected for: a spectator until the game is finished, then everyone
    /// sees everything (docs/rules.md#ikibuguzo-secret-choice: the end reveals all).
    pub fn viewer(&self) -> Viewer {
        if self.game.status == GameStatus::Finished { Viewer::Analysis } else { Viewer::Spectator }
    }

    /// The record as the answer's viewer may see it: secret decisions are `None`.
    pub fn record(&self) -> Vec<RecordEntry> {
        let viewer = self.viewer();
        // A choice hidden when it was played stays secret only while the game is *still* in the choosing
        // phase (once both are in, both were revealed).
        let choosing = matches!(self.game.pos.phase(), Phase::Choosing(_)) && !self.game.pos.is_over();
        let geo = self.game.pos.geometry();
        self.game
            .record
            .iter()
            .map(|ply| RecordEntry {
                ply: ply.n,
                side: ply.side,
                decision: (!(choosing && ply.hidden_from(viewer))).then(|| ply.decision.notation(geo)),
                auto: ply.auto,
                at: ply.at_ms.wire(),
                clock_ms: ply.clock_ms,
            })
            .collect()
    }

    /// The position after `ply` decisions (0: the start; the record's length: now, including an end by
    /// the server's ruling, which is not a decision), replayed from the start.
    pub fn position(&self, ply: u32) -> Result<Position, StoredError> {
        let plies = self.game.record.len() as u32;
        if ply == plies {
            return Ok(self.game.pos.clone());
        }
        if ply > plies {
            return Err(StoredError::PlyTooFar { id: self.game.id.clone(), ply, plies });
        }
        let mut pos = Position::start(self.game.variant, self.game.options)
            .map_err(|e| StoredError::Replay(format!("stored options do not start a game: {e}")))?;
        for p in &self.game.record[..ply as usize] {
            PlySteps::play(&mut pos, p.side, p.decision)
                .map_err(|e| StoredError::Replay(format!("stored ply {} does not replay: {e}", p.n)))?;
        }
        Ok(pos)
    }

    /// The board `pos` as the answer's viewer sees it (the game's result only on its last position).
    pub fn board(&self, pos: &Position) -> mancala_protocol::BoardView {
        let result =
            if pos == &self.game.pos { self.game.result() } else { pos.outcome().map(crate::game::GameResult::Rules) };
        projection::board(pos, self.viewer(), self.game.status, result)
    }
}

/// Loads and replays game `id` from the database.
pub async fn load(store: &Store, id: &GameId) -> Result<Stored, StoredError> {
    let (header, plies) = store.load(id).await?.ok_or_else(|| StoredError::NotFound(id.clone()))?;
    // The stored remaining times are those of the last change (`updated_at`); restoring the clock as if it
    // had started then makes the running side's time what it is now, not what it was at the last move.
    let now = Instant::now();
    let elapsed = UnixMs::now().since(header.updated_at);
    let started = now.checked_sub(elapsed).unwrap_or(now);
    let game = LiveGame::restore(header.clone(), &plies, started)
        .map_err(|reason| StoredError::Replay(format!("stored game {id} does not replay: {reason}")))?;
    Ok(Stored { header, game, now })
}
