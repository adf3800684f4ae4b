//! The agreement of a rated game's sides with the fair-play reference ([`mancala_bot::fairplay::reference`]:
//! what level 8 would choose): the game is replayed, and every decision of a side alone to decide with a
//! choice gets its reference, one search at a time on the engine's pool as study due as late as a
//! background review's judgements ([`BACKGROUND_DELAY`] after those of a review someone asked for), so a bot's
//! decision, an analysis or a review somebody asked for goes first whenever a core frees up.
//!
//! At level 8's budget a reference costs about a second of one core (BENCHMARKS.md, "Fair play"), so a
//! rated game of 30 decisions with a choice a side costs about a minute of one core. Nothing is kept
//! between searches: a restart computes the game again from its first decision.

use crate::analysis::pool::{BACKGROUND_DELAY, PoolError};
use crate::analysis::{EngineWork, Work};
use crate::game::PlySteps;
use mancala_bot::fairplay::{Figures, reference, reference_nodes};
use mancala_engine::{Decision, Position, Side, ToMove};
use std::time::Instant;
use tokio_util::sync::CancellationToken;

/// Why a game's agreement was not computed.
#[derive(Debug, thiserror::Error)]
pub enum ReferenceError {
    #[error(transparent)]
    Pool(#[from] PoolError),
    #[error("ply {0} does not replay: {1}")]
    Replay(u32, String),
}

/// The figures (South, North) of the game from `start` through `plies`, each side's accuracy from the
/// review (`accuracy`), its agreement with the reference at `nodes` nodes a decision (`None`: level 8's
/// budget in the variant); `None` when the server is shutting down.
pub async fn agreement(
    engine: &EngineWork,
    shutdown: &CancellationToken,
    start: Position,
    plies: &[(Side, Decision)],
    accuracy: [Option<f64>; 2],
    nodes: Option<u64>,
) -> Result<Option<[Figures; 2]>, ReferenceError> {
    let nodes = nodes.unwrap_or_else(|| reference_nodes(start.variant()));
    // Due as a background review's judgements are: after every review someone asked for meanwhile.
    let asked = Instant::now() + BACKGROUND_DELAY;
    let mut figures = accuracy.map(Figures::new);
    let mut pos = start;
    for (i, &(side, decision)) in plies.iter().enumerate() {
        if shutdown.is_cancelled() {
            return Ok(None);
        }
        let counted = pos.to_move() == ToMove::Side(side) && pos.legal_decisions(side).len() > 1;
        if counted {
            let before = pos.clone();
            let best = engine.pool.run(Work::Review { asked }, move || reference(&before, side, nodes)).await?;
            figures[side.index()].add(decision, &best);
        }
        PlySteps::play(&mut pos, side, decision).map_err(|e| ReferenceError::Replay(i as u32 + 1, e.to_string()))?;
    }
    Ok(Some(figures))
}
