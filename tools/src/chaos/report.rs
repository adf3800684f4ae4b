//! The report of a chaos run (text or JSON), and whether it is clean.

use super::Args;
use super::ledger::{ErrorKind, Ledger};
use super::verify::Findings;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;

/// The kills and how long the server took to answer again.
#[derive(Debug, Default, Serialize)]
pub struct Restarts {
    pub kills: u32,
    pub first_start_ms: u64,
    /// From the SIGKILL to `/healthz` answering again.
    pub mean_restart_ms: f64,
    pub max_restart_ms: u64,
    /// Intervals between kills in which no decision was acknowledged (not an error by itself: a short
    /// interval or a long restart; but many would mean the clients do not get going again).
    pub cycles_without_progress: u32,
    #[serde(skip)]
    pub total_ms: u64,
}

impl Restarts {
    pub fn record(&mut self, took: std::time::Duration) {
        let ms = took.as_millis() as u64;
        self.kills += 1;
        self.total_ms += ms;
        self.max_restart_ms = self.max_restart_ms.max(ms);
        self.mean_restart_ms = self.total_ms as f64 / self.kills as f64;
    }
}

#[derive(Debug, Serialize)]
pub struct Report {
    pub database: String,
    pub server_log: String,
    pub games_concurrent: u32,
    pub interval_ms: u64,
    pub seconds: f64,
    pub restarts: Restarts,
    pub games_played: u64,
    pub games_finished: u64,
    pub decisions_sent: u64,
    pub acknowledged: u64,
    pub lost: u64,
    pub duplicated: u64,
    pub applied_unacknowledged: u64,
    pub applied_though_refused: u64,
    pub unresolved: u64,
    pub resent_after_reconnect: u64,
    pub unavailable_answers: u64,
    pub rate_limited: u64,
    pub reconnects: u64,
    pub resumed_by_events: u64,
    pub resumed_by_snapshot: u64,
    pub errors: u64,
    pub error_kinds: BTreeMap<String, ErrorKind>,
    pub findings: Findings,
}

impl Report {
    pub fn new(
        args: &Args,
        database_url: &str,
        log: &Path,
        seconds: f64,
        restarts: Restarts,
        ledger: &Ledger,
        findings: Findings,
    ) -> Report {
        let error_kinds = ledger.errors();
        Report {
            database: database_url.to_string(),
            server_log: log.display().to_string(),
            games_concurrent: args.games,
            interval_ms: args.interval_ms,
            seconds,
            restarts,
            games_played: ledger.games.lock().unwrap().len() as u64,
            games_finished: Ledger::get(&ledger.games_finished),
            decisions_sent: Ledger::get(&ledger.decisions_sent),
            acknowledged: ledger.acknowledged() as u64,
            lost: findings.lost(),
            duplicated: findings.duplicated,
            applied_unacknowledged: findings.applied_unacknowledged,
            applied_though_refused: findings.applied_though_refused,
            unresolved: ledger.unresolved.lock().unwrap().len() as u64,
            resent_after_reconnect: Ledger::get(&ledger.resent),
            unavailable_answers: Ledger::get(&ledger.unavailable),
            rate_limited: Ledger::get(&ledger.rate_limited),
            reconnects: Ledger::get(&ledger.reconnects),
            resumed_by_events: Ledger::get(&ledger.resumed_by_events),
            resumed_by_snapshot: Ledger::get(&ledger.resumed_by_snapshot),
            errors: error_kinds.values().map(|k| k.count).sum(),
            error_kinds,
            findings,
        }
    }

    /// Nothing lost, duplicated, applied without an answer, or seen wrong by a client.
    pub fn clean(&self) -> bool {
        self.lost == 0
            && self.duplicated == 0
            && self.applied_unacknowledged == 0
            && self.applied_though_refused == 0
            && self.errors == 0
    }
}

pub fn print_text(r: &Report) {
    let x = &r.restarts;
    println!("chaos run on {} ({:.0} s)", r.database, r.seconds);
    println!(
        "  kills:           {} (every {} ms ± 50 %), restart to /healthz mean {:.0} ms, max {} ms; \
         {} intervals without an acknowledged decision",
        x.kills, r.interval_ms, x.mean_restart_ms, x.max_restart_ms, x.cycles_without_progress
    );
    println!(
        "  games:           {} played ({} concurrent), {} finished",
        r.games_played, r.games_concurrent, r.games_finished
    );
    println!("  decisions:       {} sent, {} acknowledged", r.decisions_sent, r.acknowledged);
    println!(
        "  reconnections:   {} ({} resumed by events, {} by a snapshot); {} decisions resent with the same id \
         ({} stored before the resend: answered, not applied again; {} stored after it)",
        r.reconnects,
        r.resumed_by_events,
        r.resumed_by_snapshot,
        r.resent_after_reconnect,
        r.findings.resent_already_stored,
        r.findings.resent_stored_after
    );
    println!(
        "  refusals:        {} unavailable (retried), {} rate-limited (retried)",
        r.unavailable_answers, r.rate_limited
    );
    println!(
        "  lost:            {} (record {}, database {})",
        r.lost, r.findings.lost_in_record, r.findings.lost_in_database
    );
    println!("  duplicated:      {}", r.duplicated);
    println!(
        "  stored without an acknowledgement: {} ({} though refused; {} unanswered at the end: {})",
        r.applied_unacknowledged, r.applied_though_refused, r.unresolved, r.findings.applied_unresolved
    );
    println!("  errors:          {}", r.errors);
    for (kind, k) in &r.error_kinds {
        println!("    {kind}: {} (first: {})", k.count, k.first);
    }
    for e in &r.findings.examples {
        println!("    {e}");
    }
    println!("  server log:      {}", r.server_log);
    println!("  result:          {}", if r.clean() { "clean" } else { "NOT CLEAN" });
}
