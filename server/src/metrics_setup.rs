//! The Prometheus recorder. It is process-global (the `metrics` facade has one recorder), so it is
//! installed once and shared by every server in the process (tests run several).

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::sync::OnceLock;

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// Bucket bounds of the `*_seconds` histograms: 0.25 ms to 5 s, two or three per decade.
const SECONDS_BUCKETS: &[f64] =
    &[0.00025, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0];

/// Bucket bounds of the engine's waits for a core: up to 5 min, as a review's judgements are due 30 s
/// after it was asked and a background review's a minute later, and the alert on the p95 wait is at 5 s,
/// which must be a bound inside the range (a quantile past the last finite bound reads as that bound).
const ENGINE_WAIT_BUCKETS: &[f64] =
    &[0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 30.0, 60.0, 120.0, 300.0];

pub fn handle() -> PrometheusHandle {
    HANDLE
        .get_or_init(|| {
            // Durations are histograms with fixed buckets (cumulative counts, so a scraper can take the
            // difference between two scrapes and get the quantiles of that window: the load tool does);
            // other distributions stay summaries.
            let recorder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), SECONDS_BUCKETS)
                .expect("buckets are not empty")
                // A full name wins over a suffix.
                .set_buckets_for_metric(Matcher::Full("mancala_engine_wait_seconds".into()), ENGINE_WAIT_BUCKETS)
                .expect("buckets are not empty")
                .build_recorder();
            let handle = recorder.handle();
            // Fails only if another recorder was installed first; then ours just stays empty.
            let _ = metrics::set_global_recorder(recorder);
            handle
        })
        .clone()
}

/// Counters every node exports from its start, at 0 until their first event.
const COUNTERS: &[&str] = &[
    "mancala_connections_refused",
    "mancala_connections_lagging",
    "mancala_games_created",
    "mancala_games_finished",
    "mancala_games_aborted_unplayed",
    "mancala_rooms_unloaded",
    "mancala_decisions_accepted",
    "mancala_decisions_refused",
    "mancala_lobby_pairings",
    "mancala_lobby_busy",
    "mancala_tournaments_created",
    "mancala_tournament_games",
    "mancala_store_outage_batches",
    "mancala_store_fenced_jobs",
    "mancala_takeovers",
    "mancala_lease_lapses",
    "mancala_relays_broken",
    "mancala_mails_sent",
    "mancala_mails_held",
    "mancala_puzzles_mined_games_total",
    "mancala_puzzles_found_total",
];

/// Gauges every node exports from its start (their value moves by +1 and -1 from 0).
const GAUGES: &[&str] = &[
    "mancala_games_live",
    "mancala_rooms",
    "mancala_connections",
    "mancala_open_connections",
    "mancala_lobby_sockets",
    "mancala_tournament_sockets",
    "mancala_tournament_feeds",
    "mancala_blocks_known",
];

/// Gauges of a node among several (docs/cluster.md, "Operations"): a single node has no broker or lease
/// to report, and a 0 there would read as "disconnected".
const CLUSTER_GAUGES: &[&str] = &[
    "mancala_games_owned",
    "mancala_relayed_connections",
    "mancala_remote_viewers",
    "mancala_nodes_alive",
    "mancala_broker_connected",
    "mancala_lease_valid",
];

/// Histograms every node exports from its start, with no observation yet.
const HISTOGRAMS: &[&str] = &[
    "mancala_decision_seconds",
    "mancala_store_commit_seconds",
    "mancala_store_write_seconds",
    "mancala_store_batch_jobs",
];

/// The kinds of the engine's searches (`crate::analysis`'s `Work::kind`).
const ENGINE_KINDS: &[&str] = &["bot", "analysis", "review", "puzzles"];

/// The limits of `mancala_rate_limited{what}` (`crate::edge::limits`, the lobby's and the mail's).
const RATE_LIMITS: &[&str] = &[
    "new games",
    "new accounts",
    "sign-in attempts",
    "challenges",
    "lesson checks, move previews and analyses",
    "puzzle attempts and votes",
    "seeks",
    "lobby connections",
    "mail requests",
];

/// Every series the operator's dashboard and alerts read (`deploy/production/`) is exported from the
/// node's start, at 0, rather than from its first event: an absent series draws "No data", which on a
/// healthy site reads as a broken panel, and `rate()` of a counter born at its first event misses that
/// event. Adding 0 leaves a series that another server of the same process moved as it is (tests run
/// several servers in one process, and the recorder is the process's). `cluster`: the node runs among
/// others, with their gauges.
pub fn export_from_start(cluster: bool) {
    for &name in COUNTERS {
        metrics::counter!(name).increment(0);
    }
    for &name in GAUGES.iter().chain(if cluster { CLUSTER_GAUGES } else { &[] }) {
        metrics::gauge!(name).increment(0.0);
    }
    for &name in HISTOGRAMS {
        // Registering a histogram exports its buckets, every one at 0.
        let _ = metrics::histogram!(name);
    }
    for &kind in ENGINE_KINDS {
        metrics::gauge!("mancala_engine_waiting", "kind" => kind).increment(0.0);
        metrics::gauge!("mancala_engine_running", "kind" => kind).increment(0.0);
        let _ = metrics::histogram!("mancala_engine_wait_seconds", "kind" => kind);
    }
    for &what in RATE_LIMITS {
        metrics::counter!("mancala_rate_limited", "what" => what).increment(0);
    }
    // The first answers a node gives are its health and its metrics: the family is there from the start.
    for route in ["/healthz", "/metrics"] {
        metrics::counter!("mancala_http_responses", "status" => "200", "route" => route).increment(0);
    }
}
