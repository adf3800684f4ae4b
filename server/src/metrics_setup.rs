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
