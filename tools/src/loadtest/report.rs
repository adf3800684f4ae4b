//! The report of a load run: what is printed (text or JSON).

use super::stats::{self, Latency, Memory, ServerMetrics};
use serde::Serialize;
use std::collections::BTreeMap;

/// One run (game or echo) as reported.
#[derive(Debug, Serialize)]
pub struct RunReport {
    pub target: String,
    pub games: u32,
    pub spectators: u32,
    pub connections: Connections,
    pub setup_secs: f64,
    pub window_secs: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decisions: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decisions_per_sec: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub messages: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub messages_per_sec: Option<f64>,
    /// Decision latency (game: mover's send → opponent's receipt; against a bot: the person's send → the
    /// bot's next decision received, the bot's reply time) or round trip (echo), µs.
    pub latency: Latency,
    /// Games against a server bot (`--bot`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot: Option<BotReport>,
    pub events_received: u64,
    pub games_finished: u64,
    /// The largest message received (bytes), and how many were over 1 MiB (the events of very long turns).
    pub largest_message_bytes: u64,
    pub messages_over_1mib: u64,
    /// Text messages received in the window (players and spectators) and their mean size.
    pub messages_received: u64,
    pub mean_message_bytes: f64,
    pub rejected: u64,
    pub reject_codes: BTreeMap<String, u64>,
    pub rate_limited: u64,
    pub errors: u64,
    pub error_kinds: BTreeMap<String, stats::ErrorKind>,
    pub memory: Memory,
    /// Cores used during the window by the server (`--server-pid`) and by the tool.
    pub cpu: stats::Cpu,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub server_metrics: Option<ServerMetrics>,
}

/// What the games against a server bot came to in the window.
#[derive(Debug, Serialize)]
pub struct BotReport {
    /// `bot:LEVEL`.
    pub opponent: String,
    /// `BASE+INC` in seconds, when the games had a clock.
    pub clock: Option<String>,
    /// Games ended in the window, by how, from the bot's side (`bot lost: timeout`, `bot won: rules`, …).
    pub outcomes: BTreeMap<String, u64>,
    /// Games the bot lost on time: the figure that must be 0.
    pub lost_on_time: u64,
    /// The least time a bot had left in any message of the window, ms.
    pub lowest_clock_ms: Option<u64>,
}

#[derive(Debug, Serialize)]
pub struct Connections {
    pub planned: u64,
    /// Open once everything was connected (idle).
    pub held_idle: i64,
    /// The fewest open at any moment of the window (tables that restart a game reconnect).
    pub min_in_window: i64,
    pub at_end: i64,
}

#[derive(Debug, Serialize)]
pub struct Report {
    pub variant: String,
    pub think_ms: u64,
    pub player_rate: u32,
    pub threads: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<RunReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub echo: Option<RunReport>,
    /// The game run's decisions per second as a fraction of the echo run's messages per second.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fraction_of_echo: Option<f64>,
}

fn ms(us: u32) -> String {
    format!("{:.2} ms", us as f64 / 1000.0)
}

fn print_run(name: &str, r: &RunReport) {
    let (unit, done, rate) = match (r.decisions, r.messages) {
        (Some(d), _) => ("decisions", d, r.decisions_per_sec.unwrap_or(0.0)),
        (_, Some(m)) => ("messages", m, r.messages_per_sec.unwrap_or(0.0)),
        _ => ("", 0, 0.0),
    };
    println!("{name} ({}): {} games, {} spectators", r.target, r.games, r.spectators);
    println!(
        "  connections: {} planned, {} held idle, {} at least during the window; set up in {:.1} s",
        r.connections.planned, r.connections.held_idle, r.connections.min_in_window, r.setup_secs
    );
    println!("  {done} {unit} in {:.1} s: {rate:.0} {unit}/s", r.window_secs);
    let l = &r.latency;
    let what = if r.bot.is_some() { "bot reply time" } else { "latency" };
    println!(
        "  {what} ({} samples): p50 {}, p90 {}, p99 {}, p99.9 {}, max {}",
        l.samples,
        ms(l.p50_us),
        ms(l.p90_us),
        ms(l.p99_us),
        ms(l.p999_us),
        ms(l.max_us)
    );
    println!(
        "  events received {}, games finished {}, rejected {}, rate-limited {}, errors {}",
        r.events_received, r.games_finished, r.rejected, r.rate_limited, r.errors
    );
    if let Some(b) = &r.bot {
        println!(
            "  against {} (clock {}): lost on time {}, least time left {}",
            b.opponent,
            b.clock.as_deref().unwrap_or("none"),
            b.lost_on_time,
            b.lowest_clock_ms.map(|ms| format!("{:.1} s", ms as f64 / 1000.0)).unwrap_or_else(|| "-".into())
        );
        for (how, n) in &b.outcomes {
            println!("    {how}: {n}");
        }
    }
    println!("  largest message {} bytes; {} messages over 1 MiB", r.largest_message_bytes, r.messages_over_1mib);
    for (kind, e) in &r.error_kinds {
        println!("    {kind}: {} (e.g. {})", e.count, e.example);
    }
    let m = &r.memory;
    if m.baseline_kib.is_some() {
        let kib = |v: Option<u64>| v.map(|v| format!("{v} KiB")).unwrap_or_else(|| "-".into());
        println!(
            "  RSS: baseline {}, games created {}, idle {}, max under load {}",
            kib(m.baseline_kib),
            kib(m.games_kib),
            kib(m.idle_kib),
            kib(m.load_max_kib)
        );
        let b = |v: Option<u64>| v.map(|v| format!("{v} B")).unwrap_or_else(|| "-".into());
        println!("  per game {}, per idle connection {}", b(m.per_game_bytes), b(m.per_idle_connection_bytes));
    }
    let cores = |c: Option<f64>| c.map(|c| format!("{c:.2}")).unwrap_or_else(|| "-".into());
    println!(
        "  CPU during the window: server {} cores, this tool {} cores",
        cores(r.cpu.server_cores),
        cores(r.cpu.tool_cores)
    );
    if let Some(sm) = &r.server_metrics {
        println!(
            "  server: {} decisions accepted, {} store transactions, {:.1} jobs per transaction on average",
            sm.decisions_accepted.unwrap_or(0.0),
            sm.store_batches.unwrap_or(0.0),
            sm.store_mean_batch_jobs.unwrap_or(0.0)
        );
        let q = |m: &BTreeMap<String, f64>| {
            let at = |k: &str| m.get(k).map(|v| format!("{v:.1}")).unwrap_or_else(|| "-".into());
            format!("p50 ≤ {} / p99 ≤ {} / p99.9 ≤ {} ms", at("0.5"), at("0.99"), at("0.999"))
        };
        println!("  server: a decision inside the server {}", q(&sm.decision_ms_quantiles));
        println!("  server: a write, queued and committed {}", q(&sm.store_write_ms_quantiles));
        println!("  server: a group commit {}", q(&sm.store_commit_ms_quantiles));
        println!(
            "  server at the end: {} live rooms, {} connections",
            sm.rooms_at_end.unwrap_or(0.0),
            sm.connections_at_end.unwrap_or(0.0)
        );
    }
}

pub fn print_text(r: &Report) {
    println!(
        "variant {}, think {} ms, player rate {}/s, {} tool threads",
        r.variant, r.think_ms, r.player_rate, r.threads
    );
    if let Some(g) = &r.game {
        print_run("game server", g);
    }
    if let Some(e) = &r.echo {
        print_run("echo ceiling", e);
    }
    if let Some(f) = r.fraction_of_echo {
        println!("decisions/s as a fraction of echo messages/s: {:.1} %", f * 100.0);
    }
}
