//! The server's background services (the tournament directors, fair play, the puzzle miner, the lobby,
//! the cluster's listeners, the closings…): each registered by name when `run` starts it, all stopped by
//! one token, and waited for in the reverse order of their start, so the log names a service that does
//! not stop in time.
//!
//! A service is whatever a feature's `start` spawns: it gets a [`TaskTracker`] of its own for its tasks
//! and the one [`CancellationToken`] they end on.

use std::time::Duration;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// The services started so far, in order.
pub struct Services {
    token: CancellationToken,
    started: Vec<(&'static str, TaskTracker)>,
}

impl Services {
    /// No service yet; `token` is the one every service, and whatever else stops with them, ends on.
    pub fn new(token: CancellationToken) -> Services {
        Services { token, started: Vec::new() }
    }

    /// Starts the service `name`: `start` spawns its tasks on the tracker and watches the token it is
    /// given. What `start` returns (a handle to the service) is handed back.
    pub fn start<R>(&mut self, name: &'static str, start: impl FnOnce(&TaskTracker, CancellationToken) -> R) -> R {
        let tracker = TaskTracker::new();
        let handle = start(&tracker, self.token.clone());
        tracker.close();
        self.started.push((name, tracker));
        handle
    }

    /// The same for a service whose start is asynchronous (it reads the store or joins the broker first).
    pub async fn start_async<R, F>(
        &mut self,
        name: &'static str,
        start: impl FnOnce(TaskTracker, CancellationToken) -> F,
    ) -> R
    where
        F: Future<Output = R>,
    {
        let tracker = TaskTracker::new();
        let handle = start(tracker.clone(), self.token.clone()).await;
        tracker.close();
        self.started.push((name, tracker));
        handle
    }

    /// The names of the services started, in order.
    pub fn names(&self) -> Vec<&'static str> {
        self.started.iter().map(|(name, _)| *name).collect()
    }

    /// Cancels the token (a no-op if it is already) and waits for each service, the last started first,
    /// `grace` in all; a service still running then is named in the log and left to the runtime's end.
    pub async fn stop(self, grace: Duration) -> Vec<&'static str> {
        self.token.cancel();
        let deadline = tokio::time::Instant::now() + grace;
        let mut late = Vec::new();
        for (name, tracker) in self.started.into_iter().rev() {
            if tokio::time::timeout_at(deadline, tracker.wait()).await.is_err() {
                tracing::warn!(service = name, "a background service did not stop in time");
                late.push(name);
            }
        }
        late
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[tokio::test(start_paused = true)]
    async fn services_are_named_in_order_and_all_stop_on_one_token() {
        let token = CancellationToken::new();
        let mut services = Services::new(token.clone());
        let ended = Arc::new(Mutex::new(Vec::new()));
        for (name, linger) in [("first", 30), ("second", 10), ("third", 20)] {
            let ended = ended.clone();
            services.start(name, |tracker, token| {
                tracker.spawn(async move {
                    token.cancelled().await;
                    tokio::time::sleep(Duration::from_millis(linger)).await;
                    ended.lock().unwrap().push(name);
                });
            });
        }
        assert_eq!(services.names(), ["first", "second", "third"]);
        assert!(ended.lock().unwrap().is_empty(), "nothing ends before the token");
        let late = services.stop(Duration::from_secs(1)).await;
        assert!(late.is_empty(), "{late:?}");
        assert!(token.is_cancelled());
        assert_eq!(*ended.lock().unwrap(), ["second", "third", "first"], "each ended once cancelled");
    }

    #[tokio::test(start_paused = true)]
    async fn a_service_that_does_not_stop_is_named_and_the_others_still_waited_for() {
        let mut services = Services::new(CancellationToken::new());
        services.start("stubborn", |tracker, _token| {
            tracker.spawn(std::future::pending::<()>());
        });
        let quick = services
            .start_async("quick", |tracker, token| async move {
                tracker.spawn(async move { token.cancelled().await });
                "a handle"
            })
            .await;
        assert_eq!(quick, "a handle");
        let started = tokio::time::Instant::now();
        let late = services.stop(Duration::from_secs(2)).await;
        assert_eq!(late, ["stubborn"]);
        assert_eq!(started.elapsed(), Duration::from_secs(2), "the grace is for all of them together");
    }
}
