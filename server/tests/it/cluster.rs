//! Several nodes (docs/cluster.md): three `mancala-server` processes on one PostgreSQL and one NATS. A game
//! is played with its players and spectator on different nodes (a draw offered and declined across
//! them too, and a chat line); a rematch after the end between players on two nodes whose game's owner
//! died; its owner is SIGKILLed mid-game and play goes on; all three are restarted one after another
//! during play; a paused owner's writes are refused after another node took its game. Nothing
//! acknowledged is lost, nothing is applied twice. Needs
//! `TEST_DATABASE_URL` and `TEST_BROKER_URL` (skipped otherwise; `.ci/run` sets both).

use crate::common;

use common::cluster::{
    Client, Got, Match, Nodes, answers, broker_url, check_stored, metric, metrics, new_game, start_node,
};
use common::{drop_db, fresh_db};
use mancala_protocol::{ChatRoom, ClientMsg, DrawAction, ErrorCode, ServerMsg, Side};
use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

const LEASE: u64 = 2;

/// Waits (at most 20 s) until the games counted in `steps` made `n` more decisions.
async fn played_on(steps: &AtomicUsize, n: usize) {
    let target = steps.load(Ordering::SeqCst) + n;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while steps.load(Ordering::SeqCst) < target {
        assert!(tokio::time::Instant::now() < deadline, "play did not go on: {steps:?} of {target}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Waits (at most 10 s) until the node holding game `id`'s lease when called is no longer alive in the
/// database. The node is read once: as soon as it lapses another node may take the lease over, and the
/// lease's node is then alive again.
async fn owner_lapsed(url: &str, id: &str) {
    sqlx::any::install_default_drivers();
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(url).await.expect("the database");
    let owner: String = sqlx::query_scalar("SELECT node FROM game_leases WHERE game_id = $1")
        .bind(id)
        .fetch_one(&mut conn)
        .await
        .expect("the game's lease");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let alive: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM cluster_nodes WHERE node = $1 AND expires_at > clock_timestamp())",
        )
        .bind(&owner)
        .fetch_one(&mut conn)
        .await
        .expect("the owner's row");
        if !alive {
            return;
        }
        assert!(tokio::time::Instant::now() < deadline, "the owner {owner} of {id} did not lapse");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn players_and_spectators_on_three_nodes_play_one_game() {
    let Some(broker) = broker_url("three_nodes") else { return };
    let Some((base, url)) = fresh_db("cluster_play").await else { return };
    let procs = [
        start_node(&url, &broker, "a", LEASE).await,
        start_node(&url, &broker, "b", LEASE).await,
        start_node(&url, &broker, "c", LEASE).await,
    ];
    let nodes = Nodes::new(&procs.iter().map(|p| p.addr).collect::<Vec<_>>());
    for variant in ["azigo", "ikibuguzo"] {
        // Created on node a (its owner); South on a, North on b, the spectator on c.
        let body = json!({ "variant": variant, "seat": "south", "options": { "turn_limit": 40 } });
        let (id, south, north) = new_game(procs[0].addr, body).await;
        let mut m = Match::open(&nodes, &id, &south, &north, variant, [0, 1, 2]).await;
        // A second spectator on b: two relayed connections of one game on one node.
        let mut second = Client::open(&nodes, 1, &id, None, variant, 2).await;
        let health: serde_json::Value =
            reqwest::get(format!("http://{}/healthz", procs[1].addr)).await.unwrap().json().await.unwrap();
        assert!(health["cluster"]["relayed_connections"].as_u64().unwrap() >= 2, "{health}");
        let owner = metrics(procs[0].addr).await;
        assert!(metric(&owner, "mancala_remote_viewers") >= 3.0, "node a serves the viewers of b and c");
        // A draw offered from node b reaches node a's player and node c's spectator; declined on a, the
        // withdrawal reaches b.
        {
            let [south, north] = &mut m.seats;
            north.send(&ClientMsg::Draw { id: Some("d1".into()), action: DrawAction::Offer }).await;
            for c in [&mut *south, &mut m.spectator, &mut *north] {
                assert_eq!(draw_offer(c).await, Some(Side::North));
            }
            south.send(&ClientMsg::Draw { id: Some("d2".into()), action: DrawAction::Decline }).await;
            for c in [&mut *north, &mut *south] {
                assert_eq!(draw_offer(c).await, None);
            }
        }
        // A chat line from node b reaches node a's player, not node c's spectator.
        {
            let [south, north] = &mut m.seats;
            let line = ClientMsg::Chat { id: Some("c1".into()), room: ChatRoom::Players, text: "good luck".into() };
            north.send(&line).await;
            // The line comes as a `chat` message, or in a snapshot if the connection was recovering then.
            let heard = within("the chat line on node a", async {
                loop {
                    match south.next().await {
                        Got::Msg(msg) => match *msg {
                            ServerMsg::Chat { line } => break line,
                            ServerMsg::Snapshot { chat, .. } if !chat.is_empty() => break chat[chat.len() - 1].clone(),
                            _ => {}
                        },
                        Got::Reconnected => {}
                    }
                }
            })
            .await;
            assert_eq!(
                (heard.by.as_str(), heard.side, heard.text.as_str()),
                ("baraka", Some(Side::North), "good luck")
            );
        }
        while m.step().await {}
        second.catch_up(m.spectator.v).await;
        assert!(second.saw_the_end(), "the second spectator saw the end");
        for c in m.seats.iter().chain([&m.spectator, &second]) {
            assert_eq!(c.reconnects, 0, "nobody had to reconnect");
        }
        assert!(m.acknowledged.len() >= 10, "{variant}: {} decisions", m.acknowledged.len());
        check_stored(&url, &id, &m.acknowledged).await;
    }
    drop(procs);
    drop_db(&base, &url).await;
}

/// `f`'s answer, or a failure naming `what` after 20 s (a message that never comes fails, not hangs).
async fn within<T>(what: &str, f: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(Duration::from_secs(20), f).await.unwrap_or_else(|_| panic!("{what}: nothing in 20 s"))
}

/// The next `rematch` that `c` is told of: in a `rematch` message, or in a snapshot if its connection was
/// recovering.
async fn rematch_seen(c: &mut Client) -> mancala_protocol::NextGame {
    loop {
        if let Got::Msg(m) = c.next().await {
            match *m {
                ServerMsg::Rematch { next } => return next,
                ServerMsg::Snapshot { rematch: Some(next), .. } => return next,
                _ => {}
            }
        }
    }
}

/// The next rematch offer that `c` is told of (`None`: none pending), as a message or in a snapshot.
async fn rematch_offer(c: &mut Client) -> Option<Side> {
    loop {
        if let Got::Msg(m) = c.next().await {
            match *m {
                ServerMsg::RematchOffer { by } => return by,
                ServerMsg::Snapshot { rematch_offer: Some(by), .. } => return Some(by),
                _ => {}
            }
        }
    }
}

/// The next `draw_offer` message `c` gets: who offers (`None`: nobody).
async fn draw_offer(c: &mut Client) -> Option<Side> {
    loop {
        if let Got::Msg(m) = c.next().await
            && let ServerMsg::DrawOffer { by } = *m
        {
            return by;
        }
    }
}

#[tokio::test]
async fn a_killed_owner_s_games_carry_on_elsewhere() {
    let Some(broker) = broker_url("killed_owner") else { return };
    let Some((base, url)) = fresh_db("cluster_kill").await else { return };
    let a = start_node(&url, &broker, "a", LEASE).await;
    let b = start_node(&url, &broker, "b", LEASE).await;
    let c = start_node(&url, &broker, "c", LEASE).await;
    let nodes = Nodes::new(&[a.addr, b.addr, c.addr]);
    // Owned by a; the players on b and c, the spectator on b.
    let body = json!({ "variant": "njombwa", "seat": "south", "options": { "turn_limit": 60 } });
    let (id, south, north) = new_game(a.addr, body).await;
    let mut m = Match::open(&nodes, &id, &south, &north, "njombwa", [1, 2, 1]).await;
    // A timed game owned by a that nobody watches: its clock must still run out after a dies.
    let body = json!({ "variant": "kubuguza", "seat": "south", "clock": { "base_secs": 4, "increment_secs": 0 } });
    let (timed, timed_south, timed_north) = new_game(a.addr, body).await;
    let mut t = Match::open(&nodes, &timed, &timed_south, &timed_north, "kubuguza", [0, 0, 0]).await;
    t.step().await;
    t.step().await; // both have decided: the clock runs

    for _ in 0..6 {
        assert!(m.step().await, "{:?}", m.spectator.view);
    }
    nodes.set(0, None);
    a.kill().await;
    let killed_at = std::time::Instant::now();
    assert!(m.step().await, "the game goes on after its owner died");
    let takeover = killed_at.elapsed();
    while m.step().await {}
    assert!(m.seats.iter().chain([&m.spectator]).any(|c| c.reconnects > 0), "the viewers were moved");
    check_stored(&url, &id, &m.acknowledged).await;
    // How soon is a figure (BENCHMARKS.md, "Several nodes"), not a pass or fail.
    eprintln!("figure: the first decision after the owner's SIGKILL took {} ms", takeover.as_millis());

    // The timed game: nobody connected since a died, yet its flag fell.
    let client = common::TestServer::attach(b.addr, &url);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let result = loop {
        let (_, game) = client.get(&format!("/api/games/{timed}")).await;
        if game["game"]["status"] == "finished" || tokio::time::Instant::now() >= deadline {
            break game["game"].clone();
        }
        common::poll::tick().await;
    };
    assert_eq!(result["result"]["reason"], "timeout", "{result}");
    drop((b, c));
    drop_db(&base, &url).await;
}

/// A finished game is held by one node at a time like a live one: after its owner died, the players
/// who open it on two other nodes meet in one room, so a rematch offered on one reaches the other.
#[tokio::test]
async fn after_the_owner_died_the_players_of_a_finished_game_still_meet() {
    use mancala_protocol::RematchAction;
    let Some(broker) = broker_url("finished_meet") else { return };
    let Some((base, url)) = fresh_db("cluster_finished").await else { return };
    let a = start_node(&url, &broker, "a", LEASE).await;
    let b = start_node(&url, &broker, "b", LEASE).await;
    let c = start_node(&url, &broker, "c", LEASE).await;
    let nodes = Nodes::new(&[a.addr, b.addr, c.addr]);
    // Owned by a, South on b, North on c; South resigns.
    let (id, south, north) = new_game(a.addr, json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut s = Client::open(&nodes, 1, &id, Some(&south), "kubuguza", 0).await;
    s.send(&ClientMsg::Resign { id: Some("r".into()) }).await;
    within("the end", async {
        while !s.saw_the_end() {
            s.next().await;
        }
    })
    .await;
    drop(s);
    nodes.set(0, None);
    a.kill().await;
    // Each opens the finished game anew, on its own node.
    let mut s = Client::open(&nodes, 1, &id, Some(&south), "kubuguza", 0).await;
    let mut n = Client::open(&nodes, 2, &id, Some(&north), "kubuguza", 1).await;
    n.send(&ClientMsg::Rematch { id: Some("r1".into()), action: RematchAction::Offer }).await;
    assert_eq!(within("the offer from node c on node b", rematch_offer(&mut s)).await, Some(Side::North));
    s.send(&ClientMsg::Rematch { id: Some("r2".into()), action: RematchAction::Accept }).await;
    let (on_b, on_c) =
        (within("b's rematch", rematch_seen(&mut s)).await, within("c's rematch", rematch_seen(&mut n)).await);
    assert_eq!(on_b.game, on_c.game, "one rematch");
    let (sb, sc) = (on_b.seat.expect("South's seat"), on_c.seat.expect("North's seat"));
    assert_eq!((sb.seat, sc.seat), (Side::North, Side::South), "sides swapped");
    drop((b, c));
    drop_db(&base, &url).await;
}

#[tokio::test]
async fn a_rolling_restart_during_play_loses_nothing() {
    let Some(broker) = broker_url("rolling_restart") else { return };
    let Some((base, url)) = fresh_db("cluster_rolling").await else { return };
    let mut procs = vec![
        Some(start_node(&url, &broker, "a", LEASE).await),
        Some(start_node(&url, &broker, "b", LEASE).await),
        Some(start_node(&url, &broker, "c", LEASE).await),
    ];
    let nodes = Nodes::new(&procs.iter().map(|p| p.as_ref().unwrap().addr).collect::<Vec<_>>());
    let mut games = Vec::new();
    let steps = Arc::new(AtomicUsize::new(0));
    // Play goes on until the restarts are over, however long a loaded machine makes them take.
    let restarted = Arc::new(std::sync::atomic::AtomicBool::new(false));
    for k in 0..3 {
        let body = json!({ "variant": "njombwa", "seat": "south", "options": { "turn_limit": 400 } });
        let (id, south, north) = new_game(nodes.get(k).unwrap(), body).await;
        let mut m = Match::open(&nodes, &id, &south, &north, "njombwa", [k, (k + 1) % 3, (k + 2) % 3]).await;
        m.seed = 11 + k as u64;
        let (steps, restarted) = (steps.clone(), restarted.clone());
        games.push(tokio::spawn(async move {
            // A decision every 50 ms, until the restarts are over.
            while !restarted.load(Ordering::SeqCst) && m.step().await {
                steps.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            m
        }));
    }
    played_on(&steps, 10).await;
    for k in 0..3 {
        let p = procs[k].take().unwrap();
        nodes.set(k, None);
        p.signal("-TERM");
        let (status, log) = p.exited(Duration::from_secs(15)).await;
        assert!(status.success(), "node {k} exits cleanly: {log}");
        let id = ["a2", "b2", "c2"][k];
        let p = start_node(&url, &broker, id, LEASE).await;
        nodes.set(k, Some(p.addr));
        procs[k] = Some(p);
        // Play goes on before the next node restarts.
        played_on(&steps, 10).await;
    }
    restarted.store(true, Ordering::SeqCst);
    let mut played = 0;
    for g in games {
        let m = g.await.expect("a game's client");
        played += m.acknowledged.len();
        check_stored(&url, &m.id, &m.acknowledged).await;
        assert!(m.seats.iter().chain([&m.spectator]).any(|c| c.reconnects > 0), "{}: moved by the restarts", m.id);
    }
    // Ten decisions before the first restart and ten after each (`played_on`), every one acknowledged.
    let counted = steps.load(Ordering::SeqCst);
    assert!(played >= counted.max(40), "play went on during the restarts ({played} acknowledged, {counted} played)");
    drop(procs);
    drop_db(&base, &url).await;
}

#[tokio::test]
async fn a_paused_owner_cannot_commit_after_a_takeover() {
    let Some(broker) = broker_url("paused_owner") else { return };
    let Some((base, url)) = fresh_db("cluster_pause").await else { return };
    let a = start_node(&url, &broker, "a", LEASE).await;
    let b = start_node(&url, &broker, "b", LEASE).await;
    let nodes = Nodes::new(&[a.addr, b.addr]);
    let body = json!({ "variant": "kubuguza", "seat": "south", "options": { "turn_limit": 60 } });
    let (id, south, north) = new_game(a.addr, body).await;
    // Players on the owner a, the spectator on b.
    let mut m = Match::open(&nodes, &id, &south, &north, "kubuguza", [0, 0, 1]).await;
    for _ in 0..6 {
        assert!(m.step().await);
    }
    let mover = (0..2).find(|&i| !m.seats[i].legal().is_empty()).unwrap();
    let decision = m.seats[mover].legal()[0].clone();

    a.signal("-STOP");
    // Once a's lease lapsed, b takes the game over when a viewer arrives.
    owner_lapsed(&url, &id).await;
    let mut late = Client::open(&nodes, 1, &id, None, "kubuguza", 2).await;
    assert_eq!(late.v, m.spectator.v.max(late.v), "b serves the game from the database");
    // The paused owner's player decides meanwhile (the message waits in a's socket), then a wakes up.
    let msg = ClientMsg::Decide { id: "paused".into(), decision, game: None, seat: None };
    m.seats[mover].send(&msg).await;
    a.signal("-CONT");
    let answer = loop {
        match m.seats[mover].next().await {
            Got::Msg(x) if answers(&x, "paused") => break Some(x),
            Got::Msg(_) => continue,
            Got::Reconnected => break None,
        }
    };
    // a never acknowledges it: its room ends (lease lapsed) or its write is refused (fenced).
    if let Some(x) = &answer {
        assert!(matches!(**x, ServerMsg::Rejected { .. }), "the paused owner answered {x:?}");
        assert!(matches!(**x, ServerMsg::Rejected { code: ErrorCode::Unavailable, .. }), "{x:?}");
    }
    let after = metrics(a.addr).await;
    let refused = metric(&after, "mancala_lease_lapses") + metric(&after, "mancala_store_fenced_jobs");
    assert!(refused >= 1.0, "a knows it lost the game: {answer:?}\n{after}");
    // a's players are moved: they reconnect (their home a is up again, and routes to b) and play on.
    nodes.set(0, None);
    m.seats[mover].send(&msg).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    let mut backoff = common::poll::Backoff::up_to(Duration::from_millis(400));
    loop {
        assert!(tokio::time::Instant::now() < deadline, "the decision is never accepted");
        match m.seats[mover].next().await {
            Got::Msg(x) if answers(&x, "paused") && matches!(*x, ServerMsg::Accepted { .. }) => break,
            Got::Msg(x) if answers(&x, "paused") => {
                assert!(matches!(*x, ServerMsg::Rejected { code: ErrorCode::Unavailable, .. }), "{x:?}");
                backoff.wait().await;
                m.seats[mover].send(&msg).await;
            }
            Got::Msg(_) => {}
            Got::Reconnected => m.seats[mover].send(&msg).await,
        }
    }
    while m.step().await {}
    late.catch_up(m.spectator.v).await;
    let stored = common::cluster::stored_moves(&url, &id).await;
    assert_eq!(stored.iter().filter(|r| r.2.as_deref() == Some("paused")).count(), 1, "stored exactly once");
    check_stored(&url, &id, &m.acknowledged).await;
    drop((a, b));
    drop_db(&base, &url).await;
}

/// SQLite belongs to one process: a node with a broker on SQLite refuses to start, and says why.
#[test]
fn sqlite_with_a_broker_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("x.db").display());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mancala-server"))
        .args(["--addr", "127.0.0.1:0", "--database-url", &db, "--broker-url", "nats://127.0.0.1:4222"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("need a PostgreSQL database"), "{text}");
}
