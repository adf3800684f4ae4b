//! What `/metrics` tells the operator of HTTP and of the engine: every answer counted by status and
//! route (the router's pattern, never the raw path; WebSocket upgrades too), and the engine's searches
//! waiting, running and their waits for a core by kind. The recorder is shared by every server of the
//! test process, so the tests compare two scrapes (deltas), never totals; what a fresh node exports (every
//! series the dashboard and alerts read, at 0) is asked of a process of its own.

use crate::common;

use common::TestServer;
use common::lobby::server_with;
use serde_json::json;
use std::time::{Duration, Instant};

/// The value of the series `name` whose labels include every `labels` pair (0 when there is none).
fn sample(text: &str, name: &str, labels: &[(&str, &str)]) -> f64 {
    text.lines()
        .filter_map(|line| {
            let (series, value) = line.rsplit_once(' ')?;
            let rest = series.strip_prefix(name)?;
            let block = if rest.is_empty() { "" } else { rest.strip_prefix('{')?.strip_suffix('}')? };
            labels
                .iter()
                .all(|(k, v)| block.split("\",").any(|pair| pair.trim_end_matches('"') == format!("{k}=\"{v}")))
                .then(|| value.parse::<f64>().ok())?
        })
        .sum()
}

async fn scrape(s: &TestServer) -> String {
    let (status, text) = s.get_text("/metrics").await;
    assert_eq!(status, 200);
    text
}

#[test]
fn a_sample_is_read_by_its_labels() {
    let text = "# TYPE x counter\nx{status=\"404\",route=\"/api/games/{id}\"} 3\nx{status=\"404\",route=\"unmatched\"} 2\nxy 7\n";
    assert_eq!(sample(text, "x", &[("status", "404")]), 5.0);
    assert_eq!(sample(text, "x", &[("route", "/api/games/{id}")]), 3.0);
    assert_eq!(sample(text, "x", &[("status", "40")]), 0.0, "a value is matched whole");
    assert_eq!(sample(text, "xy", &[]), 7.0);
}

#[tokio::test]
async fn every_answer_is_counted_by_status_and_route() {
    let s = TestServer::start().await;
    let (game, _, _) = s.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let before = scrape(&s).await;

    assert_eq!(s.get("/api/variants").await.0, 200);
    assert_eq!(s.get("/api/games/k3Xb9QmZ").await.0, 404, "an unknown game");
    assert_eq!(s.get("/no/such/page/k3Xb9QmZ").await.0, 404, "a path no route matches");
    let _spectator = s.ws(&game, None, None).await;

    let after = scrape(&s).await;
    let grew = |status: &str, route: &str| {
        let labels = [("status", status), ("route", route)];
        sample(&after, "mancala_http_responses", &labels) - sample(&before, "mancala_http_responses", &labels)
    };
    assert!(grew("200", "/api/variants") >= 1.0, "{after}");
    assert!(grew("404", "/api/games/{id}") >= 1.0, "{after}");
    assert!(grew("404", "unmatched") >= 1.0, "{after}");
    assert!(grew("101", "/api/games/{id}/ws") >= 1.0, "a WebSocket upgrade: {after}");
    assert!(!after.contains("k3Xb9QmZ"), "a route is the router's pattern, never the path a client sent: {after}");
}

/// The engine's searches of one kind (`analysis`) in `/metrics`: waiting, running, and the wait.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Engine {
    waiting: f64,
    running: f64,
    waits: f64,
}

async fn engine(s: &TestServer) -> Engine {
    let text = scrape(s).await;
    let kind = [("kind", "analysis")];
    Engine {
        waiting: sample(&text, "mancala_engine_waiting", &kind),
        running: sample(&text, "mancala_engine_running", &kind),
        waits: sample(&text, "mancala_engine_wait_seconds_count", &kind),
    }
}

#[tokio::test]
async fn an_analysis_waiting_for_the_only_core_is_counted_waiting_then_running_and_its_wait_timed() {
    let s = server_with(|c| c.engine_cores = Some(1)).await;
    let before = engine(&s).await;
    // Two analyses of a whole budget on one core: one runs while the other waits for it.
    let body = json!({ "variant": "kubuguza", "nodes": 1_000_000 });
    let ask = || {
        let (http, url, body) = (s.http.clone(), s.url("/api/analysis"), body.clone());
        tokio::spawn(async move { http.post(url).json(&body).send().await.map(|r| r.status().as_u16()) })
    };
    let asked = [ask(), ask()];

    // Other tests' searches only add to the gauges, so "at least" is ours whatever they do.
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut seen = engine(&s).await;
    while !(seen.waiting >= 1.0 && seen.running >= 1.0) {
        assert!(Instant::now() < deadline, "never one analysis running and one waiting: {seen:?}");
        tokio::time::sleep(Duration::from_millis(5)).await;
        seen = engine(&s).await;
    }
    for a in asked {
        assert_eq!(a.await.unwrap().unwrap(), 200);
    }
    let after = engine(&s).await;
    assert!(after.waits - before.waits >= 2.0, "both waits timed: {before:?} then {after:?}");
    let text = scrape(&s).await;
    assert!(
        sample(&text, "mancala_engine_wait_seconds_bucket", &[("kind", "analysis"), ("le", "300")]) >= 2.0,
        "the engine's waits have buckets up to 5 min: {text}"
    );
}

#[tokio::test]
async fn a_connection_beyond_the_cap_is_counted_as_a_refused_503() {
    let dir = tempfile::tempdir().unwrap();
    let mut config =
        mancala_server::config::Config::with_database(&format!("sqlite://{}", dir.path().join("cap.db").display()));
    config.max_connections = Some(1);
    let mut s = TestServer::start_in(config, dir).await;
    // No idle connection kept: only the connection below holds the cap.
    s.http = reqwest::Client::builder().pool_max_idle_per_host(0).build().unwrap();
    // The server frees a connection's place once it sees it closed: each request is tried until it gets in.
    let scrape_within_cap = || async {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let (status, text) = s.get_text("/metrics").await;
            if status == 200 {
                return text;
            }
            assert!(Instant::now() < deadline, "never under the cap again: {status}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    let refused = |text: &str| sample(text, "mancala_http_responses", &[("status", "503"), ("route", "refused")]);
    let before = refused(&scrape_within_cap().await);
    // A connection that asks nothing holds the only place (the listener accepts in order, so before the
    // request below). If the server has not seen the last scrape's connection close by then, the held one
    // is refused instead and the request gets in: try again.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let held = tokio::net::TcpStream::connect(s.addr).await.unwrap();
        let status = s.get("/api/variants").await.0;
        drop(held);
        if status == 503 {
            break;
        }
        assert!(Instant::now() < deadline, "a request over the cap was never refused: {status}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let after = refused(&scrape_within_cap().await);
    assert!(after - before >= 1.0, "{before} then {after}");
}

/// Every metric the production dashboard and alerts read (`deploy/production/`), read from the files
/// themselves so that this test keeps up with them; a histogram by its name (`_bucket` taken off). The
/// backup job's own metric, pushed through the Pushgateway, is not a node's.
fn dashboard_metrics() -> Vec<String> {
    let deploy = concat!(env!("CARGO_MANIFEST_DIR"), "/../deploy/production");
    let files = ["alerts.yml", "grafana/dashboards/mancala.json"];
    let text: String = files.iter().map(|f| std::fs::read_to_string(format!("{deploy}/{f}")).unwrap()).collect();
    let names = regex::Regex::new(r"\bmancala_[a-z_]+").unwrap();
    let mut found: Vec<String> = names
        .find_iter(&text)
        .map(|m| m.as_str().trim_end_matches("_bucket").trim_end_matches("_count").trim_end_matches("_sum").to_string())
        .filter(|m| m != "mancala_backup_last_success_timestamp_seconds")
        .collect();
    found.sort();
    found.dedup();
    assert!(found.len() >= 15, "the dashboard and alerts read {found:?}");
    found
}

/// The metrics of `wanted` that a node's first `/metrics` lacks (a histogram by its `_bucket` series).
fn missing(text: &str, wanted: &[String]) -> Vec<String> {
    let has = |name: &str| {
        text.lines().any(|l| {
            l.strip_prefix(name).is_some_and(|rest| rest.starts_with('{') || rest.starts_with(' '))
                || l.strip_prefix(&format!("{name}_bucket")).is_some_and(|rest| rest.starts_with('{'))
        })
    };
    wanted.iter().filter(|m| !has(m)).cloned().collect()
}

#[tokio::test]
async fn a_fresh_node_exports_every_series_the_dashboard_and_alerts_read() {
    use common::process::Process;
    let wanted = dashboard_metrics();
    // A process of its own: the recorder is the process's, and this one's is shared by every test.
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("fresh.db").display());
    let single = Process::start(&url, &[]).await;
    let text = common::cluster::metrics(single.addr).await;
    // A single node has no cluster to report on: nodes alive is a gauge of several nodes.
    let of_one: Vec<String> = wanted.iter().filter(|m| *m != "mancala_nodes_alive").cloned().collect();
    assert_eq!(missing(&text, &of_one), Vec::<String>::new(), "a fresh single node's /metrics:\n{text}");
    drop(single);

    let Some(broker) = common::cluster::broker_url("metrics_fresh_node") else { return };
    let Some((base, url)) = common::fresh_db("metrics_fresh_node").await else { return };
    let node = common::cluster::start_node(&url, &broker, "a", 3).await;
    let text = common::cluster::metrics(node.addr).await;
    assert_eq!(missing(&text, &wanted), Vec::<String>::new(), "a fresh node's /metrics:\n{text}");
    drop(node);
    common::drop_db(&base, &url).await;
}
