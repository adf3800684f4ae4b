//! The pool's tests: each builds a pool of its own, of a known number of cores, so they run in parallel
//! and do not depend on the machine.

use super::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Cores of the pools tested: study holds two, live play keeps one.
const CORES: usize = 3;

fn pool() -> Arc<Pool> {
    Arc::new(Pool::new(CORES))
}

/// Runs `search` for `work` on `pool` in a task of its own.
fn spawn<T: Send + 'static>(
    pool: &Arc<Pool>,
    work: Work,
    search: impl FnOnce() -> T + Send + 'static,
) -> tokio::task::JoinHandle<Result<T, PoolError>> {
    let pool = pool.clone();
    tokio::spawn(async move { pool.run(work, search).await })
}

/// Polls `cond` (5 s at most); answers whether it held.
async fn until(cond: impl Fn() -> bool) -> bool {
    for _ in 0..500 {
        if cond() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    cond()
}

/// Searches that run until released: `n` of them asked, started as the pool allows.
struct Held {
    release: std::sync::mpsc::Sender<()>,
    running: Arc<AtomicUsize>,
    callers: Vec<tokio::task::JoinHandle<Result<(), PoolError>>>,
}

impl Held {
    fn ask(pool: &Arc<Pool>, work: Work, n: usize) -> Held {
        let (release, held) = std::sync::mpsc::channel::<()>();
        let held = Arc::new(std::sync::Mutex::new(held));
        let running = Arc::new(AtomicUsize::new(0));
        let callers = (0..n)
            .map(|_| {
                let (held, running) = (held.clone(), running.clone());
                spawn(pool, work, move || {
                    running.fetch_add(1, Ordering::SeqCst);
                    let _ = held.lock().unwrap().recv();
                })
            })
            .collect();
        Held { release, running, callers }
    }

    /// Waits (5 s at most) until `n` of them run; answers how many do.
    async fn until_running(&self, n: usize) -> usize {
        until(|| self.running.load(Ordering::SeqCst) == n).await;
        self.running.load(Ordering::SeqCst)
    }

    fn release(&self, n: usize) {
        for _ in 0..n {
            self.release.send(()).unwrap();
        }
    }
}

#[test]
fn a_pool_has_a_core_at_least_and_study_every_core_but_one_or_the_only_one() {
    assert_eq!((Pool::new(0).cores(), Pool::new(0).study_cores()), (1, 1));
    assert_eq!((Pool::new(1).cores(), Pool::new(1).study_cores()), (1, 1));
    assert_eq!((Pool::new(2).cores(), Pool::new(2).study_cores()), (2, 1));
    assert_eq!((Pool::new(8).cores(), Pool::new(8).study_cores()), (8, 7));
}

/// With every core study may hold taken by searches that do not end, more study waits, and a bot's
/// decision still runs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn study_never_takes_the_last_core_from_live_play() {
    let pool = pool();
    // One more than may start: the extra one waits, study holding its whole share.
    let held = Held::ask(&pool, Work::Analysis, pool.study_cores() + 1);
    held.until_running(pool.study_cores()).await;
    assert!(until(|| pool.waiting() == 1).await, "the extra study waits");
    assert_eq!(held.running.load(Ordering::SeqCst), pool.study_cores(), "study holds at most every core but one");
    let decided = tokio::time::timeout(Duration::from_secs(30), pool.run(Work::Play { deadline: None }, || 7)).await;
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
    let pool = pool();
    let (cores, study_cores) = (pool.cores(), pool.study_cores());
    let study = Held::ask(&pool, Work::Analysis, study_cores);
    assert_eq!(study.until_running(study_cores).await, study_cores);
    let play = Held::ask(&pool, Work::Play { deadline: None }, cores - study_cores);
    assert_eq!(play.until_running(cores - study_cores).await, cores - study_cores);
    let analysis = spawn(&pool, Work::Analysis, || "analysis");
    assert!(until(|| pool.waiting() == 1).await, "the analysis waits");
    let late = Work::Play { deadline: Some(Instant::now() + Duration::from_secs(60)) };
    let bot = spawn(&pool, late, || "bot");
    assert!(until(|| pool.waiting() == 2).await, "the bot waits");
    play.release(1);
    let ran = tokio::time::timeout(Duration::from_secs(30), bot).await;
    assert_eq!(ran.expect("the bot gets the freed core").unwrap().unwrap(), "bot");
    assert!(!analysis.is_finished(), "study went beyond its share");
    assert_eq!(pool.waiting(), 1, "the analysis still waits");
    study.release(1);
    let ran = tokio::time::timeout(Duration::from_secs(30), analysis).await;
    assert_eq!(ran.expect("the analysis gets study's freed core").unwrap().unwrap(), "analysis");
    study.release(study_cores - 1);
    play.release(cores - study_cores - 1);
    for s in study.callers.into_iter().chain(play.callers) {
        s.await.unwrap().unwrap();
    }
}

#[tokio::test]
async fn a_panicking_search_is_an_error_and_frees_its_core() {
    let pool = pool();
    let all = async {
        for _ in 0..pool.cores() + 1 {
            let err = pool.run(Work::Analysis, || panic!("a search that fails")).await.unwrap_err();
            assert!(err.to_string().contains("panicked"), "{err}");
        }
        pool.run(Work::Play { deadline: None }, || 7).await.unwrap()
    };
    let decided = tokio::time::timeout(Duration::from_secs(30), all).await;
    assert_eq!(decided.expect("a panicked search gives its permits back"), 7);
}

/// Callers that stop waiting (a request closed mid-analysis) leave their searches running: those
/// still count, and no more study starts until they end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_whose_caller_left_still_holds_its_core() {
    let pool = pool();
    let held = Held::ask(&pool, Work::Analysis, pool.study_cores());
    held.until_running(pool.study_cores()).await;
    for caller in &held.callers {
        caller.abort();
    }
    let extra = spawn(&pool, Work::Analysis, || 7);
    assert!(until(|| pool.waiting() == 1).await, "the study waits for the left searches");
    assert!(!extra.is_finished(), "a study started beyond study's share while the left searches still ran");
    held.release(pool.study_cores());
    let done = tokio::time::timeout(Duration::from_secs(30), extra).await;
    assert_eq!(done.expect("the study runs once the left searches end").unwrap().unwrap(), 7);
}

/// With every core busy, a freed core goes to the search due first, whatever the order they were
/// asked in: a bot by its deadline, a bot without a clock [`PLAY_DUE`] after it asked, an analysis
/// [`ANALYSIS_DUE`] after (ahead of a bot whose clock can wait longer), a review's judgement
/// [`REVIEW_DUE`] after the review was asked (so one asked long ago goes ahead of fresh bots), a
/// background review's [`BACKGROUND_DELAY`] later, and a puzzle miner's search after all of them. A
/// waiter that left is skipped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_freed_core_goes_to_the_search_due_first() {
    let pool = pool();
    let cores = pool.cores();
    let held = Held::ask(&pool, Work::Play { deadline: None }, cores);
    assert_eq!(held.until_running(cores).await, cores);
    let started = Arc::new(std::sync::Mutex::new(Vec::new()));
    let now = Instant::now();
    let ask = |name: &'static str, work: Work| {
        let started = started.clone();
        spawn(&pool, work, move || started.lock().unwrap().push(name))
    };
    // Asked in the reverse of the order they are to run, each queued before the next is asked.
    let mut asked = Vec::new();
    for (i, (name, work)) in [
        ("puzzles", Work::Mine),
        ("background review", Work::Review { asked: now + BACKGROUND_DELAY }),
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
        assert!(until(|| pool.waiting() == i + 1).await, "{name} is queued");
    }
    // The first due stops waiting: it leaves the queue and never runs.
    asked.remove(6).abort();
    assert!(until(|| pool.waiting() == 8).await, "the waiter that left is out of the queue");
    // One core freed: the waiters run one after another on it, earliest due first.
    held.release(1);
    for a in asked {
        tokio::time::timeout(Duration::from_secs(30), a).await.expect("every waiter runs").unwrap().unwrap();
    }
    assert_eq!(
        *started.lock().unwrap(),
        [
            "in 1 s",
            "review asked 28 s ago",
            "no clock",
            "analysis",
            "in 10 s",
            "review",
            "background review",
            "puzzles"
        ]
    );
    held.release(cores - 1);
    for s in held.callers {
        s.await.unwrap().unwrap();
    }
    // Every core came back: as many searches as cores run at once.
    let all = Held::ask(&pool, Work::Play { deadline: None }, cores);
    assert_eq!(all.until_running(cores).await, cores, "no core was lost");
    all.release(cores);
    for s in all.callers {
        s.await.unwrap().unwrap();
    }
}

/// A caller with limited patience gets `NoCore` when every core stays busy, leaves nothing behind in
/// the queue, and runs as soon as a core is free.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_study_that_finds_no_core_in_time_gives_up_and_leaves_the_queue() {
    let pool = pool();
    let cores = pool.cores();
    let held = Held::ask(&pool, Work::Play { deadline: None }, cores);
    assert_eq!(held.until_running(cores).await, cores);
    let patience = Some(Duration::from_millis(200));
    let gave_up = tokio::time::timeout(Duration::from_secs(30), pool.run_within(Work::Analysis, patience, || 7)).await;
    let err = gave_up.expect("it gives up on its own").unwrap_err();
    assert!(matches!(err, PoolError::NoCore(_)), "{err}");
    assert_eq!(pool.waiting(), 0, "it left the queue");
    held.release(1);
    let ran = tokio::time::timeout(Duration::from_secs(30), pool.run_within(Work::Analysis, patience, || 7)).await;
    assert_eq!(ran.expect("a free core is taken at once").unwrap(), 7);
    held.release(cores - 1);
    for s in held.callers {
        s.await.unwrap().unwrap();
    }
}

/// Two pools are two engines: every core of one busy leaves the other's free.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_pool_has_cores_of_its_own() {
    let (one, other) = (pool(), pool());
    let held = Held::ask(&one, Work::Play { deadline: None }, CORES);
    assert_eq!(held.until_running(CORES).await, CORES);
    let ran = tokio::time::timeout(Duration::from_secs(30), other.run(Work::Play { deadline: None }, || 7)).await;
    assert_eq!(ran.expect("the other pool's core is free").unwrap(), 7);
    held.release(CORES);
    for s in held.callers {
        s.await.unwrap().unwrap();
    }
}
