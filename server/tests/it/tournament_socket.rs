//! The tournament socket with the handshakes a browser makes: refused with the session cookie from another
//! origin; from this site it sends the tournament at once and at every change, with the caller's place and,
//! once paired, their seat (the secret only they get); a sign-out closes it at once (4001) and nothing
//! more is sent. A guest's socket sees the standings without any seat.

use crate::common;

use common::lobby::browser_ws;
use common::{TestServer, Ws, account};
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

async fn signup(s: &TestServer, name: &str) -> String {
    let body = json!({ "name": name, "password": "mango tree 42" });
    let r = s.http.post(s.url("/api/account/signup")).json(&body).send().await.unwrap();
    assert!(r.status().is_success(), "{}", r.status());
    let set = r.headers()["set-cookie"].to_str().unwrap().to_string();
    set.strip_prefix("mancala_session=").unwrap().split(';').next().unwrap().to_string()
}

async fn with_cookie(s: &TestServer, path: &str, session: &str) -> (u16, Value) {
    let r = s
        .http
        .post(s.url(path))
        .header("cookie", format!("mancala_session={session}"))
        .header("origin", format!("http://{}", s.addr))
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// The next `tournament` message on `ws` that satisfies `pick`; panics after 10 s or on a close.
async fn until(ws: &mut Ws, mut pick: impl FnMut(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        match tokio::time::timeout_at(deadline, ws.stream.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => {
                let msg: Value = serde_json::from_str(t.as_str()).unwrap();
                assert_eq!(msg["type"], "tournament", "{msg}");
                if pick(&msg["tournament"]) {
                    return msg["tournament"].clone();
                }
            }
            Ok(Some(Ok(_))) => {}
            other => panic!("no such tournament message: {other:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tournament_socket_gives_the_seat_to_its_player_only_and_closes_at_sign_out() {
    let s = TestServer::start().await;
    let host = account(&s, "host").await;
    let amina = signup(&s, "amina").await;
    let bakari = signup(&s, "bakari").await;
    let r = s
        .http
        .post(s.url("/api/tournaments"))
        .bearer_auth(&host)
        .json(&json!({ "name": "Evening arena", "kind": "arena", "variants": ["kubuguza"],
            "clock": { "base_secs": 180, "increment_secs": 2 }, "minutes": 30 }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    let id = r.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_string();
    let path = format!("/api/tournaments/{id}/ws");
    let own = format!("http://{}", s.addr);
    let evil = format!("http://127.0.0.1:{}", s.addr.port() + 1);

    // Another site's page with the cookie is refused before the upgrade; a missing tournament is a 404.
    let (status, body) = browser_ws(&s, &path, Some(&evil), Some(&amina)).await.err().expect("refused");
    assert_eq!(status, 403, "{body}");
    let (status, _) = browser_ws(&s, "/api/tournaments/nosuch/ws", None, None).await.err().expect("missing");
    assert_eq!(status, 404);

    let mut mine = browser_ws(&s, &path, Some(&own), Some(&amina)).await.expect("this site");
    let mut guest = browser_ws(&s, &path, Some(&evil), None).await.expect("a guest, without the cookie");
    let first = until(&mut mine, |_| true).await;
    assert_eq!(first["me"]["joined"], false, "{first}");
    let seen = until(&mut guest, |_| true).await;
    assert!(seen.get("me").is_none(), "{seen}");

    assert_eq!(with_cookie(&s, &format!("/api/tournaments/{id}/join"), &amina).await.0, 200);
    until(&mut mine, |t| t["me"]["joined"] == true).await;
    assert_eq!(with_cookie(&s, &format!("/api/tournaments/{id}/join"), &bakari).await.0, 200);
    // Paired within a tick or two: the seat comes to amina's socket only.
    let paired = until(&mut mine, |t| t["me"]["game"].is_object()).await;
    let game = &paired["me"]["game"];
    assert!(game["token"].as_str().is_some_and(|t| t.len() >= 16), "{game}");
    let seen = until(&mut guest, |t| !t["games"].as_array().unwrap().is_empty()).await;
    assert!(!seen.to_string().contains(game["token"].as_str().unwrap()), "a guest saw a seat token: {seen}");
    assert_eq!(seen["standings"].as_array().unwrap().len(), 2);

    // The seat plays: the token opens the game's socket as that seat.
    let game_id = game["game"]["id"].as_str().unwrap();
    let mut ws = s.ws(game_id, game["token"].as_str(), None).await;
    let snapshot = ws.next().await;
    assert_eq!(snapshot["seat"], game["seat"], "{snapshot}");

    // Signing out closes the socket at once, with nothing more said than why.
    let signed_out = Instant::now();
    assert_eq!(with_cookie(&s, "/api/account/signout", &amina).await.0, 204);
    let mut said = Vec::new();
    let code = loop {
        match tokio::time::timeout(Duration::from_secs(5), mine.stream.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => break frame.map(|f| u16::from(f.code)),
            Ok(Some(Ok(Message::Text(t)))) => said.push(serde_json::from_str::<Value>(t.as_str()).unwrap()),
            Ok(Some(Ok(_))) => {}
            other => panic!("the socket did not close: {other:?}"),
        }
    };
    assert_eq!(code, Some(4001));
    assert!(signed_out.elapsed() < Duration::from_millis(500), "closed after {:?}", signed_out.elapsed());
    assert!(said.iter().all(|m| m["type"] == "error" && m["code"] == "revoked"), "{said:?}");
    s.stop().await;
}
