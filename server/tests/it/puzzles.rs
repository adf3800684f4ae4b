//! Puzzles (docs/puzzles.md): served without their solution, 404 and 400 named; attempts judged right,
//! wrong and continue, recorded once per account with both ratings moved, a guest's judged only; the
//! daily puzzle the same twice and on two servers; a streak harder each time that ends at the first miss;
//! down votes retiring a puzzle; `next` leaving out the ids a guest's browser excludes; the export; the limit on attempts; a bad `--puzzles` file stopping the
//! server. The puzzles are made here with the engine (a line of legal decisions from positions of a
//! Kubuguza game) and given with `--puzzles`; whatever starter set the server also holds, the tests find
//! each puzzle's line in the export. On SQLite, and attempts and ratings once on PostgreSQL.

use crate::common::lobby::{get_auth, post_auth};
use crate::common::{TestServer, account, drop_db, fresh_db};
use mancala_engine::{Options, Position, ToMove, Variant};
use mancala_puzzles::{Goal, Puzzle, Source, Theme, puzzle_id, read_ndjson, write_ndjson};
use mancala_server::config::Config;
use serde_json::{Value, json};
use std::collections::HashMap;

/// `n` puzzles from the positions of one Kubuguza game, each with a line of 5 legal decisions, rated
/// `first`, `first + step`, …
pub(crate) fn made(n: usize, first: f64, step: f64) -> Vec<Puzzle> {
    let v = Variant::Kubuguza;
    let o = Options::defaults(v);
    let mut game = Position::start(v, o).unwrap();
    let mut out: Vec<Puzzle> = Vec::new();
    let mut ply: usize = 0;
    while out.len() < n {
        let ToMove::Side(side) = game.to_move() else { panic!("the game ended after {ply} plies") };
        let position = game.to_text();
        let mut line = game.clone();
        let mut solution = Vec::new();
        while solution.len() < 5 {
            let ToMove::Side(s) = line.to_move() else { break };
            let legal = line.legal_decisions(s);
            let d = legal[(ply + solution.len()) % legal.len()];
            solution.push(d.notation(line.geometry()));
            line.play(d).unwrap();
        }
        let id = puzzle_id(v, &o, &position);
        if solution.len() == 5 && !out.iter().any(|p| p.id == id) {
            out.push(Puzzle {
                id,
                variant: v,
                options: o,
                position,
                solution,
                alternatives: vec![],
                goal: Goal::Capture { counters: 4 },
                themes: vec![if out.len().is_multiple_of(2) { Theme::Opening } else { Theme::Endgame }],
                rating: first + step * out.len() as f64,
                source: Source::Selfplay { seed: 1, south_level: 3, north_level: 3, ply: ply as u32, random_plies: 0 },
            });
        }
        let legal = game.legal_decisions(side);
        game.play(legal[(ply * 5 + 1) % legal.len()]).unwrap();
        ply += 1;
    }
    out
}

/// A server on a fresh SQLite file with `puzzles` given by `--puzzles`.
pub(crate) async fn server(puzzles: &[Puzzle], tune: impl FnOnce(&mut Config)) -> TestServer {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("puzzles.ndjson");
    std::fs::write(&file, write_ndjson(puzzles)).unwrap();
    let mut config = Config::with_database(&format!("sqlite://{}", dir.path().join("t.db").display()));
    config.puzzles = Some(file);
    config.accounts_per_hour = 0;
    tune(&mut config);
    TestServer::start_in(config, dir).await
}

/// Every puzzle the server serves, by id, from its export.
pub(crate) async fn exported(s: &TestServer) -> HashMap<String, Puzzle> {
    let (status, text) = s.get_text("/api/puzzles/export").await;
    assert_eq!(status, 200, "{text}");
    read_ndjson(&text).unwrap().into_iter().map(|p| (p.id.clone(), p)).collect()
}

pub(crate) async fn attempt(s: &TestServer, token: Option<&str>, id: &str, body: Value) -> (u16, Value) {
    let path = format!("/api/puzzles/{id}/attempt");
    match token {
        Some(t) => post_auth(s, &path, t, body).await,
        None => s.post(&path, body).await,
    }
}

/// Solves `p` choice by choice as the server asks (`streak` sent with each), or misses its first
/// choice when `miss`; the last answer.
async fn play(s: &TestServer, token: Option<&str>, p: &Puzzle, miss: bool, streak: bool) -> Value {
    if miss {
        let wrong = wrong_first(p);
        let (status, answer) = attempt(s, token, &p.id, json!({ "decisions": [wrong], "streak": streak })).await;
        assert_eq!((status, answer["result"].as_str()), (200, Some("wrong")), "{answer}");
        return answer;
    }
    let mut given: Vec<String> = Vec::new();
    let mut at = 0;
    loop {
        given.push(p.solution[at].clone());
        at += 1;
        let (status, answer) = attempt(s, token, &p.id, json!({ "decisions": given, "streak": streak })).await;
        assert_eq!(status, 200, "{answer}");
        let reply = answer["reply"].as_array().unwrap();
        for (i, r) in reply.iter().enumerate() {
            assert_eq!(r["decision"], p.solution[at + i], "the reply is the solution's: {answer}");
        }
        at += reply.len();
        match answer["result"].as_str().unwrap() {
            "continue" => assert!(at < p.solution.len(), "{answer}"),
            "right" => {
                assert_eq!(at, p.solution.len(), "{answer}");
                return answer;
            }
            other => panic!("{other}: {answer}"),
        }
    }
}

/// A legal first decision that is not the solution's.
fn wrong_first(p: &Puzzle) -> String {
    let start = p.start().unwrap();
    let ToMove::Side(side) = start.to_move() else { panic!("no side to move") };
    let legal = start.legal_decisions(side);
    let other = legal.iter().map(|d| d.notation(start.geometry())).find(|d| *d != p.solution[0]);
    other.expect("another legal decision")
}

#[tokio::test]
async fn a_puzzle_is_served_without_its_solution_and_bad_requests_are_named() {
    let set = made(3, 1400.0, 100.0);
    let s = server(&set, |_| {}).await;
    let p = &set[0];
    let (status, body) = s.get(&format!("/api/puzzles/{}", p.id)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!((body["id"].as_str(), body["game"].as_str()), (Some(p.id.as_str()), Some("kubuguza")), "{body}");
    assert_eq!(body["position"], p.position);
    assert_eq!(body["solver"], "south");
    assert_eq!(body["goal"], json!({ "kind": "capture", "counters": 4, "text": "South to play and capture 4" }));
    assert_eq!((body["rating"].as_i64(), body["themes"].clone()), (Some(1400), json!(["opening"])), "{body}");
    assert!(body.get("solution").is_none(), "no solution before the attempt: {body}");
    // The board a browser draws: the position's counts and the solver's legal decisions, the engine's.
    let start = p.start().unwrap();
    let ToMove::Side(side) = start.to_move() else { panic!("no side to move") };
    let legal: Vec<String> = start.legal_decisions(side).iter().map(|d| d.notation(start.geometry())).collect();
    assert_eq!(body["board"]["legal"], json!(legal), "{body}");
    assert_eq!(body["board"]["to_move"], "south", "{body}");
    let names = |i: usize| format!("{}{}", (b'a' + (i % 8) as u8) as char, 1 + i / 8);
    let shown: Vec<String> = body["board"]["holes"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .filter(|(_, n)| n.as_u64() != Some(0))
        .map(|(i, n)| format!("{}={n}", names(i)))
        .collect();
    let text: Vec<&str> = p.position.split(' ').filter(|w| w.contains('=') && !w.starts_with("turn")).collect();
    assert_eq!(shown, text, "the board's counts are the position's: {body}");

    let (status, body) = s.get("/api/puzzles/0123456789abcdef").await;
    assert_eq!((status, body["error"].as_str()), (404, Some("not_found")), "{body}");
    let (status, body) = s.get("/api/puzzles/NOT-AN-ID").await;
    assert_eq!(status, 400, "{body}");
    assert!(body["message"].as_str().unwrap().contains("`id`"), "{body}");
    for (query, named) in [("game=chess", "`game`"), ("theme=boring", "`theme`"), ("colour=red", "`colour`")] {
        let (status, body) = s.get(&format!("/api/puzzles/next?{query}")).await;
        assert_eq!(status, 400, "{query}: {body}");
        assert!(body["message"].as_str().unwrap().contains(named), "{query}: {body}");
    }
    let (status, body) = s.get("/api/puzzles/streak/next?after=xyz").await;
    assert!(status == 400 && body["message"].as_str().unwrap().contains("`after`"), "{body}");
    let (status, body) = s.get("/api/puzzles/next?game=kubuguza&theme=endgame").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!((body["game"].as_str(), body["themes"][0].as_str()), (Some("kubuguza"), Some("endgame")), "{body}");

    let id = &p.id;
    for (body, named) in [
        (json!({ "decisions": [] }), "`decisions`"),
        (json!({ "decisions": ["zz9"] }), "`decisions[0]`"),
        (json!({ "decisions": vec![p.solution[0].clone(); 6] }), "`decisions`"),
        (json!({ "moves": [] }), "moves"),
    ] {
        let (status, answer) = attempt(&s, None, id, body.clone()).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert!(answer["message"].as_str().unwrap().contains(named), "{body}: {answer}");
    }
    let (status, _) = attempt(&s, None, "0123456789abcdef", json!({ "decisions": ["a1"] })).await;
    assert_eq!(status, 404);
    s.stop().await;
}

#[tokio::test]
async fn attempts_are_judged_and_an_account_s_first_one_moves_both_ratings_once() {
    let set = made(3, 1500.0, 0.0);
    let s = server(&set, |_| {}).await;
    let amina = account(&s, "amina").await;
    let all = exported(&s).await;
    let (solved, missed) = (&all[&set[0].id], &all[&set[1].id]);

    // A guest is judged, nothing is stored.
    let answer = play(&s, None, solved, false, false).await;
    assert_eq!((answer["recorded"].as_bool(), answer["puzzle_rating"].as_i64()), (Some(false), Some(1500)), "{answer}");
    assert!(answer.get("rating").is_none(), "{answer}");

    // The first decision alone: continue, with the decisions to play before the next choice.
    let (status, first) =
        attempt(&s, Some(amina.as_str()), &solved.id, json!({ "decisions": [solved.solution[0]] })).await;
    assert_eq!((status, first["result"].as_str()), (200, Some("continue")), "{first}");
    assert!(first.get("solution").is_none(), "no solution while the line goes on: {first}");
    assert!(!first["reply"].as_array().unwrap().is_empty(), "the opponent replies: {first}");
    // The board of the solver's next choice: the position after the reply, its legal decisions the engine's.
    let line = solved.replay().unwrap();
    let next = 1 + first["reply"].as_array().unwrap().len();
    let before = &line.steps[next].2;
    let ToMove::Side(side) = before.to_move() else { panic!("no side to move") };
    let legal: Vec<String> = before.legal_decisions(side).iter().map(|d| d.notation(before.geometry())).collect();
    assert_eq!(first["board"]["legal"], json!(legal), "{first}");
    assert_eq!(first["board"]["turn"], before.turn(), "{first}");
    let (_, history) = get_auth(&s, "/api/puzzles/history", &amina).await;
    assert_eq!(history["recent"], json!([]), "continue records nothing: {history}");

    let right = play(&s, Some(amina.as_str()), solved, false, false).await;
    assert_eq!(right["recorded"], true, "{right}");
    let change = &right["rating"];
    assert_eq!(change["before"], 1500);
    assert!(change["after"].as_i64().unwrap() > 1500, "a solve raises the account's rating: {right}");
    assert!(right["puzzle_rating"].as_i64().unwrap() < 1500, "and lowers the puzzle's: {right}");
    assert_eq!(right["solution"].as_array().unwrap().len(), 5, "{right}");
    let after_solve = change["after"].as_i64().unwrap();
    let (_, p) = s.get(&format!("/api/puzzles/{}", solved.id)).await;
    assert_eq!((p["rating"].clone(), p["plays"].as_i64()), (right["puzzle_rating"].clone(), Some(1)), "{p}");

    // Once per account and puzzle: solving it again moves nothing.
    let again = play(&s, Some(amina.as_str()), solved, false, false).await;
    assert_eq!(
        (again["recorded"].as_bool(), again["puzzle_rating"].clone()),
        (Some(false), right["puzzle_rating"].clone())
    );

    // A miss: the expected decision and the whole line, the account's rating down, the puzzle's up.
    let wrong = play(&s, Some(amina.as_str()), missed, true, false).await;
    assert_eq!(
        (wrong["wrong_index"].as_i64(), wrong["expected"].as_str()),
        (Some(0), Some(missed.solution[0].as_str()))
    );
    let line: Vec<&str> =
        wrong["solution"].as_array().unwrap().iter().map(|d| d["decision"].as_str().unwrap()).collect();
    assert_eq!(line, missed.solution.iter().map(String::as_str).collect::<Vec<_>>(), "{wrong}");
    assert_eq!(wrong["rating"]["before"].as_i64(), Some(after_solve), "{wrong}");
    assert!(wrong["rating"]["after"].as_i64().unwrap() < after_solve, "{wrong}");
    assert!(wrong["puzzle_rating"].as_i64().unwrap() > 1500, "{wrong}");

    let (status, history) = get_auth(&s, "/api/puzzles/history", &amina).await;
    assert_eq!(status, 200, "{history}");
    assert_eq!(history["rating"]["attempts"], 2, "{history}");
    assert_eq!(history["rating"]["rating"], wrong["rating"]["after"], "{history}");
    let recent: Vec<(&str, bool)> = history["recent"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["puzzle"].as_str().unwrap(), a["won"] == true))
        .collect();
    assert_eq!(recent, [(missed.id.as_str(), false), (solved.id.as_str(), true)], "newest first: {history}");
    assert_eq!(
        history["themes"],
        json!([{ "theme": "endgame", "attempts": 1, "won": 0 }, { "theme": "opening", "attempts": 1, "won": 1 }])
    );
    let (status, _) = s.get("/api/puzzles/history").await;
    assert_eq!(status, 401, "history is an account's");
    let (_, short) = get_auth(&s, "/api/puzzles/history?limit=1", &amina).await;
    assert_eq!(short["recent"].as_array().unwrap().len(), 1, "{short}");
    let (status, body) = get_auth(&s, "/api/puzzles/history?limit=0", &amina).await;
    assert!(status == 400 && body["message"].as_str().unwrap().contains("`limit`"), "{body}");
    // The account's download holds it all.
    let (_, data) = get_auth(&s, "/api/account/export", &amina).await;
    // The same, its moments written as ISO 8601 text for a person to read.
    let mut kept = data["puzzles"].clone();
    let mut shown = history.clone();
    for (k, h) in kept["recent"].as_array_mut().unwrap().iter_mut().zip(shown["recent"].as_array_mut().unwrap()) {
        let at = k["at"].take();
        assert!(at.as_str().is_some_and(|t| t.len() == 24 && t.ends_with('Z')), "{at}");
        h["at"].take();
    }
    assert_eq!(kept, shown, "{data}");

    // `next` leaves out what the account attempted.
    for _ in 0..10 {
        let (_, next) = get_auth(&s, "/api/puzzles/next?game=kubuguza", &amina).await;
        let id = next["id"].as_str().unwrap();
        assert!(id != solved.id && id != missed.id, "{next}");
    }
    s.stop().await;
}

#[tokio::test]
async fn the_daily_puzzle_is_the_same_twice_and_on_two_servers() {
    let set = made(12, 1200.0, 50.0);
    let (a, b) = (server(&set, |_| {}).await, server(&set, |_| {}).await);
    let (status, first) = a.get("/api/puzzles/daily").await;
    assert_eq!(status, 200, "{first}");
    let (_, second) = a.get("/api/puzzles/daily").await;
    let (_, other) = b.get("/api/puzzles/daily").await;
    assert_eq!(first["puzzle"]["id"], second["puzzle"]["id"]);
    assert_eq!(first["puzzle"]["id"], other["puzzle"]["id"], "the same on every node: {first} {other}");
    let date = first["date"].as_str().unwrap();
    assert!(date.len() == 10 && date.as_bytes()[4] == b'-', "{date}");
    a.stop().await;
    b.stop().await;
}

#[tokio::test]
async fn a_streak_gets_harder_and_ends_at_the_first_miss() {
    // Rated far below any starter puzzle, so the streak starts among these.
    let set = made(10, 10.0, 10.0);
    let s = server(&set, |_| {}).await;
    let amina = account(&s, "amina").await;
    let all = exported(&s).await;
    let mut path = "/api/puzzles/streak/next".to_string();
    let mut last = f64::MIN;
    for run in 1..=2 {
        let (status, next) = s.get(&path).await;
        assert_eq!(status, 200, "{next}");
        let rating = next["rating"].as_f64().unwrap();
        assert!(rating > last, "each puzzle harder than the last: {rating} after {last}");
        let p = &all[next["id"].as_str().unwrap()];
        let answer = play(&s, Some(amina.as_str()), p, false, true).await;
        assert_eq!(answer["streak"], json!({ "run": run, "best": run }), "{answer}");
        last = answer["puzzle_rating"].as_f64().unwrap();
        path = format!("/api/puzzles/streak/next?after={}", p.id);
    }
    let (_, next) = s.get(&path).await;
    assert!(next["rating"].as_f64().unwrap() > last, "{next}");
    let p = &all[next["id"].as_str().unwrap()];
    let answer = play(&s, Some(amina.as_str()), p, true, true).await;
    assert_eq!(answer["streak"], json!({ "run": 0, "best": 2 }), "the run ends at the miss: {answer}");
    let (_, history) = get_auth(&s, "/api/puzzles/history", &amina).await;
    assert_eq!(history["streak_best"], 2, "{history}");
    // A new run starts from one.
    let (_, first) = s.get("/api/puzzles/streak/next").await;
    let p = &all[first["id"].as_str().unwrap()];
    let answer = play(&s, Some(amina.as_str()), p, false, true).await;
    assert_eq!(answer["streak"], json!({ "run": 1, "best": 2 }), "{answer}");
    s.stop().await;
}

#[tokio::test]
async fn enough_down_votes_retire_a_puzzle() {
    let set = made(2, 1.0, 1.0);
    let s = server(&set, |_| {}).await;
    let (kept, voted) = (&set[0], &set[1]);
    let zawadi = account(&s, "zawadi").await;
    let (status, body) =
        post_auth(&s, &format!("/api/puzzles/{}/vote", voted.id), &zawadi, json!({ "up": false })).await;
    assert_eq!((status, body["error"].as_str()), (409, Some("conflict")), "a vote after an attempt: {body}");
    let (status, _) = s.post(&format!("/api/puzzles/{}/vote", voted.id), json!({ "up": false })).await;
    assert_eq!(status, 401, "a guest does not vote");
    let (status, body) = post_auth(&s, &format!("/api/puzzles/{}/vote", voted.id), &zawadi, json!({ "up": 1 })).await;
    assert!(status == 400 && body["message"].as_str().unwrap().contains("up"), "{body}");

    // One up vote, then down votes: the fifth down vote (at least twice the up votes) retires it.
    play(&s, Some(zawadi.as_str()), voted, true, false).await;
    let (status, body) =
        post_auth(&s, &format!("/api/puzzles/{}/vote", voted.id), &zawadi, json!({ "up": true })).await;
    assert_eq!((status, body), (200, json!({ "up": 1, "down": 0, "retired": false })));
    for i in 0..5 {
        let token = account(&s, &format!("voter{i}")).await;
        play(&s, Some(token.as_str()), voted, true, false).await;
        let (_, body) = post_auth(&s, &format!("/api/puzzles/{}/vote", voted.id), &token, json!({ "up": false })).await;
        assert_eq!(body, json!({ "up": 1, "down": i + 1, "retired": i == 4 }), "vote {i}");
    }
    // Never served again: not in the export, not the streak's next after the puzzle below it, not next.
    assert!(!exported(&s).await.contains_key(&voted.id));
    assert!(exported(&s).await.contains_key(&kept.id));
    for _ in 0..6 {
        let (_, next) = s.get(&format!("/api/puzzles/streak/next?after={}", kept.id)).await;
        assert_ne!(next["id"].as_str(), Some(voted.id.as_str()), "{next}");
        let (_, next) = get_auth(&s, "/api/puzzles/next", &zawadi).await;
        assert_ne!(next["id"].as_str(), Some(voted.id.as_str()), "{next}");
    }
    let (status, _) = s.get(&format!("/api/puzzles/{}", voted.id)).await;
    assert_eq!(status, 200, "a link to a retired puzzle still shows it");
    s.stop().await;
}

#[tokio::test]
async fn the_export_is_every_puzzle_as_ndjson_that_the_engine_replays() {
    let set = made(5, 1500.0, 10.0);
    let s = server(&set, |_| {}).await;
    let r = s.http.get(s.url("/api/puzzles/export")).send().await.unwrap();
    assert_eq!(r.headers()["content-type"], "application/x-ndjson");
    let all = exported(&s).await;
    for p in &set {
        assert_eq!(all.get(&p.id), Some(p), "exported as imported (no attempt moved its rating)");
    }
    for p in all.values() {
        p.replay().unwrap();
    }
    // A restart imports nothing twice.
    let (url, dir) = s.stop().await;
    let mut config = Config::with_database(&url);
    config.puzzles = Some(dir.as_ref().unwrap().path().join("puzzles.ndjson"));
    let s = TestServer::start_in(config, dir.unwrap()).await;
    assert_eq!(exported(&s).await.len(), all.len());
    s.stop().await;
}

#[tokio::test]
async fn attempts_are_limited_per_address() {
    let set = made(1, 1500.0, 0.0);
    let s = server(&set, |c| c.puzzle_requests_per_minute = 3).await;
    let body = json!({ "decisions": [set[0].solution[0]] });
    for _ in 0..3 {
        assert_eq!(attempt(&s, None, &set[0].id, body.clone()).await.0, 200);
    }
    let r = s.http.post(s.url(&format!("/api/puzzles/{}/attempt", set[0].id))).json(&body).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 429);
    assert!(r.headers().contains_key("retry-after"));
    s.stop().await;
}

#[tokio::test]
async fn a_bad_puzzles_file_stops_the_server_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut p = made(1, 1500.0, 0.0).remove(0);
    p.solution.push("zz9".into());
    let file = dir.path().join("bad.ndjson");
    std::fs::write(&file, write_ndjson(&[p])).unwrap();
    let mut config = Config::with_database(&format!("sqlite://{}", dir.path().join("t.db").display()));
    config.puzzles = Some(file);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let err = mancala_server::run(listener, config, std::future::pending()).await.unwrap_err().to_string();
    assert!(err.contains("bad.ndjson") && err.contains("zz9"), "{err}");
}

#[tokio::test]
async fn attempts_and_ratings_on_postgres() {
    let Some((base, url)) = fresh_db("puzzles").await else { return };
    let set = made(2, 1500.0, 0.0);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("puzzles.ndjson");
    std::fs::write(&file, write_ndjson(&set)).unwrap();
    let mut config = Config::with_database(&url);
    config.puzzles = Some(file);
    let s = TestServer::start_in(config, dir).await;
    let amina = account(&s, "amina").await;
    let right = play(&s, Some(amina.as_str()), &set[0], false, true).await;
    assert!(right["recorded"] == true && right["rating"]["after"].as_i64().unwrap() > 1500, "{right}");
    assert_eq!(right["streak"], json!({ "run": 1, "best": 1 }));
    let wrong = play(&s, Some(amina.as_str()), &set[1], true, true).await;
    assert!(wrong["puzzle_rating"].as_i64().unwrap() > 1500, "{wrong}");
    assert_eq!(wrong["streak"], json!({ "run": 0, "best": 1 }));
    let (_, body) = post_auth(&s, &format!("/api/puzzles/{}/vote", set[1].id), &amina, json!({ "up": false })).await;
    assert_eq!(body, json!({ "up": 0, "down": 1, "retired": false }));
    let (_, history) = get_auth(&s, "/api/puzzles/history", &amina).await;
    assert_eq!(history["recent"].as_array().unwrap().len(), 2, "{history}");
    assert!(exported(&s).await.len() >= 2);
    // The reads that choose a puzzle, on PostgreSQL's types.
    let baraka = account(&s, "baraka").await;
    let (status, next) = get_auth(&s, "/api/puzzles/next?game=kubuguza&theme=opening", &baraka).await;
    // The starter set is imported too: any puzzle of the theme will do, whatever its other themes.
    let themes = next["themes"].as_array().cloned().unwrap_or_default();
    assert!(status == 200 && themes.contains(&json!("opening")), "{next}");
    let (status, next) = s.get(&format!("/api/puzzles/streak/next?after={}", set[0].id)).await;
    assert_eq!(status, 200, "{next}");
    let (status, daily) = s.get("/api/puzzles/daily").await;
    assert_eq!(status, 200, "{daily}");
    next_leaves_out_the_excluded(&s).await;
    s.stop().await;
    drop_db(&base, &url).await;
}

/// `next?exclude=` (a guest's finished puzzles, from its browser), within one game and theme (`game=`,
/// `theme=`, the pair with the fewest puzzles, at least 2: a query names at most 100): every puzzle of
/// the pair but one excluded, that one is offered every time; all excluded, none is left (404); a
/// malformed id or too many are 400 naming `exclude`.
async fn next_leaves_out_the_excluded(s: &TestServer) {
    let mut by_pair: HashMap<(&'static str, String), Vec<String>> = HashMap::new();
    for (id, p) in exported(s).await {
        for theme in &p.themes {
            let theme = serde_json::to_value(theme).unwrap().as_str().unwrap().to_string();
            by_pair.entry((p.game().id(), theme)).or_default().push(id.clone());
        }
    }
    let ((game, theme), mut ids) = by_pair
        .into_iter()
        .filter(|(_, ids)| ids.len() >= 2)
        .min_by_key(|(pair, ids)| (ids.len(), pair.clone()))
        .expect("puzzles are served");
    ids.sort();
    assert!(ids.len() <= 100, "the test excludes a pair's puzzles in one query: {game} {theme} {}", ids.len());
    let kept = ids.pop().unwrap();
    let next_of = |ids: &[String]| format!("/api/puzzles/next?game={game}&theme={theme}&exclude={}", ids.join(","));
    for _ in 0..10 {
        let (status, next) = s.get(&next_of(&ids)).await;
        assert_eq!((status, next["id"].as_str()), (200, Some(kept.as_str())), "{next}");
    }
    ids.push(kept);
    let (status, body) = s.get(&next_of(&ids)).await;
    assert_eq!((status, body["error"].as_str()), (404, Some("not_found")), "{body}");
    let too_many = vec!["0123456789abcdef"; 101].join(",");
    let bad = format!("{},NOT-AN-ID", ids[0]);
    for (query, named) in [(too_many.as_str(), "at most 100"), (bad.as_str(), "`NOT-AN-ID`"), (",", "`exclude`")] {
        let (status, body) = s.get(&format!("/api/puzzles/next?exclude={query}")).await;
        let message = body["message"].as_str().unwrap_or_default();
        assert!(status == 400 && message.contains("parameter `exclude`") && message.contains(named), "{body}");
    }
}

#[tokio::test]
async fn next_leaves_out_a_guest_s_finished_puzzles() {
    let s = server(&made(2, 1500.0, 100.0), |_| {}).await;
    next_leaves_out_the_excluded(&s).await;
    s.stop().await;
}

/// A Kubuguza defence of the starter set that half the legal decisions hold as well: withdrawn as
/// guessable (`puzzles/data/withdrawn.txt`).
const WITHDRAWN_PUZZLE: &str = r#"{"id":"050b3a82b5519baf","variant":"kubuguza","options":{"width":8,"turn_limit":null,"handicap":{"south":false,"north":false}},"position":"north a1=2 c1=2 e1=1 f1=1 a2=1 b2=5 c2=5 e2=5 f2=5 g2=5 a3=4 c3=5 d3=5 e3=5 g3=5 h3=5 f4=1 g4=1 h4=1 turn=4","solution":["e3","c1"],"goal":{"kind":"hold"},"themes":["opening","defence"],"rating":1300.0,"source":{"kind":"selfplay","seed":895702615371617117,"south_level":6,"north_level":6,"ply":3,"random_plies":7}}"#;

/// A puzzle withdrawn from the starter set after a server stored it is retired at the server's next
/// start: it is neither exported nor served, and a link to it still opens it. While an operator's file
/// holds it, it is served.
#[tokio::test]
async fn a_withdrawn_starter_puzzle_is_retired_at_the_next_start() {
    let gone = read_ndjson(WITHDRAWN_PUZZLE).unwrap().remove(0);
    assert!(mancala_puzzles::withdrawn().iter().any(|w| w.id == gone.id && w.reason == "guessable"));
    assert!(!mancala_puzzles::starter().iter().any(|p| p.id == gone.id));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("puzzles.ndjson");
    std::fs::write(&file, write_ndjson(std::slice::from_ref(&gone))).unwrap();
    let config = |with_file: bool| {
        let mut c = Config::with_database(&format!("sqlite://{}", dir.path().join("t.db").display()));
        c.puzzles = with_file.then(|| file.clone());
        c
    };
    // Stored while a set held it (here the operator's file), and served.
    let s = TestServer::start_with(config(true)).await;
    assert!(exported(&s).await.contains_key(&gone.id));
    s.stop().await;
    // The next start without it: retired.
    let s = TestServer::start_with(config(false)).await;
    let served = exported(&s).await;
    assert!(!served.contains_key(&gone.id), "a withdrawn puzzle is not served");
    assert!(!served.is_empty(), "the starter set is");
    let (status, _) = s.get(&format!("/api/puzzles/{}", gone.id)).await;
    assert_eq!(status, 200, "a link to a withdrawn puzzle still shows it");
    s.stop().await;
}
