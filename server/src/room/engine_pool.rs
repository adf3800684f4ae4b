//! The engine pool: every search the server runs (the server bots' decisions, analyses, post-game
//! reviews) runs on a blocking thread once a core of the machine is free, so searches never outnumber
//! the cores and the async threads that serve the live games never search.
//!
//! Live play comes first: study (analyses and reviews) holds at most every core but one, so a bot's
//! decision never waits for more than one core's worth of analyses; and a freed core goes to the search
//! due first, a bot by its clock, an analysis a few seconds after it was asked, a review's judgements
//! half a minute after the review was ([`super::core_queue`]). How many analyses may wait is the HTTP
//! edge's business (it answers `busy` beyond its bound). Study's threads keep the normal scheduling
//! class: the idle class was measured and made live play's latency worse (BENCHMARKS.md).

use super::core_queue;
use std::sync::OnceLock;
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
}

/// How soon a bot without a clock is due after it asked: about the longest a level 8 decision takes.
pub const PLAY_DUE: Duration = Duration::from_secs(3);
/// How soon an analysis is due after it asked: later than a bot's reply, well before the analysis's
/// patience (`http::analysis::CORE_PATIENCE`) runs out.
pub const ANALYSIS_DUE: Duration = Duration::from_secs(5);
/// How soon a review's judgements are due after the review was asked for: its reader waits for the
/// whole review (a page polling it), not for one judgement, so they come after every reply and analysis
/// asked meanwhile, but a review still finishes under a steady stream of bots.
pub const REVIEW_DUE: Duration = Duration::from_secs(30);

impl Work {
    /// The instant it is due by, when asked at `now`: its place in the queue for a core.
    fn due(self, now: Instant) -> Instant {
        match self {
            Work::Play { deadline: Some(at) } => at,
            Work::Play { deadline: None } => now + PLAY_DUE,
            Work::Analysis => now + ANALYSIS_DUE,
            Work::Review { asked } => asked + REVIEW_DUE,
        }
    }

    /// Study: analyses and reviews, which hold at most [`study_cores`].
    fn is_study(self) -> bool {
        matches!(self, Work::Analysis | Work::Review { .. })
    }
}

/// The searches run at once: [`set_cores`], or one per core of the machine (2 when it cannot say).
pub fn cores() -> usize {
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(2, |n| n.get()))
}

static CORES: OnceLock<usize> = OnceLock::new();

/// Sets the searches run at once (`--engine-cores`; at least 1). The pool is sized once, when first
/// used: answers false if it already was.
pub fn set_cores(n: usize) -> bool {
    CORES.set(n.max(1)).is_ok()
}

/// The cores study may hold at once.
pub fn study_cores() -> usize {
    cores().saturating_sub(1).max(1)
}

/// Why a search gave no result.
#[derive(Debug, thiserror::Error)]
pub enum PoolError {
    /// No core was free for it within the caller's patience ([`run_within`]); it never started.
    #[error("no core of the engine was free within {} s: the server's games are using them", .0.as_secs_f32())]
    NoCore(Duration),
    /// The pool is closed or the search panicked.
    #[error("the engine pool: {0}")]
    Failed(String),
}

/// Runs `search` on a blocking thread once a core is free for `work`; answers its result. The core goes
/// with the search, not with this future: a caller that stops waiting (a closed request) does not free
/// a core its search still uses.
pub async fn run<T: Send + 'static>(work: Work, search: impl FnOnce() -> T + Send + 'static) -> Result<T, PoolError> {
    run_within(work, None, search).await
}

/// [`run`], giving up with [`PoolError::NoCore`] when no core was free for `work` within `patience`
/// (`None`: wait as long as it takes). Only the wait is bounded: a search that started runs to its end.
pub async fn run_within<T: Send + 'static>(
    work: Work,
    patience: Option<Duration>,
    search: impl FnOnce() -> T + Send + 'static,
) -> Result<T, PoolError> {
    let wait = core_queue::core(work.due(Instant::now()), work.is_study());
    let core = match patience {
        None => wait.await,
        Some(p) => tokio::time::timeout(p, wait).await.map_err(|_| PoolError::NoCore(p))?,
    };
    let task = tokio::task::spawn_blocking(move || {
        let _core = core;
        search()
    });
    task.await.map_err(|e| PoolError::Failed(if e.is_panic() { "the search panicked".into() } else { e.to_string() }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::{Duration, Instant};

    /// The pool is one per process: its tests take turns.
    static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

    /// Studies that run until released: `n` of them asked, started as the pool allows.
    struct Held {
        release: std::sync::mpsc::Sender<()>,
        running: Arc<AtomicUsize>,
        callers: Vec<tokio::task::JoinHandle<Result<(), PoolError>>>,
    }

    impl Held {
        fn ask(work: Work, n: usize) -> Held {
            let (release, held) = std::sync::mpsc::channel::<()>();
            let held = Arc::new(std::sync::Mutex::new(held));
            let running = Arc::new(AtomicUsize::new(0));
            let callers = (0..n)
                .map(|_| {
                    let (held, running) = (held.clone(), running.clone());
                    tokio::spawn(run(work, move || {
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
        // One more than may start: the extra one waits, study holding its whole share.
        let held = Held::ask(Work::Analysis, study_cores() + 1);
        held.until_running(study_cores()).await;
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert_eq!(held.running.load(Ordering::SeqCst), study_cores(), "study holds at most every core but one");
        let decided = tokio::time::timeout(Duration::from_secs(30), run(Work::Play { deadline: None }, || 7)).await;
        assert_eq!(decided.expect("a bot's search runs while study holds its cores").unwrap(), 7);
        held.release(held.callers.len());
        for s in held.callers {
            s.await.unwrap().unwrap();
        }
    }

    /// A freed core passes over an analysis that is due first but would take study beyond its share,
    /// to a bot whose clock could wait longer.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_freed_core_passes_over_study_beyond_its_share() {
        let _turn = SERIAL.lock().await;
        let study = Held::ask(Work::Analysis, study_cores());
        assert_eq!(study.until_running(study_cores()).await, study_cores());
        let play = Held::ask(Work::Play { deadline: None }, cores() - study_cores());
        assert_eq!(play.until_running(cores() - study_cores()).await, cores() - study_cores());
        let analysis = tokio::spawn(run(Work::Analysis, || "analysis"));
        tokio::time::sleep(Duration::from_millis(100)).await;
        let late = Work::Play { deadline: Some(Instant::now() + Duration::from_secs(60)) };
        let bot = tokio::spawn(run(late, || "bot"));
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert_eq!(core_queue::waiting(), 2);
        play.release(1);
        let ran = tokio::time::timeout(Duration::from_secs(30), bot).await;
        assert_eq!(ran.expect("the bot gets the freed core").unwrap().unwrap(), "bot");
        assert!(!analysis.is_finished(), "study went beyond its share");
        study.release(1);
        let ran = tokio::time::timeout(Duration::from_secs(30), analysis).await;
        assert_eq!(ran.expect("the analysis gets study's freed core").unwrap().unwrap(), "analysis");
        study.release(study_cores() - 1);
        play.release(cores() - study_cores() - 1);
        for s in study.callers.into_iter().chain(play.callers) {
            s.await.unwrap().unwrap();
        }
    }

    #[tokio::test]
    async fn a_panicking_search_is_an_error_and_frees_its_core() {
        let _turn = SERIAL.lock().await;
        let all = async {
            for _ in 0..cores() + 1 {
                let err = run(Work::Analysis, || panic!("a search that fails")).await.unwrap_err();
                assert!(err.to_string().contains("panicked"), "{err}");
            }
            run(Work::Play { deadline: None }, || 7).await.unwrap()
        };
        let decided = tokio::time::timeout(Duration::from_secs(30), all).await;
        assert_eq!(decided.expect("a panicked search gives its permits back"), 7);
    }

    /// Callers that stop waiting (a request closed mid-analysis) leave their searches running: those
    /// still count, and no more study starts until they end.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_search_whose_caller_left_still_holds_its_core() {
        let _turn = SERIAL.lock().await;
        let held = Held::ask(Work::Analysis, study_cores());
        held.until_running(study_cores()).await;
        for caller in &held.callers {
            caller.abort();
        }
        let extra = tokio::spawn(run(Work::Analysis, || 7));
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert!(!extra.is_finished(), "a study started beyond study's share while the left searches still ran");
        held.release(study_cores());
        let done = tokio::time::timeout(Duration::from_secs(30), extra).await;
        assert_eq!(done.expect("the study runs once the left searches end").unwrap().unwrap(), 7);
    }

    /// With every core busy, a freed core goes to the search due first, whatever the order they were
    /// asked in: a bot by its deadline, a bot without a clock [`PLAY_DUE`] after it asked, an analysis
    /// [`ANALYSIS_DUE`] after (ahead of a bot whose clock can wait longer), a review's judgement
    /// [`REVIEW_DUE`] after the review was asked (so one asked long ago goes ahead of fresh bots). A
    /// waiter that left is skipped.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_freed_core_goes_to_the_search_due_first() {
        let _turn = SERIAL.lock().await;
        let held = Held::ask(Work::Play { deadline: None }, cores());
        assert_eq!(held.until_running(cores()).await, cores());
        let started = Arc::new(std::sync::Mutex::new(Vec::new()));
        let now = Instant::now();
        let ask = |name: &'static str, work: Work| {
            let started = started.clone();
            tokio::spawn(run(work, move || started.lock().unwrap().push(name)))
        };
        let queued = |n: usize| async move {
            for _ in 0..500 {
                if core_queue::waiting() == n {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            assert_eq!(core_queue::waiting(), n, "the searches in the queue");
        };
        // Asked in the reverse of the order they are to run, each queued before the next is asked.
        let mut asked = Vec::new();
        for (i, (name, work)) in [
            ("review", Work::Review { asked: now }),
            ("in 10 s", Work::Play { deadline: Some(now + Duration::from_secs(10)) }),
            ("analysis", Work::Analysis),
            ("no clock", Work::Play { deadline: None }),
            ("left", Work::Play { deadline: Some(now) }),
            ("in 1 s", Work::Play { deadline: Some(now + Duration::from_secs(1)) }),
            ("review asked 28 s ago", Work::Review { asked: now - Duration::from_secs(28) }),
        ]
        .into_iter()
        .enumerate()
        {
            asked.push(ask(name, work));
            queued(i + 1).await;
        }
        // The first due stops waiting: it leaves the queue and never runs.
        asked.remove(4).abort();
        queued(6).await;
        // One core freed: the waiters run one after another on it, earliest due first.
        held.release(1);
        for a in asked {
            tokio::time::timeout(Duration::from_secs(30), a).await.expect("every waiter runs").unwrap().unwrap();
        }
        assert_eq!(
            *started.lock().unwrap(),
            ["in 1 s", "review asked 28 s ago", "no clock", "analysis", "in 10 s", "review"]
        );
        held.release(cores() - 1);
        for s in held.callers {
            s.await.unwrap().unwrap();
        }
        // Every core came back: as many searches as cores run at once.
        let all = Held::ask(Work::Play { deadline: None }, cores());
        assert_eq!(all.until_running(cores()).await, cores(), "no core was lost");
        all.release(cores());
        for s in all.callers {
            s.await.unwrap().unwrap();
        }
    }

    /// A caller with limited patience gets `NoCore` when every core stays busy, leaves nothing behind in
    /// the queue, and runs as soon as a core is free.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_study_that_finds_no_core_in_time_gives_up_and_leaves_the_queue() {
        let _turn = SERIAL.lock().await;
        let held = Held::ask(Work::Play { deadline: None }, cores());
        assert_eq!(held.until_running(cores()).await, cores());
        let patience = Some(Duration::from_millis(200));
        let gave_up = tokio::time::timeout(Duration::from_secs(30), run_within(Work::Analysis, patience, || 7)).await;
        let err = gave_up.expect("it gives up on its own").unwrap_err();
        assert!(matches!(err, PoolError::NoCore(_)), "{err}");
        assert_eq!(core_queue::waiting(), 0, "it left the queue");
        held.release(1);
        let ran = tokio::time::timeout(Duration::from_secs(30), run_within(Work::Analysis, patience, || 7)).await;
        assert_eq!(ran.expect("a free core is taken at once").unwrap(), 7);
        held.release(cores() - 1);
        for s in held.callers {
            s.await.unwrap().unwrap();
        }
    }
}
