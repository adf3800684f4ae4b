//! What a load run counts and how it is reported: shared counters (only counted while the measured window
//! is open), latency percentiles, the server process's resident memory, and a few of the server's own
//! Prometheus metrics read before and after the window.

use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};

/// Counters shared by every task of a run.
#[derive(Debug, Default)]
pub struct Stats {
    /// The measured window is open.
    pub measuring: AtomicBool,
    /// Accepted decisions (game run) or echoed messages (echo run).
    pub done: AtomicU64,
    pub rejected: AtomicU64,
    pub rate_limited: AtomicU64,
    /// `event` frames received by players and spectators.
    pub events: AtomicU64,
    pub games_finished: AtomicU64,
    /// The largest text message received, and how many were over 1 MiB.
    pub largest_message: AtomicU64,
    pub messages_over_1mib: AtomicU64,
    /// Text messages and their bytes received while measuring (players and spectators).
    pub messages_received: AtomicU64,
    pub bytes_received: AtomicU64,
    /// WebSockets open now, and the fewest open while measuring.
    pub open: AtomicI64,
    pub min_open: AtomicI64,
    /// Errors by kind (connect, http, closed, stalled, protocol, server error codes), with one example.
    errors: Mutex<BTreeMap<String, (u64, String)>>,
    /// Refused decisions by code.
    reject_codes: Mutex<BTreeMap<String, u64>>,
    /// Games against a server bot that ended in the window, by how (`bot lost: timeout`, …).
    outcomes: Mutex<BTreeMap<String, u64>>,
    /// The least time a server bot had left on its clock in any message of the window, ms.
    pub bot_clock_min_ms: AtomicU64,
}

impl Stats {
    pub fn new() -> Stats {
        Stats { min_open: AtomicI64::new(i64::MAX), bot_clock_min_ms: AtomicU64::new(u64::MAX), ..Stats::default() }
    }

    pub fn measuring(&self) -> bool {
        self.measuring.load(Ordering::Relaxed)
    }

    /// Adds one to `counter` when the window is open.
    pub fn count(&self, counter: &AtomicU64) {
        if self.measuring() {
            counter.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Notes the size of a received message (at any time).
    pub fn message(&self, bytes: usize) {
        self.largest_message.fetch_max(bytes as u64, Ordering::Relaxed);
        if self.measuring() {
            self.messages_received.fetch_add(1, Ordering::Relaxed);
            self.bytes_received.fetch_add(bytes as u64, Ordering::Relaxed);
        }
        if bytes > 1 << 20 {
            self.messages_over_1mib.fetch_add(1, Ordering::Relaxed);
        }
    }

    pub fn opened(&self) {
        self.open.fetch_add(1, Ordering::Relaxed);
    }

    pub fn closed(&self) {
        let now = self.open.fetch_sub(1, Ordering::Relaxed) - 1;
        if self.measuring() {
            self.min_open.fetch_min(now, Ordering::Relaxed);
        }
    }

    /// Records an error (at any time: set-up errors count too).
    pub fn error(&self, kind: &str, example: impl std::fmt::Display) {
        let mut e = self.errors.lock().expect("errors lock");
        let entry = e.entry(kind.to_string()).or_insert_with(|| (0, example.to_string()));
        entry.0 += 1;
    }

    /// Records a refused decision (while measuring).
    pub fn reject(&self, code: &str) {
        if self.measuring() {
            self.rejected.fetch_add(1, Ordering::Relaxed);
            *self.reject_codes.lock().expect("rejects lock").entry(code.to_string()).or_default() += 1;
        }
    }

    /// Records how a game against a server bot ended (while measuring).
    pub fn outcome(&self, how: String) {
        if self.measuring() {
            *self.outcomes.lock().expect("outcomes lock").entry(how).or_default() += 1;
        }
    }

    pub fn outcomes(&self) -> BTreeMap<String, u64> {
        self.outcomes.lock().expect("outcomes lock").clone()
    }

    /// Notes the time a server bot has left (while measuring).
    pub fn bot_clock(&self, ms: u64) {
        if self.measuring() {
            self.bot_clock_min_ms.fetch_min(ms, Ordering::Relaxed);
        }
    }

    pub fn reject_codes(&self) -> BTreeMap<String, u64> {
        self.reject_codes.lock().expect("rejects lock").clone()
    }

    pub fn errors(&self) -> (u64, BTreeMap<String, ErrorKind>) {
        let e = self.errors.lock().expect("errors lock");
        let total = e.values().map(|(n, _)| n).sum();
        (total, e.iter().map(|(k, (n, ex))| (k.clone(), ErrorKind { count: *n, example: ex.clone() })).collect())
    }

    pub fn get(c: &AtomicU64) -> u64 {
        c.load(Ordering::Relaxed)
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct ErrorKind {
    pub count: u64,
    pub example: String,
}

/// Latency percentiles in microseconds.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Latency {
    pub samples: usize,
    pub p50_us: u32,
    pub p90_us: u32,
    pub p99_us: u32,
    pub p999_us: u32,
    pub max_us: u32,
}

impl Latency {
    pub fn of(mut samples: Vec<u32>) -> Latency {
        samples.sort_unstable();
        let at = |q: f64| -> u32 {
            if samples.is_empty() {
                return 0;
            }
            let rank = ((q * samples.len() as f64).ceil() as usize).clamp(1, samples.len());
            samples[rank - 1]
        };
        Latency {
            samples: samples.len(),
            p50_us: at(0.50),
            p90_us: at(0.90),
            p99_us: at(0.99),
            p999_us: at(0.999),
            max_us: samples.last().copied().unwrap_or(0),
        }
    }
}

/// The resident memory of a process, in KiB (`VmRSS` of `/proc/PID/status`).
pub fn rss_kib(pid: Option<u32>) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{}/status", pid?)).ok()?;
    let line = text.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// CPU time (user + system) a process has used, in seconds: `/proc/PID/stat` (`self` for this one), in
/// clock ticks of 1/100 s (Linux's USER_HZ on every common architecture).
pub fn cpu_secs(pid: Option<u32>) -> Option<f64> {
    let path = match pid {
        Some(p) => format!("/proc/{p}/stat"),
        None => "/proc/self/stat".to_string(),
    };
    let text = std::fs::read_to_string(path).ok()?;
    // Fields after the command name (which may contain spaces) start at field 3 (state).
    let rest = text.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

/// Cores used on average during the window: the server's (when its pid is known) and this tool's.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Cpu {
    pub server_cores: Option<f64>,
    pub tool_cores: Option<f64>,
}

impl Cpu {
    /// From `cpu_secs` readings (server, tool) before and after a window of `secs`.
    pub fn between(before: (Option<f64>, Option<f64>), after: (Option<f64>, Option<f64>), secs: f64) -> Cpu {
        let rate = |a: Option<f64>, b: Option<f64>| match (a, b) {
            (Some(a), Some(b)) if secs > 0.0 => Some(((b - a) / secs * 100.0).round() / 100.0),
            _ => None,
        };
        Cpu { server_cores: rate(before.0, after.0), tool_cores: rate(before.1, after.1) }
    }
}

/// Resident memory at each step of a run, KiB, and what it comes to per game and per connection.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Memory {
    pub baseline_kib: Option<u64>,
    /// After the games were created (rooms live, no connection yet). Game runs only.
    pub games_kib: Option<u64>,
    /// Every connection open and idle.
    pub idle_kib: Option<u64>,
    /// The largest seen while measuring (sampled every second).
    pub load_max_kib: Option<u64>,
    pub per_game_bytes: Option<u64>,
    pub per_idle_connection_bytes: Option<u64>,
}

impl Memory {
    /// Fills the per-game and per-connection figures.
    pub fn derive(&mut self, games: u64, connections: u64) {
        let per = |hi: Option<u64>, lo: Option<u64>, n: u64| match (hi, lo) {
            (Some(h), Some(l)) if n > 0 => Some(h.saturating_sub(l) * 1024 / n),
            _ => None,
        };
        let before_conns = self.games_kib.or(self.baseline_kib);
        self.per_game_bytes = per(self.games_kib, self.baseline_kib, games);
        self.per_idle_connection_bytes = per(self.idle_kib, before_conns, connections);
    }
}

/// The server's own view of the window (`GET /metrics`), when it answers.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ServerMetrics {
    /// `mancala_decisions_accepted` during the window.
    pub decisions_accepted: Option<f64>,
    /// Group-commit transactions (`mancala_store_batch_jobs` count) during the window, and the mean jobs per
    /// transaction.
    pub store_batches: Option<f64>,
    pub store_mean_batch_jobs: Option<f64>,
    /// The summary's quantiles of jobs per transaction at the end (the exporter's recent window).
    pub store_batch_quantiles: BTreeMap<String, f64>,
    /// The time of one group commit, and of an accepted decision inside the server (from its arrival in
    /// the game's task to its frames queued), during the window, in ms: the upper bound of the histogram
    /// bucket holding p50, p90, p99, p99.9 (a bucket's bound, not an exact value), and `count`.
    pub store_commit_ms_quantiles: BTreeMap<String, f64>,
    pub decision_ms_quantiles: BTreeMap<String, f64>,
    /// The same for a write as the game's task waits for it: queued, then committed in a group.
    pub store_write_ms_quantiles: BTreeMap<String, f64>,
    /// Live rooms (games in memory, finished ones linger) and connections at the end of the window.
    pub rooms_at_end: Option<f64>,
    pub connections_at_end: Option<f64>,
}

/// One scrape of `/metrics`: the values this report uses.
#[derive(Clone, Debug, Default)]
pub struct Scrape {
    values: BTreeMap<String, f64>,
}

impl Scrape {
    pub fn parse(text: &str) -> Scrape {
        let mut values = BTreeMap::new();
        for line in text.lines().filter(|l| l.starts_with("mancala_")) {
            if let Some((name, value)) = line.rsplit_once(' ')
                && let Ok(v) = value.trim().parse::<f64>()
            {
                values.insert(name.to_string(), v);
            }
        }
        Scrape { values }
    }

    /// The quantiles of the histogram `name` (seconds) between `self` and `after`, in ms: for each of
    /// p50, p90, p99 and p99.9, the upper bound of the bucket that holds it (`null` past the last bound),
    /// plus `count`, the number of observations in the window.
    fn window_histogram(&self, after: &Scrape, name: &str) -> BTreeMap<String, f64> {
        let prefix = format!("{name}_bucket{{le=\"");
        let mut buckets: Vec<(f64, f64)> = after
            .values
            .iter()
            .filter_map(|(k, v)| {
                let le = k.strip_prefix(&prefix)?.strip_suffix("\"}")?;
                let le = if le == "+Inf" { f64::INFINITY } else { le.parse().ok()? };
                Some((le, v - self.values.get(k).copied().unwrap_or(0.0)))
            })
            .collect();
        buckets.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut out = BTreeMap::new();
        let Some(&(_, total)) = buckets.last() else { return out };
        out.insert("count".to_string(), total);
        if total <= 0.0 {
            return out;
        }
        for q in [0.5, 0.9, 0.99, 0.999] {
            let le = buckets.iter().find(|(_, n)| *n >= q * total).map_or(f64::INFINITY, |b| b.0);
            out.insert(q.to_string(), le * 1e3);
        }
        out
    }

    /// The quantiles of the summary `name` (`name{quantile="0.5"} …`), each multiplied by `scale`.
    fn quantiles(&self, name: &str, scale: f64) -> BTreeMap<String, f64> {
        let prefix = format!("{name}{{quantile=\"");
        self.values
            .iter()
            .filter_map(|(k, v)| Some((k.strip_prefix(&prefix)?.strip_suffix("\"}")?.to_string(), v * scale)))
            .collect()
    }

    fn get(&self, name: &str) -> Option<f64> {
        self.values.get(name).copied()
    }

    /// The window between `self` (before) and `after`.
    pub fn window(&self, after: &Scrape) -> ServerMetrics {
        let diff = |n: &str| Some(after.get(n)? - self.get(n).unwrap_or(0.0));
        let batches = diff("mancala_store_batch_jobs_count");
        let jobs = diff("mancala_store_batch_jobs_sum");
        let quantiles = after.quantiles("mancala_store_batch_jobs", 1.0);
        ServerMetrics {
            decisions_accepted: diff("mancala_decisions_accepted"),
            store_batches: batches,
            store_mean_batch_jobs: match (jobs, batches) {
                (Some(j), Some(b)) if b > 0.0 => Some(j / b),
                _ => None,
            },
            store_batch_quantiles: quantiles,
            store_commit_ms_quantiles: self.window_histogram(after, "mancala_store_commit_seconds"),
            decision_ms_quantiles: self.window_histogram(after, "mancala_decision_seconds"),
            store_write_ms_quantiles: self.window_histogram(after, "mancala_store_write_seconds"),
            rooms_at_end: after.get("mancala_rooms"),
            connections_at_end: after.get("mancala_connections"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_by_rank() {
        let l = Latency::of((1..=1000).rev().collect());
        assert_eq!((l.samples, l.p50_us, l.p99_us, l.max_us), (1000, 500, 990, 1000));
        assert_eq!(Latency::of(Vec::new()).max_us, 0);
    }

    #[test]
    fn reads_the_metrics_it_needs() {
        let before = Scrape::parse("mancala_store_batch_jobs_sum 10\nmancala_store_batch_jobs_count 5\n");
        let after = Scrape::parse(
            "# TYPE x summary\nmancala_store_batch_jobs{quantile=\"0.5\"} 3\nmancala_store_batch_jobs_sum 40\n\
             mancala_store_batch_jobs_count 15\nmancala_decisions_accepted 7\n\
             mancala_decision_seconds_bucket{le=\"0.01\"} 1089\nmancala_decision_seconds_bucket{le=\"0.02\"} 1099\n\
             mancala_decision_seconds_bucket{le=\"+Inf\"} 1100\n",
        );
        let w = before.window(&after);
        assert_eq!(
            (w.store_batches, w.store_mean_batch_jobs, w.decisions_accepted),
            (Some(10.0), Some(3.0), Some(7.0))
        );
        assert_eq!(w.store_batch_quantiles.get("0.5"), Some(&3.0));
        // The window: 1 000 observations, 990 under 10 ms, 9 between 10 and 20, 1 over.
        let before = Scrape::parse(
            "mancala_decision_seconds_bucket{le=\"0.01\"} 99\nmancala_decision_seconds_bucket{le=\"0.02\"} 100\n\
             mancala_decision_seconds_bucket{le=\"+Inf\"} 100\n",
        );
        let w = before.window(&after);
        let q = |k: &str| w.decision_ms_quantiles.get(k).copied();
        assert_eq!((q("count"), q("0.5"), q("0.99"), q("0.999")), (Some(1000.0), Some(10.0), Some(10.0), Some(20.0)));
        assert!(w.store_commit_ms_quantiles.is_empty());
    }

    #[test]
    fn reads_its_own_cpu_time() {
        assert!(cpu_secs(None).is_some_and(|s| s >= 0.0));
        let c = Cpu::between((Some(1.0), Some(2.0)), (Some(3.0), Some(2.5)), 2.0);
        assert_eq!((c.server_cores, c.tool_cores), (Some(1.0), Some(0.25)));
    }

    #[test]
    fn memory_per_game_and_connection() {
        let mut m =
            Memory { baseline_kib: Some(1000), games_kib: Some(2000), idle_kib: Some(4000), ..Memory::default() };
        m.derive(1024, 2048);
        assert_eq!((m.per_game_bytes, m.per_idle_connection_bytes), (Some(1000), Some(1000)));
    }
}
