//! The engine's analysis over HTTP (`POST /api/analysis`): a position's decisions valued best first with
//! the engine's own values, the same answer twice, a finished game at a ply, a game in progress refused,
//! each bad field named, the budget's bounds, and the engine rate limit.

use crate::common;

use common::TestServer;
use common::lobby::server_with;
use mancala_engine::{NoEvents, Options, Position, Side, ToMove, Variant};
use mancala_protocol::{ClientMsg, ServerMsg};
use mancala_server::config::Config;
use serde_json::{Value, json};

fn message(body: &Value) -> &str {
    body["message"].as_str().unwrap_or_else(|| panic!("not an ErrorBody: {body}"))
}

/// A value's order: proven wins first (sooner better), then counters, then proven losses (later better).
fn rank(v: &Value) -> f64 {
    if let Some(n) = v["win_in"].as_f64() {
        1e9 - n
    } else if let Some(n) = v["loss_in"].as_f64() {
        -1e9 + n
    } else {
        v["counters"].as_f64().unwrap_or_else(|| panic!("not a value: {v}"))
    }
}

#[tokio::test]
async fn a_position_is_analysed_with_every_decision_valued_best_first() {
    let s = TestServer::start().await;
    let position = "south a1=3 c2=1 c3=2 c4=1 a4=2 e3=4 f4=1";
    let body = json!({ "variant": "kubuguza", "position": position, "nodes": 20000 });
    let (status, a) = s.post("/api/analysis", body.clone()).await;
    assert_eq!(status, 200, "{a}");
    assert_eq!(a["variant"], "kubuguza");
    assert_eq!(a["side"], "south");
    assert!(a["depth"].as_u64().unwrap() >= 1, "{a}");
    assert_eq!(a["board"]["to_move"], "south", "{a}");
    let mut on_board: Vec<String> =
        a["board"]["legal"].as_array().unwrap().iter().map(|d| d.as_str().unwrap().to_string()).collect();
    on_board.sort();

    // Exactly the legal decisions, as the engine lists them, best first; the value is the best one's.
    let pos = Position::from_text(Variant::Kubuguza, Options::defaults(Variant::Kubuguza), position).unwrap();
    let geo = pos.geometry();
    let mut legal: Vec<String> = pos.legal_decisions(Side::South).iter().map(|d| d.notation(geo)).collect();
    let decisions = a["decisions"].as_array().unwrap();
    let mut answered: Vec<String> = decisions.iter().map(|d| d["decision"].as_str().unwrap().to_string()).collect();
    legal.sort();
    answered.sort();
    assert_eq!(answered, legal);
    assert_eq!(on_board, legal, "the board offers the legal decisions");
    assert!(decisions.windows(2).all(|p| rank(&p[0]["value"]) >= rank(&p[1]["value"])), "best first: {a}");
    assert_eq!(a["value"], decisions[0]["value"]);
    assert_eq!(a["best"][0], decisions[0]["decision"]);

    // The best line is legal from the position on.
    let mut after = pos.clone();
    for d in a["best"].as_array().unwrap() {
        let ToMove::Side(side) = after.to_move() else { panic!("a line past the end: {a}") };
        let d = mancala_engine::Decision::parse(d.as_str().unwrap(), geo).unwrap();
        after.apply(side, d, &mut NoEvents).unwrap_or_else(|e| panic!("{d:?} in the line: {e}"));
    }

    // Deterministic: the same request, the same answer.
    let (_, again) = s.post("/api/analysis", body).await;
    assert_eq!(again, a);

    // Without a position: the variant's start.
    let (status, start) = s.post("/api/analysis", json!({ "variant": "azigo", "nodes": 2000 })).await;
    assert_eq!(status, 200, "{start}");
    assert_eq!(
        start["position"],
        Position::start(Variant::Azigo, Options::defaults(Variant::Azigo)).unwrap().to_text()
    );
}

#[tokio::test]
async fn a_finished_game_is_analysed_at_a_ply_and_a_game_in_progress_is_refused() {
    let s = TestServer::start().await;
    let (id, south, _north) = s.new_game(json!({ "variant": "kubuguza" })).await;
    let (status, refused) = s.post("/api/analysis", json!({ "game": id, "ply": 0 })).await;
    assert_eq!(status, 409, "{refused}");
    assert!(message(&refused).contains("not finished"), "{refused}");

    let mut ws = s.ws(&id, Some(&south), None).await;
    ws.recv_until(|m| matches!(m, ServerMsg::Snapshot { .. }).then_some(())).await;
    ws.say(&ClientMsg::Resign { id: Some("r".into()) }).await;
    loop {
        let (_, g) = s.get(&format!("/api/games/{id}")).await;
        if g["game"]["status"] == "finished" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let (status, a) = s.post("/api/analysis", json!({ "game": id, "ply": 0, "nodes": 5000 })).await;
    assert_eq!(status, 200, "{a}");
    let start = Position::start(Variant::Kubuguza, Options::defaults(Variant::Kubuguza)).unwrap();
    assert_eq!(a["position"], start.to_text());
    let (status, beyond) = s.post("/api/analysis", json!({ "game": id, "ply": 9 })).await;
    assert_eq!(status, 400, "{beyond}");
    assert!(message(&beyond).contains("`ply`"), "{beyond}");
    let (status, none) = s.post("/api/analysis", json!({ "game": "AAAAAAAAAA", "ply": 0 })).await;
    assert_eq!(status, 404, "{none}");
}

#[tokio::test]
async fn each_bad_field_is_named() {
    let s = TestServer::start().await;
    for (body, field) in [
        (json!({}), "`variant`"),
        (json!({ "variant": "kubuguza", "game": "AAAAAAAAAA" }), "not both"),
        (json!({ "variant": "chess" }), "`variant`"),
        (json!({ "variant": "kubuguza", "position": "south a1=banana" }), "`position`"),
        (json!({ "variant": "njombwa", "options": { "width": 12 } }), "`options`"),
        (json!({ "variant": "kubuguza", "nodes": 1 }), "`nodes`"),
        (json!({ "variant": "kubuguza", "nodes": 1_000_001 }), "`nodes`"),
        (json!({ "variant": "kubuguza", "ply": 3 }), "`ply`"),
        (json!({ "game": "AAAAAAAAAA" }), "`ply`"),
        (json!({ "game": "not an id", "ply": 0 }), "`game`"),
        (json!({ "variant": "ikibuguzo" }), "secret"),
        (json!({ "variant": "kubuguza", "depth": 3 }), "depth"),
    ] {
        let (status, bad) = s.post("/api/analysis", body.clone()).await;
        assert_eq!(status, 400, "{body}: {bad}");
        assert!(message(&bad).contains(field), "{body}: {bad}");
    }
}

#[tokio::test]
async fn analyses_share_the_engine_rate_limit() {
    let s = server_with(|c: &mut Config| c.engine_requests_per_minute = 2).await;
    let body = json!({ "variant": "kubuguza", "nodes": 2000 });
    assert_eq!(s.post("/api/analysis", body.clone()).await.0, 200);
    assert_eq!(s.post("/api/preview", json!({ "variant": "kubuguza", "decision": "e2" })).await.0, 200);
    let (status, limited) = s.post("/api/analysis", body).await;
    assert_eq!(status, 429, "{limited}");
    assert_eq!(limited["error"], "rate_limited");
}
