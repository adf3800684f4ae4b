//! What the engine's work shows the operator (`/metrics`; docs/operating.md, Monitoring): by kind of
//! search (`bot`, `analysis`, `review`, `puzzles`: [`super::Work`]),
//! - `mancala_engine_waiting{kind}`: the searches waiting for a core;
//! - `mancala_engine_running{kind}`: the searches holding one;
//! - `mancala_engine_wait_seconds{kind}`: a histogram of the time from asking for a core to getting it
//!   (a search that gave up, an analysis out of patience, is not in it: it never got a core). A search
//!   that finds a core free counts as waiting for the instant it asks, and its wait of about nothing is in
//!   the histogram too: the quantiles are of every search, not only of those that queued.
//!
//! The gauges move by +1 and -1, never by `set`: the recorder is process-wide while each server has its
//! own pool, and tests run several servers in one process, so a pool setting the gauge to its own count
//! would overwrite the others'. Increments from every pool add up to the process's total, which in
//! production (one server a process) is its pool's. Each +1 is a guard whose drop is the -1, so a wait
//! abandoned (a closed request, a timeout) or a search that panicked gives its count back.
//!
//! Cheap on the search's path: a few atomic operations and the recorder's lookup of the series, no lock
//! of the pool's queue held any longer.

use std::time::Instant;

/// A search counted in `gauge` (one of the gauges above, by the search's `kind`) while it lives.
#[derive(Debug)]
#[must_use]
pub(super) struct Counted {
    gauge: &'static str,
    kind: &'static str,
}

impl Counted {
    fn new(gauge: &'static str, kind: &'static str) -> Counted {
        metrics::gauge!(gauge, "kind" => kind).increment(1.0);
        Counted { gauge, kind }
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        metrics::gauge!(self.gauge, "kind" => self.kind).decrement(1.0);
    }
}

/// A search of `kind` waiting for a core, from the moment it asks.
#[derive(Debug)]
#[must_use]
pub(super) struct Waiting {
    kind: &'static str,
    asked: Instant,
    _counted: Counted,
}

impl Waiting {
    pub(super) fn ask(kind: &'static str) -> Waiting {
        Waiting { kind, asked: Instant::now(), _counted: Counted::new("mancala_engine_waiting", kind) }
    }

    /// It got its core: no longer waiting, its wait recorded; counted as running while the answer lives.
    pub(super) fn got_core(self) -> Counted {
        metrics::histogram!("mancala_engine_wait_seconds", "kind" => self.kind)
            .record(self.asked.elapsed().as_secs_f64());
        Counted::new("mancala_engine_running", self.kind)
    }
}
