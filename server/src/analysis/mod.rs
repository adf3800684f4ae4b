//! The analysis, a feature in one folder (docs/server.md, "Features"): the engine's work of one server,
//! every search it runs (the server bots' decisions, analyses, post-game reviews) on one pool of cores,
//! and the routes that ask it for an analysis or a review. [`EngineWork`] is one value, built from the
//! configuration (`--engine-cores`) when the server starts and held by `AppState` and the room registry
//! (whose bot seats search on it); nothing of it is process-wide, so each test server, and each unit test,
//! has its own. It owns:
//! - the pool and its cores (`pool.rs`): a search on a blocking thread once a core is free, live play
//!   first, study (analyses and reviews) on every core but one;
//! - the queue for a core (`queue.rs`): a freed core to the search due first;
//! - study admission (`admission.rs`): how many analyses may run and wait;
//! - the review jobs (`reviews.rs`): the post-game reviews being computed, their limits and progress;
//! - what the operator sees of it (`meters.rs`): searches waiting and running, and their waits;
//! - `POST /api/analysis` and a finished game's review, `GET /api/games/{id}/review[/{ply}]` (`routes/`,
//!   an edge file).

pub mod admission;
mod meters;
pub mod pool;
mod queue;
pub mod reviews;
pub mod routes;

pub use admission::StudyError;
pub use pool::Work;
pub use reviews::{Job, JobContext, Refused, Reviewing};

use admission::Admission;
use pool::Pool;
use reviews::ReviewJobs;

use crate::config::Config;

/// The engine's work of one server: its pool, the admission of analyses, the review jobs.
#[derive(Debug)]
pub struct EngineWork {
    pub pool: Pool,
    pub analyses: Admission,
    pub reviews: ReviewJobs,
}

impl EngineWork {
    /// An engine of `cores` searches at once (at least 1).
    pub fn new(cores: usize) -> EngineWork {
        let pool = Pool::new(cores);
        EngineWork { analyses: Admission::of(&pool), pool, reviews: ReviewJobs::default() }
    }

    /// The engine `config` asks for: `--engine-cores`, or one search per core of the machine (2 when it
    /// cannot say).
    pub fn of(config: &Config) -> EngineWork {
        let machine = || std::thread::available_parallelism().map_or(2, |n| n.get());
        EngineWork::new(config.engine_cores.map_or_else(machine, usize::from))
    }
}
