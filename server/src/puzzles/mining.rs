//! Puzzles from players' games (docs/puzzles.md, "Puzzles from players' games"): one task per node looks
//! at every rated game whose review is stored, takes the positions right after the mistakes the review
//! marks ([`super::candidates`]) and runs on each the generator's own way from a position to a puzzle
//! ([`mancala_puzzles::make::find`]: screening, level 8's check, the verified line, goal, themes, first
//! rating), then stores the puzzles found with the game's mark in one transaction. A puzzle's id is its
//! position's, and the insert leaves a known id as it is: the same position is never two puzzles,
//! however many games or nodes find it.
//!
//! A *pass* runs when a review is stored here, and every [`PERIOD`] in any case (a review stored by
//! another node, or before a restart): the database is the list (`Store::reviewed_unmined`), so a crash
//! loses nothing. One game at a time, one search at a time, each on the engine's pool as [`Work::Mine`],
//! the least urgent work there is: games, bots, analyses and reviews always go first. `--puzzle-mining
//! false` turns it off; `--puzzle-mining-nodes` sets the verification's budget (tests use small ones).
//!
//! Metrics: `mancala_puzzles_mined_games_total` (games looked at) and `mancala_puzzles_found_total`
//! (puzzles found, some of which may have been known already).

use super::candidates::{self, Candidate};
use super::queries::{self, MinedGame, PuzzleWrite};
use crate::analysis::{EngineWork, Work};
use crate::game::UnixMs;
use crate::ids::GameId;
use crate::store::{Store, StoreError, Write};
use mancala_engine::{Decision, Position, Side};
use mancala_protocol::review::{GameReview, REVIEW_NODES};
use mancala_puzzles::make::find::{Stats, find};
use mancala_puzzles::make::{Budgets, Searches, Stopped};
use mancala_puzzles::{Puzzle, Source};
use sha2::{Digest, Sha256};
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// The longest wait between two passes.
pub const PERIOD: Duration = Duration::from_secs(60);
/// Games one pass reads.
const BATCH: i64 = 16;

/// What the task needs: the store, the engine, and the verification's budget.
#[derive(Clone)]
pub struct Mining {
    pub store: Store,
    pub engine: Arc<EngineWork>,
    /// Nodes of the search that judges each of the solver's decisions (`--puzzle-mining-nodes`); `None`:
    /// the generator's ([`Budgets::of`]: twice level 8's budget).
    pub nodes: Option<u64>,
}

/// Why a game was not mined (logged; the next pass tries it again).
#[derive(Debug, thiserror::Error)]
enum MineError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("game {0}: {1}")]
    Game(String, String),
}

/// Starts this node's miner.
pub fn start(mining: Mining, shutdown: CancellationToken, tasks: &TaskTracker) {
    tasks.spawn(async move {
        loop {
            if let Err(e) = pass(&mining, &shutdown).await {
                tracing::warn!(error = %e, "a puzzle mining pass failed");
            }
            tokio::select! {
                _ = shutdown.cancelled() => return,
                _ = mining.engine.reviews.stored_for_puzzles() => {}
                _ = tokio::time::sleep(PERIOD) => {}
            }
        }
    });
}

/// One pass over the reviewed rated games not mined yet, oldest first.
async fn pass(mining: &Mining, shutdown: &CancellationToken) -> Result<(), MineError> {
    for id in queries::reviewed_unmined(&mining.store, REVIEW_NODES as i64, BATCH).await? {
        if shutdown.is_cancelled() {
            return Ok(());
        }
        mine(mining, shutdown, &id).await?;
    }
    Ok(())
}

/// Mines game `id` and stores what it gave with its mark; nothing when the server stops meanwhile.
async fn mine(mining: &Mining, shutdown: &CancellationToken, id: &str) -> Result<(), MineError> {
    let bad = |why: String| MineError::Game(id.to_string(), why);
    let Some(json) = mining.store.review(id, REVIEW_NODES as i64).await? else { return Ok(()) };
    let review: GameReview = serde_json::from_str(&json).map_err(|e| bad(format!("stored review: {e}")))?;
    let game_id: GameId = id.parse().map_err(|e| bad(format!("id: {e}")))?;
    let Some((header, plies)) = mining.store.load(&game_id).await? else {
        return Err(bad("reviewed but not stored".into()));
    };
    let start = Position::start(header.variant, header.options).map_err(|e| bad(format!("options: {e}")))?;
    let plies: Vec<(Side, Decision)> = plies.iter().map(|p| (p.side, p.decision)).collect();
    let found = candidates::of(&start, &plies, &review).map_err(|e| bad(e.to_string()))?;
    let budgets = Budgets::of(header.variant, mining.nodes);
    let on_pool = OnPool {
        engine: mining.engine.clone(),
        runtime: tokio::runtime::Handle::current(),
        shutdown: shutdown.clone(),
    };
    let game = id.to_string();
    let searched = tokio::task::spawn_blocking(move || puzzles_of(&game, &found, &budgets, on_pool))
        .await
        .map_err(|e| bad(format!("the miner: {e}")))?;
    let (puzzles, stats) = match searched {
        Ok(found) => found,
        Err(stopped) => {
            tracing::debug!(game = id, %stopped, "puzzle mining stopped");
            return Ok(());
        }
    };
    tracing::info!(game = id, candidates = stats.positions, found = puzzles.len(), rejected = ?stats.rejected, "game mined for puzzles");
    metrics::counter!("mancala_puzzles_mined_games_total").increment(1);
    metrics::counter!("mancala_puzzles_found_total").increment(puzzles.len() as u64);
    let mined = MinedGame { game_id: id.to_string(), puzzles, at: UnixMs::now() };
    mining.store.write(vec![Write::feature(PuzzleWrite::Mined(mined))]).await?;
    Ok(())
}

/// The puzzles of game `game` at its `candidates`, every search on the pool (run on a blocking thread:
/// [`OnPool`] waits there for each search).
fn puzzles_of(
    game: &str,
    candidates: &[Candidate],
    budgets: &Budgets,
    mut on_pool: OnPool,
) -> Result<(Vec<Puzzle>, Stats), Stopped> {
    let seed = seed_of(game);
    let mut stats = Stats { games: 1, ..Stats::default() };
    let mut out: Vec<Puzzle> = Vec::new();
    for c in candidates {
        let source = Source::Game { game: game.to_string(), ply: c.ply };
        if let Some(p) = find(&c.position, source, seed, budgets, &mut on_pool, &mut stats)?
            && !out.iter().any(|q| q.id == p.id)
        {
            out.push(p);
        }
    }
    Ok((out, stats))
}

/// The seed of the bots that rate a game's puzzles: from its id, so a game gives the same puzzles
/// wherever and whenever it is mined.
fn seed_of(game: &str) -> u64 {
    let hash = Sha256::digest(game.as_bytes());
    u64::from_le_bytes(hash[..8].try_into().expect("a SHA-256 has 8 bytes"))
}

/// Runs each search on the engine's pool as [`Work::Mine`], waiting for it on the calling (blocking)
/// thread; stopped once the server shuts down.
struct OnPool {
    engine: Arc<EngineWork>,
    runtime: tokio::runtime::Handle,
    shutdown: CancellationToken,
}

impl Searches for OnPool {
    fn run<T: Send + 'static>(&mut self, search: impl FnOnce() -> T + Send + 'static) -> Result<T, Stopped> {
        let stopped = || Stopped("the server is shutting down".into());
        if self.shutdown.is_cancelled() {
            return Err(stopped());
        }
        self.runtime.block_on(async {
            tokio::select! {
                done = self.engine.pool.run(Work::Mine, search) => done.map_err(|e| Stopped(e.to_string())),
                _ = self.shutdown.cancelled() => Err(stopped()),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_s_seed_is_its_id_s() {
        assert_eq!(seed_of("abc"), seed_of("abc"));
        assert_ne!(seed_of("abc"), seed_of("abd"));
    }
}
