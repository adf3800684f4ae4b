//! Games against the computer: the bot's decisions go through the room like anyone's (checked, stored,
//! broadcast), it plays every variant to the end, the secret choice included, and a restarted server
//! seats it again.

mod common;

use common::{TestServer, Ws, pick};
use mancala_server::config::Config;
use serde_json::{Value, json};

/// Plays South's decisions at random until the game ends; returns the final event or snapshot view.
async fn play_against_bot(ws: &mut Ws, seed: &mut u64) -> Value {
    let mut view = ws.next_of("snapshot").await["view"].clone();
    let mut n = 0;
    loop {
        if !view["outcome"].is_null() {
            return view;
        }
        let legal = view["legal"].as_array().cloned().unwrap_or_default();
        let mut waiting_for = None;
        if !legal.is_empty() {
            n += 1;
            let d = legal[pick(seed, legal.len())].as_str().unwrap().to_string();
            ws.send(json!({ "type": "decide", "id": format!("h{n}"), "decision": d })).await;
            waiting_for = Some(format!("h{n}"));
        }
        // Read on: every board replaces the last; after a decision, wait for its answer first (boards that
        // arrive before it may predate it, as in the simultaneous choice).
        loop {
            let m = ws.next().await;
            match m["type"].as_str().unwrap() {
                "event" | "snapshot" => {
                    view = m["view"].clone();
                    if waiting_for.is_none() {
                        break;
                    }
                }
                "accepted" if waiting_for.as_deref() == m["id"].as_str() => {
                    break;
                }
                "rejected" => panic!("{m}"),
                _ => {}
            }
        }
    }
}

#[tokio::test]
async fn a_bot_plays_every_variant_to_the_end() {
    let server = TestServer::start().await;
    for (k, (variant, level)) in [
        ("kubuguza", "easy"),
        ("ikibuguzo", "medium"),
        ("njombwa", "random"),
        ("azigo", "easy"),
        ("ikibuguzo-opening-2", "hard"),
    ]
    .into_iter()
    .enumerate()
    {
        let body = json!({ "variant": variant, "seat": "south", "opponent": format!("bot:{level}"),
                           "options": { "turn_limit": 30 } });
        let (status, created) = server.post("/api/games", body).await;
        assert_eq!(status, 201, "{created}");
        assert_eq!(created["game"]["status"], "ongoing");
        assert_eq!(created["game"]["players"]["north"]["name"], format!("bot-{level}"));
        let id = created["game"]["id"].as_str().unwrap();
        let mut ws = server.ws(id, created["token"].as_str(), None).await;
        let mut seed = 77 + k as u64;
        let end = play_against_bot(&mut ws, &mut seed).await;
        assert!(!end["outcome"].is_null(), "{variant}");
        let (_, detail) = server.get(&format!("/api/games/{id}")).await;
        let record = detail["record"].as_array().unwrap();
        assert!(record.iter().any(|e| e["side"] == "north" && e["auto"] == false), "{variant}: the bot decided");
    }
    let (status, body) = server.post("/api/games", json!({ "variant": "kubuguza", "opponent": "bot:genius" })).await;
    assert_eq!(status, 400);
    assert!(body["message"].as_str().unwrap().contains("bot:genius"), "{body}");
    let (status, _) = server.post("/api/games", json!({ "variant": "kubuguza", "name": "bot-easy" })).await;
    assert_eq!(status, 400, "people cannot take a bot's name");
}

#[tokio::test]
async fn a_restarted_server_seats_its_bots_again() {
    let server = TestServer::start().await;
    let body = json!({ "variant": "kubuguza", "seat": "south", "opponent": "bot:easy" });
    let (_, created) = server.post("/api/games", body).await;
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    let mut ws = server.ws(&id, Some(&token), None).await;
    let view = ws.next_of("snapshot").await["view"].clone();
    let first = view["legal"][0].as_str().unwrap().to_string();
    ws.send(json!({ "type": "decide", "id": "1", "decision": first })).await;
    ws.next_of("accepted").await;
    drop(ws);
    let (url, dir) = server.stop().await;
    let server = TestServer::start_with(Config::with_database(&url)).await;
    let mut ws = server.ws(&id, Some(&token), None).await;
    let mut seed = 5;
    let end = play_against_bot(&mut ws, &mut seed).await;
    assert!(!end["outcome"].is_null());
    drop(dir);
}
