//! Games against the computer: the bot's decisions go through the room like anyone's (checked, stored,
//! broadcast), it plays every variant to the end, the secret choice included, and a restarted server
//! seats it again.

use crate::common;

use common::{TestServer, Ws, pick};
use mancala_protocol::{BoardView, ClientMsg, ErrorCode, ServerMsg};
use mancala_server::config::Config;
use serde_json::json;
use std::time::Duration;

fn decide(id: &str, decision: &str) -> ClientMsg {
    ClientMsg::Decide { id: id.to_string(), decision: decision.to_string(), game: None, seat: None }
}

/// Plays South's decisions at random until the game ends; returns the final board.
async fn play_against_bot(ws: &mut Ws, seed: &mut u64) -> BoardView {
    let mut view = ws
        .recv_until(|m| match m {
            ServerMsg::Snapshot { view, .. } => Some(view),
            _ => None,
        })
        .await;
    let mut n = 0;
    loop {
        if view.outcome.is_some() {
            return view;
        }
        let mut sent: Option<(String, ClientMsg)> = None;
        if !view.legal.is_empty() {
            n += 1;
            let d = view.legal[pick(seed, view.legal.len())].clone();
            let id = format!("h{n}");
            let msg = decide(&id, &d);
            ws.say(&msg).await;
            sent = Some((id, msg));
        }
        let mut backoff = common::poll::Backoff::up_to(Duration::from_millis(400));
        // Read on: every board replaces the last; after a decision, wait for its answer first (boards that
        // arrive before it may predate it, as in the simultaneous choice).
        loop {
            match ws.recv().await {
                ServerMsg::Event { view: Some(v), .. } | ServerMsg::Snapshot { view: v, .. } => {
                    view = v;
                    if sent.is_none() {
                        break;
                    }
                }
                ServerMsg::Accepted { id: Some(id), .. } if sent.as_ref().is_some_and(|(s, _)| *s == id) => break,
                m @ ServerMsg::Rejected { .. } => panic!("{m:?}"),
                // Against a bot that answers at once, a game can go faster than a player's 20 messages a
                // second: the decision was dropped unread; it is sent again, as a client does.
                ServerMsg::Error { code: ErrorCode::RateLimited, .. } if sent.is_some() => {
                    backoff.wait().await;
                    ws.say(&sent.as_ref().expect("guarded").1).await;
                }
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
        assert!(end.outcome.is_some(), "{variant}");
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
    let first = ws
        .recv_until(|m| match m {
            ServerMsg::Snapshot { view, .. } => Some(view.legal[0].clone()),
            _ => None,
        })
        .await;
    ws.say(&decide("1", &first)).await;
    ws.recv_until(|m| matches!(m, ServerMsg::Accepted { .. }).then_some(())).await;
    drop(ws);
    let (url, dir) = server.stop().await;
    let server = TestServer::start_with(Config::with_database(&url)).await;
    let mut ws = server.ws(&id, Some(&token), None).await;
    let mut seed = 5;
    let end = play_against_bot(&mut ws, &mut seed).await;
    assert!(end.outcome.is_some());
    drop(dir);
}
