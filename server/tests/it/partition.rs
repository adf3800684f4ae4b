//! A network partition (docs/cluster.md): node c runs in a network namespace of its own and reaches
//! PostgreSQL and NATS through a veth pair; the test takes the link down mid-game. c, cut off from the
//! database and the broker, stops serving its game when its lease lapses; a and b take it over; the players
//! reconnect and play on; no decision is acknowledged twice and none acknowledged is lost. Then the link
//! comes back and c rejoins. Needs root and iproute2: run it with `server/tests/partition.sh`, which makes
//! the namespace and the proxies; ignored otherwise (not in CI).

use crate::common;

use common::cluster::{Match, Nodes, broker_url, check_stored, metric, metrics, new_game, start_node};
use common::process::Process;
use common::{drop_db, fresh_db};
use serde_json::json;
use std::time::Duration;

const LEASE: u64 = 2;

fn env(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| panic!("{name} is set by server/tests/partition.sh"))
}

fn link(state: &str) {
    let ok = std::process::Command::new("ip")
        .args(["link", "set", "dev", &env("PARTITION_HOST_LINK"), state])
        .status()
        .unwrap()
        .success();
    assert!(ok, "ip link set {state}");
}

#[tokio::test]
#[ignore = "needs root and a network namespace: run server/tests/partition.sh"]
async fn a_node_cut_off_stops_and_its_game_moves_on() {
    let Some(broker) = broker_url("partition") else { return };
    let Some((base, url)) = fresh_db("cluster_partition").await else { return };
    let a = start_node(&url, &broker, "a", LEASE).await;
    let b = start_node(&url, &broker, "b", LEASE).await;
    // c's way to the database and the broker goes through the link that will be cut.
    let db_name = url.rsplit_once('/').unwrap().1;
    let c_db = format!("{}/{db_name}", env("PARTITION_DATABASE_BASE"));
    let c_addr = format!("{}:18080", env("PARTITION_ADDR")).parse().unwrap();
    let ns = env("PARTITION_NS");
    let lease = LEASE.to_string();
    let extra = ["--broker-url", &env("PARTITION_BROKER_URL"), "--node-id", "c", "--lease-secs", &lease];
    let c = Process::start_at(c_addr, &["ip", "netns", "exec", &ns], &c_db, &extra).await;
    let nodes = Nodes::new(&[c.addr, a.addr, b.addr]);

    // Owned by c; South on c, North on a, the spectator on b.
    let body = json!({ "variant": "njombwa", "seat": "south", "options": { "turn_limit": 60 } });
    let (id, south, north) = new_game(c.addr, body).await;
    let mut m = Match::open(&nodes, &id, &south, &north, "njombwa", [0, 1, 2]).await;
    for _ in 0..5 {
        assert!(m.step().await);
    }
    link("down");
    nodes.set(0, None);
    let cut = std::time::Instant::now();
    assert!(m.step().await, "play goes on without c");
    eprintln!("the first decision after the cut took {:?}", cut.elapsed());
    while m.step().await {}
    check_stored(&url, &id, &m.acknowledged).await;

    link("up");
    // c comes back: it knows it lost its lease, and serves again.
    let mut lapses = 0.0;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while tokio::time::Instant::now() < deadline {
        if let Ok(Ok(r)) =
            tokio::time::timeout(Duration::from_secs(1), reqwest::get(format!("http://{c_addr}/metrics"))).await
            && let Ok(text) = r.text().await
        {
            lapses = metric(&text, "mancala_lease_lapses");
            if lapses >= 1.0 {
                break;
            }
        }
        crate::common::poll::tick().await;
    }
    assert!(lapses >= 1.0, "c noticed that its lease lapsed");
    let owner = metrics(a.addr).await + &metrics(b.addr).await;
    assert!(metric(&owner, "mancala_takeovers") >= 1.0, "a or b took the game over");
    drop((a, b, c));
    drop_db(&base, &url).await;
}
