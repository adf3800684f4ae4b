//! The Prometheus recorder. It is process-global (the `metrics` facade has one recorder), so it is
//! installed once and shared by every server in the process (tests run several).

use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use std::sync::OnceLock;

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

pub fn handle() -> PrometheusHandle {
    HANDLE
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new().build_recorder();
            let handle = recorder.handle();
            // Fails only if another recorder was installed first; then ours just stays empty.
            let _ = metrics::set_global_recorder(recorder);
            handle
        })
        .clone()
}
