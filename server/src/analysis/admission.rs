//! Study admission: how many analyses may be asked of the engine at once. Those running hold at most
//! study's share of the pool's cores ([`super::Pool::study_cores`]), and at most [`MAX_WAITING`] more
//! wait for a core; beyond that an analysis is refused at once, and so is one that found no core within
//! [`CORE_PATIENCE`] (the live games' bots come first), so analyses never queue without bound.

use super::pool::{Pool, PoolError, Work};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Analyses that may wait for a core (beyond those running).
pub const MAX_WAITING: usize = 8;
/// How long an analysis waits for a core before it is refused: when the server bots of live games keep
/// every core (they come first), an analysis would otherwise wait until the request times out.
pub const CORE_PATIENCE: Duration = Duration::from_secs(10);

/// Why an analysis gave no result.
#[derive(Debug, thiserror::Error)]
pub enum StudyError {
    /// Too many analyses are running and waiting already, or none found a core in time: ask later.
    #[error("{0}")]
    Busy(String),
    /// The search failed.
    #[error("{0}")]
    Failed(PoolError),
}

/// The analyses asked for and not yet answered (running or waiting), and how many may be.
#[derive(Debug)]
pub struct Admission {
    pending: AtomicUsize,
    bound: usize,
}

impl Admission {
    /// The admission of analyses on `pool`.
    pub fn of(pool: &Pool) -> Admission {
        Admission { pending: AtomicUsize::new(0), bound: pool.study_cores() + MAX_WAITING }
    }

    /// Runs one analysis's `search` on `pool`, or refuses it when too many are pending or it found no
    /// core within [`CORE_PATIENCE`]. It counts as pending until answered or dropped (the client went
    /// away).
    pub async fn analyse<T: Send + 'static>(
        &self,
        pool: &Pool,
        search: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, StudyError> {
        let Some(_pending) = self.admit() else {
            return Err(StudyError::Busy(format!("every core is analysing and {MAX_WAITING} analyses wait")));
        };
        match pool.run_within(Work::Analysis, Some(CORE_PATIENCE), search).await {
            Ok(found) => Ok(found),
            Err(e @ PoolError::NoCore(_)) => Err(StudyError::Busy(e.to_string())),
            Err(e) => Err(StudyError::Failed(e)),
        }
    }

    /// A place among the pending analyses, if one is left.
    fn admit(&self) -> Option<Pending<'_>> {
        if self.pending.fetch_add(1, Ordering::Relaxed) >= self.bound {
            self.pending.fetch_sub(1, Ordering::Relaxed);
            return None;
        }
        Some(Pending(&self.pending))
    }
}

/// Counts an analysis as pending while it lives.
struct Pending<'a>(&'a AtomicUsize);

impl Drop for Pending<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn study_cores_and_max_waiting_analyses_are_admitted_and_a_place_comes_back_when_one_ends() {
        let pool = Pool::new(3);
        let admission = Admission::of(&pool);
        let mut places: Vec<_> =
            (0..pool.study_cores() + MAX_WAITING).map(|_| admission.admit().expect("a place")).collect();
        assert!(admission.admit().is_none(), "one more than the bound is refused");
        places.pop();
        let back = admission.admit();
        assert!(back.is_some(), "an answered analysis gives its place back");
        assert!(admission.admit().is_none(), "and only its own");
    }

    #[tokio::test]
    async fn an_analysis_beyond_the_bound_is_busy_at_once() {
        let pool = Pool::new(1);
        let admission = Admission::of(&pool);
        let places: Vec<_> = (0..pool.study_cores() + MAX_WAITING).map(|_| admission.admit().unwrap()).collect();
        let refused = admission.analyse(&pool, || 7).await;
        assert!(matches!(refused, Err(StudyError::Busy(_))), "{refused:?}");
        drop(places);
        assert_eq!(admission.analyse(&pool, || 7).await.unwrap(), 7);
    }
}
