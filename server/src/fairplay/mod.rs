//! Fair play (docs/moderation.md, "Fair play"): every rated game that finished with a result is reviewed
//! by the server itself (for the accuracy) and each of its decisions is compared with what level 8 would
//! choose there ([`reference`]); each side's figures (accuracy, agreement with level 8, the decisions
//! counted, the player's rating before the game) are stored, and an account whose recent window
//! is over its variant's bar ([`mancala_bot::fairplay`]) gets an open report for moderators ([`signal`]).
//!
//! One task per node runs a *pass* when a rated game's end is committed here, when a review is stored,
//! and every [`PERIOD`] in any case: it reads the oldest rated games without figures (the database is
//! the list, so a crash or a restart loses nothing, and a game finished on another node is found too);
//! a game already reviewed gets its figures once its references are computed (one game at a time, one
//! search at a time, at low priority); the others' reviews are started as background jobs
//! of the engine ([`crate::analysis::reviews`]: due after every review and analysis someone waits for,
//! and within the jobs' limits: when they are full the pass stops and the next one goes on).
//!
//! A feature in one folder (docs/server.md, "Features"), without routes: what moderators see of it is
//! moderation's (the queue, a player's record), and moderation sits above fair play on the map.
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | the task and its passes: the rated games without figures, their reviews started, their figures stored |
//! | [`reference`] | each decision's agreement with level 8's, searched on the engine's pool at low priority |
//! | [`signal`] | an account's window compared with its variant's bar, and the report it files |
//! | [`queries`] | its SQL: the figures, the rated games without them, when the server last reported an account; its write (`FairPlayWrite`) |

pub mod queries;
mod reference;
mod signal;

use crate::analysis::reviews::SERVER;
use crate::analysis::{EngineWork, JobContext, Refused, Reviewing};
use crate::ids::{GameId, ReportId};
use crate::store::{Store, StoreError, Write};
use mancala_engine::{Decision, Position, Side};
use mancala_protocol::review::{GameReview, REVIEW_NODES};
use queries::{FairPlayRow, FairPlayWrite, RatedGame};
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// The longest wait between two passes.
pub const PERIOD: Duration = Duration::from_secs(60);
/// Rated games one pass reads.
const BATCH: i64 = 32;

/// Why a pass stopped early (logged; the next pass starts over).
#[derive(Debug, thiserror::Error)]
enum PassError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("game {0}: {1}")]
    Game(String, String),
    #[error(transparent)]
    Reference(#[from] reference::ReferenceError),
}

/// What the task needs: the store, the engine, and the reference's budget (`--fair-play-nodes`).
#[derive(Clone)]
pub struct FairPlay {
    pub store: Store,
    pub engine: Arc<EngineWork>,
    /// Nodes of the reference's search a decision; `None`: level 8's budget in the game's variant.
    pub nodes: Option<u64>,
}

/// Starts this node's fair-play task.
pub fn start(fp: FairPlay, shutdown: CancellationToken, tasks: &TaskTracker) {
    tasks.spawn(async move {
        let FairPlay { store, engine, .. } = &fp;
        loop {
            if let Err(e) = pass(&fp, &shutdown).await {
                tracing::warn!(error = %e, "a fair-play pass failed");
            }
            tokio::select! {
                _ = shutdown.cancelled() => return,
                _ = store.rated_stored() => {}
                _ = engine.reviews.stored() => {}
                _ = tokio::time::sleep(PERIOD) => {}
            }
        }
    });
}

/// One pass over the rated games without figures, oldest first.
async fn pass(fp: &FairPlay, shutdown: &CancellationToken) -> Result<(), PassError> {
    let FairPlay { store, engine, .. } = fp;
    for game in queries::rated_without_figures(store, BATCH).await? {
        if shutdown.is_cancelled() {
            return Ok(());
        }
        match store.review(&game.game_id, REVIEW_NODES as i64).await? {
            Some(json) => figures(fp, shutdown, &game, &json).await?,
            None => {
                if !review(store, engine, shutdown, &game.game_id).await? {
                    // The jobs' limits are full: a stored review wakes the next pass.
                    return Ok(());
                }
            }
        }
    }
    Ok(())
}

/// Stores the figures of `game`, its accuracies from its review `json` and its agreement with the reference,
/// then looks at each account's window.
async fn figures(fp: &FairPlay, shutdown: &CancellationToken, game: &RatedGame, json: &str) -> Result<(), PassError> {
    let store = &fp.store;
    let bad = |why: String| PassError::Game(game.game_id.clone(), why);
    let review: GameReview = serde_json::from_str(json).map_err(|e| bad(format!("stored review: {e}")))?;
    let game_id: GameId = game.game_id.parse().map_err(|e| bad(format!("id: {e}")))?;
    let Some((header, plies)) = store.load(&game_id).await? else {
        return Err(bad("rated but not stored".into()));
    };
    let start = Position::start(header.variant, header.options).map_err(|e| bad(format!("options: {e}")))?;
    let plies: Vec<(Side, Decision)> = plies.iter().map(|p| (p.side, p.decision)).collect();
    let accuracy = [review.accuracy.south, review.accuracy.north];
    let Some(figures) = reference::agreement(&fp.engine, shutdown, start, &plies, accuracy, fp.nodes).await? else {
        return Ok(());
    };
    let rows: Vec<FairPlayRow> = game
        .seats
        .iter()
        .map(|seat| {
            let f = figures[seat.side.index()];
            FairPlayRow {
                game_id: game.game_id.clone(),
                side: seat.side,
                player_key: seat.player_key.clone(),
                variant: seat.variant.clone(),
                counted: f.counted,
                agreed: f.agreed,
                accuracy: f.accuracy,
                rating: seat.rating,
                deviation: seat.deviation,
                at: seat.at,
            }
        })
        .collect();
    let mut filed = Vec::new();
    for row in &rows {
        filed.extend(signal::look(store, row).await?);
    }
    // The figures and the reports they cause land together, so whoever sees the figures sees the report.
    let writes = |rows: &[FairPlayRow]| {
        let mut writes: Vec<Write> = rows.iter().cloned().map(|r| Write::feature(FairPlayWrite::Figures(r))).collect();
        writes.extend(filed.iter().map(|f| f.write(ReportId::random())));
        writes
    };
    match store.write(writes(&rows)).await {
        // Another node opened the same report at the same moment: these join it.
        Err(StoreError::Conflict) => store.write(writes(&rows)).await?,
        other => other?,
    }
    Ok(())
}

/// Starts the background review of game `id`; `false` when the jobs' limits are full.
async fn review(
    store: &Store,
    engine: &Arc<EngineWork>,
    shutdown: &CancellationToken,
    id: &str,
) -> Result<bool, PassError> {
    let bad = |why: String| PassError::Game(id.to_string(), why);
    let game_id: GameId = id.parse().map_err(|e| bad(format!("id: {e}")))?;
    let Some((header, plies)) = store.load(&game_id).await? else {
        return Err(bad("rated but not stored".into()));
    };
    let start = Position::start(header.variant, header.options).map_err(|e| bad(format!("options: {e}")))?;
    let plies: Vec<(Side, Decision)> = plies.iter().map(|p| (p.side, p.decision)).collect();
    let game = Reviewing { id: game_id, start, plies, background: true };
    let cx = JobContext { store, shutdown };
    match engine.review(cx, SERVER, game, || Ok::<(), Refused>(())) {
        Ok(_) => Ok(true),
        Err(Refused::Busy | Refused::Client) => Ok(false),
    }
}
