//! Tournaments played to the end by bot accounts over the real API: each bot polls the tournament, plays
//! the game the director gave it (random legal decisions, through the game's socket with the seat token it
//! reads from `me.game`) and comes back for the next. A Swiss of eight bots runs its rounds with correct
//! pairings and tie-breaks; an arena pairs its players as they come free, and its standings equal a recount
//! from the games; with three nodes, the director's node is SIGKILLed mid-arena and the arena goes on
//! under another director, losing no game and counting each once.

use crate::common;

use common::cluster::{Client, Got, Nodes, answers, broker_url};
use common::process::Process;
use common::{TestServer, account, drop_db, fresh_db, pick};
use mancala_protocol::{ClientMsg, ServerMsg};
use mancala_server::config::Config;
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::Duration;

/// A request to the first live node; `None` when none answered.
async fn call(
    nodes: &Nodes,
    home: usize,
    method: reqwest::Method,
    path: &str,
    token: &str,
    body: Option<Value>,
) -> Option<(u16, Value)> {
    let http = reqwest::Client::new();
    for k in 0..3 {
        let Some(addr) = nodes.pick(home + k) else { continue };
        let mut req = http.request(method.clone(), format!("http://{addr}{path}")).bearer_auth(token);
        if let Some(b) = &body {
            req = req.json(b);
        }
        if let Ok(r) = req.timeout(Duration::from_secs(10)).send().await {
            let status = r.status().as_u16();
            return Some((status, r.json().await.unwrap_or(Value::Null)));
        }
    }
    None
}

/// Plays one seat of `game` with random legal decisions until the game is over.
async fn play_seat(nodes: &Nodes, home: usize, game: &str, token: &str, variant: &str, seat: usize, seed: u64) {
    let mut c = Client::open(nodes, home, game, Some(token), variant, seat).await;
    let mut seed = seed;
    let mut n = 0;
    while !c.saw_the_end() {
        if c.legal().is_empty() {
            c.next().await;
            continue;
        }
        let legal = c.legal();
        let decision = legal[pick(&mut seed, legal.len())].clone();
        n += 1;
        let id = format!("d{n}");
        let msg = ClientMsg::Decide { id: id.clone(), decision, game: None, seat: None };
        c.send(&msg).await;
        loop {
            match c.next().await {
                Got::Reconnected => break,
                Got::Msg(m) if answers(&m, &id) => {
                    if matches!(*m, ServerMsg::Rejected { .. }) {
                        crate::common::poll::tick().await;
                    }
                    break;
                }
                Got::Msg(_) => {}
            }
        }
        // Read what the decision changed before choosing again.
        let v = c.v;
        c.catch_up(v).await;
    }
}

/// A bot: plays every game the tournament gives it until the tournament is finished; returns the games
/// it played.
async fn bot(nodes: Nodes, home: usize, id: String, token: String, seed: u64) -> Vec<String> {
    let mut played = Vec::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(600);
    loop {
        assert!(tokio::time::Instant::now() < deadline, "the tournament did not finish in 10 minutes");
        let Some((200, t)) =
            call(&nodes, home, reqwest::Method::GET, &format!("/api/tournaments/{id}"), &token, None).await
        else {
            crate::common::poll::slow_tick().await;
            continue;
        };
        if t["status"] == "finished" {
            return played;
        }
        let game = &t["me"]["game"];
        if let Some(game_id) = game["game"]["id"].as_str()
            && !played.iter().any(|g| g == game_id)
        {
            let seat = if game["seat"] == "south" { 0 } else { 1 };
            let variant = game["game"]["variant"].as_str().unwrap().to_string();
            let token = game["token"].as_str().unwrap().to_string();
            play_seat(&nodes, home, game_id, &token, &variant, seat, seed + played.len() as u64).await;
            played.push(game_id.to_string());
            continue;
        }
        crate::common::poll::slow_tick().await;
    }
}

/// The latest wave (round) of the arena `id` with a game.
fn latest_wave(view: &Value) -> u64 {
    view["games"].as_array().unwrap().iter().map(|g| g["round"].as_u64().unwrap()).max().unwrap_or(0)
}

/// Waits (at most a minute) until the view of tournament `id` shows what `seen` looks for (`what`).
async fn until_seen(s: &TestServer, id: &str, what: &str, seen: impl Fn(&Value) -> bool) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let (status, view) = s.get(&format!("/api/tournaments/{id}")).await;
        assert_eq!(status, 200, "{view}");
        if seen(&view) {
            return;
        }
        assert!(tokio::time::Instant::now() < deadline, "not {what} within a minute: {view}");
        crate::common::poll::tick().await;
    }
}

/// Bot accounts `prefix0..n` and their tokens.
async fn bots(s: &TestServer, prefix: &str, n: usize) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for i in 0..n {
        let name = format!("{prefix}{i}");
        out.push((name.clone(), account(s, &name).await));
    }
    out
}

async fn create(s: &TestServer, token: &str, body: Value) -> String {
    let r = s.http.post(s.url("/api/tournaments")).bearer_auth(token).json(&body).send().await.unwrap();
    let status = r.status().as_u16();
    let body: Value = r.json().await.unwrap();
    assert_eq!(status, 201, "{body}");
    body["id"].as_str().unwrap().to_string()
}

async fn join(s: &TestServer, token: &str, id: &str) -> Value {
    let r = s.http.post(s.url(&format!("/api/tournaments/{id}/join"))).bearer_auth(token).send().await.unwrap();
    let status = r.status().as_u16();
    let body: Value = r.json().await.unwrap();
    assert_eq!(status, 200, "{body}");
    body
}

/// A finished game as the history API tells it.
struct Finished {
    south: String,
    north: String,
    winner: Option<String>,
    plies: u64,
    ended: u64,
    reason: String,
}

async fn game_result(s: &TestServer, id: &str) -> Finished {
    let (status, g) = s.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{g}");
    let g = &g["game"];
    assert_eq!(g["status"], "finished", "{g}");
    Finished {
        south: g["players"]["south"]["name"].as_str().unwrap().to_lowercase(),
        north: g["players"]["north"]["name"].as_str().unwrap().to_lowercase(),
        winner: g["result"]["winner"].as_str().map(String::from),
        plies: g["plies"].as_u64().unwrap(),
        ended: g["updated_at"].as_u64().unwrap(),
        reason: g["result"]["reason"].as_str().unwrap_or_default().to_string(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_swiss_of_eight_bots_runs_to_the_end_with_its_pairings_and_tie_breaks() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::with_database(&format!("sqlite://{}", dir.path().join("t.db").display()));
    config.round_pause_secs = 0;
    let s = TestServer::start_in(config, dir).await;
    let host = account(&s, "host").await;
    let players = bots(&s, "swissbot", 8).await;
    let start = common_now() + 1_500;
    let body = json!({ "name": "Club Swiss", "kind": "swiss", "variants": ["njombwa"],
        "clock": { "base_secs": 300, "increment_secs": 0 }, "rounds": 3, "bots": true, "starts_at": start });
    let id = create(&s, &host, body.clone()).await;
    // A tournament without bots refuses them.
    let closed = create(
        &s,
        &host,
        json!({ "name": "People only", "kind": "swiss", "variants": ["njombwa"],
        "clock": { "base_secs": 300, "increment_secs": 0 }, "rounds": 3, "starts_at": start + 600_000 }),
    )
    .await;
    let r =
        s.http.post(s.url(&format!("/api/tournaments/{closed}/join"))).bearer_auth(&players[0].1).send().await.unwrap();
    assert_eq!(r.status(), 403);
    for (_, token) in &players {
        join(&s, token, &id).await;
    }
    let nodes = Nodes::new(&[s.addr]);
    let tasks: Vec<_> = players
        .iter()
        .enumerate()
        .map(|(i, (_, token))| tokio::spawn(bot(nodes.clone(), 0, id.clone(), token.clone(), 100 * i as u64)))
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
    let (status, view) = s.get(&format!("/api/tournaments/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(view["status"], "finished");
    assert_eq!(view["round"], 3);
    let games = view["games"].as_array().unwrap();
    assert_eq!(games.len(), 12, "{view}");
    // Every player once a round, nobody meets twice, nobody has the same seat three times in a row.
    let mut met = BTreeSet::new();
    let mut seats: BTreeMap<String, Vec<char>> = BTreeMap::new();
    let mut scores: BTreeMap<String, u32> = BTreeMap::new();
    let mut opponents: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for round in 1..=3u64 {
        let mut seen = BTreeSet::new();
        let mut this: Vec<&Value> = games.iter().filter(|g| g["round"] == round).collect();
        this.sort_by_key(|g| g["id"].as_str().unwrap().to_string());
        assert_eq!(this.len(), 4);
        for g in this {
            let Finished { south, north, winner, .. } = game_result(&s, g["id"].as_str().unwrap()).await;
            assert!(seen.insert(south.clone()) && seen.insert(north.clone()), "round {round}: a player twice");
            let pair = if south < north { (south.clone(), north.clone()) } else { (north.clone(), south.clone()) };
            assert!(met.insert(pair), "{south} and {north} met twice");
            seats.entry(south.clone()).or_default().push('S');
            seats.entry(north.clone()).or_default().push('N');
            let (s_pts, n_pts) = match winner.as_deref() {
                Some("south") => (2, 0),
                Some("north") => (0, 2),
                _ => (1, 1),
            };
            *scores.entry(south.clone()).or_default() += s_pts;
            *scores.entry(north.clone()).or_default() += n_pts;
            opponents.entry(south.clone()).or_default().push(north.clone());
            opponents.entry(north.clone()).or_default().push(south.clone());
        }
        assert_eq!(seen.len(), 8);
    }
    for (p, s) in &seats {
        assert!(!s.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]), "{p} had one seat three times: {s:?}");
    }
    // The standings: scores and Buchholz recounted here from the games, bots marked.
    let standings = view["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 8);
    for line in standings {
        let name = line["name"].as_str().unwrap().to_lowercase();
        assert_eq!(line["bot"], true);
        assert_eq!(line["score"], scores[&name], "{name}");
        let buchholz: u32 = opponents[&name].iter().map(|o| scores[o]).sum();
        assert_eq!(line["tie_breaks"]["buchholz"], buchholz, "{name}");
        assert_eq!(line["games"], 3);
    }
    let ranked: Vec<u64> = standings.iter().map(|l| l["score"].as_u64().unwrap()).collect();
    assert!(ranked.windows(2).all(|w| w[0] >= w[1]), "{ranked:?}");
    assert_eq!(ranked.iter().sum::<u64>(), 24);
    s.stop().await;
}

fn common_now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as u64
}

/// The arena standings recounted here from the games (2/1/0, double after two wins in a row, nothing for
/// a draw under 10 plies): by player key.
fn arena_recount(games: &[Finished]) -> HashMap<String, u32> {
    let mut order: Vec<_> = games.iter().filter(|g| g.reason != "aborted").collect();
    order.sort_by_key(|g| g.ended);
    let mut streak: HashMap<String, u32> = HashMap::new();
    let mut score: HashMap<String, u32> = HashMap::new();
    for Finished { south, north, winner, plies, .. } in order {
        for (me, side) in [(south, "south"), (north, "north")] {
            let on_fire = streak.get(me).copied().unwrap_or(0) >= 2;
            let base = match winner.as_deref() {
                Some(w) if w == side => 2,
                Some(_) => 0,
                None if *plies < 10 => 0,
                None => 1,
            };
            *score.entry(me.clone()).or_default() += if on_fire { base * 2 } else { base };
            let won = winner.as_deref() == Some(side);
            *streak.entry(me.clone()).or_default() = if won { streak.get(me).copied().unwrap_or(0) + 1 } else { 0 };
        }
    }
    score
}

/// Moves the arena's end to `in_ms` from now, as if its time had passed (the database's own row).
async fn end_arena_in(database_url: &str, id: &str, in_ms: u64) {
    sqlx::any::install_default_drivers();
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(database_url).await.unwrap();
    let starts = (common_now() + in_ms) as i64 - 5 * 60_000;
    sqlx::query("UPDATE tournaments SET starts_at = $1 WHERE id = $2")
        .bind(starts)
        .bind(id)
        .execute(&mut conn)
        .await
        .unwrap();
}

/// The node and epoch of tournament `id`'s director lease.
async fn director_lease(conn: &mut sqlx::AnyConnection, id: &str) -> (String, i64) {
    sqlx::query_as::<_, (String, i64)>("SELECT node, epoch FROM game_leases WHERE game_id = $1")
        .bind(format!("t:{id}"))
        .fetch_one(conn)
        .await
        .unwrap()
}

/// Checks a finished arena: every game made and finished, nobody in two games of one wave, the standings
/// equal to the recount.
async fn check_arena(s: &TestServer, id: &str, players: usize) -> usize {
    let (status, view) = s.get(&format!("/api/tournaments/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(view["status"], "finished", "{view}");
    let games = view["games"].as_array().unwrap();
    let mut results = Vec::new();
    let mut waves: BTreeMap<u64, BTreeSet<String>> = BTreeMap::new();
    for g in games {
        assert_eq!(g["over"], true, "{g}");
        let r = game_result(s, g["id"].as_str().unwrap()).await;
        let wave = waves.entry(g["round"].as_u64().unwrap()).or_default();
        assert!(wave.insert(r.south.clone()) && wave.insert(r.north.clone()), "a player twice in wave {}", g["round"]);
        results.push(r);
    }
    let recount = arena_recount(&results);
    let standings = view["standings"].as_array().unwrap();
    assert_eq!(standings.len(), players);
    for line in standings {
        let name = line["name"].as_str().unwrap().to_lowercase();
        assert_eq!(line["score"], recount.get(&name).copied().unwrap_or(0), "{name}: {view}");
        let sheet: u64 = line["sheet"].as_array().unwrap().iter().map(|p| p.as_u64().unwrap()).sum();
        assert_eq!(line["score"], sheet);
    }
    games.len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_arena_pairs_players_as_they_come_free_and_counts_each_game_once() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let s = TestServer::start_in(Config::with_database(&url), dir).await;
    let host = account(&s, "host").await;
    let players = bots(&s, "arenabot", 4).await;
    let id = create(
        &s,
        &host,
        json!({ "name": "Quick arena", "kind": "arena", "variants": ["kubuguza", "njombwa"],
        "clock": { "base_secs": 120, "increment_secs": 0 }, "minutes": 5, "bots": true }),
    )
    .await;
    for (_, token) in &players {
        join(&s, token, &id).await;
    }
    let nodes = Nodes::new(&[s.addr]);
    let tasks: Vec<_> = players
        .iter()
        .enumerate()
        .map(|(i, (_, token))| tokio::spawn(bot(nodes.clone(), 0, id.clone(), token.clone(), 7 + i as u64)))
        .collect();
    // Let a few waves go, then bring the end near.
    let (_, view) = s.get(&format!("/api/tournaments/{id}")).await;
    assert_eq!(view["variant_now"], "kubuguza", "{view}");
    until_seen(&s, &id, "four games paired", |v| v["games"].as_array().unwrap().len() >= 4).await;
    end_arena_in(&s.database_url, &id, 2_000).await;
    for t in tasks {
        t.await.unwrap();
    }
    let games = check_arena(&s, &id, 4).await;
    assert!(games >= 4, "only {games} games in the arena");
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_arena_goes_on_after_its_directors_node_is_killed() {
    let Some(broker) = broker_url("arena_director_killed") else { return };
    let Some((base, url)) = fresh_db("arena_director").await else { return };
    let mut procs = Vec::new();
    for name in ["ta", "tb", "tc"] {
        let extra =
            ["--broker-url", broker.as_str(), "--node-id", name, "--lease-secs", "2", "--accounts-per-hour", "0"];
        procs.push(Some(Process::start(&url, &extra).await));
    }
    let addrs: Vec<_> = procs.iter().map(|p| p.as_ref().unwrap().addr).collect();
    let nodes = Nodes::new(&addrs);
    let s = TestServer::attach(addrs[0], &url);
    let host = account(&s, "host").await;
    let players = bots(&s, "clusterbot", 12).await;
    let id = create(
        &s,
        &host,
        json!({ "name": "Three nodes", "kind": "arena", "variants": ["njombwa"],
        "clock": { "base_secs": 120, "increment_secs": 0 }, "minutes": 5, "bots": true }),
    )
    .await;
    for (_, token) in &players {
        join(&s, token, &id).await;
    }
    let tasks: Vec<_> = players
        .iter()
        .enumerate()
        .map(|(i, (_, token))| tokio::spawn(bot(nodes.clone(), i % 3, id.clone(), token.clone(), 31 + i as u64)))
        .collect();
    // The kill comes at an arbitrary moment of play, not one the test picks: killed just as a wave was
    // paired (a poll until the view shows it), the arena did not finish under load (a bot's game socket
    // found no node for 30 s), a case for its own test.
    tokio::time::sleep(Duration::from_secs(6)).await;
    // The director's node, from its lease.
    sqlx::any::install_default_drivers();
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(url.as_str()).await.unwrap();
    let (director, epoch) = director_lease(&mut conn, &id).await;
    let k = ["ta", "tb", "tc"].iter().position(|n| director.starts_with(&format!("{n}-"))).expect("a node's key");
    let (_, before) = s.get(&format!("/api/tournaments/{id}")).await;
    let waves_before = latest_wave(&before);
    procs[k].take().unwrap().kill().await;
    let killed = tokio::time::Instant::now();
    nodes.set(k, None);
    let s = TestServer::attach(nodes.pick(k + 1).unwrap(), &url);
    // Another node directs it within the lease, and pairs new waves.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let (node, e) = director_lease(&mut conn, &id).await;
        if node != director {
            assert!(e > epoch);
            eprintln!(
                "figure: another node took the director's lease {} ms after the SIGKILL",
                killed.elapsed().as_millis()
            );
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "nobody took the director's lease");
        crate::common::poll::tick().await;
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let (_, now) = s.get(&format!("/api/tournaments/{id}")).await;
        if latest_wave(&now) > waves_before + 1 {
            eprintln!("figure: a new wave was paired {} ms after the SIGKILL", killed.elapsed().as_millis());
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "no new wave after the takeover: {now}");
        crate::common::poll::tick().await;
    }
    end_arena_in(&url, &id, 1_000).await;
    for t in tasks {
        if let Err(e) = t.await {
            // What the nodes that took over did: the case is rare, and its logs are the only account.
            let logs: Vec<String> = procs.iter().flatten().map(|p| p.log_so_far()).collect();
            panic!("a bot failed: {e}\nthe surviving nodes' logs:\n{}", logs.join("\n---\n"));
        }
    }
    let games = check_arena(&s, &id, 12).await;
    eprintln!("figure: {games} games, every one finished and counted once");
    drop(procs);
    drop(conn);
    drop_db(&base, &url).await;
}

#[tokio::test]
async fn the_schedule_makes_each_occurrence_once_on_every_node() {
    let dir = tempfile::tempdir().unwrap();
    let schedule = dir.path().join("schedule.json");
    std::fs::write(
        &schedule,
        r#"[{"every_minutes": 5, "announce_minutes": 12, "name": "Five-minute arena", "kind": "arena",
             "variants": ["azigo"], "clock": {"base_secs": 60, "increment_secs": 0}, "minutes": 5}]"#,
    )
    .unwrap();
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let mut config = Config::with_database(&url);
    config.tournament_schedule = Some(schedule.clone());
    let s = TestServer::start_in(config.clone(), dir).await;
    // A second server on the same database plays another node running the same schedule.
    let other = TestServer::start_with(config).await;
    // Each node makes the occurrences due at its directors' first tick; they are there once both ran.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let list = loop {
        let (status, list) = s.get("/api/tournaments").await;
        assert_eq!(status, 200);
        if list["upcoming"].as_array().unwrap().len() >= 2 {
            break list;
        }
        assert!(tokio::time::Instant::now() < deadline, "the schedule made nothing: {list}");
        crate::common::poll::tick().await;
    };
    let upcoming = list["upcoming"].as_array().unwrap();
    let starts: Vec<u64> = upcoming.iter().map(|t| t["starts_at"].as_u64().unwrap()).collect();
    assert!((2..=3).contains(&starts.len()), "{list}");
    assert!(starts.iter().all(|s| s % 300_000 == 0), "aligned on five minutes: {starts:?}");
    assert!(starts.windows(2).all(|w| w[1] - w[0] == 300_000), "once each: {starts:?}");
    assert!(upcoming.iter().all(|t| t["name"] == "Five-minute arena" && t.get("created_by").is_none()));
    other.stop().await;
    s.stop().await;
}

#[tokio::test]
async fn bad_requests_are_refused_naming_the_field_and_creation_is_limited() {
    let s = TestServer::start().await;
    let amina = account(&s, "amina").await;
    let post = |path: String, token: Option<String>, body: Value| {
        let s = &s;
        async move {
            let mut r = s.http.post(s.url(&path)).json(&body);
            if let Some(t) = token {
                r = r.bearer_auth(t);
            }
            let r = r.send().await.unwrap();
            let status = r.status().as_u16();
            (status, r.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    let arena = json!({ "name": "Night arena", "kind": "arena", "variants": ["kubuguza"],
        "clock": { "base_secs": 180, "increment_secs": 2 }, "minutes": 30 });
    let (status, _) = post("/api/tournaments".into(), None, arena.clone()).await;
    assert_eq!(status, 401, "a guest makes no tournament");
    for (patch, field) in [
        (json!({ "minutes": 3 }), "minutes"),
        (json!({ "rounds": 5 }), "rounds"),
        (json!({ "name": " x " }), "name"),
        (json!({ "variants": [] }), "variants"),
        (json!({ "variants": ["azigo", "azigo"] }), "variants"),
        (json!({ "variants": ["oware"] }), "variants"),
        (json!({ "clock": { "base_secs": 0, "increment_secs": 0 } }), "clock"),
        (json!({ "clock": { "days": 3 } }), "clock"),
        (json!({ "starts_at": common_now() + 8 * 24 * 3_600_000 }), "starts_at"),
        (json!({ "password": "abc" }), "password"),
        (json!({ "colour": "white" }), "colour"),
    ] {
        let mut body = arena.clone();
        for (k, v) in patch.as_object().unwrap() {
            body[k] = v.clone();
        }
        let (status, answer) = post("/api/tournaments".into(), Some(amina.clone()), body).await;
        assert_eq!(status, 400, "{patch}: {answer}");
        assert!(answer["message"].as_str().unwrap().contains(field), "{patch}: {answer}");
    }
    let swiss = json!({ "name": "Medley Swiss", "kind": "swiss", "variants": ["azigo", "njombwa"],
        "clock": { "base_secs": 180, "increment_secs": 2 }, "rounds": 3 });
    let (status, answer) = post("/api/tournaments".into(), Some(amina.clone()), swiss).await;
    assert_eq!(status, 400, "{answer}");

    // Three not finished at once, then a 409 that says why.
    let mut body = arena.clone();
    body["password"] = json!("imigongo");
    body["bots"] = json!(true);
    let club = create(&s, &amina, body).await;
    let closed = create(&s, &amina, arena.clone()).await;
    create(&s, &amina, arena.clone()).await;
    let (status, answer) = post("/api/tournaments".into(), Some(amina.clone()), arena.clone()).await;
    assert_eq!(status, 409, "{answer}");
    assert!(answer["message"].as_str().unwrap().contains("at most 3"), "{answer}");

    // An account without a password is a bot: refused where bots are not invited.
    let kwame = account(&s, "kwame").await;
    let (status, answer) = post(format!("/api/tournaments/{closed}/join"), Some(kwame.clone()), json!({})).await;
    assert_eq!(status, 403, "{answer}");
    assert!(answer["message"].as_str().unwrap().contains("bots"), "{answer}");
    // Joining a club's tournament needs its password; withdrawing needs a join; a missing one is a 404.
    let join = format!("/api/tournaments/{club}/join");
    assert_eq!(post(join.clone(), Some(kwame.clone()), json!({})).await.0, 403);
    assert_eq!(post(join.clone(), Some(kwame.clone()), json!({ "password": "mango" })).await.0, 403);
    assert_eq!(post(format!("/api/tournaments/{club}/withdraw"), Some(kwame.clone()), json!({})).await.0, 409);
    let (status, view) = post(join, Some(kwame.clone()), json!({ "password": "imigongo" })).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["me"]["joined"], true);
    assert_eq!(view["private"], true);
    assert!(!view.to_string().contains("imigongo"), "the password is never shown");
    let (status, _) = s.get("/api/tournaments/nosuch1").await;
    assert_eq!(status, 404);
    let (status, _) = s.get("/api/tournaments/bad-id!").await;
    assert_eq!(status, 400);
    s.stop().await;
}
