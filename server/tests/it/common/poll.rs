//! Waiting in a test: for a condition, polled often until a deadline, never for a fixed time that hopes
//! the condition holds by then; and for a refused message to be sent again, with a back-off.

use std::time::Duration;

/// Between two looks at a condition: short, so a test waits little longer than what it waits for.
pub const EVERY: Duration = Duration::from_millis(25);

/// Waits before looking at the condition again.
pub async fn tick() {
    tokio::time::sleep(EVERY).await;
}

/// The wait before resending a message the server refused for now (rate limited, or storage away): it
/// doubles from [`EVERY`] up to a ceiling, so a refusal that lasts is not hammered.
#[derive(Debug)]
pub struct Backoff {
    next: Duration,
    ceiling: Duration,
}

impl Backoff {
    /// From [`EVERY`] up to `ceiling`.
    pub fn up_to(ceiling: Duration) -> Backoff {
        Backoff { next: EVERY, ceiling }
    }

    /// Waits the next delay.
    pub async fn wait(&mut self) {
        tokio::time::sleep(self.next).await;
        self.next = (self.next * 2).min(self.ceiling);
    }
}

/// Between two looks by one of many pollers at once (a dozen bots asking for their next game): slower, so
/// that the pollers do not load the servers they wait for.
pub const SLOW: Duration = Duration::from_millis(200);

/// Waits [`SLOW`] before looking again.
pub async fn slow_tick() {
    tokio::time::sleep(SLOW).await;
}
