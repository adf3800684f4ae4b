//! The HTTP edge as an outside client meets it: ids checked once, names case-insensitive and unique,
//! strict `Authorization`, strict bodies and query strings, every error an `ErrorBody`, CORS for
//! reads only, rate limits on creation, and logs without colour codes.

use crate::common;

use common::TestServer;
use common::process::Process;
use mancala_server::config::Config;
use reqwest::Method;
use reqwest::header::{HeaderMap, HeaderValue};
use serde_json::{Value, json};
use std::time::Duration;

/// A request with raw headers and body; returns the status, the headers and the body as JSON (`Null`
/// when it is not JSON).
async fn send(
    server: &TestServer,
    method: Method,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> (u16, HeaderMap, Value) {
    let mut req = server.http.request(method, server.url(path));
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    if let Some(b) = body {
        req = req.body(b.to_string());
    }
    let r = req.send().await.expect("request");
    let (status, headers) = (r.status().as_u16(), r.headers().clone());
    let text = r.text().await.unwrap_or_default();
    (status, headers, serde_json::from_str(&text).unwrap_or(Value::Null))
}

const JSON: (&str, &str) = ("content-type", "application/json");

/// An `ErrorBody` with this code.
#[track_caller]
fn api_error(body: &Value, code: &str) -> String {
    assert_eq!(body["error"], code, "{body}");
    body["message"].as_str().unwrap_or_else(|| panic!("no message: {body}")).to_string()
}

#[tokio::test]
async fn a_bad_id_is_refused_once_with_a_400_naming_it() {
    let server = TestServer::start().await;
    let (_, code_game) = server.post("/api/games", json!({ "variant": "kubuguza" })).await;
    let code = code_game["invite_code"].as_str().unwrap().to_string();
    for (method, path, named) in [
        (Method::GET, "/api/games/x-y", "x-y"),
        (Method::GET, "/api/games/x-y/position", "x-y"),
        (Method::GET, "/api/games/x-y/export", "x-y"),
        (Method::GET, "/api/stream/game/x-y", "x-y"),
        (Method::GET, "/api/games/x-y/ws", "x-y"),
        (Method::POST, "/api/games/x-y/join", "x-y"),
        (Method::GET, "/api/invites/NOT-A-CODE", "NOT-A-CODE"),
        (Method::POST, "/api/invites/ABCD0000/join", "ABCD0000"),
        (Method::GET, "/api/players/a%20b", "a b"),
        (Method::GET, "/api/players/a%20b/games", "a b"),
    ] {
        let (status, _, body) = send(&server, method.clone(), path, &[], None).await;
        assert_eq!(status, 400, "{method} {path}: {body}");
        let message = api_error(&body, "bad_request");
        assert!(message.contains(named), "{method} {path}: {message}");
    }
    // A long id is named, not echoed whole.
    let long = "-".repeat(3000);
    let (status, _, body) = send(&server, Method::GET, &format!("/api/games/{long}"), &[], None).await;
    assert_eq!(status, 400);
    assert!(api_error(&body, "bad_request").len() < 200, "{body}");
    // Good ids still reach the handlers: a lower-case invite code is the same code.
    let (status, body) = server.get(&format!("/api/invites/{}", code.to_lowercase())).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = server.get("/api/invites/ABCD2345").await;
    assert_eq!(status, 404, "{body}");
}

#[tokio::test]
async fn names_are_case_insensitive_and_unique() {
    let server = TestServer::start().await;
    let (status, amina) = server.post("/api/players", json!({ "name": "Amina" })).await;
    assert_eq!(status, 201, "{amina}");
    let token = amina["token"].as_str().unwrap().to_string();
    // No second account under any spelling.
    for spelling in ["AMINA", "amina", "aMINA"] {
        let (status, body) = server.post("/api/players", json!({ "name": spelling })).await;
        assert_eq!(status, 409, "{spelling}: {body}");
        assert!(api_error(&body, "conflict").contains("Amina"), "{body}");
    }
    // No guest under any spelling, creating or joining.
    let (status, body) = server.post("/api/games", json!({ "variant": "kubuguza", "name": "AMINA" })).await;
    assert_eq!(status, 409, "{body}");
    let (status, open) = server.post("/api/games", json!({ "variant": "kubuguza", "name": "kwame" })).await;
    assert_eq!(status, 201, "{open}");
    let id = open["game"]["id"].as_str().unwrap().to_string();
    let (status, body) = server.post(&format!("/api/games/{id}/join"), json!({ "name": "amina" })).await;
    assert_eq!(status, 409, "{body}");
    // With the token, any spelling of the account's name is the account, shown as registered.
    let bearer = format!("Bearer {token}");
    let (status, _, joined) = send(
        &server,
        Method::POST,
        &format!("/api/games/{id}/join"),
        &[JSON, ("authorization", &bearer)],
        Some(r#"{"name":"AMINA"}"#),
    )
    .await;
    assert_eq!(status, 200, "{joined}");
    let seat = joined["seat"].as_str().unwrap();
    assert_eq!(joined["game"]["players"][seat], json!({ "name": "Amina", "registered": true }));
    // Lookups find the player whatever the case; the registered spelling is shown.
    for spelling in ["amina", "AMINA", "Amina"] {
        let (status, profile) = server.get(&format!("/api/players/{spelling}")).await;
        assert_eq!(status, 200, "{spelling}: {profile}");
        assert_eq!(profile["name"], "Amina");
        assert_eq!(profile["games"], 1, "{profile}");
        let (status, list) = server.get(&format!("/api/games?player={spelling}")).await;
        assert_eq!(status, 200);
        assert_eq!(list["games"][0]["id"], id.as_str(), "{spelling}: {list}");
        let (status, text) = server.get_text(&format!("/api/players/{spelling}/games")).await;
        assert_eq!(status, 200);
        assert!(text.contains(&id), "{spelling}: {text}");
    }
    let (_, list) = server.get("/api/games?player=KWAME").await;
    assert_eq!(list["games"].as_array().unwrap().len(), 1, "guests are found whatever the case too: {list}");
}

#[tokio::test]
async fn reserved_and_dot_names_are_not_names() {
    let server = TestServer::start().await;
    for name in [".", "..", "...", "-", "anonymous", "Anonymous", "admin", "ME", "bot-hard", "Bot-easy"] {
        let (status, body) = server.post("/api/players", json!({ "name": name })).await;
        assert_eq!(status, 400, "register {name}: {body}");
        api_error(&body, "bad_request");
    }
    for name in [".", "..", "admin", "bot-hard"] {
        let (status, body) = server.post("/api/games", json!({ "variant": "kubuguza", "name": name })).await;
        assert_eq!(status, 400, "guest {name}: {body}");
    }
    // Nameless guests are `anonymous`, and stay able to create and join.
    let (status, created) = server.post("/api/games", json!({ "variant": "kubuguza", "seat": "south" })).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["game"]["players"]["south"]["name"], "anonymous");
    let id = created["game"]["id"].as_str().unwrap();
    let (status, _, joined) = send(&server, Method::POST, &format!("/api/games/{id}/join"), &[], None).await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["game"]["players"]["north"]["name"], "anonymous");
    let (status, body) = server.get("/api/players/anonymous").await;
    assert_eq!(status, 404, "{body}");
}

#[tokio::test]
async fn a_malformed_authorization_header_is_a_401_never_a_guest() {
    let server = TestServer::start().await;
    let (_, player) = server.post("/api/players", json!({ "name": "zanele" })).await;
    let token = player["token"].as_str().unwrap().to_string();
    let (_, open) = server.post("/api/games", json!({ "variant": "kubuguza" })).await;
    let id = open["game"]["id"].as_str().unwrap().to_string();
    let create = r#"{"variant":"kubuguza"}"#;
    let basic = "Basic emFuZWxlOnNlY3JldA==".to_string();
    let unknown = "Bearer NoSuchTokenNoSuchTokenNoSuchTok".to_string();
    for auth in ["", "   ", "Bearer", "Bearer ", &basic, "Token abc", &format!("Bearer {token} extra"), &unknown] {
        let (status, headers, body) =
            send(&server, Method::POST, "/api/games", &[JSON, ("authorization", auth)], Some(create)).await;
        assert_eq!(status, 401, "create with `{auth}`: {body}");
        let message = api_error(&body, "bad_token");
        assert!(!message.contains("emFuZWxl"), "credentials are not repeated: {message}");
        assert!(headers["www-authenticate"].to_str().unwrap().starts_with("Bearer"), "{headers:?}");
        let (status, _, body) =
            send(&server, Method::POST, &format!("/api/games/{id}/join"), &[("authorization", auth)], None).await;
        assert_eq!(status, 401, "join with `{auth}`: {body}");
    }
    // The scheme is case-insensitive (RFC 7235): `bearer` is the player, not a guest.
    for scheme in ["bearer", "BEARER", "Bearer"] {
        let auth = format!("{scheme} {token}");
        let (status, _, created) =
            send(&server, Method::POST, "/api/games", &[JSON, ("authorization", &auth)], Some(create)).await;
        assert_eq!(status, 201, "{scheme}: {created}");
        let seat = created["seat"].as_str().unwrap();
        assert_eq!(created["game"]["players"][seat], json!({ "name": "zanele", "registered": true }), "{scheme}");
    }
    // The WebSocket refuses a malformed header before the upgrade, as it refuses a wrong seat token.
    let url = format!("ws://{}/api/games/{id}/ws", server.addr);
    let mut req = tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(url).unwrap();
    req.headers_mut().insert("authorization", HeaderValue::from_static("Basic emFuZWxlOnNlY3JldA=="));
    match tokio_tungstenite::connect_async(req).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status().as_u16(), 401),
        other => panic!("expected a 401, got {:?}", other.map(|_| ())),
    }
}

#[tokio::test]
async fn bodies_and_query_strings_are_strict_on_every_route() {
    let server = TestServer::start().await;
    let (_, open) = server.post("/api/games", json!({ "variant": "kubuguza", "name": "kwame" })).await;
    let id = open["game"]["id"].as_str().unwrap().to_string();
    let code = open["invite_code"].as_str().unwrap().to_string();
    // An array is not an object (serde would read it as the fields in order).
    let (status, _, body) = send(&server, Method::POST, "/api/games", &[JSON], Some(r#"["azigo",null,"south"]"#)).await;
    assert_eq!(status, 400, "{body}");
    assert!(api_error(&body, "bad_request").contains("object"), "{body}");
    let (status, _, body) =
        send(&server, Method::POST, "/api/games", &[JSON], Some(r#"{"variant":"kubuguza","clock":[300,5]}"#)).await;
    assert_eq!(status, 400, "{body}");
    assert!(api_error(&body, "bad_request").contains("`clock`"), "{body}");
    let (status, _, body) =
        send(&server, Method::POST, &format!("/api/games/{id}/join"), &[JSON], Some(r#"["amina"]"#)).await;
    assert_eq!(status, 400, "{body}");
    // Unknown fields, nested ones too, are named by their path.
    for (json, path) in [
        (r#"{"variant":"kubuguza","clock":{"base_secs":60,"extra_secs":5}}"#, "clock.extra_secs"),
        (r#"{"variant":"azigo","options":{"handicap":{"south":true,"east":true}}}"#, "east"),
        (r#"{"variant":"kubuguza","colour":"red"}"#, "colour"),
    ] {
        let (status, _, body) = send(&server, Method::POST, "/api/games", &[JSON], Some(json)).await;
        assert_eq!(status, 400, "{json}: {body}");
        assert!(api_error(&body, "bad_request").contains(path), "{json}: {body}");
    }
    // A body that is not declared JSON is refused by create and join alike (415).
    for path in ["/api/games".to_string(), format!("/api/games/{id}/join"), format!("/api/invites/{code}/join")] {
        for headers in [&[("content-type", "text/plain")][..], &[]] {
            let (status, _, body) = send(&server, Method::POST, &path, headers, Some(r#"{"name":"x"}"#)).await;
            assert_eq!(status, 415, "{path} {headers:?}: {body}");
            api_error(&body, "unsupported_media_type");
        }
    }
    // Unknown query parameters, on every API route.
    let routes = [
        (Method::GET, "/healthz".to_string()),
        (Method::GET, "/metrics".to_string()),
        (Method::GET, "/api/variants".to_string()),
        (Method::GET, "/api/openapi.json".to_string()),
        (Method::GET, "/api/rules/kubuguza".to_string()),
        (Method::POST, "/api/games".to_string()),
        (Method::POST, format!("/api/games/{id}/join")),
        (Method::GET, format!("/api/invites/{code}")),
        (Method::POST, format!("/api/invites/{code}/join")),
        (Method::GET, format!("/api/games/{id}/ws")),
        (Method::POST, "/api/players".to_string()),
        (Method::GET, "/api/players/kwame".to_string()),
        (Method::GET, "/api/games".to_string()),
        (Method::GET, format!("/api/games/{id}")),
        (Method::GET, format!("/api/games/{id}/position")),
        (Method::GET, format!("/api/games/{id}/export")),
        (Method::GET, "/api/players/kwame/games".to_string()),
        (Method::GET, format!("/api/stream/game/{id}")),
        (Method::POST, "/api/account/signup".to_string()),
        (Method::POST, "/api/account/signin".to_string()),
        (Method::POST, "/api/account/signout".to_string()),
        (Method::GET, "/api/account".to_string()),
        (Method::POST, "/api/account/password".to_string()),
        (Method::GET, "/api/account/tokens".to_string()),
        (Method::POST, "/api/account/tokens".to_string()),
        (Method::DELETE, "/api/account/tokens/abc".to_string()),
        (Method::GET, "/api/account/email".to_string()),
        (Method::POST, "/api/account/email".to_string()),
        (Method::POST, "/api/account/email/confirm".to_string()),
        (Method::POST, "/api/account/forgot".to_string()),
        (Method::GET, "/api/account/export".to_string()),
        (Method::POST, "/api/account/close".to_string()),
        (Method::GET, "/api/site".to_string()),
    ];
    for (method, path) in routes {
        let body = (method == Method::POST).then_some(r#"{"variant":"kubuguza","name":"x"}"#);
        let (status, _, answer) = send(&server, method.clone(), &format!("{path}?bogus=1"), &[JSON], body).await;
        assert_eq!(status, 400, "{method} {path}?bogus=1: {answer}");
        assert!(api_error(&answer, "bad_request").contains("`bogus`"), "{method} {path}: {answer}");
    }
}

#[tokio::test]
async fn every_error_is_an_api_error_body() {
    let mut config = Config::with_database("sqlite::memory:");
    config.request_timeout_secs = 1;
    let dir = tempfile::tempdir().unwrap();
    config.database_url = format!("sqlite://{}", dir.path().join("t.db").display());
    let server = TestServer::start_in(config, dir).await;
    let (_, open) = server.post("/api/games", json!({ "variant": "kubuguza" })).await;
    let id = open["game"]["id"].as_str().unwrap().to_string();
    // 404: unknown API routes are JSON; the web client's routes stay HTML (its own "not found" page).
    let (status, _, body) = send(&server, Method::GET, "/api/nothing/here", &[], None).await;
    assert_eq!(status, 404);
    api_error(&body, "not_found");
    let r = server.http.get(server.url("/no/such/page")).send().await.unwrap();
    assert_eq!(r.status(), 404);
    assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
    let (status, _, body) = send(&server, Method::GET, "/assets/0/no/such.js", &[], None).await;
    assert_eq!(status, 404);
    api_error(&body, "not_found");
    // 405, with the methods the path answers.
    for (method, path) in [(Method::DELETE, "/api/games".to_string()), (Method::PUT, format!("/api/games/{id}"))] {
        let (status, headers, body) = send(&server, method.clone(), &path, &[], None).await;
        assert_eq!(status, 405, "{method} {path}");
        assert!(api_error(&body, "method_not_allowed").contains("GET"), "{body}");
        assert!(headers["allow"].to_str().unwrap().contains("GET"), "{headers:?}");
    }
    // 413.
    let big = format!(r#"{{"variant":"kubuguza","name":"{}"}}"#, "x".repeat(70_000));
    let (status, _, body) = send(&server, Method::POST, "/api/games", &[JSON], Some(&big)).await;
    assert_eq!(status, 413);
    assert!(api_error(&body, "too_large").contains("65536"), "{body}");
    // 408: a body announced and never sent.
    let mut tcp = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let head = "POST /api/games HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{";
    tokio::io::AsyncWriteExt::write_all(&mut tcp, head.as_bytes()).await.unwrap();
    let mut answer = vec![0u8; 4096];
    let n = tokio::time::timeout(Duration::from_secs(10), tokio::io::AsyncReadExt::read(&mut tcp, &mut answer))
        .await
        .expect("an answer after the request timeout")
        .unwrap();
    let answer = String::from_utf8_lossy(&answer[..n]).to_string();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains(r#""error":"timeout""#), "{answer}");
    // The WebSocket route without an upgrade: 426 and what is missing.
    let (status, headers, body) = send(&server, Method::GET, &format!("/api/games/{id}/ws"), &[], None).await;
    assert_eq!(status, 426);
    assert!(api_error(&body, "upgrade_required").contains("WebSocket"), "{body}");
    assert_eq!(headers["upgrade"], "websocket");
}

#[tokio::test]
async fn reads_answer_other_origins_and_writes_do_not() {
    let server = TestServer::start().await;
    let (_, open) = server.post("/api/games", json!({ "variant": "kubuguza" })).await;
    let id = open["game"]["id"].as_str().unwrap().to_string();
    let origin = ("origin", "https://elsewhere.example");
    for path in ["/api/games".to_string(), format!("/api/games/{id}"), "/api/variants".to_string()] {
        let (status, headers, _) = send(&server, Method::GET, &path, &[origin], None).await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(headers["access-control-allow-origin"], "*", "{path}");
        // The preflight of a read.
        let preflight =
            [origin, ("access-control-request-method", "GET"), ("access-control-request-headers", "accept")];
        let (status, headers, _) = send(&server, Method::OPTIONS, &path, &preflight, None).await;
        assert!((200..300).contains(&status), "{path}: {status}");
        assert_eq!(headers["access-control-allow-origin"], "*", "{path}");
        assert!(headers["access-control-allow-methods"].to_str().unwrap().contains("GET"));
        assert!(!headers["access-control-allow-methods"].to_str().unwrap().contains("POST"));
    }
    // Errors of reads carry it too, so a page can read the message.
    let (status, headers, _) = send(&server, Method::GET, "/api/games/x-y", &[origin], None).await;
    assert_eq!(status, 400);
    assert_eq!(headers["access-control-allow-origin"], "*");
    // Writes: no CORS header on the answer, and their preflight is not granted.
    let (status, headers, _) =
        send(&server, Method::POST, "/api/games", &[origin, JSON], Some(r#"{"variant":"kubuguza"}"#)).await;
    assert_eq!(status, 201);
    assert!(headers.get("access-control-allow-origin").is_none(), "{headers:?}");
    let (status, headers, _) =
        send(&server, Method::POST, "/api/players", &[origin, JSON], Some(r#"{"name":"x1"}"#)).await;
    assert_eq!(status, 201);
    assert!(headers.get("access-control-allow-origin").is_none(), "{headers:?}");
    let preflight =
        [origin, ("access-control-request-method", "POST"), ("access-control-request-headers", "content-type")];
    let (_, headers, _) = send(&server, Method::OPTIONS, "/api/games", &preflight, None).await;
    assert!(headers.get("access-control-allow-origin").is_none(), "{headers:?}");
}

#[tokio::test]
async fn limits_count_the_proxys_client_address_and_a_request_without_it_is_told_why() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::with_database(&format!("sqlite://{}", dir.path().join("t.db").display()));
    config.games_per_minute = 3;
    config.accounts_per_hour = 2;
    config.client_ip_header = Some("x-forwarded-for".to_string());
    let server = TestServer::start_in(config, dir).await;
    let from = |ip: &'static str| [JSON, ("x-forwarded-for", ip)];
    let game = Some(r#"{"variant":"kubuguza"}"#);
    // Straight to the node, without the proxy's header: told why, and what to do.
    let (status, _, body) = send(&server, Method::POST, "/api/games", &[JSON], game).await;
    assert_eq!(status, 400, "{body}");
    let message = api_error(&body, "bad_request");
    assert!(message.contains("did not come through the proxy") && message.contains("`x-forwarded-for`"), "{message}");
    let (status, _, body) = send(&server, Method::POST, "/api/games", &from("somewhere"), game).await;
    assert_eq!(status, 400, "{body}");
    assert!(api_error(&body, "bad_request").contains("holds no address it can read (`somewhere`)"), "{body}");
    let upgrade = [
        ("connection", "upgrade"),
        ("upgrade", "websocket"),
        ("sec-websocket-version", "13"),
        ("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ=="),
    ];
    let (status, _, body) = send(&server, Method::GET, "/api/lobby/ws", &upgrade, None).await;
    assert_eq!(status, 400, "a socket too: {body}");
    assert!(api_error(&body, "bad_request").contains("did not come through the proxy"), "{body}");
    // The node's health needs no address: a probe on the node is answered.
    assert_eq!(send(&server, Method::GET, "/healthz", &[], None).await.0, 200);
    for _ in 0..3 {
        let (status, _, body) = send(&server, Method::POST, "/api/games", &from("203.0.113.7"), game).await;
        assert_eq!(status, 201, "{body}");
    }
    // A bad request does not use up the allowance, and is still told what is wrong.
    let (status, _, _) = send(&server, Method::POST, "/api/games", &from("203.0.113.7"), Some("{}")).await;
    assert_eq!(status, 400);
    let (status, headers, body) = send(&server, Method::POST, "/api/games", &from("203.0.113.7"), game).await;
    assert_eq!(status, 429, "{body}");
    let message = api_error(&body, "rate_limited");
    let retry: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=20).contains(&retry), "{retry}");
    assert!(message.contains(&format!("retry in {retry} s")), "{message}");
    // Another address has its own allowance; reads and joins are not limited.
    let (status, _, body) = send(&server, Method::POST, "/api/games", &from("198.51.100.1"), game).await;
    assert_eq!(status, 201, "{body}");
    let (status, _, _) = send(&server, Method::GET, "/api/games", &from("203.0.113.7"), None).await;
    assert_eq!(status, 200);
    // Accounts.
    for name in ["ann", "bea"] {
        let body = json!({ "name": name }).to_string();
        let (status, _, answer) = send(&server, Method::POST, "/api/players", &from("203.0.113.7"), Some(&body)).await;
        assert_eq!(status, 201, "{answer}");
    }
    let (status, headers, body) =
        send(&server, Method::POST, "/api/players", &from("203.0.113.7"), Some(r#"{"name":"cy"}"#)).await;
    assert_eq!(status, 429, "{body}");
    assert!(api_error(&body, "rate_limited").contains("accounts"), "{body}");
    assert!(headers["retry-after"].to_str().unwrap().parse::<u64>().unwrap() > 60, "{headers:?}");
}

#[tokio::test]
async fn the_default_limits_leave_room_and_zero_turns_a_limit_off() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::with_database(&format!("sqlite://{}", dir.path().join("t.db").display()));
    config.games_per_minute = 0;
    config.accounts_per_hour = 0;
    let server = TestServer::start_in(config, dir).await;
    for n in 0..80 {
        let (status, body) = server.post("/api/games", json!({ "variant": "azigo" })).await;
        assert_eq!(status, 201, "game {n}: {body}");
    }
    for n in 0..15 {
        let (status, body) = server.post("/api/players", json!({ "name": format!("p{n}") })).await;
        assert_eq!(status, 201, "account {n}: {body}");
    }
    let defaults = Config::with_database("sqlite::memory:");
    assert_eq!((defaults.games_per_minute, defaults.accounts_per_hour), (60, 10));
}

#[tokio::test]
async fn a_log_written_to_a_pipe_has_no_colour_codes() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("log.db").display());
    let server = Process::start(&url, &[]).await;
    let client = TestServer::attach(server.addr, &url);
    let (status, _) = client.post("/api/games", json!({ "variant": "kubuguza" })).await;
    assert_eq!(status, 201);
    server.signal("-TERM");
    let (status, log) = server.exited(Duration::from_secs(20)).await;
    assert!(status.success(), "{status}: {log}");
    assert!(log.contains("mancala-server ready"), "{log}");
    assert!(!log.contains('\u{1b}'), "an escape code in a piped log: {log:?}");
}
