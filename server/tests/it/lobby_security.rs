//! The lobby's security, with the handshakes a browser makes (`Origin` and `Cookie` headers): a WebSocket
//! that carries the session cookie is refused from another origin (lobby and game sockets), not from this
//! one; a script's `?token=` socket is not checked. Revoking a credential closes what it opened at once
//! (sign-out, a password change's other sessions, a revoked API token: close 4001, seeks removed); a
//! revocation the connection was not told of is found where the credential is used (a seek, a pairing);
//! with several nodes, a sign-out on one node closes the sockets of another. On SQLite; the nodes on
//! PostgreSQL and NATS when `TEST_DATABASE_URL` and `TEST_BROKER_URL` are set.

use crate::common;

use common::lobby::{browser_ws, closed, created, next_answer, post_auth, refused, server};
use common::{TestServer, Ws};
use mancala_protocol::lobby::{LobbyClientMsg, LobbyServerMsg};
use mancala_protocol::{ServerMsg, Side, Variant};
use serde_json::{Value, json};
use std::time::Duration;

/// Another origin of the same site: another port of the same host (what the tester used).
fn evil(s: &TestServer) -> String {
    format!("http://127.0.0.1:{}", s.addr.port() + 1)
}

fn own(s: &TestServer) -> String {
    format!("http://{}", s.addr)
}

/// A cookie request: `method` on `path` with the session cookie and this site's `Origin`.
async fn with_cookie(s: &TestServer, method: reqwest::Method, path: &str, session: &str, body: Value) -> (u16, Value) {
    let r = s
        .http
        .request(method, s.url(path))
        .header("cookie", format!("mancala_session={session}"))
        .header("origin", own(s))
        .json(&body)
        .send()
        .await
        .expect("request");
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// The session id a sign-up or sign-in answer sets.
async fn session_of(r: reqwest::Response) -> String {
    assert!(r.status().is_success(), "{}", r.status());
    let set = r.headers()["set-cookie"].to_str().unwrap().to_string();
    set.strip_prefix("mancala_session=").unwrap().split(';').next().unwrap().to_string()
}

async fn signup(s: &TestServer, name: &str) -> String {
    let body = json!({ "name": name, "password": "mango tree 42" });
    session_of(s.http.post(s.url("/api/account/signup")).json(&body).send().await.unwrap()).await
}

async fn signin(s: &TestServer, name: &str) -> String {
    let body = json!({ "name": name, "password": "mango tree 42" });
    session_of(s.http.post(s.url("/api/account/signin")).json(&body).send().await.unwrap()).await
}

/// The first message of a lobby socket is `seeks`.
async fn seeks_first(ws: &mut Ws) {
    let first = ws.lobby_recv().await;
    assert!(matches!(first, LobbyServerMsg::Seeks { .. }), "{first:?}");
}

/// A signed-in browser's lobby socket (this site's `Origin`, the cookie); its first message checked.
async fn browser_lobby(s: &TestServer, session: &str) -> Ws {
    let mut ws = browser_ws(s, "/api/lobby/ws", Some(&own(s)), Some(session)).await.expect("same origin is let in");
    seeks_first(&mut ws).await;
    ws
}

/// Posts a seek on `ws`; returns its id (and checks it is an account's).
async fn seek(ws: &mut Ws) -> String {
    ws.lobby_say(&common::lobby::seek(Variant::Kubuguza)).await;
    let created = created(next_answer(ws).await);
    assert!(created.registered, "the cookie made it an account's: {created:?}");
    created.id
}

/// `ws` is closed for a revoked credential: an `unauthorized` message, then 4001.
async fn revoked(ws: &mut Ws) {
    let (frame, seen) = closed(ws).await;
    assert_eq!(u16::from(frame.code), 4001, "{frame:?}");
    assert!(frame.reason.contains("signed out"), "{frame:?}");
    assert!(seen.iter().any(|m| matches!(m, LobbyServerMsg::Error { code, .. } if code == "unauthorized")), "{seen:?}");
}

/// The feed of `watcher` shows seek `id` removed.
async fn removed(watcher: &mut Ws, id: &str) {
    watcher
        .lobby_recv_until(|m| matches!(m, LobbyServerMsg::SeekRemoved { id: gone } if gone == id).then_some(()))
        .await;
}

#[tokio::test]
async fn a_socket_with_the_session_cookie_is_refused_from_another_origin() {
    let s = server().await;
    let victim = signup(&s, "victim").await;
    // The attack: a page of another origin opens the lobby; the browser adds the victim's cookie.
    let (status, body) = browser_ws(&s, "/api/lobby/ws", Some(&evil(&s)), Some(&victim)).await.err().expect("refused");
    assert_eq!(status, 403, "{body}");
    assert_eq!(body["error"], "forbidden", "{body}");
    assert!(body["message"].as_str().unwrap().contains("session cookie"), "{body}");
    // An opaque origin (a sandboxed frame, a file) is another origin too.
    let (status, _) = browser_ws(&s, "/api/lobby/ws", Some("null"), Some(&victim)).await.err().expect("refused");
    assert_eq!(status, 403);
    // The same page of this site is let in, signed in; a handshake with the cookie that does not say where
    // it comes from is no browser's (every browser sends `Origin` on a handshake): refused.
    let mut ws = browser_lobby(&s, &victim).await;
    seek(&mut ws).await;
    let (status, body) = browser_ws(&s, "/api/lobby/ws", None, Some(&victim)).await.err().expect("no Origin");
    assert_eq!(status, 403, "{body}");
    assert!(body["message"].as_str().unwrap().contains("`Origin`"), "{body}");
    // A script's socket with `?token=` (no cookie) is not checked, whatever its `Origin`.
    let token = common::lobby::account(&s, "script").await;
    let path = format!("/api/lobby/ws?token={token}");
    let mut ws = browser_ws(&s, &path, Some(&evil(&s)), None).await.expect("a bearer socket");
    seeks_first(&mut ws).await;
    // A guest from another origin, without the cookie, is a guest.
    assert!(browser_ws(&s, "/api/lobby/ws?name=visitor", Some(&evil(&s)), None).await.is_ok());

    // The game socket too: the cookie from another origin is refused, whatever the seat token.
    let (game, south, _) = s.new_game(json!({ "variant": "kubuguza" })).await;
    let path = format!("/api/games/{game}/ws?token={south}");
    let (status, _) = browser_ws(&s, &path, Some(&evil(&s)), Some(&victim)).await.err().expect("refused");
    assert_eq!(status, 403);
    let mut ws = browser_ws(&s, &path, Some(&own(&s)), Some(&victim)).await.expect("this site");
    let seat = ws
        .recv_until(|m| match m {
            ServerMsg::Snapshot { seat, .. } => Some(seat),
            _ => None,
        })
        .await;
    assert_eq!(seat, Some(Side::South));
    assert!(browser_ws(&s, &path, Some(&evil(&s)), None).await.is_ok(), "no cookie: the seat token decides");
}

#[tokio::test]
async fn signing_out_closes_the_sessions_sockets_at_once() {
    let s = server().await;
    let (mut watcher, _) = common::lobby::lobby(&s, "name=watcher").await;
    let session = signup(&s, "amina").await;
    let mut ws = browser_lobby(&s, &session).await;
    let id = seek(&mut ws).await;
    let (status, _) = with_cookie(&s, reqwest::Method::POST, "/api/account/signout", &session, json!(null)).await;
    assert_eq!(status, 204);
    revoked(&mut ws).await;
    removed(&mut watcher, &id).await;
    // The cookie is no one's now: a socket with it is a guest's, its seeks a guest's.
    let mut ws = browser_ws(&s, "/api/lobby/ws", Some(&own(&s)), Some(&session)).await.unwrap();
    seeks_first(&mut ws).await;
    let rated =
        LobbyClientMsg::Seek { variant: Variant::Kubuguza, options: None, clock: None, rated: true, range: None };
    ws.lobby_say(&rated).await;
    assert_eq!(refused(next_answer(&mut ws).await).0, "forbidden", "a guest cannot seek a rated game");
}

#[tokio::test]
async fn a_password_change_closes_the_other_sessions_sockets() {
    let s = server().await;
    let (mut watcher, _) = common::lobby::lobby(&s, "name=watcher").await;
    let phone = signup(&s, "amina").await;
    let laptop = signin(&s, "amina").await;
    let mut on_phone = browser_lobby(&s, &phone).await;
    let mut on_laptop = browser_lobby(&s, &laptop).await;
    let id = seek(&mut on_phone).await;
    let change = json!({ "current": "mango tree 42", "new": "banana tree 7" });
    let (status, body) = with_cookie(&s, reqwest::Method::POST, "/api/account/password", &laptop, change).await;
    assert_eq!(status, 204, "{body}");
    revoked(&mut on_phone).await;
    removed(&mut watcher, &id).await;
    // The session that changed the password stays signed in, its socket open.
    let kept = seek(&mut on_laptop).await;
    assert_ne!(kept, id);
}

#[tokio::test]
async fn revoking_an_api_token_closes_its_sockets_and_streams() {
    let s = server().await;
    let (mut watcher, _) = common::lobby::lobby(&s, "name=watcher").await;
    let browser = signup(&s, "amina").await;
    let body = json!({ "name": "amina", "password": "mango tree 42", "token_label": "laptop" });
    let signed: Value =
        s.http.post(s.url("/api/account/signin")).json(&body).send().await.unwrap().json().await.unwrap();
    let token = signed["token"].as_str().unwrap().to_string();
    let mut ws = browser_ws(&s, &format!("/api/lobby/ws?token={token}"), None, None).await.unwrap();
    seeks_first(&mut ws).await;
    let id = seek(&mut ws).await;
    // A seek stream of the same token.
    let mut stream = s
        .http
        .post(s.url("/api/lobby/seeks"))
        .bearer_auth(&token)
        .json(&json!({ "variant": "azigo" }))
        .send()
        .await
        .unwrap();
    let mut text = String::new();
    while !text.contains('\n') {
        text.push_str(std::str::from_utf8(&stream.chunk().await.unwrap().unwrap()).unwrap());
    }
    let (_, tokens) = {
        let r = s.http.get(s.url("/api/account/tokens")).header("cookie", format!("mancala_session={browser}"));
        let r = r.send().await.unwrap();
        (r.status(), r.json::<Value>().await.unwrap())
    };
    let token_id = tokens[0]["id"].as_str().unwrap().to_string();
    let path = format!("/api/account/tokens/{token_id}");
    let (status, _) = with_cookie(&s, reqwest::Method::DELETE, &path, &browser, json!(null)).await;
    assert_eq!(status, 204);
    revoked(&mut ws).await;
    removed(&mut watcher, &id).await;
    while let Some(chunk) = tokio::time::timeout(Duration::from_secs(10), stream.chunk()).await.unwrap().unwrap() {
        text.push_str(std::str::from_utf8(&chunk).unwrap());
    }
    let last: Value = serde_json::from_str(text.trim().lines().last().unwrap()).unwrap();
    assert_eq!(last["code"], "unauthorized", "the stream ends with the reason: {text}");
    let (status, _) = post_auth(&s, "/api/lobby/seeks", &token, json!({ "variant": "azigo" })).await;
    assert_eq!(status, 401, "the token is refused over HTTP too");
}

/// Deletes a session behind the server's back: a revocation its connections were not told of (another
/// node's, whose broker message was lost).
async fn forget_session(s: &TestServer, session: &str) {
    sqlx::any::install_default_drivers();
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&s.database_url).await.unwrap();
    sqlx::query("DELETE FROM sessions WHERE id_hash = $1")
        .bind(mancala_server::ids::token_hash(session).to_string())
        .execute(&mut conn)
        .await
        .unwrap();
}

#[tokio::test]
async fn a_revocation_nobody_announced_is_found_where_the_credential_is_used() {
    let s = server().await;
    // Used: the socket posts a seek.
    let session = signup(&s, "amina").await;
    let mut ws = browser_lobby(&s, &session).await;
    seek(&mut ws).await;
    forget_session(&s, &session).await;
    ws.lobby_say(&common::lobby::seek(Variant::Azigo)).await;
    revoked(&mut ws).await;

    // Paired: someone takes the seek of a socket whose session is gone; no game is made.
    let session = signin(&s, "amina").await;
    let mut ws = browser_lobby(&s, &session).await;
    let id = seek(&mut ws).await;
    forget_session(&s, &session).await;
    let (status, body) = s.post(&format!("/api/lobby/seeks/{id}/accept"), json!({ "name": "taker" })).await;
    assert_eq!(status, 409, "{body}");
    assert!(body["message"].as_str().unwrap().contains("signed out"), "{body}");
    revoked(&mut ws).await;
    assert!(common::lobby::all_games(&s).await.is_empty());
}

/// Several nodes: signing out on node A closes the socket the session opened on node B.
#[tokio::test]
async fn a_sign_out_on_one_node_closes_the_sockets_on_another() {
    let Some(broker) = common::cluster::broker_url("lobby_revocation") else { return };
    let Some((base, url)) = common::fresh_db("lobby_revocation").await else { return };
    let a = common::cluster::start_node(&url, &broker, "a", 5).await;
    let b = common::cluster::start_node(&url, &broker, "b", 5).await;
    let (node_a, node_b) = (TestServer::attach(a.addr, &url), TestServer::attach(b.addr, &url));
    let session = signup(&node_a, "amina").await;
    let mut on_b = browser_lobby(&node_b, &session).await;
    seek(&mut on_b).await;
    let (status, _) = with_cookie(&node_a, reqwest::Method::POST, "/api/account/signout", &session, json!(null)).await;
    assert_eq!(status, 204);
    revoked(&mut on_b).await;
    drop((a, b));
    common::drop_db(&base, &url).await;
}
