//! Blocks (docs/moderation.md, "Blocks"): the routes and their refusals (yourself 400, unknown 404, the
//! most blocks 429, a cross-site cookie write 403); a blocked player cannot challenge the blocker, nor the
//! blocker them; the blocked player's chat lines (players' and spectators' rooms, live and in snapshots)
//! do not reach the blocker while everyone else reads them; quick pairing and seeks never pair the two,
//! either way; a block survives a restart; on two nodes a block made through one takes effect on the
//! other. The feature's reads of what the writer stored, on SQLite and PostgreSQL.

use crate::common;

use common::cluster::{broker_url, metric, metrics};
use common::lobby::{browser_ws, created, get_auth, lobby, next_answer, paired, post_auth, quick_of, refused, seek};
use common::process::Process;
use common::{TestServer, Ws, account, answer, drop_db, fresh_db};
use mancala_protocol::lobby::LobbyClientMsg;
use mancala_protocol::{ChatLine, ChatRoom, ClientMsg, ServerMsg, Variant};
use mancala_server::store::{PlayerRow, Store, Write};
use serde_json::{Value, json};
use std::time::Duration;

async fn block(s: &TestServer, token: &str, player: &str) -> (u16, Value) {
    post_auth(s, "/api/blocks", token, json!({ "player": player })).await
}

async fn unblock(s: &TestServer, token: &str, player: &str) -> u16 {
    let r = s.http.delete(s.url(&format!("/api/blocks/{player}"))).bearer_auth(token).send().await.unwrap();
    r.status().as_u16()
}

fn names(list: &Value) -> Vec<&str> {
    list["blocks"].as_array().unwrap().iter().map(|b| b["name"].as_str().unwrap()).collect()
}

/// Signs up `name`; the session id its cookie carries.
async fn signup(s: &TestServer, name: &str) -> String {
    let body = json!({ "name": name, "password": "mango tree 42" });
    let r = s.http.post(s.url("/api/account/signup")).json(&body).send().await.unwrap();
    assert!(r.status().is_success(), "{}", r.status());
    let set = r.headers()["set-cookie"].to_str().unwrap().to_string();
    set.strip_prefix("mancala_session=").unwrap().split(';').next().unwrap().to_string()
}

#[tokio::test]
async fn blocks_are_made_listed_and_lifted_and_bad_ones_are_refused_clearly() {
    let s = TestServer::start().await;
    let amina = account(&s, "amina").await;
    account(&s, "Baraka").await;
    let (status, body) = block(&s, &amina, "BARAKA").await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["name"], "Baraka", "the registered spelling: {body}");
    let (status, again) = block(&s, &amina, "baraka").await;
    assert_eq!((status, &again["created_at"]), (200, &body["created_at"]), "blocked already: {again}");
    let (status, list) = get_auth(&s, "/api/blocks", &amina).await;
    assert_eq!((status, names(&list)), (200, vec!["Baraka"]), "{list}");
    assert_eq!(list["max"], 500);

    let (status, body) = block(&s, &amina, "Amina").await;
    assert_eq!((status, body["error"].as_str()), (400, Some("bad_request")), "{body}");
    assert!(body["message"].as_str().unwrap().contains("yourself"), "{body}");
    let (status, body) = block(&s, &amina, "nobody").await;
    assert_eq!((status, body["error"].as_str()), (404, Some("not_found")), "{body}");
    let (status, body) = block(&s, &amina, "not a name!").await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = s.post("/api/blocks", json!({ "player": "baraka" })).await;
    assert_eq!((status, body["error"].as_str()), (401, Some("unauthorized")), "{body}");

    // A browser's cookie write from another site is refused; from this one it goes through.
    let session = signup(&s, "zawadi").await;
    let cookie = format!("mancala_session={session}");
    let write = |origin: String| {
        s.http
            .post(s.url("/api/blocks"))
            .header("cookie", cookie.clone())
            .header("origin", origin)
            .json(&json!({ "player": "baraka" }))
            .send()
    };
    let r = write("http://evil.example".into()).await.unwrap();
    assert_eq!(r.status().as_u16(), 403);
    let r = write(format!("http://{}", s.addr)).await.unwrap();
    assert_eq!(r.status().as_u16(), 201);

    assert_eq!(unblock(&s, &amina, "baraka").await, 204);
    assert_eq!(unblock(&s, &amina, "baraka").await, 404, "not blocked any more");
    let (_, list) = get_auth(&s, "/api/blocks", &amina).await;
    assert!(names(&list).is_empty(), "{list}");
}

#[tokio::test]
async fn an_account_blocks_at_most_500_and_is_told_to_unblock_one() {
    let s = TestServer::start().await;
    let amina = account(&s, "amina").await;
    account(&s, "last").await;
    // 500 accounts blocked already, written below the server (500 sign-ups would meet their own limit).
    let (store, _writer) = Store::connect(&s.database_url).await.unwrap();
    let mut writes = Vec::new();
    for i in 0..500 {
        let name = format!("p{i}");
        writes.push(Write::InsertPlayer(PlayerRow {
            name: name.clone(),
            token_hash: format!("hash-{i}"),
            created_at: 1,
            password_hash: None,
        }));
    }
    store.write(writes).await.unwrap();
    sqlx::any::install_default_drivers();
    let db = sqlx::AnyPool::connect(&s.database_url).await.unwrap();
    for i in 0..500_i64 {
        sqlx::query("INSERT INTO blocks (blocker_key, blocked_key, created_at) VALUES ('amina', $1, $2)")
            .bind(format!("p{i}"))
            .bind(1 + i)
            .execute(&db)
            .await
            .unwrap();
    }
    db.close().await;
    let r = s.http.post(s.url("/api/blocks")).bearer_auth(&amina).json(&json!({ "player": "last" })).send().await;
    let r = r.unwrap();
    assert_eq!(r.status().as_u16(), 429);
    assert!(r.headers().contains_key("retry-after"));
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["error"], "rate_limited", "{body}");
    assert!(body["message"].as_str().unwrap().contains("unblock one"), "{body}");
    assert_eq!(unblock(&s, &amina, "p0").await, 204);
    assert_eq!(block(&s, &amina, "last").await.0, 201);
}

#[tokio::test]
async fn a_block_stops_challenges_both_ways_and_others_still_challenge() {
    let s = TestServer::start().await;
    let (amina, baraka, chiku) = (account(&s, "amina").await, account(&s, "baraka").await, account(&s, "chiku").await);
    assert_eq!(block(&s, &amina, "baraka").await.0, 201);
    let challenge = |from: &str, to: &str| {
        let (s, from, to) = (&s, from.to_string(), to.to_string());
        async move { post_auth(s, "/api/challenges", &from, json!({ "to": to, "variant": "azigo" })).await }
    };
    let (status, body) = challenge(&baraka, "amina").await;
    assert_eq!((status, body["error"].as_str()), (403, Some("blocked")), "{body}");
    assert!(body["message"].as_str().unwrap().contains("does not accept challenges from you"), "{body}");
    let (status, body) = challenge(&amina, "baraka").await;
    assert_eq!((status, body["error"].as_str()), (403, Some("blocked")), "{body}");
    assert!(body["message"].as_str().unwrap().contains("unblock"), "{body}");
    let (status, body) = challenge(&chiku, "amina").await;
    assert_eq!(status, 201, "{body}");
    let (status, _) = challenge(&baraka, "chiku").await;
    assert_eq!(status, 201);

    // A challenge sent before a block cannot be accepted after it.
    let (status, c) = challenge(&chiku, "baraka").await;
    assert_eq!(status, 201, "{c}");
    assert_eq!(block(&s, &chiku, "baraka").await.0, 201);
    let id = c["id"].as_str().unwrap();
    let (status, body) = post_auth(&s, &format!("/api/challenges/{id}/accept"), &baraka, json!({})).await;
    assert_eq!((status, body["error"].as_str()), (403, Some("blocked")), "{body}");

    assert_eq!(unblock(&s, &amina, "baraka").await, 204);
    let (status, body) = challenge(&baraka, "amina").await;
    assert_eq!(status, 201, "unblocked, baraka may challenge again: {body}");
}

/// The chat lines `ws` receives until `by`'s line `text` (its own, said last), in order.
async fn lines_until(ws: &mut Ws, by: &str, text: &str) -> Vec<(String, String)> {
    let mut seen = Vec::new();
    loop {
        let ServerMsg::Chat { line } = ws.recv().await else { continue };
        let last = line.by == by && line.text == text;
        seen.push((line.by, line.text));
        if last {
            return seen;
        }
    }
}

fn say(id: &str, room: ChatRoom, text: &str) -> ClientMsg {
    ClientMsg::Chat { id: Some(id.to_string()), room, text: text.to_string() }
}

async fn said(ws: &mut Ws, id: &str, room: ChatRoom, text: &str) {
    let got = answer(ws, &say(id, room, text)).await;
    assert!(matches!(got, ServerMsg::Accepted { .. }), "{got:?}");
}

async fn snapshot_chat(ws: &mut Ws) -> Vec<ChatLine> {
    ws.recv_until(|m| match m {
        ServerMsg::Snapshot { chat, .. } => Some(chat),
        _ => None,
    })
    .await
}

/// A game between two accounts: its id and each seat's token.
async fn game_of(s: &TestServer, south: &str, north: &str) -> (String, String, String) {
    let (status, created) = post_auth(s, "/api/games", south, json!({ "variant": "kubuguza", "seat": "south" })).await;
    assert_eq!(status, 201, "{created}");
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let (status, joined) = post_auth(s, &format!("/api/games/{id}/join"), north, json!({})).await;
    assert_eq!(status, 200, "{joined}");
    (id, created["token"].as_str().unwrap().to_string(), joined["token"].as_str().unwrap().to_string())
}

#[tokio::test]
async fn a_blocked_player_s_chat_lines_do_not_reach_the_blocker_and_reach_everyone_else() {
    let s = TestServer::start().await;
    let (amina, baraka) = (account(&s, "amina").await, account(&s, "baraka").await);
    let (id, south, north) = game_of(&s, &amina, &baraka).await;
    let mut a = s.ws(&id, Some(&south), None).await;
    let mut b = s.ws(&id, Some(&north), None).await;
    let mut guest = s.ws(&id, None, None).await;
    for ws in [&mut a, &mut b, &mut guest] {
        snapshot_chat(ws).await;
    }
    assert_eq!(block(&s, &amina, "baraka").await.0, 201);

    // The players' room: amina's socket leaves baraka's line out; baraka reads his own.
    said(&mut b, "b1", ChatRoom::Players, "you will lose").await;
    // (Not `answer`, which would skip a line that arrived before her answer.)
    a.say(&say("a1", ChatRoom::Players, "good game")).await;
    let seen = lines_until(&mut a, "amina", "good game").await;
    assert_eq!(seen, vec![("amina".into(), "good game".into())], "baraka's line reached amina");
    let seen = lines_until(&mut b, "amina", "good game").await;
    assert_eq!(seen.len(), 2, "baraka reads both: {seen:?}");

    // Her next page's snapshot leaves it out too; his does not.
    let mut a2 = s.ws(&id, Some(&south), None).await;
    let texts: Vec<String> = snapshot_chat(&mut a2).await.into_iter().map(|l| l.text).collect();
    assert_eq!(texts, vec!["good game"]);
    let mut b2 = s.ws(&id, Some(&north), None).await;
    assert_eq!(snapshot_chat(&mut b2).await.len(), 2);

    // The spectators' room: zawadi blocks yusuf; the guest spectator reads yusuf, zawadi does not.
    let (zawadi, yusuf) = (signup(&s, "zawadi").await, signup(&s, "yusuf").await);
    let own = format!("http://{}", s.addr);
    let path = format!("/api/games/{id}/ws");
    let mut z = browser_ws(&s, &path, Some(&own), Some(&zawadi)).await.expect("zawadi watches");
    let mut y = browser_ws(&s, &path, Some(&own), Some(&yusuf)).await.expect("yusuf watches");
    snapshot_chat(&mut z).await;
    snapshot_chat(&mut y).await;
    let r = s
        .http
        .post(s.url("/api/blocks"))
        .header("cookie", format!("mancala_session={zawadi}"))
        .header("origin", own.clone())
        .json(&json!({ "player": "yusuf" }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 201);
    said(&mut y, "y1", ChatRoom::Spectators, "boring").await;
    z.say(&say("z1", ChatRoom::Spectators, "nice move")).await;
    assert_eq!(lines_until(&mut z, "zawadi", "nice move").await, vec![("zawadi".into(), "nice move".into())]);
    assert_eq!(lines_until(&mut guest, "zawadi", "nice move").await.len(), 2, "the guest reads both");
}

#[tokio::test]
async fn seeks_and_quick_pairing_never_pair_two_players_one_of_whom_blocks_the_other() {
    let s = common::lobby::server().await;
    let (amina, baraka, chiku) = (account(&s, "amina").await, account(&s, "baraka").await, account(&s, "chiku").await);
    assert_eq!(block(&s, &amina, "baraka").await.0, 201);
    let (mut a, _) = lobby(&s, &format!("token={amina}")).await;
    let (mut b, _) = lobby(&s, &format!("token={baraka}")).await;
    let (mut c, _) = lobby(&s, &format!("token={chiku}")).await;

    // The blocker seeks; the blocked player's quick pairing passes it by and posts a seek of its own.
    a.lobby_say(&seek(Variant::Azigo)).await;
    let amina_seek = created(next_answer(&mut a).await);
    b.lobby_say(&quick_of(Variant::Azigo)).await;
    let baraka_seek = created(next_answer(&mut b).await);
    // Taking it by its id is refused, either way.
    b.lobby_say(&LobbyClientMsg::Accept { id: amina_seek.id.clone() }).await;
    assert_eq!(refused(next_answer(&mut b).await).0, "blocked");
    a.lobby_say(&LobbyClientMsg::Accept { id: baraka_seek.id.clone() }).await;
    assert_eq!(refused(next_answer(&mut a).await).0, "blocked");
    let r = s.http.post(s.url(&format!("/api/lobby/seeks/{}/accept", amina_seek.id))).bearer_auth(&baraka);
    let r = r.json(&json!({})).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 403);
    // Someone else is paired at once with the older of the two.
    c.lobby_say(&quick_of(Variant::Azigo)).await;
    let got = paired(next_answer(&mut c).await);
    let theirs = paired(next_answer(&mut a).await);
    assert_eq!(got.game.id, theirs.game.id, "chiku plays amina");
}

#[tokio::test]
async fn a_block_survives_a_restart() {
    let s = common::lobby::server().await;
    let (amina, baraka) = (account(&s, "amina").await, account(&s, "baraka").await);
    assert_eq!(block(&s, &amina, "baraka").await.0, 201);
    let (url, dir) = s.stop().await;
    let s = TestServer::start_in(common::lobby::config(&url), dir.unwrap()).await;
    let (status, list) = get_auth(&s, "/api/blocks", &amina).await;
    assert_eq!((status, names(&list)), (200, vec!["baraka"]));
    let (mut a, _) = lobby(&s, &format!("token={amina}")).await;
    let (mut b, _) = lobby(&s, &format!("token={baraka}")).await;
    b.lobby_say(&seek(Variant::Azigo)).await;
    let theirs = created(next_answer(&mut b).await);
    a.lobby_say(&quick_of(Variant::Azigo)).await;
    let mine = created(next_answer(&mut a).await);
    assert_ne!(mine.id, theirs.id, "amina's quick pairing posted a seek rather than take baraka's");
}

async fn blocks_known(s: &TestServer) -> f64 {
    metric(&metrics(s.addr).await, "mancala_blocks_known")
}

/// Polls node `s` until it holds `n` blocks (a broker message is delivered whenever it is).
async fn until_known(s: &TestServer, n: f64) {
    tokio::time::timeout(Duration::from_secs(10), async {
        while blocks_known(s).await != n {
            // The interval of the poll, not a wait for the event: the loop ends as soon as it is seen.
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await
    .unwrap_or_else(|_| panic!("the node never held {n} blocks"));
}

#[tokio::test]
async fn a_block_made_on_one_node_takes_effect_on_another() {
    let Some(broker) = broker_url("blocks_two_nodes") else { return };
    let Some((base, url)) = fresh_db("blocks_two_nodes").await else { return };
    let mut procs = Vec::new();
    for id in ["a", "b"] {
        let args = ["--broker-url", &broker, "--node-id", id, "--lease-secs", "2", "--accounts-per-hour", "0"];
        procs.push(Process::start(&url, &args).await);
    }
    let s: Vec<TestServer> = procs.iter().map(|p| TestServer::attach(p.addr, &url)).collect();
    let (amina, baraka) = (account(&s[0], "amina").await, account(&s[0], "baraka").await);
    let (mut a, _) = lobby(&s[1], &format!("token={amina}")).await;
    let (mut b, _) = lobby(&s[1], &format!("token={baraka}")).await;
    a.lobby_say(&seek(Variant::Azigo)).await;
    let amina_seek = created(next_answer(&mut a).await);

    // Blocked through node a: node b hears of it and refuses the pairing.
    assert_eq!(block(&s[0], &amina, "baraka").await.0, 201);
    until_known(&s[1], 1.0).await;
    b.lobby_say(&LobbyClientMsg::Accept { id: amina_seek.id.clone() }).await;
    assert_eq!(refused(next_answer(&mut b).await).0, "blocked");
    let (status, body) =
        post_auth(&s[1], "/api/challenges", &baraka, json!({ "to": "amina", "variant": "azigo" })).await;
    assert_eq!((status, body["error"].as_str()), (403, Some("blocked")), "{body}");

    // Unblocked through node a: node b pairs them.
    assert_eq!(unblock(&s[0], &amina, "baraka").await, 204);
    until_known(&s[1], 0.0).await;
    b.lobby_say(&LobbyClientMsg::Accept { id: amina_seek.id.clone() }).await;
    let granted = paired(next_answer(&mut b).await);
    assert_eq!(paired(next_answer(&mut a).await).game.id, granted.game.id);
    drop(procs);
    drop_db(&base, &url).await;
}

/// The feature's reads of what the writer stored, through the routes that use them: an account's list
/// (oldest first, registered spellings), one pair (a challenge, either way), every block (read at a
/// node's start, which fails if it cannot), an account's keys (read again after an unblock).
async fn the_queries_read_what_the_writer_wrote(url: &str) {
    let config = || common::lobby::config(url);
    let s = TestServer::start_with(config()).await;
    let amina = account(&s, "Amina").await;
    let baraka = account(&s, "Baraka").await;
    let chiku = account(&s, "chiku").await;
    assert_eq!(block(&s, &amina, "baraka").await.0, 201);
    assert_eq!(block(&s, &amina, "CHIKU").await.0, 201);
    assert_eq!(block(&s, &amina, "baraka").await.0, 200, "blocking twice is blocking once");
    assert_eq!(block(&s, &chiku, "amina").await.0, 201);
    let (_, list) = get_auth(&s, "/api/blocks", &amina).await;
    assert_eq!(names(&list), vec!["Baraka", "chiku"], "{list}");
    // Each way its own refusal: which of the two blocks the other is read from the store.
    for (from, to, says) in [(&amina, "baraka", "unblock"), (&baraka, "amina", "does not accept challenges from you")] {
        let (status, body) = post_auth(&s, "/api/challenges", from, json!({ "to": to, "variant": "azigo" })).await;
        assert_eq!((status, body["error"].as_str()), (403, Some("blocked")), "{body}");
        assert!(body["message"].as_str().unwrap().contains(says), "{body}");
    }
    s.stop().await;

    let s = TestServer::start_with(config()).await;
    assert_eq!(unblock(&s, &amina, "Baraka").await, 204);
    let (_, list) = get_auth(&s, "/api/blocks", &amina).await;
    assert_eq!(names(&list), vec!["chiku"], "{list}");
    let (status, body) = post_auth(&s, "/api/challenges", &baraka, json!({ "to": "amina", "variant": "azigo" })).await;
    assert_eq!(status, 201, "{body}");
    s.stop().await;
}

#[tokio::test]
async fn blocks_are_stored_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    the_queries_read_what_the_writer_wrote(&format!("sqlite://{}", dir.path().join("s.db").display())).await;
}

#[tokio::test]
async fn blocks_are_stored_on_postgres() {
    let Some((base, url)) = fresh_db("blocks_store").await else { return };
    the_queries_read_what_the_writer_wrote(&url).await;
    drop_db(&base, &url).await;
}
