//! The engine pool: every search the server runs (the server bots' decisions, analyses, post-game
//! reviews) runs on a blocking thread once a core of the machine is free, so searches never outnumber
//! the cores and the async threads that serve the live games never search.
//!
//! Live play comes first: study (analyses and reviews) holds at most every core but one, so a bot's
//! decision waits only for other bots' decisions, never behind a queue of analyses. How many analyses may
//! wait is the HTTP edge's business (it answers `busy` beyond its bound). Study's threads keep the normal
//! scheduling class: the idle class was measured and made live play's latency worse (BENCHMARKS.md).

use std::sync::{Arc, LazyLock};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// A server bot's decision in a live game.
    Play,
    /// An analysis or a review's judgement.
    Study,
}

/// The cores of the machine (2 when it cannot say).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// The cores study may hold at once.
pub fn study_cores() -> usize {
    cores().saturating_sub(1).max(1)
}

/// One permit per core: the searches running at once.
static CORES: LazyLock<Arc<Semaphore>> = LazyLock::new(|| Arc::new(Semaphore::new(cores())));
/// The permits study must hold first (so at most [`study_cores`] of `CORES` are study's).
static STUDY: LazyLock<Arc<Semaphore>> = LazyLock::new(|| Arc::new(Semaphore::new(study_cores())));

/// The pool is closed or a search panicked.
#[derive(Debug, thiserror::Error)]
#[error("the engine pool: {0}")]
pub struct PoolError(String);

/// Runs `search` on a blocking thread once a core is free for `work`; answers its result. The permits
/// go with the search, not with this future: a caller that stops waiting (a closed request) does not free
/// a core its search still uses.
pub async fn run<T: Send + 'static>(work: Work, search: impl FnOnce() -> T + Send + 'static) -> Result<T, PoolError> {
    let study = match work {
        Work::Play => None,
        Work::Study => Some(permit(&STUDY).await?),
    };
    let core = permit(&CORES).await?;
    let task = tokio::task::spawn_blocking(move || {
        let _permits = (core, study);
        search()
    });
    task.await
        .map_err(|e| if e.is_panic() { PoolError("the search panicked".into()) } else { PoolError(e.to_string()) })
}

async fn permit(semaphore: &Arc<Semaphore>) -> Result<OwnedSemaphorePermit, PoolError> {
    semaphore.clone().acquire_owned().await.map_err(|e| PoolError(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// The pool is one per process: its tests take turns.
    static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

    /// Studies that run until released: `n` of them asked, started as the pool allows.
    struct Held {
        release: std::sync::mpsc::Sender<()>,
        running: Arc<AtomicUsize>,
        callers: Vec<tokio::task::JoinHandle<Result<(), PoolError>>>,
    }

    impl Held {
        fn ask(n: usize) -> Held {
            let (release, held) = std::sync::mpsc::channel::<()>();
            let held = Arc::new(std::sync::Mutex::new(held));
            let running = Arc::new(AtomicUsize::new(0));
            let callers = (0..n)
                .map(|_| {
                    let (held, running) = (held.clone(), running.clone());
                    tokio::spawn(run(Work::Study, move || {
                        running.fetch_add(1, Ordering::SeqCst);
                        let _ = held.lock().unwrap().recv();
                    }))
                })
                .collect();
            Held { release, running, callers }
        }

        /// Waits (5 s at most) until `n` of them run; answers how many do.
        async fn until_running(&self, n: usize) -> usize {
            for _ in 0..500 {
                if self.running.load(Ordering::SeqCst) == n {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            self.running.load(Ordering::SeqCst)
        }

        fn release(&self, n: usize) {
            for _ in 0..n {
                self.release.send(()).unwrap();
            }
        }
    }

    /// With every core study may hold taken by searches that do not end, more study waits, and a bot's
    /// decision still runs.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn study_never_takes_the_last_core_from_live_play() {
        let _turn = SERIAL.lock().await;
        // One more than may start: the extra one waits for a study permit.
        let held = Held::ask(study_cores() + 1);
        held.until_running(study_cores()).await;
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert_eq!(held.running.load(Ordering::SeqCst), study_cores(), "study holds at most every core but one");
        let decided = tokio::time::timeout(Duration::from_secs(30), run(Work::Play, || 7)).await;
        assert_eq!(decided.expect("a bot's search runs while study holds its cores").unwrap(), 7);
        held.release(held.callers.len());
        for s in held.callers {
            s.await.unwrap().unwrap();
        }
    }

    #[tokio::test]
    async fn a_panicking_search_is_an_error_and_frees_its_core() {
        let _turn = SERIAL.lock().await;
        let all = async {
            for _ in 0..cores() + 1 {
                let err = run(Work::Study, || panic!("a search that fails")).await.unwrap_err();
                assert!(err.to_string().contains("panicked"), "{err}");
            }
            run(Work::Play, || 7).await.unwrap()
        };
        let decided = tokio::time::timeout(Duration::from_secs(30), all).await;
        assert_eq!(decided.expect("a panicked search gives its permits back"), 7);
    }

    /// Callers that stop waiting (a request closed mid-analysis) leave their searches running: those
    /// still count, and no more study starts until they end.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_search_whose_caller_left_still_holds_its_core() {
        let _turn = SERIAL.lock().await;
        let held = Held::ask(study_cores());
        held.until_running(study_cores()).await;
        for caller in &held.callers {
            caller.abort();
        }
        let extra = tokio::spawn(run(Work::Study, || 7));
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert!(!extra.is_finished(), "a study started beyond study's share while the left searches still ran");
        held.release(study_cores());
        let done = tokio::time::timeout(Duration::from_secs(30), extra).await;
        assert_eq!(done.expect("the study runs once the left searches end").unwrap().unwrap(), 7);
    }
}
