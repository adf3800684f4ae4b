//! The engine pool: every search the server runs (the server bots' decisions, analyses, post-game
//! reviews) runs on a blocking thread once one of the pool's cores is free, so searches never outnumber
//! the cores and the async threads that serve the live games never search.
//!
//! Live play comes first: study (analyses and reviews) holds at most every core but one, so a bot's
//! decision never waits for more than one core's worth of analyses; and a freed core goes to the search
//! due first, a bot by its clock, an analysis a few seconds after it was asked, a review's judgements
//! half a minute after the review was ([`super::queue`]). How many analyses may wait is
//! [`super::admission`]'s business. Study's threads keep the normal scheduling class: the idle class
//! was measured and made live play's latency worse (BENCHMARKS.md). Every search is counted waiting,
//! then running, and its wait timed, for the operator ([`super::meters`]).

use super::meters::Waiting;
use super::queue::CoreQueue;
use std::time::{Duration, Instant};

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// A server bot's decision in a live game; the search stops by `deadline` (the bot's clock), `None`
    /// in a game without a clock.
    Play { deadline: Option<Instant> },
    /// An analysis someone asked for (the analysis board, `POST /api/analysis`).
    Analysis,
    /// A judgement of one decision for the post-game review asked for at `asked`.
    Review { asked: Instant },
    /// One search of a puzzle being mined from a reviewed rated game (`crate::puzzles::mining`): the
    /// least urgent of all, due after everything else asked for within the hour.
    Mine,
}

/// How soon a bot without a clock is due after it asked: about the longest a level 8 decision takes.
pub const PLAY_DUE: Duration = Duration::from_secs(3);
/// How soon an analysis is due after it asked: later than a bot's reply, well before the analysis's
/// patience ([`super::admission::CORE_PATIENCE`]) runs out.
pub const ANALYSIS_DUE: Duration = Duration::from_secs(5);
/// How soon a review's judgements are due after the review was asked for: its reader waits for the
/// whole review (a page polling it), not for one judgement, so they come after every reply and analysis
/// asked meanwhile, but a review still finishes under a steady stream of bots.
pub const REVIEW_DUE: Duration = Duration::from_secs(30);
/// How much later the judgements of a review the server starts itself (fair play) are due than those of a
/// review asked for at the same moment: after everything someone waits for.
pub const BACKGROUND_DELAY: Duration = Duration::from_secs(60);
/// How soon a puzzle miner's search is due after it asked: far behind every other search (the latest of
/// which, a background review's judgement, is due 90 s after it was asked), so a freed core goes to
/// anything else waiting first. Nobody waits for a mined puzzle.
pub const MINE_DUE: Duration = Duration::from_secs(3600);

impl Work {
    /// The instant it is due by, when asked at `now`: its place in the queue for a core.
    fn due(self, now: Instant) -> Instant {
        match self {
            Work::Play { deadline: Some(at) } => at,
            Work::Play { deadline: None } => now + PLAY_DUE,
            Work::Analysis => now + ANALYSIS_DUE,
            Work::Review { asked } => asked + REVIEW_DUE,
            Work::Mine => now + MINE_DUE,
        }
    }

    /// Study: analyses, reviews and mining, which hold at most [`Pool::study_cores`].
    fn is_study(self) -> bool {
        matches!(self, Work::Analysis | Work::Review { .. } | Work::Mine)
    }

    /// Its kind, as the operator's metrics label it ([`super::meters`]).
    pub fn kind(self) -> &'static str {
        match self {
            Work::Play { .. } => "bot",
            Work::Analysis => "analysis",
            Work::Review { .. } => "review",
            Work::Mine => "puzzles",
        }
    }
}

/// Why a search gave no result.
#[derive(Debug, thiserror::Error)]
pub enum PoolError {
    /// No core was free for it within the caller's patience ([`Pool::run_within`]); it never started.
    #[error("no core of the engine was free within {} s: the server's games are using them", .0.as_secs_f32())]
    NoCore(Duration),
    /// The search panicked (or the runtime is shutting down).
    #[error("the engine pool: {0}")]
    Failed(String),
}

/// The cores searches run on, and their queue.
#[derive(Debug)]
pub struct Pool {
    cores: usize,
    queue: CoreQueue,
}

impl Pool {
    /// A pool of `cores` searches at once (at least 1).
    pub fn new(cores: usize) -> Pool {
        let cores = cores.max(1);
        Pool { cores, queue: CoreQueue::new(cores, study_cores(cores)) }
    }

    /// The searches run at once.
    pub fn cores(&self) -> usize {
        self.cores
    }

    /// The cores study may hold at once.
    pub fn study_cores(&self) -> usize {
        study_cores(self.cores)
    }

    /// Runs `search` on a blocking thread once a core is free for `work`; answers its result. The core
    /// goes with the search, not with this future: a caller that stops waiting (a closed request) does
    /// not free a core its search still uses.
    pub async fn run<T: Send + 'static>(
        &self,
        work: Work,
        search: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, PoolError> {
        self.run_within(work, None, search).await
    }

    /// [`Pool::run`], giving up with [`PoolError::NoCore`] when no core was free for `work` within
    /// `patience` (`None`: wait as long as it takes). Only the wait is bounded: a search that started
    /// runs to its end.
    pub async fn run_within<T: Send + 'static>(
        &self,
        work: Work,
        patience: Option<Duration>,
        search: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, PoolError> {
        let waiting = Waiting::ask(work.kind());
        let wait = self.queue.core(work.due(Instant::now()), work.is_study());
        let core = match patience {
            None => wait.await,
            Some(p) => tokio::time::timeout(p, wait).await.map_err(|_| PoolError::NoCore(p))?,
        };
        let running = waiting.got_core();
        let task = tokio::task::spawn_blocking(move || {
            // Counted out of the running before its core goes to the next search (fields drop in order).
            let _held = (running, core);
            search()
        });
        task.await
            .map_err(|e| PoolError::Failed(if e.is_panic() { "the search panicked".into() } else { e.to_string() }))
    }

    /// The searches waiting for a core.
    #[cfg(test)]
    pub(super) fn waiting(&self) -> usize {
        self.queue.waiting()
    }
}

/// The cores study may hold of `cores`: every one but one, or the only one.
fn study_cores(cores: usize) -> usize {
    cores.saturating_sub(1).max(1)
}

#[cfg(test)]
#[path = "pool_tests.rs"]
mod tests;
