//! History over HTTP through a real server: the game list (filters, cursor pagination, bad parameters),
//! one game, positions at a ply, the text and JSON exports, and that no HTTP answer carries a secret of
//! an unfinished game. The NDJSON streams are in `history/streams.rs`, the OpenAPI document in
//! `history/openapi.rs` and what it says of the wire in `history/wire.rs`; the helpers here serve them all.

use crate::common;
#[path = "history/openapi.rs"]
mod openapi;
#[path = "history/streams.rs"]
mod streams;
#[path = "history/wire.rs"]
mod wire;

use common::driver::{Table, accepted};
use common::{Seat, TestServer, Ws};
use futures_util::StreamExt;
use mancala_protocol::{BoardView, ClientMsg, ServerMsg};
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::time::Duration;

/// Waits for the snapshot a game socket gets on connect.
async fn snapshot(ws: &mut Ws) {
    ws.recv_until(|m| matches!(m, ServerMsg::Snapshot { .. }).then_some(())).await;
}

/// Waits for the event whose board shows the game over.
async fn the_end(ws: &mut Ws) {
    ws.recv_until(|m| {
        matches!(m, ServerMsg::Event { view: Some(BoardView { outcome: Some(_), .. }), .. }).then_some(())
    })
    .await;
}

/// Ends game `id` by `token`'s seat resigning; waits until the spectator sees the end.
async fn resign(server: &TestServer, id: &str, token: &str) {
    let mut watcher = server.ws(id, None, None).await;
    snapshot(&mut watcher).await;
    let mut ws = server.ws(id, Some(token), None).await;
    snapshot(&mut ws).await;
    ws.say(&ClientMsg::Resign { id: Some("r".into()) }).await;
    the_end(&mut watcher).await;
}

/// Ends game `id` by abort (before both players moved).
async fn abort(server: &TestServer, id: &str, token: &str) {
    let mut ws = server.ws(id, Some(token), None).await;
    snapshot(&mut ws).await;
    ws.say(&ClientMsg::Abort { id: Some("a".into()) }).await;
    the_end(&mut ws).await;
}

/// An NDJSON body read line by line.
struct Lines {
    body: std::pin::Pin<Box<dyn futures_util::Stream<Item = reqwest::Result<axum::body::Bytes>> + Send>>,
    buf: Vec<u8>,
}

impl Lines {
    async fn open(server: &TestServer, path: &str) -> (reqwest::StatusCode, String, Lines) {
        let r = server.http.get(server.url(path)).send().await.expect("request");
        let status = r.status();
        let ctype = r.headers().get("content-type").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
        (status, ctype, Lines { body: Box::pin(r.bytes_stream()), buf: Vec::new() })
    }

    /// The next line (without its newline); `None` at the end of the body. Panics after `wait`.
    async fn next(&mut self, wait: Duration) -> Option<String> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            if let Some(i) = self.buf.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buf.drain(..=i).collect();
                return Some(String::from_utf8(line[..i].to_vec()).expect("UTF-8"));
            }
            let chunk = tokio::time::timeout_at(deadline, self.body.next()).await.expect("a line in time");
            match chunk {
                Some(Ok(bytes)) => self.buf.extend_from_slice(&bytes),
                Some(Err(e)) => panic!("stream broke: {e}"),
                None => {
                    assert!(self.buf.is_empty(), "unterminated last line");
                    return None;
                }
            }
        }
    }

    /// Every remaining line.
    async fn all(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        while let Some(l) = self.next(Duration::from_secs(10)).await {
            lines.push(l);
        }
        lines
    }
}

fn ids(games: &Value) -> Vec<String> {
    games.as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap().to_string()).collect()
}

/// The games of the list that satisfy `keep`, in list order.
fn expected(all: &[Value], keep: impl Fn(&Value) -> bool) -> Vec<String> {
    all.iter().filter(|g| keep(g)).map(|g| g["id"].as_str().unwrap().to_string()).collect()
}

async fn list_ids(server: &TestServer, query: &str) -> Vec<String> {
    let (status, body) = server.get(&format!("/api/games?{query}")).await;
    assert_eq!(status, 200, "{query}: {body}");
    ids(&body["games"])
}

/// Five games of every status and result, by three players.
async fn populate(server: &TestServer) -> Vec<String> {
    let mut made = Vec::new();
    // amina (south) vs baraka: north resigns, south wins.
    let (g1, _, n1) = server.new_game(json!({ "variant": "kubuguza", "seat": "south", "name": "amina" })).await;
    resign(server, &g1, &n1).await;
    made.push(g1);
    // amina (south) vs baraka: south resigns, north wins.
    let (g2, s2, _) = server.new_game(json!({ "variant": "kubuguza", "seat": "south", "name": "amina" })).await;
    resign(server, &g2, &s2).await;
    made.push(g2);
    // carol vs baraka, Njombwa with a short turn limit played out: a draw.
    let (g3, s3, n3) = server
        .new_game(json!({ "variant": "njombwa", "seat": "south", "name": "carol", "options": { "turn_limit": 2 } }))
        .await;
    let mut t = Table::open(server, &g3, &s3, &n3).await;
    t.play_random(&mut 7, 500).await;
    assert!(t.over());
    made.push(g3);
    // carol vs baraka, aborted: finished without a result.
    let (g4, s4, _) = server.new_game(json!({ "variant": "kubuguza", "seat": "north", "name": "carol" })).await;
    abort(server, &g4, &s4).await;
    made.push(g4);
    // amina vs baraka, ongoing.
    let (g5, _, _) = server.new_game(json!({ "variant": "azigo", "seat": "north", "name": "amina" })).await;
    made.push(g5);
    // dede waits for an opponent.
    let (status, w) = server.post("/api/games", json!({ "variant": "njombwa", "name": "dede" })).await;
    assert_eq!(status, 201);
    made.push(w["game"]["id"].as_str().unwrap().to_string());
    made
}

#[tokio::test]
async fn the_list_filters_and_pages() {
    let server = TestServer::start().await;
    let made = populate(&server).await;
    let (status, body) = server.get("/api/games?limit=100").await;
    assert_eq!(status, 200, "{body}");
    assert!(body["next_cursor"].is_null(), "{body}");
    let all = body["games"].as_array().unwrap().clone();
    assert_eq!(
        all.iter().map(|g| g["id"].as_str().unwrap().to_string()).collect::<BTreeSet<_>>(),
        made.iter().cloned().collect()
    );
    // Newest first.
    let created: Vec<u64> = all.iter().map(|g| g["created_at"].as_u64().unwrap()).collect();
    assert!(created.windows(2).all(|w| w[0] >= w[1]), "{created:?}");
    // No list answer carries a seat token or its hash.
    assert!(!body.to_string().contains("token"), "{body}");

    let seated = |g: &Value, name: &str| g["players"]["south"]["name"] == name || g["players"]["north"]["name"] == name;
    for name in ["amina", "carol", "dede", "baraka", "nobody"] {
        assert_eq!(list_ids(&server, &format!("player={name}")).await, expected(&all, |g| seated(g, name)), "{name}");
    }
    assert_eq!(list_ids(&server, "variant=njombwa").await, expected(&all, |g| g["variant"] == "njombwa"));
    for status in ["waiting", "ongoing", "finished"] {
        let got = list_ids(&server, &format!("status={status}")).await;
        assert_eq!(got, expected(&all, |g| g["status"] == status), "{status}");
        assert!(!got.is_empty(), "{status}");
    }
    for side in ["south", "north"] {
        let got = list_ids(&server, &format!("result={side}")).await;
        assert_eq!(got, expected(&all, |g| g["result"]["winner"] == side), "{side}");
        assert_eq!(got.len(), 1, "{side}");
    }
    let draws = list_ids(&server, "result=draw").await;
    assert_eq!(draws, vec![made[2].clone()], "the Njombwa game is the only draw; the aborted game is none");
    assert_eq!(list_ids(&server, "player=amina&status=finished&result=north").await, vec![made[1].clone()]);
    // Date range on created_at: `since` inclusive, `until` exclusive.
    let pivot = created[2];
    assert_eq!(
        list_ids(&server, &format!("since={pivot}")).await,
        expected(&all, |g| g["created_at"].as_u64() >= Some(pivot))
    );
    assert_eq!(
        list_ids(&server, &format!("until={pivot}")).await,
        expected(&all, |g| g["created_at"].as_u64() < Some(pivot))
    );

    // Pages of two, following the cursor, give the same list; the last page has no cursor.
    let mut paged = Vec::new();
    let mut query = "limit=2".to_string();
    let mut pages = 0;
    loop {
        let (status, page) = server.get(&format!("/api/games?{query}")).await;
        assert_eq!(status, 200, "{page}");
        pages += 1;
        let got = ids(&page["games"]);
        assert!(got.len() <= 2);
        paged.extend(got);
        match page["next_cursor"].as_str() {
            Some(c) => query = format!("limit=2&cursor={c}"),
            None => break,
        }
    }
    assert_eq!(paged, expected(&all, |_| true));
    assert_eq!(pages, 3, "six games in pages of two: no empty last page");
    // The cursor combines with filters.
    let (_, first) = server.get("/api/games?player=amina&limit=1").await;
    let c = first["next_cursor"].as_str().expect("more amina games");
    let rest = list_ids(&server, &format!("player=amina&cursor={c}")).await;
    let mut amina = ids(&first["games"]);
    amina.extend(rest);
    assert_eq!(amina, expected(&all, |g| seated(g, "amina")));
}

#[tokio::test]
async fn bad_parameters_get_a_400_naming_them() {
    let server = TestServer::start().await;
    let (id, _, _) = server.new_game(json!({ "variant": "kubuguza", "name": "amina" })).await;
    let cases: &[(&str, &[&str])] = &[
        ("/api/games?status=done", &["`status`", "waiting", "ongoing", "finished"]),
        ("/api/games?result=win", &["`result`", "south", "north", "draw"]),
        ("/api/games?variant=chess", &["`variant`", "kubuguza", "azigo"]),
        ("/api/games?limit=0", &["`limit`", "1", "100"]),
        ("/api/games?limit=101", &["`limit`", "100"]),
        ("/api/games?limit=ten", &["`limit`"]),
        ("/api/games?since=-5", &["`since`"]),
        ("/api/games?until=yesterday", &["`until`"]),
        ("/api/games?since=10&until=10", &["`since`", "`until`"]),
        ("/api/games?cursor=nonsense", &["`cursor`", "next_cursor"]),
        ("/api/games?player=a%20b", &["`player`"]),
        ("/api/games?colour=red", &["`colour`", "`player`", "`limit`"]),
        ("/api/games?status=ongoing&status=finished", &["`status`", "more than once"]),
        (&format!("/api/games/{id}/position?ply=x"), &["`ply`"]),
        (&format!("/api/games/{id}/position?ply=1000"), &["`ply`", "only"]),
        (&format!("/api/games/{id}/position?at=3"), &["`at`", "`ply`"]),
        (&format!("/api/games/{id}/export?format=pgn"), &["`format`", "text", "json"]),
        (&format!("/api/games/{id}?verbose=1"), &["`verbose`", "no parameters"]),
        ("/api/games/not-an-id", &["not-an-id"]),
        ("/api/players/amina/games?limit=5", &["`limit`", "`max`"]),
        ("/api/players/amina/games?player=x", &["`player`"]),
        ("/api/players/amina/games?max=0", &["`max`"]),
        ("/api/players/amina/games?status=over", &["`status`"]),
        ("/api/stream/game/x-y", &["x-y"]),
    ];
    for (path, words) in cases {
        let (status, body) = server.get(path).await;
        assert_eq!(status, 400, "{path}: {body}");
        assert_eq!(body["error"], "bad_request", "{path}: {body}");
        let message = body["message"].as_str().unwrap();
        for w in *words {
            assert!(message.contains(w), "{path}: `{message}` does not mention {w}");
        }
    }
    for path in [
        "/api/games/Nosuchgame",
        "/api/games/Nosuchgame/position",
        "/api/games/Nosuchgame/export",
        "/api/stream/game/Nosuchgame",
    ] {
        let (status, body) = server.get(path).await;
        assert_eq!(status, 404, "{path}: {body}");
    }
}

/// `YYYY.MM.DD` of unix ms, the slow way (an independent check of the export's date).
fn date_of(ms: u64) -> String {
    let mut days = ms / 86_400_000;
    let mut year = 1970;
    let leap = |y: u64| (y.is_multiple_of(4) && !y.is_multiple_of(100)) || y.is_multiple_of(400);
    while days >= if leap(year) { 366 } else { 365 } {
        days -= if leap(year) { 366 } else { 365 };
        year += 1;
    }
    let months = [31, if leap(year) { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    let mut month = 0;
    while days >= months[month] {
        days -= months[month];
        month += 1;
    }
    format!("{year:04}.{:02}.{:02}", month + 1, days + 1)
}

#[tokio::test]
async fn one_game_its_positions_and_exports() {
    let server = TestServer::start().await;
    let body = json!({ "variant": "kubuguza", "seat": "south", "name": "amina", "clock": { "base_secs": 300, "increment_secs": 5 } });
    let (id, south, north) = server.new_game(body).await;
    let mut t = Table::open(&server, &id, &south, &north).await;
    let start_holes = json!(t.views.spectator.holes);
    // The spectator's board after each ply, to compare with the positions (version 1 is the game's start,
    // each ply one version after it).
    let mut boards = vec![(t.versions.spectator - 1, start_holes.clone())];
    for _ in 0..6 {
        t.play_random(&mut 11, 1).await;
        boards.push((t.versions.spectator - 1, json!(t.views.spectator.holes)));
    }
    let plies = t.versions.spectator - 1;

    // While the game runs: the spectator's view, the clock running.
    let (status, detail) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{detail}");
    assert_eq!(detail["game"]["id"], id.as_str());
    assert_eq!(detail["game"]["status"], "ongoing");
    assert_eq!(detail["game"]["plies"], plies);
    assert_eq!(detail["record"].as_array().unwrap().len() as u64, plies);
    assert_eq!(detail["view"]["holes"], json!(t.views.spectator.holes));
    assert_eq!(detail["view"]["legal"], json!([]), "a spectator's view offers no decisions");
    assert_eq!(detail["clock"]["base_secs"], 300);
    assert_eq!(detail["clock"]["running"].as_array().unwrap().len(), 1, "{detail}");
    assert!(detail["clock"]["south_ms"].as_u64().unwrap() <= 300_000 + 5_000 * plies);

    for (v, holes) in &boards {
        let (status, at) = server.get(&format!("/api/games/{id}/position?ply={v}")).await;
        assert_eq!(status, 200, "{at}");
        assert_eq!(at["game_id"], id.as_str());
        assert_eq!(at["ply"], *v);
        assert_eq!(&at["view"]["holes"], holes, "ply {v}");
    }
    let (_, zero) = server.get(&format!("/api/games/{id}/position?ply=0")).await;
    assert_eq!(zero["view"]["holes"], start_holes);
    let (_, last) = server.get(&format!("/api/games/{id}/position")).await;
    assert_eq!(last["ply"], plies);
    let (status, beyond) = server.get(&format!("/api/games/{id}/position?ply={}", plies + 1)).await;
    assert_eq!(status, 400);
    assert!(beyond["message"].as_str().unwrap().contains(&format!("only {plies} plies")), "{beyond}");

    // South resigns: the detail shows the result, the clock stops.
    resign(&server, &id, &south).await;
    let (_, detail) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(detail["game"]["status"], "finished");
    assert_eq!(detail["game"]["result"], json!({ "winner": "north", "reason": "resignation" }));
    assert_eq!(detail["view"]["outcome"], json!({ "winner": "north", "reason": "resignation" }));
    assert_eq!(detail["clock"]["running"], json!([]));
    let record = detail["record"].as_array().unwrap().clone();
    for (i, e) in record.iter().enumerate() {
        assert_eq!(e["ply"], i as u64 + 1);
        assert!(e["decision"].is_string(), "{e}");
        assert!(e["clock_ms"].is_u64(), "a clocked game records the mover's time: {e}");
    }
    let (_, last) = server.get(&format!("/api/games/{id}/position")).await;
    assert_eq!(last["view"]["outcome"]["reason"], "resignation", "the last position includes the ruling");

    // The text export: header, blank line, one decision per line.
    let r = server.http.get(server.url(&format!("/api/games/{id}/export"))).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "text/plain; charset=utf-8");
    assert_eq!(r.headers()["content-disposition"], format!("attachment; filename=\"{id}.txt\"").as_str());
    let text = r.text().await.unwrap();
    let (header, moves) = text.split_once("\n\n").expect("a blank line after the header");
    // The options are the game's, as compact JSON (compared as JSON: key order is not part of it).
    let options = header
        .lines()
        .find_map(|l| l.strip_prefix("[Options \""))
        .unwrap()
        .trim_end_matches("\"]")
        .replace("\\\"", "\"");
    assert_eq!(serde_json::from_str::<Value>(&options).unwrap(), detail["game"]["options"]);
    let created = detail["game"]["created_at"].as_u64().unwrap();
    let want = [
        "[Event \"mancala game\"]".to_string(),
        format!("[Site \"{}\"]", server.addr),
        format!("[GameId \"{id}\"]"),
        "[Variant \"kubuguza\"]".to_string(),
        format!("[Options \"{}\"]", options.replace('"', "\\\"")),
        "[South \"amina\"]".to_string(),
        "[North \"baraka\"]".to_string(),
        "[Clock \"300+5\"]".to_string(),
        "[Result \"north\"]".to_string(),
        "[Reason \"resignation\"]".to_string(),
        format!("[Date \"{}\"]", date_of(created)),
        format!("[Plies \"{plies}\"]"),
    ];
    assert_eq!(header.lines().collect::<Vec<_>>(), want.iter().map(String::as_str).collect::<Vec<_>>());
    let lines: Vec<&str> = moves.lines().collect();
    assert_eq!(lines.len(), record.len());
    for (line, e) in lines.iter().zip(&record) {
        let auto = if e["auto"] == true { " {auto}" } else { "" };
        assert_eq!(
            *line,
            format!("{}. {} {}{auto}", e["ply"], e["side"].as_str().unwrap(), e["decision"].as_str().unwrap())
        );
    }

    // The JSON export, by parameter and by Accept header.
    let (status, exported) = server.get(&format!("/api/games/{id}/export?format=json")).await;
    assert_eq!(status, 200);
    assert_eq!(exported, json!({ "game": detail["game"], "record": detail["record"] }));
    let r = server
        .http
        .get(server.url(&format!("/api/games/{id}/export")))
        .header("accept", "application/json")
        .send()
        .await
        .unwrap();
    assert_eq!(r.headers()["content-type"], "application/json");
    assert_eq!(r.json::<Value>().await.unwrap(), exported);
    // `format` wins over Accept.
    let r = server
        .http
        .get(server.url(&format!("/api/games/{id}/export?format=text")))
        .header("accept", "application/json")
        .send()
        .await
        .unwrap();
    assert!(r.text().await.unwrap().starts_with("[Event "));
}

/// Every HTTP answer about game `id`, as text.
async fn every_answer(server: &TestServer, id: &str, player: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for path in [
        format!("/api/games/{id}"),
        format!("/api/games/{id}/position"),
        format!("/api/games/{id}/position?ply=0"),
        format!("/api/games/{id}/position?ply=1"),
        format!("/api/games/{id}/export"),
        format!("/api/games/{id}/export?format=json"),
        format!("/api/games?player={player}"),
    ] {
        let (status, text) = server.get_text(&path).await;
        if status == 200 {
            out.push((path, text));
        }
    }
    let (_, _, mut lines) = Lines::open(server, &format!("/api/players/{player}/games")).await;
    out.push(("player stream".into(), lines.all().await.join("\n")));
    let (_, _, mut lines) = Lines::open(server, &format!("/api/stream/game/{id}")).await;
    out.push(("live stream".into(), lines.next(Duration::from_secs(5)).await.unwrap()));
    out
}

#[tokio::test]
async fn no_http_answer_tells_a_secret_of_an_unfinished_game() {
    let server = TestServer::start().await;
    for (k, choice) in ["opening:1", "opening:2"].into_iter().enumerate() {
        let name = format!("chooser{k}");
        let (id, south, north) =
            server.new_game(json!({ "variant": "ikibuguzo", "seat": "south", "name": name })).await;
        let mut t = Table::open(&server, &id, &south, &north).await;
        let a = t.decide(Seat::South, choice).await;
        assert!(accepted(&a), "{a:?}");
        assert_eq!(json!(t.views.south.choices.south), choice);
        for (path, text) in every_answer(&server, &id, &name).await {
            assert!(!text.contains("opening:1") && !text.contains("opening:2"), "{path} tells South's choice: {text}");
        }
        let (_, detail) = server.get(&format!("/api/games/{id}")).await;
        assert_eq!(detail["view"]["choices"]["south"], "hidden");
        assert_eq!(detail["record"][0]["decision"], Value::Null);
        let (_, text) = server.get_text(&format!("/api/games/{id}/export")).await;
        assert!(text.ends_with("\n1. south ?\n"), "{text}");
        // Once both are in, the choices are public and the record shows them.
        let b = t.decide(Seat::North, "opening:1").await;
        assert!(accepted(&b), "{b:?}");
        let (_, detail) = server.get(&format!("/api/games/{id}")).await;
        assert_eq!(detail["record"][0]["decision"], choice, "{detail}");
    }

    // Azigo: a store count is the owner's secret until the end.
    let (id, south, north) = server.new_game(json!({ "variant": "azigo", "seat": "south", "name": "zola" })).await;
    let mut t = Table::open(&server, &id, &south, &north).await;
    t.play_random(&mut 5, 4).await;
    assert!(!t.over());
    assert!(t.views.south.stores.south.is_some(), "the owner sees its store");
    for (path, text) in every_answer(&server, &id, "zola").await {
        let values: Vec<Value> = if path == "player stream" {
            text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
        } else if path.ends_with("/export") {
            continue; // text, and it carries no board
        } else {
            vec![serde_json::from_str(&text).unwrap()]
        };
        for v in values {
            let mut stack = vec![&v];
            while let Some(x) = stack.pop() {
                if let Some(stores) = x.get("stores") {
                    assert_eq!(stores, &json!({ "south": null, "north": null }), "{path}: {text}");
                }
                match x {
                    Value::Object(m) => stack.extend(m.values()),
                    Value::Array(a) => stack.extend(a.iter()),
                    _ => {}
                }
            }
        }
    }
    let (_, detail) = server.get(&format!("/api/games/{id}")).await;
    assert!(detail["view"]["stores"].is_object(), "the detail has a board with stores: {detail}");
}
