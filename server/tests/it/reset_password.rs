//! `mancala-server admin reset-password NAME` and the link it prints (docs/operating.md, "A forgotten
//! password"): the page is served, the link sets a new password once, within the hour, ends every session
//! of the account, is stored only as a hash, is checked for `Origin` and limited like a sign-in; the
//! command refuses what it cannot do with exit 2.

use crate::common;

use common::TestServer;
use mancala_server::config::Config;
use mancala_server::ids::token_hash;
use reqwest::header::{ORIGIN, SET_COOKIE};
use serde_json::{Value, json};
use sqlx::Row;
use std::process::{Command, Output};

fn admin(database_url: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala-server"))
        .arg("admin")
        .args(["--database-url", database_url])
        .args(args)
        .env_remove("DATABASE_URL")
        .env_remove("MANCALA_PUBLIC_URL")
        .output()
        .expect("mancala-server runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `POST path` with `body`, an optional session cookie and `Origin`: (status, body, session set).
async fn post(
    s: &TestServer,
    path: &str,
    body: Value,
    session: Option<&str>,
    origin: Option<&str>,
) -> (u16, Value, Option<String>) {
    let mut req = s.http.post(s.url(path)).json(&body);
    if let Some(id) = session {
        req = req.header("cookie", format!("mancala_session={id}"));
    }
    // A browser's page of this site says so on every write it makes with the cookie.
    let own = format!("http://{}", s.addr);
    if let Some(o) = origin.or(session.map(|_| own.as_str())) {
        req = req.header(ORIGIN, o);
    }
    let r = req.send().await.expect("request");
    let status = r.status().as_u16();
    let session = r
        .headers()
        .get(SET_COOKIE)
        .and_then(|v| v.to_str().ok()?.strip_prefix("mancala_session=")?.split(';').next().map(String::from));
    (status, r.json().await.unwrap_or(Value::Null), session)
}

async fn signed_in(s: &TestServer, session: &str) -> u16 {
    let r = s.http.get(s.url("/api/account")).header("cookie", format!("mancala_session={session}")).send().await;
    r.expect("request").status().as_u16()
}

async fn sign_in(s: &TestServer, name: &str, password: &str) -> (u16, Option<String>) {
    let (status, _, session) =
        post(s, "/api/account/signin", json!({ "name": name, "password": password }), None, None).await;
    (status, session)
}

/// Runs `admin reset-password` for `name`; returns the link's secret.
fn reset_link(url: &str, name: &str) -> String {
    let out = admin(url, &["reset-password", name, "--site", "https://mancala.example/"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let link = stdout.lines().next().unwrap();
    assert!(stdout.contains("works once") && stdout.contains("1 hour"), "{stdout}");
    link.strip_prefix("https://mancala.example/reset/").unwrap_or_else(|| panic!("not a link: {link}")).to_string()
}

async fn pool(url: &str) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    sqlx::AnyPool::connect(url).await.expect("connect")
}

#[tokio::test]
async fn a_link_sets_a_new_password_once_and_signs_the_account_out() {
    let s = TestServer::start().await;
    let (status, _, first) =
        post(&s, "/api/account/signup", json!({ "name": "Amani", "password": "first password" }), None, None).await;
    assert_eq!(status, 201);
    let first = first.unwrap();
    let (_, second) = sign_in(&s, "amani", "first password").await;
    let second = second.unwrap();
    let token = reset_link(&s.database_url, "AMANI");
    // Stored by its hash only, valid for an hour.
    let db = pool(&s.database_url).await;
    let row = sqlx::query("SELECT token_hash, player_key, expires_at - created_at FROM password_resets")
        .fetch_one(&db)
        .await
        .unwrap();
    assert_eq!(row.get::<String, _>(0), token_hash(&token).to_string());
    assert_eq!((row.get::<String, _>(1), row.get::<i64, _>(2)), ("amani".to_string(), 3_600_000));
    // The page is the app's.
    let (status, html) = s.get_text(&format!("/reset/{token}")).await;
    assert_eq!(status, 200);
    assert!(html.contains("<html"), "{html}");

    let reset = |password: &str| json!({ "token": token, "password": password });
    let (status, body, _) = post(&s, "/api/account/reset", reset("short"), None, None).await;
    assert_eq!((status, body["error"].as_str()), (400, Some("bad_request")), "{body}");
    let (status, body, _) =
        post(&s, "/api/account/reset", reset("second password"), None, Some("https://evil.example")).await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(signed_in(&s, &first).await, 200, "a refused reset signed nobody out");

    let (status, body, _) = post(&s, "/api/account/reset", reset("second password"), None, None).await;
    assert_eq!(status, 204, "{body}");
    assert_eq!(signed_in(&s, &first).await, 401);
    assert_eq!(signed_in(&s, &second).await, 401);
    assert_eq!(sign_in(&s, "amani", "first password").await.0, 401);
    assert_eq!(sign_in(&s, "amani", "second password").await.0, 200);
    // Once only.
    let (status, body, _) = post(&s, "/api/account/reset", reset("third password"), None, None).await;
    assert_eq!((status, body["error"].as_str()), (404, Some("not_found")), "{body}");
    assert!(body["message"].as_str().unwrap().contains("already used"), "{body}");
    assert_eq!(sign_in(&s, "amani", "third password").await.0, 401);
    let (status, _, _) =
        post(&s, "/api/account/reset", json!({ "token": "made-up", "password": "fourth password" }), None, None).await;
    assert_eq!(status, 404);
    db.close().await;
}

#[tokio::test]
async fn an_expired_link_sets_nothing() {
    let s = TestServer::start().await;
    let (status, _, _) =
        post(&s, "/api/account/signup", json!({ "name": "zawadi", "password": "first password" }), None, None).await;
    assert_eq!(status, 201);
    let token = reset_link(&s.database_url, "zawadi");
    let db = pool(&s.database_url).await;
    // An hour later (the link's end moved back rather than the clock forward).
    sqlx::query("UPDATE password_resets SET expires_at = expires_at - 3600001").execute(&db).await.unwrap();
    let (status, body, _) =
        post(&s, "/api/account/reset", json!({ "token": token, "password": "second password" }), None, None).await;
    assert_eq!(status, 404, "{body}");
    assert_eq!(sign_in(&s, "zawadi", "first password").await.0, 200);
    db.close().await;
}

#[tokio::test]
async fn guessing_links_is_limited_like_signing_in() {
    let mut config = Config::with_database("sqlite::memory:");
    let dir = tempfile::tempdir().unwrap();
    config.database_url = format!("sqlite://{}", dir.path().join("t.db").display());
    config.sign_ins_per_minute = 2;
    let s = TestServer::start_in(config, dir).await;
    for _ in 0..2 {
        let (status, _, _) =
            post(&s, "/api/account/reset", json!({ "token": "guess", "password": "some password" }), None, None).await;
        assert_eq!(status, 404);
    }
    let r = s
        .http
        .post(s.url("/api/account/reset"))
        .json(&json!({ "token": "guess", "password": "some password" }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 429);
    assert!(r.headers().contains_key("retry-after"));
}

#[tokio::test]
async fn the_command_refuses_what_it_cannot_do() {
    let s = TestServer::start().await;
    common::account(&s, "botty").await;
    let url = &s.database_url;
    let out = admin(url, &["reset-password", "nobody"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no account is named `nobody`"), "{}", text(&out.stderr));
    let out = admin(url, &["reset-password", "botty"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("token-only"), "{}", text(&out.stderr));
    let out = admin(url, &["reset-password", "botty", "--site", "mancala.example"]);
    assert_eq!(out.status.code(), Some(2));
    // Without the site's public address, no link is printed: one to localhost would reach nobody.
    let signup = json!({ "name": "amina", "password": "first password" });
    assert_eq!(post(&s, "/api/account/signup", signup, None, None).await.0, 201);
    let out = admin(url, &["reset-password", "amina"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert!(!text(&out.stdout).contains("/reset/"), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("--site https://your.domain"), "{}", text(&out.stderr));
    assert_eq!(admin(url, &["reset-password"]).status.code(), Some(2));
    let help = admin(url, &["reset-password", "--help"]);
    assert!(help.status.success() && text(&help.stdout).contains("one-time"), "{}", text(&help.stdout));
}
