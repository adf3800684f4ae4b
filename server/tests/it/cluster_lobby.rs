//! One lobby for every node (docs/lobby.md, "Several nodes"): three `mancala-server` processes on one
//! PostgreSQL and one NATS. A seek posted through one node is listed on another's lobby socket and taken
//! from the third: one game, both players seated; 40 clients on the three nodes, 20 seeking and 20 racing
//! to take any seek, make exactly 20 games, each client in exactly one; a challenge sent through one node
//! reaches the challenged account's socket on another; an account paired from its seek on one node loses
//! its seek on another. Needs `TEST_DATABASE_URL` and `TEST_BROKER_URL`
//! (skipped otherwise).

use crate::common;

use common::cluster::broker_url;
use common::lobby::{account, created, lobby, next_answer, paired, post_auth, seek};
use common::process::Process;
use common::{TestServer, Ws, drop_db, fresh_db};
use mancala_protocol::http::SeatGranted;
use mancala_protocol::lobby::{LobbyClientMsg, LobbyServerMsg};
use mancala_protocol::{Side, Variant};
use serde_json::json;
use std::collections::{BTreeSet, HashMap};
use std::time::Duration;

/// Three nodes with short leases and no creation limits (the clients all come from one address).
async fn three_nodes(url: &str, broker: &str) -> Vec<Process> {
    let mut procs = Vec::new();
    for id in ["a", "b", "c"] {
        let args = [
            "--broker-url",
            broker,
            "--node-id",
            id,
            "--lease-secs",
            "2",
            "--games-per-minute",
            "0",
            "--accounts-per-hour",
            "0",
            "--challenges-per-minute",
            "0",
        ];
        procs.push(Process::start(url, &args).await);
    }
    procs
}

fn servers(procs: &[Process], url: &str) -> Vec<TestServer> {
    procs.iter().map(|p| TestServer::attach(p.addr, url)).collect()
}

async fn within<T>(what: &str, secs: u64, f: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(Duration::from_secs(secs), f).await.unwrap_or_else(|_| panic!("{what}: timed out"))
}

#[tokio::test]
async fn a_seek_posted_on_one_node_is_seen_on_another_and_taken_from_a_third() {
    let Some(broker) = broker_url("lobby_three_nodes") else { return };
    let Some((base, url)) = fresh_db("cluster_lobby_seek").await else { return };
    let procs = three_nodes(&url, &broker).await;
    let s = servers(&procs, &url);
    let (mut seeker, _) = lobby(&s[0], "name=sam").await;
    let (mut watcher, _) = lobby(&s[1], "name=wanda").await;
    let (mut taker, _) = lobby(&s[2], "name=tom").await;
    seeker.lobby_say(&seek(Variant::Azigo)).await;
    let posted = created(next_answer(&mut seeker).await);
    let seen = within(
        "the seek on node b",
        10,
        watcher.lobby_recv_until(|m| match m {
            LobbyServerMsg::SeekAdded { seek } => Some(seek),
            _ => None,
        }),
    )
    .await;
    assert_eq!(seen, posted);
    // Node c lists it too (its socket's feed, or the list a new socket gets).
    within("the seek on node c", 10, async {
        loop {
            let (_, list) = s[2].get("/api/lobby/seeks").await;
            if list["seeks"].as_array().unwrap().iter().any(|x| x["id"] == posted.id.as_str()) {
                break;
            }
            crate::common::poll::tick().await;
        }
    })
    .await;
    taker.lobby_say(&LobbyClientMsg::Accept { id: posted.id.clone() }).await;
    let tom = paired(next_answer(&mut taker).await);
    let sam = paired(next_answer(&mut seeker).await);
    assert_eq!(tom.game.id, sam.game.id);
    assert_ne!(tom.seat, sam.seat);
    let gone = within(
        "the seek gone on node b",
        10,
        watcher.lobby_recv_until(|m| match m {
            LobbyServerMsg::SeekRemoved { id } => Some(id),
            _ => None,
        }),
    )
    .await;
    assert_eq!(gone, posted.id);
    // One game, the two of them in it, whichever node is asked.
    for node in &s {
        let (status, game) = node.get(&format!("/api/games/{}", sam.game.id)).await;
        assert_eq!(status, 200, "{game}");
        let names: BTreeSet<String> = ["south", "north"]
            .iter()
            .filter_map(|k| game["game"]["players"][k]["name"].as_str().map(String::from))
            .collect();
        assert_eq!(names, BTreeSet::from(["sam".to_string(), "tom".to_string()]), "{game}");
    }
    assert_eq!(seek_rows(&url).await, 0, "a taken seek leaves the table");
    drop(procs);
    drop_db(&base, &url).await;
}

/// The rows of `lobby_seeks`.
async fn seek_rows(url: &str) -> i64 {
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(url).await.expect("connect");
    sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM lobby_seeks").fetch_one(&mut conn).await.unwrap()
}

/// A seeker: posts one seek and waits for its seat.
async fn seeker(mut ws: Ws) -> (Ws, SeatGranted) {
    ws.lobby_say(&seek(Variant::Azigo)).await;
    created(next_answer(&mut ws).await);
    let seat = within("a seeker's seat", 60, async { paired(next_answer(&mut ws).await) }).await;
    (ws, seat)
}

/// A taker: follows its socket's list and takes any seek, the next one when another taker was first.
async fn taker(mut ws: Ws, first: Vec<String>, start: usize) -> (Ws, SeatGranted, u32) {
    let mut open: Vec<String> = first;
    let mut misses = 0;
    let mut pick = start;
    let seat = within("a taker's seat", 60, async {
        loop {
            while open.is_empty() {
                match ws.lobby_recv().await {
                    LobbyServerMsg::SeekAdded { seek } => open.push(seek.id),
                    LobbyServerMsg::SeekRemoved { id } => open.retain(|s| *s != id),
                    other => panic!("unexpected: {other:?}"),
                }
            }
            let id = open[pick % open.len()].clone();
            pick += 1;
            ws.lobby_say(&LobbyClientMsg::Accept { id: id.clone() }).await;
            loop {
                match ws.lobby_recv().await {
                    LobbyServerMsg::SeekAdded { seek } => open.push(seek.id),
                    LobbyServerMsg::SeekRemoved { id } => open.retain(|s| *s != id),
                    LobbyServerMsg::Paired(seat) => return *seat,
                    LobbyServerMsg::Error { code, .. } if code == "not_found" => {
                        misses += 1;
                        open.retain(|s| *s != id);
                        break;
                    }
                    other => panic!("unexpected: {other:?}"),
                }
            }
        }
    })
    .await;
    (ws, seat, misses)
}

#[tokio::test]
async fn forty_clients_on_three_nodes_make_twenty_games() {
    let Some(broker) = broker_url("lobby_forty") else { return };
    let Some((base, url)) = fresh_db("cluster_lobby_forty").await else { return };
    let procs = three_nodes(&url, &broker).await;
    let s = servers(&procs, &url);
    let mut takers = Vec::new();
    for i in 0..20 {
        let (ws, list) = lobby(&s[i % 3], &format!("name=t{i}")).await;
        takers.push((ws, list.seeks.into_iter().map(|x| x.id).collect::<Vec<_>>()));
    }
    let mut seekers = Vec::new();
    for i in 0..20 {
        let (ws, _) = lobby(&s[(i + 1) % 3], &format!("name=s{i}")).await;
        seekers.push(tokio::spawn(seeker(ws)));
    }
    let takers: Vec<_> =
        takers.into_iter().enumerate().map(|(i, (ws, first))| tokio::spawn(taker(ws, first, i))).collect();
    let mut seats: HashMap<String, Vec<(String, Side)>> = HashMap::new();
    let mut sockets = Vec::new();
    let mut misses = 0;
    for (i, t) in takers.into_iter().enumerate() {
        let (ws, seat, missed) = t.await.unwrap();
        misses += missed;
        seats.entry(seat.game.id.clone()).or_default().push((format!("t{i}"), seat.seat));
        sockets.push(ws);
    }
    for (i, t) in seekers.into_iter().enumerate() {
        let (ws, seat) = t.await.unwrap();
        seats.entry(seat.game.id.clone()).or_default().push((format!("s{i}"), seat.seat));
        sockets.push(ws);
    }
    eprintln!("40 clients paired into {} games ({misses} takes found their seek taken)", seats.len());
    assert_eq!(seats.len(), 20, "{seats:?}");
    for (game, two) in &seats {
        assert_eq!(two.len(), 2, "{game}: {two:?}");
        assert_ne!(two[0].1, two[1].1, "{game}: {two:?}");
        let (status, row) = s[0].get(&format!("/api/games/{game}")).await;
        assert_eq!(status, 200, "{row}");
        let names: BTreeSet<String> = ["south", "north"]
            .iter()
            .filter_map(|k| row["game"]["players"][k]["name"].as_str().map(String::from))
            .collect();
        assert_eq!(names, two.iter().map(|(n, _)| n.clone()).collect::<BTreeSet<_>>(), "{row}");
    }
    // Nobody gets a second seat.
    for ws in &mut sockets {
        while let Some(m) = ws.lobby_try_recv(Duration::from_millis(200)).await {
            assert!(!matches!(m, LobbyServerMsg::Paired(_)), "a second seat: {m:?}");
        }
    }
    let (_, list) = s[1].get("/api/games?limit=100").await;
    assert_eq!(list["games"].as_array().unwrap().len(), 20, "{list}");
    assert_eq!(seek_rows(&url).await, 0);
    drop(procs);
    drop_db(&base, &url).await;
}

#[tokio::test]
async fn a_challenge_through_one_node_reaches_the_socket_on_another() {
    let Some(broker) = broker_url("lobby_challenge") else { return };
    let Some((base, url)) = fresh_db("cluster_lobby_challenge").await else { return };
    let procs = three_nodes(&url, &broker).await;
    let s = servers(&procs, &url);
    let alice = account(&s[0], "alice").await;
    let bob = account(&s[0], "bob").await;
    let (mut bob_ws, _) = lobby(&s[1], &format!("token={bob}")).await;
    let (status, c) = post_auth(&s[0], "/api/challenges", &alice, json!({ "to": "bob", "variant": "azigo" })).await;
    assert_eq!(status, 201, "{c}");
    let got = within("the challenge on node b", 10, next_answer(&mut bob_ws)).await;
    let LobbyServerMsg::Challenge { challenge } = got else { panic!("not `challenge`: {got:?}") };
    assert_eq!(challenge.id, c["id"].as_str().unwrap());
    assert_eq!(challenge.from, "alice");
    drop(procs);
    drop_db(&base, &url).await;
}

#[tokio::test]
async fn an_account_paired_on_one_node_loses_its_seeks_on_the_others() {
    let Some(broker) = broker_url("lobby_playing") else { return };
    let Some((base, url)) = fresh_db("cluster_lobby_playing").await else { return };
    let procs = three_nodes(&url, &broker).await;
    let s = servers(&procs, &url);
    let alice = account(&s[0], "alice").await;
    let (mut on_a, _) = lobby(&s[0], &format!("token={alice}")).await;
    let (mut on_b, _) = lobby(&s[1], &format!("token={alice}")).await;
    let (mut taker, _) = lobby(&s[2], "name=tom").await;
    on_a.lobby_say(&seek(Variant::Azigo)).await;
    let first = created(next_answer(&mut on_a).await);
    on_b.lobby_say(&seek(Variant::Kubuguza)).await;
    let second = created(next_answer(&mut on_b).await);
    // Node c lists both before taking the first.
    within("both seeks on node c", 10, async {
        let mut seen = BTreeSet::new();
        while seen.len() < 2 {
            if let LobbyServerMsg::SeekAdded { seek } = taker.lobby_recv().await {
                seen.insert(seek.id);
            }
        }
    })
    .await;
    taker.lobby_say(&LobbyClientMsg::Accept { id: first.id.clone() }).await;
    let tom = paired(next_answer(&mut taker).await);
    // The seek alice made on node b goes from every node's list, and taking it is refused.
    within("alice's other seek removed", 10, async {
        loop {
            let (_, list) = s[2].get("/api/lobby/seeks").await;
            if !list["seeks"].as_array().unwrap().iter().any(|x| x["id"] == second.id.as_str()) {
                break;
            }
            crate::common::poll::tick().await;
        }
    })
    .await;
    taker.lobby_say(&LobbyClientMsg::Accept { id: second.id.clone() }).await;
    let m = next_answer(&mut taker).await;
    assert!(matches!(&m, LobbyServerMsg::Error { code, .. } if code == "not_found"), "{m:?}");
    let (status, game) = s[0].get(&format!("/api/games/{}", tom.game.id)).await;
    assert_eq!(status, 200, "{game}");
    drop(procs);
    drop_db(&base, &url).await;
}
