//! The computer-assisted mark as moderators, its victims and the marked player meet it: the points lost to
//! it in the last 30 days given back exactly (once), the mark on the profile and off the leaderboard,
//! rated games and tournaments refused with `engine_marked`, its tournaments withdrawn, unmarking; and on
//! two nodes, its rated seeks and challenges withdrawn everywhere. Also a closed account's challenges,
//! which the closing withdraws on every node.

use crate::common;
use crate::moderation::{call, grant};

use common::lobby::{created, lobby, next_answer};
use common::{TestServer, account};
use mancala_engine::Variant;
use mancala_protocol::lobby::{LobbyClientMsg, LobbyServerMsg};
use mancala_protocol::{ClientMsg, ServerMsg};
use serde_json::{Value, json};
use sqlx::Row;
use std::time::Duration;

const DAY_MS: i64 = 24 * 3600 * 1000;

async fn db(url: &str) -> sqlx::AnyConnection {
    sqlx::any::install_default_drivers();
    <sqlx::AnyConnection as sqlx::Connection>::connect(url).await.expect("connect to the test database")
}

/// A rated kubuguza game of `south` and `north` (tokens) that `loser`'s seat resigns: its id.
async fn rated_game_lost_by(s: &TestServer, south: &str, north: &str, loser_is_south: bool) -> String {
    let body = json!({ "variant": "kubuguza", "seat": "south", "rated": true });
    let (status, created) = call(s, Some(south), "POST", "/api/games", Some(body)).await;
    assert_eq!(status, 201, "{created}");
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let (status, joined) = call(s, Some(north), "POST", &format!("/api/games/{id}/join"), Some(json!({}))).await;
    assert_eq!(status, 200, "{joined}");
    let seat = if loser_is_south { &created["token"] } else { &joined["token"] };
    let mut ws = s.ws(&id, seat.as_str(), None).await;
    ws.say(&ClientMsg::Resign { id: Some("r".into()) }).await;
    ws.recv_until(|m| matches!(m, ServerMsg::Accepted { .. }).then_some(())).await;
    id
}

/// `key`'s kubuguza rating as stored, in billionths.
async fn rating_e9(url: &str, key: &str) -> i64 {
    let mut c = db(url).await;
    sqlx::query("SELECT rating_e9 FROM ratings WHERE player_key = $1 AND variant = 'kubuguza'")
        .bind(key)
        .fetch_one(&mut c)
        .await
        .unwrap()
        .try_get(0)
        .unwrap()
}

/// (before, after) of `key`'s rating in `game`, in billionths.
async fn change_e9(url: &str, game: &str, key: &str) -> (i64, i64) {
    let mut c = db(url).await;
    let row = sqlx::query("SELECT before_e9, after_e9 FROM rating_changes WHERE game_id = $1 AND player_key = $2")
        .bind(game)
        .bind(key)
        .fetch_one(&mut c)
        .await
        .unwrap();
    (row.try_get(0).unwrap(), row.try_get(1).unwrap())
}

async fn leaderboard(s: &TestServer) -> Vec<String> {
    let (status, text) = s.get_text("/api/leaderboard/kubuguza").await;
    assert_eq!(status, 200, "{text}");
    text.lines().map(|l| serde_json::from_str::<Value>(l).unwrap()["name"].as_str().unwrap().to_string()).collect()
}

async fn mark_refunds_hides_and_refuses(s: &TestServer) {
    let url = &s.database_url;
    let [cheat, amina, baraka, zawadi, kito] = [
        account(s, "Cheat").await,
        account(s, "amina").await,
        account(s, "baraka").await,
        account(s, "zawadi").await,
        account(s, "kito").await,
    ];
    let mo = account(s, "mo").await;
    grant(s, "mo");

    // Cheat beats amina (refunded), loses to baraka (nothing to refund), beats zawadi 31 days ago (too
    // old); then amina beats kito, so her rating now is not the one the game left.
    let lost = rated_game_lost_by(s, &amina, &cheat, true).await;
    rated_game_lost_by(s, &baraka, &cheat, false).await;
    let old = rated_game_lost_by(s, &zawadi, &cheat, true).await;
    let mut c = db(url).await;
    sqlx::query("UPDATE rating_changes SET at = at - $1 WHERE game_id = $2")
        .bind(31 * DAY_MS)
        .bind(&old)
        .execute(&mut c)
        .await
        .unwrap();
    rated_game_lost_by(s, &amina, &kito, false).await;
    let (before, after) = change_e9(url, &lost, "amina").await;
    assert!(after < before, "amina lost points to cheat");
    let amina_now = rating_e9(url, "amina").await;
    let [baraka_now, zawadi_now] = [rating_e9(url, "baraka").await, rating_e9(url, "zawadi").await];
    // Every rating established, so the leaderboard lists them all.
    sqlx::query("UPDATE ratings SET deviation_e9 = 60000000000").execute(&mut c).await.unwrap();
    assert!(leaderboard(s).await.contains(&"Cheat".to_string()));
    // A tournament cheat joined before the mark.
    let start = mancala_server::game::UnixMs::now().millis() + 3_600_000;
    let body = json!({ "name": "Evening arena", "kind": "arena", "variants": ["kubuguza"], "bots": true,
        "clock": { "base_secs": 180, "increment_secs": 2 }, "minutes": 30, "starts_at": start });
    let (status, t) = call(s, Some(&amina), "POST", "/api/tournaments", Some(body)).await;
    assert_eq!(status, 201, "{t}");
    let tournament = t["id"].as_str().unwrap().to_string();
    let (status, view) = call(s, Some(&cheat), "POST", &format!("/api/tournaments/{tournament}/join"), None).await;
    assert_eq!(status, 200, "{view}");

    let (sr, mr) = (s, mo.as_str());
    let act = move |body: Value| async move {
        call(sr, Some(mr), "POST", "/api/mod/players/cheat/actions", Some(body)).await
    };
    assert_eq!(act(json!({ "action": "mark", "reason": "engine moves" })).await.0, 204);
    // Exactly what amina lost, added to her rating of now; nobody else's rating moves.
    assert_eq!(rating_e9(url, "amina").await, amina_now + (before - after));
    assert_eq!(rating_e9(url, "baraka").await, baraka_now);
    assert_eq!(rating_e9(url, "zawadi").await, zawadi_now);
    let (_, log) = call(s, Some(&mo), "GET", "/api/mod/log?action=refund", None).await;
    let log = log.as_array().unwrap();
    assert_eq!(log.len(), 1, "{log:?}");
    assert_eq!(log[0]["target"], "amina");
    let details = log[0]["details"].as_str().unwrap();
    assert!(details.contains(&lost) && details.contains("Cheat"), "{details}");

    // The profile shows it; the leaderboard leaves it out; a second mark is refused.
    let (_, profile) = s.get("/api/players/cheat").await;
    assert_eq!(profile["computer_assisted"], true, "{profile}");
    assert_eq!(s.get("/api/players/amina").await.1.get("computer_assisted"), None);
    assert!(!leaderboard(s).await.contains(&"Cheat".to_string()));
    let (status, body) = act(json!({ "action": "mark", "reason": "again" })).await;
    assert_eq!(status, 400, "{body}");
    let (_, player) = call(s, Some(&mo), "GET", "/api/mod/players/cheat", None).await;
    assert!(player["engine_marked_at"].as_u64().is_some(), "{player}");

    // Withdrawn from the tournament, and refused joining again.
    let (_, view) = s.get(&format!("/api/tournaments/{tournament}")).await;
    let me = view["standings"].as_array().unwrap().iter().find(|p| p["name"] == "Cheat").expect("listed").clone();
    assert_eq!(me["withdrawn"], true, "{view}");
    let (status, body) = call(s, Some(&cheat), "POST", &format!("/api/tournaments/{tournament}/join"), None).await;
    assert_eq!((status, body["error"].as_str()), (403, Some("engine_marked")), "{body}");

    // Rated games refused on every way to one; casual ones stay open.
    let rated = json!({ "variant": "kubuguza", "seat": "south", "rated": true });
    let (status, body) = call(s, Some(&cheat), "POST", "/api/games", Some(rated.clone())).await;
    assert_eq!((status, body["error"].as_str()), (403, Some("engine_marked")), "{body}");
    assert!(body["message"].as_str().unwrap().contains("computer assisted"), "{body}");
    let casual = json!({ "variant": "kubuguza", "seat": "south" });
    assert_eq!(call(s, Some(&cheat), "POST", "/api/games", Some(casual)).await.0, 201);
    let (_, game) = call(s, Some(&amina), "POST", "/api/games", Some(rated)).await;
    let join = format!("/api/games/{}/join", game["game"]["id"].as_str().unwrap());
    let (status, body) = call(s, Some(&cheat), "POST", &join, Some(json!({}))).await;
    assert_eq!((status, body["error"].as_str()), (403, Some("engine_marked")), "{body}");
    let seek = json!({ "variant": "kubuguza", "rated": true });
    let (status, body) = call(s, Some(&cheat), "POST", "/api/lobby/seeks", Some(seek)).await;
    assert_eq!((status, body["error"].as_str()), (403, Some("engine_marked")), "{body}");
    let challenge = json!({ "to": "baraka", "variant": "kubuguza", "rated": true });
    let (status, body) = call(s, Some(&cheat), "POST", "/api/challenges", Some(challenge)).await;
    assert_eq!((status, body["error"].as_str()), (403, Some("engine_marked")), "{body}");
    let challenge = json!({ "to": "cheat", "variant": "kubuguza", "rated": true });
    let (status, body) = call(s, Some(&baraka), "POST", "/api/challenges", Some(challenge)).await;
    assert_eq!((status, body["error"].as_str()), (403, Some("engine_marked")), "{body}");
    let challenge = json!({ "to": "cheat", "variant": "kubuguza", "rated": false });
    assert_eq!(call(s, Some(&baraka), "POST", "/api/challenges", Some(challenge)).await.0, 201);
    let (mut socket, _) = lobby(s, &format!("token={cheat}")).await;
    let quick = LobbyClientMsg::Quick { variant: Variant::Kubuguza, clock: None, rated: true };
    socket.lobby_say(&quick).await;
    let code = socket
        .lobby_recv_until(|m| match m {
            LobbyServerMsg::Error { code, .. } => Some(code),
            _ => None,
        })
        .await;
    assert_eq!(code, "engine_marked");

    // Unmarked: rated games again; a new mark gives nothing back twice.
    assert_eq!(act(json!({ "action": "unmark", "reason": "appeal upheld" })).await.0, 204);
    assert_eq!(s.get("/api/players/cheat").await.1.get("computer_assisted"), None);
    assert!(leaderboard(s).await.contains(&"Cheat".to_string()));
    let rated = json!({ "variant": "kubuguza", "seat": "south", "rated": true });
    assert_eq!(call(s, Some(&cheat), "POST", "/api/games", Some(rated)).await.0, 201);
    assert_eq!(act(json!({ "action": "mark", "reason": "again, for good" })).await.0, 204);
    assert_eq!(rating_e9(url, "amina").await, amina_now + (before - after), "a game is refunded once");
    let (_, log) = call(s, Some(&mo), "GET", "/api/mod/log?player=cheat", None).await;
    let actions: Vec<&str> = log.as_array().unwrap().iter().map(|l| l["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["mark", "unmark", "mark"]);
}

#[tokio::test]
async fn marking_refunds_its_victims_and_keeps_it_from_rated_play_sqlite() {
    let s = TestServer::start().await;
    mark_refunds_hides_and_refuses(&s).await;
    s.stop().await;
}

#[tokio::test]
async fn marking_refunds_its_victims_and_keeps_it_from_rated_play_postgres() {
    let Some((base, url)) = common::fresh_db("engine_mark").await else { return };
    let s = TestServer::start_with(mancala_server::config::Config::with_database(&url)).await;
    mark_refunds_hides_and_refuses(&s).await;
    s.stop().await;
    common::drop_db(&base, &url).await;
}

/// The incoming challenges of `token` on `s`.
async fn incoming(s: &TestServer, token: &str) -> Vec<Value> {
    let (status, list) = call(s, Some(token), "GET", "/api/challenges", None).await;
    assert_eq!(status, 200, "{list}");
    list["incoming"].as_array().unwrap().clone()
}

/// Polls until `token`'s incoming challenges on `s` are `n` (at most 10 s).
async fn incoming_until(s: &TestServer, token: &str, n: usize) -> Vec<Value> {
    for _ in 0..200 {
        let list = incoming(s, token).await;
        if list.len() == n {
            return list;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the incoming challenges never were {n}: {:?}", incoming(s, token).await);
}

#[tokio::test]
async fn closing_an_account_withdraws_its_challenges() {
    let s = TestServer::start().await;
    let [amina, baraka, zawadi] =
        [account(&s, "amina").await, account(&s, "baraka").await, account(&s, "zawadi").await];
    let mo = account(&s, "mo").await;
    grant(&s, "mo");
    let to = |name: &str| json!({ "to": name, "variant": "kubuguza" });
    assert_eq!(call(&s, Some(&amina), "POST", "/api/challenges", Some(to("baraka"))).await.0, 201);
    assert_eq!(call(&s, Some(&zawadi), "POST", "/api/challenges", Some(to("amina"))).await.0, 201);
    assert_eq!(call(&s, Some(&zawadi), "POST", "/api/challenges", Some(to("baraka"))).await.0, 201);
    let (mut baraka_socket, _) = lobby(&s, &format!("token={baraka}")).await;
    let close = json!({ "action": "close", "reason": "abuse" });
    assert_eq!(call(&s, Some(&mo), "POST", "/api/mod/players/amina/actions", Some(close)).await.0, 204);
    // Baraka is told, and only zawadi's challenge is left; zawadi's to amina is gone too.
    let gone = baraka_socket
        .lobby_recv_until(|m| match m {
            LobbyServerMsg::ChallengeGone { reason, .. } => Some(reason),
            _ => None,
        })
        .await;
    assert_eq!(gone, "cancelled");
    let left = incoming_until(&s, &baraka, 1).await;
    assert_eq!(left[0]["from"], "zawadi");
    let (_, mine) = call(&s, Some(&zawadi), "GET", "/api/challenges", None).await;
    assert_eq!(mine["outgoing"].as_array().unwrap().len(), 1, "{mine}");
    s.stop().await;
}

#[tokio::test]
async fn a_mark_and_a_closing_given_on_one_node_withdraw_seeks_and_challenges_on_the_other() {
    use common::cluster::{broker_url, start_node};
    let Some(broker) = broker_url("mark_two_nodes") else { return };
    let Some((base, url)) = common::fresh_db("mark_nodes").await else { return };
    let procs = [start_node(&url, &broker, "a", 3).await, start_node(&url, &broker, "b", 3).await];
    let [a, b] = [TestServer::attach(procs[0].addr, &url), TestServer::attach(procs[1].addr, &url)];
    let cheat = account(&a, "cheat").await;
    let amina = account(&a, "amina").await;
    let baraka = account(&a, "baraka").await;
    let mo = account(&b, "mo").await;
    grant(&b, "mo");

    // On node a: cheat's rated and casual seeks, a rated challenge to amina and a casual one to baraka;
    // baraka challenges cheat (casual).
    let (mut socket, _) = lobby(&a, &format!("token={cheat}")).await;
    let seek = |rated: bool| LobbyClientMsg::Seek {
        variant: Variant::Kubuguza,
        options: None,
        clock: None,
        rated,
        range: None,
    };
    socket.lobby_say(&seek(true)).await;
    let rated_seek = created(next_answer(&mut socket).await).id;
    socket.lobby_say(&seek(false)).await;
    let casual_seek = created(next_answer(&mut socket).await).id;
    let challenge = |to: &str, rated: bool| json!({ "to": to, "variant": "kubuguza", "rated": rated });
    assert_eq!(call(&a, Some(&cheat), "POST", "/api/challenges", Some(challenge("amina", true))).await.0, 201);
    assert_eq!(call(&a, Some(&cheat), "POST", "/api/challenges", Some(challenge("baraka", false))).await.0, 201);
    let to_cheat = json!({ "to": "cheat", "variant": "kubuguza" });
    assert_eq!(call(&a, Some(&baraka), "POST", "/api/challenges", Some(to_cheat)).await.0, 201);

    // Marked on node b: the rated seek and challenge go on node a, the casual ones stay.
    let mark = json!({ "action": "mark", "reason": "engine moves" });
    assert_eq!(call(&b, Some(&mo), "POST", "/api/mod/players/cheat/actions", Some(mark)).await.0, 204);
    let removed = socket
        .lobby_recv_until(|m| match m {
            LobbyServerMsg::SeekRemoved { id } => Some(id),
            _ => None,
        })
        .await;
    assert_eq!(removed, rated_seek);
    incoming_until(&a, &amina, 0).await;
    let left = incoming_until(&a, &baraka, 1).await;
    assert_eq!((left[0]["from"].as_str(), left[0]["rated"].as_bool()), (Some("cheat"), Some(false)), "{left:?}");
    let (_, seeks) = a.get("/api/lobby/seeks").await;
    let ids: Vec<&str> = seeks["seeks"].as_array().unwrap().iter().map(|s| s["id"].as_str().unwrap()).collect();
    assert_eq!(ids, [casual_seek.as_str()], "{seeks}");

    // Closed on node b: every challenge from and to it goes on node a.
    let close = json!({ "action": "close", "reason": "cheating" });
    assert_eq!(call(&b, Some(&mo), "POST", "/api/mod/players/cheat/actions", Some(close)).await.0, 204);
    incoming_until(&a, &baraka, 0).await;
    let (_, mine) = call(&a, Some(&baraka), "GET", "/api/challenges", None).await;
    assert_eq!(mine["outgoing"], json!([]), "{mine}");
    drop(procs);
    common::drop_db(&base, &url).await;
}
