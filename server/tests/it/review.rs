//! The post-game review over HTTP (`GET /api/games/{id}/review`): 202 with `Retry-After` while it is
//! computed, then 200 with the same review on every request and after a restart; a game in progress
//! refused, an unknown game not found; a game with an obvious blunder has it marked; starting a review
//! counts in the engine rate limit (asking again does not); and the same on PostgreSQL. The lines that
//! explain a decision (`GET /api/games/{id}/review/{ply}`) wait for the review, and start from the
//! review's best decision and the played one, their figures the sums of their turns.

use crate::common;

use common::TestServer;
use common::driver::{Table, accepted};
use common::lobby::server_with;
use common::{drop_db, fresh_db};
use mancala_protocol::{ClientMsg, ServerMsg};
use mancala_server::config::Config;
use serde_json::{Value, json};
use std::time::Duration;

/// Kubuguza: the engine's best `d2` and `d3`, then South's `f2` loses a blunder's worth of counters at the
/// server's budget (found by the engine itself: `mancala-bot`'s review test `a_blunder_is_marked` walks
/// the same line).
const BLUNDER_LINE: [&str; 3] = ["d2", "d3", "f2"];

/// A finished Kubuguza game: `line` played, then the side to move resigns. Returns its id.
async fn finished_game(s: &TestServer, line: &[&str]) -> String {
    let (id, south, north) = s.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut t = Table::open(s, &id, &south, &north).await;
    for d in line {
        let mover = t.mover().expect("a side to move");
        let answer = t.decide(mover, d).await;
        assert!(accepted(&answer), "{d}: {answer:?}");
    }
    let mover = t.mover().expect("a side to move");
    t.ws(mover).say(&ClientMsg::Resign { id: Some("r".into()) }).await;
    t.ws(mover).recv_until(|m| matches!(m, ServerMsg::Accepted { .. }).then_some(())).await;
    id
}

/// Asks for the review until it is ready (each 202 must carry `Retry-After`); returns it.
async fn review(s: &TestServer, id: &str) -> Value {
    let url = s.url(&format!("/api/games/{id}/review"));
    let client = reqwest::Client::new();
    for _ in 0..600 {
        let r = client.get(&url).send().await.unwrap();
        let status = r.status().as_u16();
        let retry = r.headers().get("retry-after").map(|v| v.to_str().unwrap().parse::<u64>().unwrap());
        let body: Value = r.json().await.unwrap();
        match status {
            200 => return body,
            202 => {
                assert!(retry.is_some_and(|s| s >= 1), "a 202 says when to ask again: {body}");
                assert_eq!(body["game_id"], id, "{body}");
                assert!(body["done"].as_u64().unwrap() <= body["of"].as_u64().unwrap(), "{body}");
            }
            _ => panic!("{status}: {body}"),
        }
        // The protocol is polling: the server says when to ask again; the test asks sooner to stay quick.
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the review of {id} was not ready in 30 s");
}

/// Checks the review of the blunder game: the blunder marked, the engine's own decisions not, the graph and
/// the accuracy.
fn check_blunder_review(r: &Value, id: &str) {
    assert_eq!(r["game_id"], id);
    assert_eq!(r["variant"], "kubuguza");
    let decisions = r["decisions"].as_array().unwrap();
    assert_eq!(decisions.len(), BLUNDER_LINE.len(), "{r}");
    for (d, played) in decisions.iter().zip(BLUNDER_LINE) {
        assert_eq!(d["decision"], played, "{r}");
    }
    let (blunder, best) = decisions.split_last().unwrap();
    for d in best {
        assert_eq!(d["judged"]["best"], d["decision"], "{r}");
        assert_eq!(d["judged"]["mark"], Value::Null, "{r}");
    }
    let judged = &blunder["judged"];
    assert_eq!(judged["mark"], "blunder", "{r}");
    assert_ne!(judged["best"], blunder["decision"], "{r}");
    assert!(judged["loss"].as_f64().unwrap() >= r["thresholds"]["blunder"].as_f64().unwrap(), "{r}");
    let side = blunder["side"].as_str().unwrap();
    assert!(r["accuracy"][side].as_f64().unwrap() < 90.0, "{r}");
    assert_eq!(r["graph"].as_array().unwrap().len(), BLUNDER_LINE.len() + 1, "the start and after each ply: {r}");
}

#[tokio::test]
async fn a_review_is_computed_once_then_served_the_same_and_marks_a_blunder() {
    let s = TestServer::start().await;
    let id = finished_game(&s, &BLUNDER_LINE).await;
    let (status, first) = s.get(&format!("/api/games/{id}/review")).await;
    assert_eq!(status, 202, "the first request starts the job: {first}");
    assert_eq!(first["of"], BLUNDER_LINE.len(), "{first}");
    let r = review(&s, &id).await;
    check_blunder_review(&r, &id);
    let (status, again) = s.get(&format!("/api/games/{id}/review")).await;
    assert_eq!((status, &again), (200, &r), "the stored review, the same");

    // Stored: after a restart the first request is answered at once.
    let (url, dir) = s.stop().await;
    let s = TestServer::start_in(Config::with_database(&url), dir.unwrap()).await;
    let (status, restarted) = s.get(&format!("/api/games/{id}/review")).await;
    assert_eq!((status, &restarted), (200, &r));
}

#[tokio::test]
async fn the_lines_of_a_blunder_start_from_the_reviews_decisions_and_add_up() {
    let s = TestServer::start().await;
    let id = finished_game(&s, &BLUNDER_LINE).await;
    let (status, body) = s.get(&format!("/api/games/{id}/review/3")).await;
    assert_eq!(status, 409, "no review yet: {body}");
    let r = review(&s, &id).await;
    for bad in ["0", "4", "x"] {
        let (status, body) = s.get(&format!("/api/games/{id}/review/{bad}")).await;
        assert_eq!(status, 400, "{bad}: {body}");
    }
    let (status, l) = s.get(&format!("/api/games/{id}/review/3")).await;
    assert_eq!(status, 200, "{l}");
    assert_eq!(l["side"], "south");
    assert_eq!(l["better"]["first"], r["decisions"][2]["judged"]["best"], "{l}");
    assert_eq!(l["played"]["first"], "f2", "{l}");
    let turns = l["turns"].as_u64().unwrap();
    assert!(turns >= 2 && turns.is_multiple_of(2), "{l}");
    for line in [&l["better"], &l["played"]] {
        let list = line["turns"].as_array().unwrap();
        assert_eq!(list.len() as u64, turns, "{l}");
        assert_eq!(list[0]["side"], "south");
        assert_eq!(list[0]["decisions"][0]["decision"], line["first"]);
        let sum = |side: &str| -> u64 {
            list.iter().filter(|t| t["side"] == side).map(|t| t["captured"].as_u64().unwrap()).sum()
        };
        assert_eq!((line["mine"].as_u64().unwrap(), line["theirs"].as_u64().unwrap()), (sum("south"), sum("north")));
        assert_eq!(line["net"].as_i64().unwrap(), sum("south") as i64 - sum("north") as i64);
    }
    let gives = l["better"]["net"].as_i64().unwrap() - l["played"]["net"].as_i64().unwrap();
    assert_eq!(l["gives"].as_i64().unwrap(), gives);
    assert!(gives as f64 >= r["thresholds"]["blunder"].as_f64().unwrap(), "the cost shows as much as the mark: {l}");
}

#[tokio::test]
async fn an_unfinished_or_unknown_game_is_refused() {
    let s = TestServer::start().await;
    let (id, _, _) = s.new_game(json!({ "variant": "kubuguza" })).await;
    let (status, body) = s.get(&format!("/api/games/{id}/review")).await;
    assert_eq!(status, 409, "{body}");
    assert!(body["message"].as_str().unwrap().contains("not finished"), "{body}");
    let (status, body) = s.get("/api/games/AAAAAAAAAA/review").await;
    assert_eq!(status, 404, "{body}");
    let (status, body) = s.get(&format!("/api/games/{id}/review?nodes=5")).await;
    assert_eq!(status, 400, "{body}");
}

/// A job that a shutdown interrupted is started again by the next request, and finishes.
#[tokio::test]
async fn a_job_lost_in_a_shutdown_is_started_again() {
    let s = TestServer::start().await;
    let id = finished_game(&s, &BLUNDER_LINE).await;
    assert_eq!(s.get(&format!("/api/games/{id}/review")).await.0, 202);
    let (url, dir) = s.stop().await;
    let s = TestServer::start_in(Config::with_database(&url), dir.unwrap()).await;
    check_blunder_review(&review(&s, &id).await, &id);
}

#[tokio::test]
async fn starting_a_review_counts_in_the_engine_rate_limit_and_asking_again_does_not() {
    let s = server_with(|c: &mut Config| c.engine_requests_per_minute = 1).await;
    let a = finished_game(&s, &BLUNDER_LINE).await;
    let b = finished_game(&s, &["d2"]).await;
    let (status, body) = s.get(&format!("/api/games/{a}/review")).await;
    assert_eq!(status, 202, "{body}");
    let (status, limited) = s.get(&format!("/api/games/{b}/review")).await;
    assert_eq!(status, 429, "{limited}");
    assert_eq!(limited["error"], "rate_limited");
    check_blunder_review(&review(&s, &a).await, &a);
}

#[tokio::test]
async fn reviews_are_stored_on_postgres() {
    let Some((base, url)) = fresh_db("review").await else { return };
    let s = TestServer::start_with(Config::with_database(&url)).await;
    let id = finished_game(&s, &BLUNDER_LINE).await;
    let r = review(&s, &id).await;
    check_blunder_review(&r, &id);
    let _ = s.stop().await;
    let s = TestServer::start_with(Config::with_database(&url)).await;
    let (status, again) = s.get(&format!("/api/games/{id}/review")).await;
    assert_eq!((status, &again), (200, &r));
    let _ = s.stop().await;
    drop_db(&base, &url).await;
}
