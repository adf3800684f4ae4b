//! The post-game review jobs of this process ([`mancala_bot::review`]): which games' reviews are being
//! computed, by whom they were started, how far each is, and the job itself.
//!
//! A job judges one decision at a time on the engine pool, so interactive analyses take turns with it
//! rather than wait for a whole game; its judgements are due half a minute after the review was asked
//! ([`super::pool::REVIEW_DUE`]), so it finishes even while bots keep the cores busy. This process runs at most
//! one job per game and [`MAX_JOBS`] in all, and one client address starts at most
//! [`MAX_JOBS_PER_CLIENT`] at once. A job is held only in memory and stores the review through the
//! writer when done: one lost by a crash or a shutdown is started again by the next request. Several
//! nodes may each compute the same review; it is deterministic, so whichever is stored last is the same.
//!
//! The server also starts the review of every rated game itself, for fair play (`crate::fairplay`): such
//! a job is [`Reviewing::background`], its judgements due [`super::pool::BACKGROUND_DELAY`] later than
//! those of a review someone asked for at the same moment, and it counts in the limits like any other
//! (its client address is [`SERVER`]'s, so at most [`MAX_JOBS_PER_CLIENT`] run at once). Every stored
//! review wakes whoever waits on [`ReviewJobs::stored`] (fair play) and
//! [`ReviewJobs::stored_for_puzzles`] (the puzzle miner).

use super::EngineWork;
use super::pool::{PoolError, Work};
use crate::game::{PlySteps, UnixMs};
use crate::ids::{ClientAddr, GameId};
use crate::store::{ReviewRow, Store, StoreError, Write};
use mancala_bot::review::{self as bot_review, Reviewed, Thresholds};
use mancala_engine::{Decision, Position, Side, ToMove};
use mancala_protocol::review::REVIEW_NODES;
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio_util::sync::CancellationToken;

/// Reviews computed at once by this process (they share the pool's study cores).
pub const MAX_JOBS: usize = 8;
/// Reviews one client address may have started and not finished.
pub const MAX_JOBS_PER_CLIENT: usize = 2;

/// The client address of the reviews the server starts itself: no client has it.
pub const SERVER: ClientAddr = ClientAddr(IpAddr::V4(Ipv4Addr::UNSPECIFIED));

/// A review being computed.
#[derive(Debug)]
pub struct Job {
    client: ClientAddr,
    done: AtomicU32,
    of: u32,
}

impl Job {
    /// The decisions judged so far, of how many.
    pub fn progress(&self) -> (u32, u32) {
        (self.done.load(Ordering::Relaxed), self.of)
    }
}

/// Why a review could not be started.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// This process computes [`MAX_JOBS`] reviews already.
    #[error("{MAX_JOBS} reviews are being computed")]
    Busy,
    /// The asking client address started [`MAX_JOBS_PER_CLIENT`] reviews that are not finished.
    #[error("this client address has {MAX_JOBS_PER_CLIENT} reviews being computed already")]
    Client,
}

/// A finished game to review: its id, its start and its decisions.
#[derive(Debug)]
pub struct Reviewing {
    pub id: GameId,
    pub start: Position,
    pub plies: Vec<(Side, Decision)>,
    /// Started by the server itself (fair play), not asked for: its judgements come after the others'.
    pub background: bool,
}

/// The jobs of this process, by game id.
#[derive(Debug, Default)]
pub struct ReviewJobs {
    jobs: Mutex<HashMap<String, Arc<Job>>>,
    stored: tokio::sync::Notify,
    /// The same wake-up for the puzzle miner: a `Notify` wakes one waiter, and fair play waits on
    /// `stored`.
    stored_for_puzzles: tokio::sync::Notify,
}

impl ReviewJobs {
    /// Completes once a job of this process next stores a review (at once if one did since the last wait).
    pub async fn stored(&self) {
        self.stored.notified().await;
    }

    /// [`ReviewJobs::stored`], for the puzzle miner.
    pub async fn stored_for_puzzles(&self) {
        self.stored_for_puzzles.notified().await;
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Arc<Job>>> {
        // A job never panics while holding the lock; recover the map rather than fail every later request.
        self.jobs.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// What a started job needs of the server: the store it writes the review to, and the shutdown it
/// stops on.
#[derive(Debug)]
pub struct JobContext<'a> {
    pub store: &'a Store,
    pub shutdown: &'a CancellationToken,
}

impl EngineWork {
    /// The job under way of game `id`'s review, if any. A job stores its review before it is forgotten,
    /// so when none is under way the store holds the review if any job of this process computed it.
    pub fn review_under_way(&self, id: &str) -> Option<Arc<Job>> {
        self.reviews.lock().get(id).cloned()
    }

    /// The job of `game`'s review for `client`: the one under way (followed however full the limits
    /// are: asking again is never refused), or a new one started in the background once `may_start`
    /// (the caller's own limit) allows it; refused by this process's or the client's limit.
    pub fn review<E: From<Refused>>(
        self: &Arc<Self>,
        cx: JobContext<'_>,
        client: ClientAddr,
        game: Reviewing,
        may_start: impl FnOnce() -> Result<(), E>,
    ) -> Result<Arc<Job>, E> {
        let mut jobs = self.reviews.lock();
        if let Some(job) = admit(&jobs, game.id.as_str(), client)? {
            return Ok(job);
        }
        may_start()?;
        let job = Arc::new(Job { client, done: AtomicU32::new(0), of: game.plies.len() as u32 });
        jobs.insert(game.id.to_string(), job.clone());
        let (engine, store, shutdown, running) = (self.clone(), cx.store.clone(), cx.shutdown.clone(), job.clone());
        tokio::spawn(async move { run(engine, store, shutdown, game, running).await });
        Ok(job)
    }
}

/// What a request from `client` for game `id`'s review may do with the jobs under way: follow the
/// game's job (`Some`), start one (`None`), or nothing (the server's or the client's limit).
fn admit(jobs: &HashMap<String, Arc<Job>>, id: &str, client: ClientAddr) -> Result<Option<Arc<Job>>, Refused> {
    if let Some(job) = jobs.get(id) {
        return Ok(Some(job.clone()));
    }
    if jobs.len() >= MAX_JOBS {
        return Err(Refused::Busy);
    }
    if jobs.values().filter(|j| j.client == client).count() >= MAX_JOBS_PER_CLIENT {
        return Err(Refused::Client);
    }
    Ok(None)
}

/// Why a job stored no review (logged; the next request starts it again).
#[derive(Debug, thiserror::Error)]
enum JobError {
    #[error(transparent)]
    Pool(#[from] PoolError),
    #[error("stored ply {0} does not replay: {1}")]
    Replay(u32, String),
    #[error("a review does not serialise: {0}")]
    Serialise(#[from] serde_json::Error),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Computes and stores the review of `game`, then forgets the job however this ends.
async fn run(engine: Arc<EngineWork>, store: Store, shutdown: CancellationToken, game: Reviewing, job: Arc<Job>) {
    struct Forget(Arc<EngineWork>, String);
    impl Drop for Forget {
        fn drop(&mut self) {
            self.0.reviews.lock().remove(&self.1);
        }
    }
    let _forget = Forget(engine.clone(), game.id.to_string());
    let outcome = async {
        let Some(review) = compute(&engine, &shutdown, &game, &job).await? else {
            return Ok(());
        };
        let json = serde_json::to_string(&bot_review::wire(game.id.as_str(), &game.start, &review, REVIEW_NODES))?;
        let row = ReviewRow {
            game_id: game.id.to_string(),
            nodes: REVIEW_NODES as i64,
            review: json,
            created_at: UnixMs::now().millis(),
        };
        store.write(vec![Write::Review(row)]).await?;
        engine.reviews.stored.notify_one();
        engine.reviews.stored_for_puzzles.notify_one();
        Ok::<(), JobError>(())
    };
    if let Err(e) = outcome.await {
        tracing::warn!(game = %game.id, error = %e, "a review failed");
    }
}

/// The review of `plies` from `start`, one decision's analysis at a time on the pool; `None` when the
/// server is shutting down (the next request after a restart starts it again).
async fn compute(
    engine: &EngineWork,
    shutdown: &CancellationToken,
    game: &Reviewing,
    job: &Job,
) -> Result<Option<bot_review::Review>, JobError> {
    let (start, plies) = (game.start.clone(), &game.plies);
    let th = Thresholds::of(&start);
    // The job starts when the review is first asked for: every judgement is due relative to that (a
    // review nobody asked for, as if asked a little later).
    let mut asked = std::time::Instant::now();
    if game.background {
        asked += super::pool::BACKGROUND_DELAY;
    }
    let mut pos = start;
    let mut decisions = Vec::with_capacity(plies.len());
    for (i, &(side, decision)) in plies.iter().enumerate() {
        if shutdown.is_cancelled() {
            return Ok(None);
        }
        let judged = match pos.to_move() {
            ToMove::Side(_) => {
                let before = pos.clone();
                let judge = move || bot_review::judge(&before, decision, REVIEW_NODES, &th);
                engine.pool.run(Work::Review { asked }, judge).await?
            }
            _ => None,
        };
        let ply = i as u32 + 1;
        PlySteps::play(&mut pos, side, decision).map_err(|e| JobError::Replay(ply, e.to_string()))?;
        decisions.push(Reviewed { ply, side, decision, judged });
        job.done.store(ply, Ordering::Relaxed);
    }
    Ok(Some(bot_review::summary(th, decisions)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::{IpAddr, Ipv4Addr};

    fn client(n: u8) -> ClientAddr {
        ClientAddr(IpAddr::V4(Ipv4Addr::new(10, 0, 0, n)))
    }

    fn job(client: ClientAddr) -> Arc<Job> {
        Arc::new(Job { client, done: AtomicU32::new(0), of: 10 })
    }

    #[test]
    fn a_client_starts_two_reviews_at_once_and_follows_them_whatever_the_limits() {
        let mut jobs = HashMap::new();
        assert!(admit(&jobs, "a", client(1)).unwrap().is_none());
        jobs.insert("a".to_string(), job(client(1)));
        assert!(admit(&jobs, "b", client(1)).unwrap().is_none());
        jobs.insert("b".to_string(), job(client(1)));
        assert_eq!(admit(&jobs, "c", client(1)).unwrap_err(), Refused::Client);
        assert!(admit(&jobs, "c", client(2)).unwrap().is_none(), "another address is not held to it");
        let followed = admit(&jobs, "a", client(1)).unwrap().expect("the game's own job");
        assert!(Arc::ptr_eq(&followed, &jobs["a"]));
        assert!(admit(&jobs, "a", client(3)).unwrap().is_some(), "anyone follows a job under way");
    }

    #[test]
    fn the_server_computes_at_most_max_jobs() {
        let mut jobs = HashMap::new();
        for n in 0..MAX_JOBS {
            assert!(admit(&jobs, &format!("g{n}"), client(n as u8)).unwrap().is_none());
            jobs.insert(format!("g{n}"), job(client(n as u8)));
        }
        assert_eq!(admit(&jobs, "late", client(200)).unwrap_err(), Refused::Busy);
        assert!(admit(&jobs, "g0", client(200)).unwrap().is_some(), "a job under way is still followed");
    }
}
