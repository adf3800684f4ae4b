//! A move previewed in a game in progress (`POST /api/games/{id}/preview`, docs/protocol.md): the same
//! answer as the lesson preview of that position, and the same steps the player's socket then shows for
//! the move; each refusal with its status and a message naming why (no seat, rated, not allowed, not
//! the asker's turn, not in progress, the secret choice of arrays, a bad decision); nothing the player
//! may not see; the engine's rate limit.

use crate::common;

use common::lobby::{account, post_auth, server_with};
use common::{TestServer, Ws};
use mancala_protocol::{ClientMsg, GameEvent, ServerMsg};
use mancala_server::config::Config;
use serde_json::{Value, json};

fn message(body: &Value) -> &str {
    body["message"].as_str().unwrap_or_else(|| panic!("not an ErrorBody: {body}"))
}

async fn preview(s: &TestServer, id: &str, token: &str, decision: &str) -> (u16, Value) {
    s.post(&format!("/api/games/{id}/preview"), json!({ "token": token, "decision": decision })).await
}

/// Reads `ws` until the move event of version `v`; its steps as the wire writes them.
async fn steps_of(ws: &mut Ws, v: u64) -> Value {
    let steps = ws
        .recv_until(|m| match m {
            ServerMsg::Event { v: at, event: GameEvent::Move { mv }, .. } if at == v => Some(mv.steps),
            _ => None,
        })
        .await;
    serde_json::to_value(steps).unwrap()
}

/// The version of the snapshot `ws` gets on connect.
async fn snapshot_v(ws: &mut Ws) -> u64 {
    ws.recv_until(|m| match m {
        ServerMsg::Snapshot { v, .. } => Some(v),
        _ => None,
    })
    .await
}

fn decide(id: &str, decision: &str) -> ClientMsg {
    ClientMsg::Decide { id: id.into(), decision: decision.into(), game: None, seat: None }
}

#[tokio::test]
async fn against_the_computer_the_player_to_move_previews_what_the_engine_plays() {
    let s = TestServer::start().await;
    let (status, created) =
        s.post("/api/games", json!({ "variant": "kubuguza", "seat": "south", "opponent": "bot:easy" })).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["game"]["previews"], true, "always on against the computer: {created}");
    let id = created["game"]["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();

    let (status, p) = preview(&s, id, token, "e2").await;
    assert_eq!(status, 200, "{p}");
    let (_, whole) = s.post("/api/preview", json!({ "variant": "kubuguza", "decision": "e2" })).await;
    for key in ["decision", "side", "events", "captured", "laps", "last_hole", "continue"] {
        assert_eq!(p[key], whole[key], "`{key}` as the engine plays it from the start");
    }
    let keys: Vec<&String> = p.as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 7, "no board and no position text in a game's preview: {p}");

    // The preview says nothing the move itself will not show its player.
    let mut ws = s.ws(id, Some(token), None).await;
    let v = snapshot_v(&mut ws).await;
    ws.say(&decide("1", "e2")).await;
    assert_eq!(steps_of(&mut ws, v + 1).await, p["events"], "the steps the socket shows for the move");
}

#[tokio::test]
async fn each_refusal_says_why() {
    let s = TestServer::start().await;
    // A casual game between people whose creator did not allow previews.
    let (id, south, north) = s.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let (status, body) = preview(&s, &id, &south, "e2").await;
    assert_eq!((status, body["error"].as_str()), (403, Some("forbidden")), "{body}");
    assert!(message(&body).contains("does not allow move previews"), "{body}");

    // One whose creator allowed them: only the player to move, with a seat token of the game.
    let (id, south, north2) = s.new_game(json!({ "variant": "kubuguza", "seat": "south", "previews": true })).await;
    assert_eq!(preview(&s, &id, &south, "e2").await.0, 200);
    let (status, body) = preview(&s, &id, &north2, "e2").await;
    assert_eq!((status, body["error"].as_str()), (409, Some("conflict")), "{body}");
    assert!(message(&body).contains("not north's turn"), "{body}");
    let (status, body) = preview(&s, &id, &north, "e2").await;
    assert_eq!(status, 403, "another game's token: {body}");
    assert!(message(&body).contains("`token`"), "{body}");
    let (status, body) = preview(&s, &id, &south, "a1").await;
    assert_eq!(status, 400, "{body}");
    assert!(message(&body).contains("`decision`") && message(&body).contains("e2"), "the legal ones: {body}");
    let (status, body) = preview(&s, &id, &south, "z9").await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = s.post(&format!("/api/games/{id}/preview"), json!({ "decision": "e2" })).await;
    assert_eq!(status, 400, "no token: {body}");
    let (status, body) = preview(&s, "AAAAAAAAAA", &south, "e2").await;
    assert_eq!(status, 404, "{body}");

    // A game still waiting for its opponent is not in progress.
    let (status, waiting) = s.post("/api/games", json!({ "variant": "kubuguza", "previews": true })).await;
    assert_eq!(status, 201, "{waiting}");
    let (wid, wtoken) = (waiting["game"]["id"].as_str().unwrap(), waiting["token"].as_str().unwrap());
    let (status, body) = preview(&s, wid, wtoken, "e2").await;
    assert_eq!(status, 409, "{body}");
    assert!(message(&body).contains("waiting"), "{body}");

    // Ikibuguzo's arrays chosen in secret: no preview until both are revealed.
    let (id, south, _) = s.new_game(json!({ "variant": "ikibuguzo", "seat": "south", "previews": true })).await;
    let (status, body) = preview(&s, &id, &south, "opening:1").await;
    assert_eq!(status, 409, "{body}");
    assert!(message(&body).contains("secret"), "{body}");
}

#[tokio::test]
async fn a_rated_game_never_previews() {
    let s = TestServer::start().await;
    let (amina, baraka) = (account(&s, "amina").await, account(&s, "baraka").await);
    let (status, body) =
        post_auth(&s, "/api/games", &amina, json!({ "variant": "kubuguza", "rated": true, "previews": true })).await;
    assert_eq!(status, 400, "{body}");
    assert!(message(&body).contains("`previews`"), "{body}");

    let (status, created) =
        post_auth(&s, "/api/games", &amina, json!({ "variant": "kubuguza", "seat": "south", "rated": true })).await;
    assert_eq!(status, 201, "{created}");
    assert!(created["game"].get("previews").is_none(), "a rated game does not allow previews: {created}");
    let id = created["game"]["id"].as_str().unwrap();
    let (status, joined) = post_auth(&s, &format!("/api/games/{id}/join"), &baraka, json!({})).await;
    assert_eq!(status, 200, "{joined}");
    let (status, body) = preview(&s, id, created["token"].as_str().unwrap(), "e2").await;
    assert_eq!((status, body["error"].as_str()), (403, Some("forbidden")), "{body}");
    assert!(message(&body).contains("rated"), "{body}");

    // Nor a rated game against the computer.
    let (status, created) = post_auth(
        &s,
        "/api/games",
        &baraka,
        json!({ "variant": "kubuguza", "seat": "south", "rated": true, "opponent": "bot:easy" }),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let (id, token) = (created["game"]["id"].as_str().unwrap(), created["token"].as_str().unwrap());
    assert_eq!(preview(&s, id, token, "e2").await.0, 403);
}

#[tokio::test]
async fn an_azigo_preview_shows_its_player_only_what_the_move_shows_them() {
    let s = TestServer::start().await;
    let (id, south, north) = s.new_game(json!({ "variant": "azigo", "seat": "south", "previews": true })).await;
    let mut ws_south = s.ws(&id, Some(&south), None).await;
    let mut ws_north = s.ws(&id, Some(&north), None).await;
    let v = snapshot_v(&mut ws_south).await;
    snapshot_v(&mut ws_north).await;

    // South's store move lifts South's own store (hers to see); nothing of North's store is in the answer.
    let (status, p) = preview(&s, &id, &south, "store").await;
    assert_eq!(status, 200, "{p}");
    assert!(p.get("board").is_none() && p.get("position").is_none(), "{p}");
    let text = p.to_string();
    assert!(text.contains("store_lift south 9"), "South's own store, as her socket shows it: {text}");
    assert!(!text.contains("store.north") && !text.contains("store_lift north"), "{text}");
    ws_south.say(&decide("1", "store")).await;
    assert_eq!(steps_of(&mut ws_south, v + 1).await, p["events"], "South's own view of her move");

    // North's preview of a move: exactly the steps North's socket then shows, South's store hidden.
    let seen_by_north = steps_of(&mut ws_north, v + 1).await;
    let (status, q) = preview(&s, &id, &north, "t2").await;
    assert_eq!(status, 200, "{q}");
    ws_north.say(&decide("2", "t2")).await;
    assert_eq!(steps_of(&mut ws_north, v + 2).await, q["events"]);
    assert!(seen_by_north.to_string().contains("store_lift south ?"), "North never saw that count: {seen_by_north}");
}

#[tokio::test]
async fn game_previews_share_the_engines_rate_limit() {
    let s = server_with(|c: &mut Config| c.engine_requests_per_minute = 2).await;
    let (status, created) =
        s.post("/api/games", json!({ "variant": "kubuguza", "seat": "south", "opponent": "bot:easy" })).await;
    assert_eq!(status, 201, "{created}");
    let (id, token) = (created["game"]["id"].as_str().unwrap(), created["token"].as_str().unwrap());
    assert_eq!(preview(&s, id, token, "e2").await.0, 200);
    assert_eq!(s.post("/api/preview", json!({ "variant": "kubuguza", "decision": "e2" })).await.0, 200);
    let (status, limited) = preview(&s, id, token, "e2").await;
    assert_eq!(status, 429, "{limited}");
    assert_eq!(limited["error"], "rate_limited");
}
