//! Penalties for leaving games (docs/moderation.md): the outcome each game's end stores per player, the
//! bans they earn (15 min, then 1 h, 3 h, 24 h), good games wearing them off, and every pairing path
//! refusing a banned player with `playban` (HTTP 429 with `Retry-After`, the lobby socket's `error`).
//! Time is moved by rewriting the stored outcomes' times (`at`) into the past: nothing waits.

use crate::common;

use common::TestServer;
use common::lobby::{account, config, created, get_auth, lobby, next_answer, post_auth, quick, refused, seek};
use mancala_protocol::lobby::LobbyClientMsg;
use mancala_protocol::{ClientMsg, ServerMsg, Variant};
use serde_json::{Value, json};
use sqlx::Row;

async fn server() -> TestServer {
    common::lobby::server_with(|c| c.claim_grace_secs = 0).await
}

async fn db(s: &TestServer) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    sqlx::AnyPool::connect(&s.database_url).await.expect("connect")
}

/// The stored outcomes of `key`'s account, oldest first: (game, outcome).
async fn outcomes(s: &TestServer, key: &str) -> Vec<(String, String)> {
    let rows = sqlx::query(
        "SELECT game_id, outcome FROM playban_outcomes WHERE player_key = $1 AND registered = 1 ORDER BY at, game_id",
    )
    .bind(key)
    .fetch_all(&db(s).await)
    .await
    .unwrap();
    rows.iter().map(|r| (r.get::<String, _>(0), r.get::<String, _>(1))).collect()
}

/// Moves every stored outcome `minutes` into the past: as if that long had gone by.
async fn time_passes(s: &TestServer, minutes: i64) {
    sqlx::query("UPDATE playban_outcomes SET at = at - $1").bind(minutes * 60_000).execute(&db(s).await).await.unwrap();
}

/// A game between two accounts, `host` South; returns its id and both seat tokens.
async fn game(s: &TestServer, host: &str, guest: &str) -> (String, String, String) {
    let (status, created) = post_auth(s, "/api/games", host, json!({ "variant": "kubuguza", "seat": "south" })).await;
    assert_eq!(status, 201, "{created}");
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let (status, joined) = post_auth(s, &format!("/api/games/{id}/join"), guest, json!({})).await;
    assert_eq!(status, 200, "{joined}");
    (id, created["token"].as_str().unwrap().to_string(), joined["token"].as_str().unwrap().to_string())
}

/// Says `msg` on a seat's socket and waits for its acceptance.
async fn act(s: &TestServer, id: &str, token: &str, msg: ClientMsg) {
    let mut ws = s.ws(id, Some(token), None).await;
    ws.recv_until(|m| matches!(m, ServerMsg::Snapshot { .. }).then_some(())).await;
    ws.say(&msg).await;
    let answer = ws
        .recv_until(|m| match m {
            ServerMsg::Accepted { id, .. } => Some(Ok(id)),
            ServerMsg::Rejected { id, reason, .. } => Some(Err((id, reason))),
            _ => None,
        })
        .await;
    assert_eq!(answer, Ok(Some("x".into())), "{msg:?}");
}

/// `quitter` aborts a new game against `victim`.
async fn abort(s: &TestServer, quitter: &str, victim: &str) {
    let (id, token, _) = game(s, quitter, victim).await;
    act(s, &id, &token, ClientMsg::Abort { id: Some("x".into()) }).await;
}

/// `loser` resigns a new game against `winner`: a good game for both.
async fn resign(s: &TestServer, loser: &str, winner: &str) {
    let (id, token, _) = game(s, loser, winner).await;
    act(s, &id, &token, ClientMsg::Resign { id: Some("x".into()) }).await;
}

/// Seconds of the ban a seek of `token`'s account gets (after asserting the whole refusal).
async fn banned_for(s: &TestServer, token: &str) -> u64 {
    let r = s.http.post(s.url("/api/lobby/seeks")).bearer_auth(token).json(&json!({ "variant": "azigo" })).send();
    let r = r.await.unwrap();
    assert_eq!(r.status().as_u16(), 429);
    let retry: u64 = r.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["error"], "playban", "{body}");
    let message = body["message"].as_str().unwrap();
    assert!(message.contains("you left too many games") && message.contains(" UTC"), "{message}");
    retry
}

async fn not_banned(s: &TestServer, token: &str) {
    let (status, body) = get_auth(s, "/api/lobby/playban", token).await;
    assert_eq!((status, &body["banned"]), (200, &json!(false)), "{body}");
}

#[tokio::test]
async fn each_end_of_a_game_stores_each_player_s_outcome() {
    let s = server().await;
    let (a, b) = (account(&s, "amina").await, account(&s, "baraka").await);
    abort(&s, &a, &b).await;
    resign(&s, &a, &b).await;
    // Baraka leaves: his socket closes, Amina claims the win.
    let (id, south, north) = game(&s, &a, &b).await;
    let mut ws_a = s.ws(&id, Some(&south), None).await;
    ws_a.recv_until(|m| matches!(m, ServerMsg::Snapshot { .. }).then_some(())).await;
    drop(s.ws(&id, Some(&north), None).await);
    ws_a.recv_until(|m| matches!(m, ServerMsg::Presence { presence } if !presence.north).then_some(())).await;
    ws_a.say(&ClientMsg::ClaimWin { id: Some("c".into()) }).await;
    ws_a.recv_until(|m| matches!(m, ServerMsg::Accepted { .. }).then_some(())).await;
    let of_a: Vec<String> = outcomes(&s, "amina").await.into_iter().map(|(_, o)| o).collect();
    let of_b: Vec<String> = outcomes(&s, "baraka").await.into_iter().map(|(_, o)| o).collect();
    assert_eq!(of_a, ["abort", "good", "good"]);
    // The opponent of an abort gets nothing.
    assert_eq!(of_b, ["good", "leave"]);
}

#[tokio::test]
async fn bans_escalate_from_15_minutes_to_a_day() {
    let s = server().await;
    let (q, v) = (account(&s, "quitter").await, account(&s, "victim").await);
    for (expected_minutes, round) in [(15, 1), (60, 2), (180, 3), (24 * 60, 4)] {
        abort(&s, &q, &v).await;
        abort(&s, &q, &v).await;
        if round == 1 {
            not_banned(&s, &q).await;
        }
        abort(&s, &q, &v).await;
        let left = banned_for(&s, &q).await;
        let full = expected_minutes * 60;
        assert!((full - 60..=full).contains(&left), "ban {round}: {left} s, not {expected_minutes} min");
        // The ban ends and its outcomes leave the window: a day and a minute go by.
        time_passes(&s, 24 * 60 + 1).await;
        not_banned(&s, &q).await;
    }
    // The victim of those aborts was never banned.
    not_banned(&s, &v).await;
}

#[tokio::test]
async fn good_games_wear_bans_off() {
    let s = server().await;
    let (q, v) = (account(&s, "quitter").await, account(&s, "victim").await);
    abort(&s, &q, &v).await;
    abort(&s, &q, &v).await;
    resign(&s, &q, &v).await;
    abort(&s, &q, &v).await;
    // Three aborts less one good game: not banned.
    not_banned(&s, &q).await;
    abort(&s, &q, &v).await;
    let left = banned_for(&s, &q).await;
    assert!((840..=900).contains(&left), "{left}");
    // After it, five good games take the next ban back to its first length.
    time_passes(&s, 20).await;
    for _ in 0..5 {
        resign(&s, &q, &v).await;
    }
    for _ in 0..8 {
        abort(&s, &q, &v).await;
    }
    let left = banned_for(&s, &q).await;
    assert!((840..=900).contains(&left), "a second ban, back to 15 min: {left}");
}

#[tokio::test]
async fn every_pairing_path_refuses_a_banned_player_and_the_ban_survives_a_restart() {
    let s = server().await;
    let (q, v) = (account(&s, "quitter").await, account(&s, "victim").await);
    for _ in 0..3 {
        abort(&s, &q, &v).await;
    }
    // Someone else's seek to accept, and a challenge to answer.
    let (mut other, _) = lobby(&s, &format!("token={v}")).await;
    other.lobby_say(&seek(Variant::Kubuguza)).await;
    let open = created(next_answer(&mut other).await);
    let (status, challenge) =
        post_auth(&s, "/api/challenges", &v, json!({ "to": "quitter", "variant": "azigo" })).await;
    assert_eq!(status, 201, "{challenge}");
    let check = |what: &str, status: u16, body: &Value| {
        assert_eq!((status, body["error"].as_str()), (429, Some("playban")), "{what}: {body}");
        assert!(body["message"].as_str().unwrap().contains(" min "), "{what}: the time left: {body}");
    };
    // The lobby socket: seek, quick, accept.
    let (mut ws, _) = lobby(&s, &format!("token={q}")).await;
    for msg in [seek(Variant::Kubuguza), quick(), LobbyClientMsg::Accept { id: open.id.clone() }] {
        ws.lobby_say(&msg).await;
        let (code, message) = refused(next_answer(&mut ws).await);
        assert_eq!(code, "playban", "{msg:?}: {message}");
        assert!(message.contains("3 aborted"), "why: {message}");
    }
    // HTTP: seek, accept, challenge, accept a challenge, join a tournament.
    let (status, body) = post_auth(&s, "/api/lobby/seeks", &q, json!({ "variant": "azigo" })).await;
    check("seek", status, &body);
    let (status, body) = post_auth(&s, &format!("/api/lobby/seeks/{}/accept", open.id), &q, json!({})).await;
    check("accept", status, &body);
    let (status, body) = post_auth(&s, "/api/challenges", &q, json!({ "to": "victim", "variant": "azigo" })).await;
    check("challenge", status, &body);
    let accept = format!("/api/challenges/{}/accept", challenge["id"].as_str().unwrap());
    let (status, body) = post_auth(&s, &accept, &q, json!({})).await;
    check("accept a challenge", status, &body);
    let t = json!({ "name": "Friday arena", "kind": "arena", "variants": ["kubuguza"],
        "clock": { "base_secs": 180, "increment_secs": 2 }, "minutes": 30 });
    let (status, created) = post_auth(&s, "/api/tournaments", &v, t).await;
    assert_eq!(status, 201, "{created}");
    let join = format!("/api/tournaments/{}/join", created["id"].as_str().unwrap());
    let (status, body) = post_auth(&s, &join, &q, json!({})).await;
    check("join a tournament", status, &body);
    // What the lobby page shows.
    let (status, shown) = get_auth(&s, "/api/lobby/playban", &q).await;
    assert_eq!(status, 200);
    assert_eq!(shown["banned"], true, "{shown}");
    assert_eq!(shown["outcomes"], json!([{ "outcome": "abort", "count": 3 }]));
    assert!((840..=900).contains(&shown["seconds_left"].as_u64().unwrap()), "{shown}");
    // The ban is stored: a restarted server still refuses.
    drop((ws, other));
    let (url, dir) = s.stop().await;
    let s = TestServer::start_in(config(&url), dir.unwrap()).await;
    assert!((840..=900).contains(&banned_for(&s, &q).await));
    // A player without bad outcomes still pairs.
    not_banned(&s, &v).await;
}

/// The outcomes' SQL and the ban on PostgreSQL; skipped without TEST_DATABASE_URL.
#[tokio::test]
async fn bans_work_on_postgres() {
    let Some((base, url)) = common::fresh_db("playban").await else { return };
    let s = TestServer::start_with(config(&url)).await;
    let (q, v) = (account(&s, "quitter").await, account(&s, "victim").await);
    resign(&s, &q, &v).await;
    for _ in 0..4 {
        abort(&s, &q, &v).await;
    }
    assert!((840..=900).contains(&banned_for(&s, &q).await));
    time_passes(&s, 16).await;
    not_banned(&s, &q).await;
    s.stop().await;
    common::drop_db(&base, &url).await;
}
