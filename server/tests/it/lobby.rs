//! The lobby: seeks, quick pairing, challenges and the ban for repeated aborts, through the real server (lobby
//! WebSockets and HTTP), on SQLite.

use crate::common;

use common::TestServer;
use common::lobby::{
    abort_paired, account, all_games, config, created, get_auth, lobby, next_answer, paired, post_auth, quick,
    quick_of, refused, seek, server,
};
use futures_util::StreamExt;
use mancala_protocol::http::{GameStatus, SeatGranted};
use mancala_protocol::lobby::{LobbyClientMsg, LobbyServerMsg};
use mancala_protocol::{ClientMsg, ClockSpec, ServerMsg, Side, Variant};
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};
use std::time::Duration;

#[tokio::test]
async fn two_players_seeking_the_same_game_are_paired_once() {
    let s = server().await;
    let (mut a, _) = lobby(&s, "name=amina").await;
    let (mut b, _) = lobby(&s, "name=baraka").await;
    a.lobby_say(&quick()).await;
    let seek = created(next_answer(&mut a).await);
    assert_eq!(seek.name, "amina");
    b.lobby_say(&quick()).await;
    let pb = paired(next_answer(&mut b).await);
    let pa = paired(next_answer(&mut a).await);
    assert_eq!(pa.game.id, pb.game.id);
    assert_ne!(pa.seat, pb.seat, "each gets the other seat");
    assert_eq!(pa.game.status, GameStatus::Ongoing);
    assert_eq!(pa.game.clock, Some(ClockSpec::fischer(300, 3)));
    assert_eq!(pa.ws_path, format!("/api/games/{}/ws", pa.game.id));
    // Each token is that player's seat.
    for p in [&pa, &pb] {
        let mut g = s.ws(&p.game.id, Some(&p.token), None).await;
        let seat = g
            .recv_until(|m| match m {
                ServerMsg::Snapshot { seat, .. } => Some(seat),
                _ => None,
            })
            .await;
        assert_eq!(seat, Some(p.seat), "{p:?}");
    }
    let games = all_games(&s).await;
    assert_eq!(games.len(), 1, "one game: {games:?}");
    let players = &games[0]["players"];
    let names: HashSet<&str> =
        [players["south"]["name"].as_str().unwrap(), players["north"]["name"].as_str().unwrap()].into();
    assert_eq!(names, HashSet::from(["amina", "baraka"]));
    // Nothing else arrives: one press, one game.
    assert!(a.lobby_try_recv(Duration::from_millis(300)).await.is_none_or(|m| !matches!(m, LobbyServerMsg::Paired(_))));
    let (_, seeks) = s.get("/api/lobby/seeks").await;
    assert_eq!(seeks["seeks"], json!([]));
}

#[tokio::test]
async fn twenty_concurrent_quick_presses_make_exactly_ten_games() {
    let s = server().await;
    let mut sockets = Vec::new();
    for i in 0..20 {
        sockets.push(lobby(&s, &format!("name=p{i}")).await.0);
    }
    // Everyone presses at once.
    let pressed = futures_util::future::join_all(sockets.iter_mut().map(|ws| async move {
        ws.lobby_say(&quick()).await;
        loop {
            match ws.lobby_recv().await {
                LobbyServerMsg::Paired(p) => return *p,
                m @ LobbyServerMsg::Error { .. } => panic!("{m:?}"),
                _ => {}
            }
        }
    }))
    .await;
    let mut seats: HashMap<String, Vec<(String, Side)>> = HashMap::new();
    for (i, p) in pressed.iter().enumerate() {
        seats.entry(p.game.id.clone()).or_default().push((format!("p{i}"), p.seat));
    }
    assert_eq!(seats.len(), 10, "ten games: {seats:?}");
    for (game, people) in &seats {
        assert_eq!(people.len(), 2, "{game}: {people:?}");
        assert_ne!(people[0].1, people[1].1, "{game}: {people:?}");
    }
    // Nobody is in two games: the database agrees.
    let games = all_games(&s).await;
    assert_eq!(games.len(), 10, "{games:?}");
    let mut seated = HashSet::new();
    for g in &games {
        for side in ["south", "north"] {
            let name = g["players"][side]["name"].as_str().unwrap().to_string();
            assert!(seated.insert(name.clone()), "{name} is in two games");
        }
    }
    assert_eq!(seated.len(), 20);
    for ws in &mut sockets {
        assert!(
            ws.lobby_try_recv(Duration::from_millis(50)).await.is_none_or(|m| !matches!(m, LobbyServerMsg::Paired(_)))
        );
    }
}

#[tokio::test]
async fn a_seek_leaves_the_feed_when_its_socket_closes_and_when_it_is_accepted() {
    let s = server().await;
    let (mut watcher, _) = lobby(&s, "name=watcher").await;
    let (mut a, _) = lobby(&s, "name=amina").await;
    a.lobby_say(&seek(Variant::Azigo)).await;
    let id = created(next_answer(&mut a).await).id;
    let added = watcher.lobby_recv().await;
    let LobbyServerMsg::SeekAdded { seek: added } = added else { panic!("not `seek_added`: {added:?}") };
    assert_eq!(added.id, id);
    assert_eq!(added.variant, Variant::Azigo);
    assert!(!added.registered);
    // A third person arriving now sees it in the first message.
    let (_late, first) = lobby(&s, "name=late").await;
    assert_eq!(first.seeks[0].id, id);
    drop(a);
    let removed = watcher.lobby_recv().await;
    assert_eq!(removed, LobbyServerMsg::SeekRemoved { id: id.clone() });
    let (_, seeks) = s.get("/api/lobby/seeks").await;
    assert_eq!(seeks["seeks"], json!([]));

    // Accepted (over HTTP): gone from the feed, both seated.
    let (mut a, _) = lobby(&s, "name=amina").await;
    a.lobby_say(&seek(Variant::Azigo)).await;
    let id = created(next_answer(&mut a).await).id;
    let added = watcher.lobby_recv().await;
    assert!(matches!(added, LobbyServerMsg::SeekAdded { .. }), "{added:?}");
    let (status, granted) = s.post(&format!("/api/lobby/seeks/{id}/accept"), json!({ "name": "baraka" })).await;
    assert_eq!(status, 201, "{granted}");
    assert_eq!(watcher.lobby_recv().await, LobbyServerMsg::SeekRemoved { id: id.clone() });
    let granted: SeatGranted = serde_json::from_value(granted).unwrap();
    let paired = paired(next_answer(&mut a).await);
    assert_eq!(paired.game.id, granted.game.id);
    assert_ne!(paired.seat, granted.seat);
    // Taken once: a second accept finds nothing.
    let (status, again) = s.post(&format!("/api/lobby/seeks/{id}/accept"), json!({ "name": "chausiku" })).await;
    assert_eq!(status, 404, "{again}");
}

#[tokio::test]
async fn nobody_accepts_their_own_seek() {
    let s = server().await;
    let token = account(&s, "amina").await;
    let (mut a, _) = lobby(&s, &format!("token={token}")).await;
    a.lobby_say(&seek(Variant::Kubuguza)).await;
    let mine = created(next_answer(&mut a).await);
    assert!(mine.registered);
    let id = mine.id;
    a.lobby_say(&LobbyClientMsg::Accept { id: id.clone() }).await;
    let (code, message) = refused(next_answer(&mut a).await);
    assert_eq!(code, "own_seek", "{message}");
    let (status, body) = post_auth(&s, &format!("/api/lobby/seeks/{id}/accept"), &token, json!({})).await;
    assert_eq!(status, 409, "{body}");
    assert!(body["message"].as_str().unwrap().contains("your own seek"), "{body}");
    // Nor by quick pairing: it posts a second seek instead.
    a.lobby_say(&quick_of(Variant::Kubuguza)).await;
    created(next_answer(&mut a).await);
    assert!(all_games(&s).await.is_empty());
}

#[tokio::test]
async fn the_sixth_open_seek_is_refused() {
    let s = server().await;
    let token = account(&s, "amina").await;
    let (mut a, _) = lobby(&s, &format!("token={token}")).await;
    for i in 0..5 {
        let clock = Some(ClockSpec::fischer(60 * (i + 1), 0));
        a.lobby_say(&LobbyClientMsg::Seek {
            variant: Variant::Njombwa,
            options: None,
            clock,
            rated: false,
            range: None,
        })
        .await;
        created(next_answer(&mut a).await);
    }
    a.lobby_say(&seek(Variant::Njombwa)).await;
    let (code, message) = refused(next_answer(&mut a).await);
    assert_eq!(code, "too_many_seeks", "{message}");
    // The same person over HTTP: refused too, before any stream starts.
    let (status, body) = post_auth(&s, "/api/lobby/seeks", &token, json!({ "variant": "njombwa" })).await;
    assert_eq!(status, 409, "{body}");
    // Cancelling one makes room.
    let (_, seeks) = s.get("/api/lobby/seeks").await;
    let id = seeks["seeks"][0]["id"].as_str().unwrap().to_string();
    a.lobby_say(&LobbyClientMsg::Cancel { id }).await;
    a.lobby_say(&seek(Variant::Njombwa)).await;
    created(next_answer(&mut a).await);
}

#[tokio::test]
async fn the_rating_range_is_respected() {
    // Before any rated game everyone is rated 1500 (docs/lobby.md).
    let s = server().await;
    let (mut a, _) = lobby(&s, "name=amina").await;
    a.lobby_say(&LobbyClientMsg::Seek {
        variant: Variant::Kubuguza,
        options: None,
        clock: None,
        rated: false,
        range: Some([1600, 1800]),
    })
    .await;
    let high = created(next_answer(&mut a).await).id;
    let (status, body) = s.post(&format!("/api/lobby/seeks/{high}/accept"), json!({ "name": "baraka" })).await;
    assert_eq!(status, 403, "{body}");
    assert!(body["message"].as_str().unwrap().contains("1600 to 1800"), "{body}");
    // Quick pairing passes over it and posts its own seek.
    let (mut b, _) = lobby(&s, "name=baraka").await;
    b.lobby_say(&quick_of(Variant::Kubuguza)).await;
    created(next_answer(&mut b).await);
    assert!(all_games(&s).await.is_empty());
    // A range that holds 1500 is taken.
    a.lobby_say(&LobbyClientMsg::Seek {
        variant: Variant::Azigo,
        options: None,
        clock: None,
        rated: false,
        range: Some([1400, 1600]),
    })
    .await;
    let ok = created(next_answer(&mut a).await).id;
    let (status, body) = s.post(&format!("/api/lobby/seeks/{ok}/accept"), json!({ "name": "chausiku" })).await;
    assert_eq!(status, 201, "{body}");
    paired(next_answer(&mut a).await);
    // A bad range is named.
    a.lobby_say(&LobbyClientMsg::Seek {
        variant: Variant::Azigo,
        options: None,
        clock: None,
        rated: false,
        range: Some([1700, 1600]),
    })
    .await;
    let (code, message) = refused(next_answer(&mut a).await);
    assert_eq!(code, "bad_request", "{message}");
}

#[tokio::test]
async fn challenges_are_accepted_or_declined() {
    let s = server().await;
    let alice = account(&s, "alice").await;
    let bob = account(&s, "bob").await;
    let (mut alice_ws, _) = lobby(&s, &format!("token={alice}")).await;
    let (mut bob_ws, _) = lobby(&s, &format!("token={bob}")).await;
    // Guests cannot challenge; nobody challenges a name without an account.
    let (status, body) = s.post("/api/challenges", json!({ "to": "bob", "variant": "azigo" })).await;
    assert_eq!(status, 401, "{body}");
    assert_eq!(body["error"], "unauthorized", "{body}");
    let (status, body) = post_auth(&s, "/api/challenges", &alice, json!({ "to": "nobody", "variant": "azigo" })).await;
    assert_eq!(status, 404, "{body}");

    let (status, c) = post_auth(&s, "/api/challenges", &alice, json!({ "to": "BOB", "variant": "azigo" })).await;
    assert_eq!(status, 201, "{c}");
    assert_eq!(c["from"], "alice");
    assert_eq!(c["to"], "bob");
    let got = next_answer(&mut bob_ws).await;
    let LobbyServerMsg::Challenge { challenge } = got else { panic!("not `challenge`: {got:?}") };
    assert_eq!(challenge.id, c["id"].as_str().unwrap());
    let (_, list) = get_auth(&s, "/api/challenges", &bob).await;
    assert_eq!(list["incoming"][0]["id"], c["id"]);
    let (_, list) = get_auth(&s, "/api/challenges", &alice).await;
    assert_eq!(list["outgoing"][0]["id"], c["id"]);
    // Declined: alice is told, it is gone.
    let id = c["id"].as_str().unwrap();
    let (status, _) = post_auth(&s, &format!("/api/challenges/{id}/decline"), &bob, json!({})).await;
    assert_eq!(status, 204);
    let gone = next_answer(&mut alice_ws).await;
    assert_eq!(gone, LobbyServerMsg::ChallengeGone { id: id.to_string(), reason: "declined".into() });
    let (status, _) = post_auth(&s, &format!("/api/challenges/{id}/accept"), &bob, json!({})).await;
    assert_eq!(status, 404);

    // Accepted: bob's seat in the answer, alice's on her lobby socket.
    let (_, c) = post_auth(&s, "/api/challenges", &alice, json!({ "to": "bob", "variant": "azigo" })).await;
    let id = c["id"].as_str().unwrap();
    assert!(matches!(next_answer(&mut bob_ws).await, LobbyServerMsg::Challenge { .. }));
    // Only the challenged may accept.
    let (status, _) = post_auth(&s, &format!("/api/challenges/{id}/accept"), &alice, json!({})).await;
    assert_eq!(status, 404);
    let (status, granted) = post_auth(&s, &format!("/api/challenges/{id}/accept"), &bob, json!({})).await;
    assert_eq!(status, 201, "{granted}");
    let granted: SeatGranted = serde_json::from_value(granted).unwrap();
    let paired = paired(next_answer(&mut alice_ws).await);
    assert_eq!(paired.game.id, granted.game.id);
    assert_ne!(paired.seat, granted.seat);
    assert_eq!(paired.game.variant, Variant::Azigo);

    // While that game goes on, neither may be paired again: a second challenge waits.
    let (status, c) = post_auth(&s, "/api/challenges", &alice, json!({ "to": "bob", "variant": "azigo" })).await;
    assert_eq!(status, 201, "{c}");
    assert!(matches!(next_answer(&mut bob_ws).await, LobbyServerMsg::Challenge { .. }));
    let id = c["id"].as_str().unwrap().to_string();
    let (status, body) = post_auth(&s, &format!("/api/challenges/{id}/accept"), &bob, json!({})).await;
    assert_eq!(status, 409, "{body}");
    assert!(body["message"].as_str().unwrap().contains("you are playing game"), "{body}");
    abort_paired(&s, &paired).await;

    // Withdrawn by the challenger: the challenged is told (not the challenger).
    let (status, _) = post_auth(&s, &format!("/api/challenges/{id}/decline"), &alice, json!({})).await;
    assert_eq!(status, 204);
    let gone = next_answer(&mut bob_ws).await;
    assert_eq!(gone, LobbyServerMsg::ChallengeGone { id: id.clone(), reason: "withdrawn".into() });
    assert!(alice_ws.lobby_try_recv(Duration::from_millis(200)).await.is_none(), "the challenger withdrew it herself");

    // A challenger who left the lobby cannot be given a seat: the accept is refused, the challenge stays.
    let (_, c) = post_auth(&s, "/api/challenges", &alice, json!({ "to": "bob", "variant": "azigo" })).await;
    // The server tells the lobby she left before it ends her socket: once her socket has ended, the
    // accept below reaches the lobby after her leaving.
    alice_ws.stream.close(None).await.expect("close alice's lobby socket");
    while let Some(Ok(_)) = alice_ws.stream.next().await {}
    let id = c["id"].as_str().unwrap();
    let (status, body) = post_auth(&s, &format!("/api/challenges/{id}/accept"), &bob, json!({})).await;
    assert_eq!(status, 409, "{body}");
    assert!(body["message"].as_str().unwrap().contains("not in the lobby"), "{body}");
    let (_, list) = get_auth(&s, "/api/challenges", &bob).await;
    assert_eq!(list["incoming"][0]["id"], id);
}

/// Creates a game with `token`'s account and another player, then aborts it from that account's seat.
async fn abort_one(s: &TestServer, token: &str) {
    let (status, created) = post_auth(s, "/api/games", token, json!({ "variant": "kubuguza" })).await;
    assert_eq!(status, 201, "{created}");
    let id = created["game"]["id"].as_str().unwrap();
    let (status, _) = s.post(&format!("/api/games/{id}/join"), json!({ "name": "victim" })).await;
    assert_eq!(status, 200);
    let mut ws = s.ws(id, created["token"].as_str(), None).await;
    ws.recv_until(|m| matches!(m, ServerMsg::Snapshot { .. }).then_some(())).await;
    ws.say(&ClientMsg::Abort { id: Some("a".into()) }).await;
    let answer = ws
        .recv_until(|m| match m {
            ServerMsg::Accepted { id, .. } => Some(id),
            _ => None,
        })
        .await;
    assert_eq!(answer.as_deref(), Some("a"));
}

#[tokio::test]
async fn repeated_aborts_ban_pairing() {
    let s = server().await;
    let token = account(&s, "quitter").await;
    abort_one(&s, &token).await;
    abort_one(&s, &token).await;
    // Two aborts: still free to seek.
    let (mut q, _) = lobby(&s, &format!("token={token}")).await;
    q.lobby_say(&seek(Variant::Kubuguza)).await;
    let id = created(next_answer(&mut q).await).id;
    q.lobby_say(&LobbyClientMsg::Cancel { id }).await;
    abort_one(&s, &token).await;
    q.lobby_say(&quick_of(Variant::Kubuguza)).await;
    let (code, message) = refused(next_answer(&mut q).await);
    assert_eq!(code, "playban", "{message}");
    assert!(message.contains("(3 aborted)"), "{message}");
    assert!(message.contains("no new games for 1"), "the time left: {message}");
    assert!(message.contains(" UTC"), "until when: {message}");
    let r =
        s.http.post(s.url("/api/lobby/seeks")).bearer_auth(&token).json(&json!({ "variant": "azigo" })).send().await;
    let r = r.unwrap();
    assert_eq!(r.status().as_u16(), 429);
    let retry: u64 = r.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((840..=900).contains(&retry), "a first ban of 15 minutes: {retry}");
    // The other player of those games did not abort them: not paused (only the aborter is counted).
    let (mut v, _) = lobby(&s, "name=victim").await;
    v.lobby_say(&quick_of(Variant::Kubuguza)).await;
    let answer = next_answer(&mut v).await;
    assert!(
        matches!(answer, LobbyServerMsg::SeekCreated { .. }),
        "the victim of three aborts is not paused: {answer:?}"
    );
    // Someone else is not paused: paired with the victim's seek.
    let (mut other, _) = lobby(&s, "name=other").await;
    other.lobby_say(&quick_of(Variant::Kubuguza)).await;
    paired(next_answer(&mut other).await);
}

#[tokio::test]
async fn an_http_seek_streams_until_paired_and_closing_it_cancels() {
    let s = server().await;
    let (mut watcher, _) = lobby(&s, "name=watcher").await;
    let mut r = s
        .http
        .post(s.url("/api/lobby/seeks"))
        .json(&json!({ "variant": "ikibuguzo", "name": "script" }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(r.headers()["content-type"], "application/x-ndjson");
    let mut text = String::new();
    while !text.contains('\n') {
        text.push_str(std::str::from_utf8(&r.chunk().await.unwrap().unwrap()).unwrap());
    }
    let created: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(created["type"], "seek_created");
    let id = created["seek"]["id"].as_str().unwrap().to_string();
    let added = watcher.lobby_recv().await;
    assert!(matches!(&added, LobbyServerMsg::SeekAdded { seek } if seek.id == id), "{added:?}");
    let (status, granted) = s.post(&format!("/api/lobby/seeks/{id}/accept"), json!({ "name": "human" })).await;
    assert_eq!(status, 201, "{granted}");
    let mut rest = text.split_once('\n').unwrap().1.to_string();
    while let Some(chunk) = r.chunk().await.unwrap() {
        rest.push_str(std::str::from_utf8(&chunk).unwrap());
    }
    let paired: Value = serde_json::from_str(rest.trim()).unwrap();
    assert_eq!(paired["type"], "paired");
    assert_eq!(paired["game"]["id"], granted["game"]["id"]);

    // Closing the stream cancels the seek.
    let removed = watcher.lobby_recv().await;
    assert!(matches!(removed, LobbyServerMsg::SeekRemoved { .. }), "{removed:?}");
    let r = s.http.post(s.url("/api/lobby/seeks")).json(&json!({ "variant": "ikibuguzo" })).send().await.unwrap();
    let added = watcher.lobby_recv().await;
    let LobbyServerMsg::SeekAdded { seek: added } = added else { panic!("not `seek_added`: {added:?}") };
    drop(r);
    let removed = watcher.lobby_recv().await;
    assert_eq!(removed, LobbyServerMsg::SeekRemoved { id: added.id });
}

#[tokio::test]
async fn bad_lobby_messages_are_named() {
    let s = server().await;
    let (mut a, _) = lobby(&s, "name=amina").await;
    // Raw: a variant the protocol's type cannot name.
    a.send(json!({ "type": "seek", "variant": "chess" })).await;
    let (code, message) = refused(next_answer(&mut a).await);
    assert_eq!(code, "bad_request", "{message}");
    a.lobby_say(&LobbyClientMsg::Seek {
        variant: Variant::Kubuguza,
        options: None,
        clock: None,
        rated: true,
        range: None,
    })
    .await;
    let (code, message) = refused(next_answer(&mut a).await);
    assert_eq!(code, "forbidden", "{message}");
    a.lobby_say(&LobbyClientMsg::Ping).await;
    assert_eq!(next_answer(&mut a).await, LobbyServerMsg::Pong);
    let (status, body) = s.get("/api/lobby/ws").await;
    assert_eq!(status, 426, "{body}");
}

/// Stores `name`'s rating in `variant` directly (as if earned), not provisional.
async fn set_rating(s: &TestServer, name: &str, variant: &str, rating: i64) {
    sqlx::any::install_default_drivers();
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&s.database_url).await.unwrap();
    sqlx::query(
        "INSERT INTO ratings (player_key, variant, rating_e9, deviation_e9, volatility_e9, games, updated_at) \
         VALUES ($1, $2, $3, $4, $5, 30, 0)",
    )
    .bind(name.to_lowercase())
    .bind(variant)
    .bind(rating * 1_000_000_000)
    .bind(60i64 * 1_000_000_000)
    .bind(60_000_000i64)
    .execute(&mut conn)
    .await
    .unwrap();
}

#[tokio::test]
async fn seeks_show_ratings_and_quick_pairing_takes_the_nearest() {
    let s = server().await;
    let mut tokens = HashMap::new();
    for (name, rating) in [("low", 1300), ("high", 1900), ("mid", 1450)] {
        tokens.insert(name, account(&s, name).await);
        set_rating(&s, name, "kubuguza", rating).await;
    }
    let clock = Some(ClockSpec::fischer(180, 2));
    let rated_quick = LobbyClientMsg::Quick { variant: Variant::Kubuguza, clock, rated: true };
    let (mut low, _) = lobby(&s, &format!("token={}", tokens["low"])).await;
    low.lobby_say(&rated_quick).await;
    let seek_low = created(next_answer(&mut low).await);
    assert_eq!(seek_low.rating, Some(1300), "{seek_low:?}");
    assert_eq!(seek_low.provisional, Some(false));
    assert!(seek_low.rated);
    let (mut high, _) = lobby(&s, &format!("token={}", tokens["high"])).await;
    // The only compatible seek is taken, 600 points away or not (no range).
    high.lobby_say(&rated_quick).await;
    let paired_high = paired(next_answer(&mut high).await);
    paired(next_answer(&mut low).await);
    assert!(paired_high.game.rated, "{paired_high:?}");
    // Over (aborted: no rating changes) before either is paired again.
    abort_paired(&s, &paired_high).await;

    // Two waiting seeks (posted, not quick), 1900 first then 1300: a 1450 player is paired with the 1300.
    let posted = LobbyClientMsg::Seek { variant: Variant::Kubuguza, options: None, clock, rated: true, range: None };
    high.lobby_say(&posted).await;
    created(next_answer(&mut high).await);
    low.lobby_say(&posted).await;
    created(next_answer(&mut low).await);
    let (mut mid, _) = lobby(&s, &format!("token={}", tokens["mid"])).await;
    mid.lobby_say(&rated_quick).await;
    let paired = paired(next_answer(&mut mid).await);
    let players = &paired.game.players;
    let names: HashSet<&str> =
        [players.south.as_ref().unwrap().name.as_str(), players.north.as_ref().unwrap().name.as_str()].into();
    assert_eq!(names, HashSet::from(["low", "mid"]));
    abort_paired(&s, &paired).await;

    // A range checked against real ratings: 1300 is outside [1800, 2000].
    high.lobby_say(&LobbyClientMsg::Seek {
        variant: Variant::Kubuguza,
        options: None,
        clock: None,
        rated: true,
        range: Some([1800, 2000]),
    })
    .await;
    let id = loop {
        if let LobbyServerMsg::SeekCreated { seek } = next_answer(&mut high).await
            && seek.range.is_some()
        {
            break seek.id;
        }
    };
    let (status, body) = post_auth(&s, &format!("/api/lobby/seeks/{id}/accept"), &tokens["low"], json!({})).await;
    assert_eq!(status, 403, "{body}");
    assert!(body["message"].as_str().unwrap().contains("your rating here is 1300"), "{body}");
    // A guest cannot take a rated seek.
    let (status, body) = s.post(&format!("/api/lobby/seeks/{id}/accept"), json!({ "name": "zawadi" })).await;
    assert_eq!(status, 403, "{body}");
}

/// The ban for aborts (docs/moderation.md) and pairing on PostgreSQL (the SQL must be portable); skipped without
/// TEST_DATABASE_URL.
#[tokio::test]
async fn the_ban_for_aborts_works_on_postgres() {
    let Some((base, url)) = common::fresh_db("lobby_aborts").await else { return };
    let s = TestServer::start_with(config(&url)).await;
    let token = account(&s, "quitter").await;
    for _ in 0..3 {
        abort_one(&s, &token).await;
    }
    let (mut q, _) = lobby(&s, &format!("token={token}")).await;
    q.lobby_say(&quick()).await;
    assert_eq!(refused(next_answer(&mut q).await).0, "playban");
    let (mut a, _) = lobby(&s, "name=amina").await;
    let (mut b, _) = lobby(&s, "name=baraka").await;
    a.lobby_say(&quick()).await;
    created(next_answer(&mut a).await);
    b.lobby_say(&quick()).await;
    paired(next_answer(&mut b).await);
    drop((q, a, b));
    s.stop().await;
    common::drop_db(&base, &url).await;
}

#[tokio::test]
async fn a_lobby_socket_is_closed_with_1001_when_the_server_shuts_down() {
    use tokio_tungstenite::tungstenite::Message;
    let s = server().await;
    let (mut ws, _) = lobby(&s, "name=amani").await;
    let stopped = tokio::spawn(s.stop());
    let close = loop {
        match tokio::time::timeout(Duration::from_secs(10), ws.stream.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => break frame.expect("a close frame with a code"),
            Ok(Some(Ok(_))) => continue,
            other => panic!("expected the server's close frame, got {other:?}"),
        }
    };
    assert_eq!(u16::from(close.code), 1001, "{close:?}");
    assert!(close.reason.contains("shutting down"), "{close:?}");
    stopped.await.expect("the server stops");
}
