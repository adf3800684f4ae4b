//! Two-step sign-in (docs/protocol.md, "Two-step sign-in"): turned on with a first code, then sign-in
//! asks for a code through a ticket; the window (one 30 s step either side), codes used once (replay),
//! backup codes once each, wrong codes limited per account and per address, turning it off needs the
//! password and a code, API tokens unaffected. Codes are computed here with `totp-rs` from the secret
//! the server gave, at chosen times. On SQLite, and the main path once on PostgreSQL.

use crate::common::TestServer;
use mancala_server::config::Config;
use reqwest::header::{ORIGIN, SET_COOKIE};
use serde_json::{Value, json};
use sqlx::Row;
use std::time::{SystemTime, UNIX_EPOCH};
use totp_rs::{Algorithm, Secret, TOTP};

const PASSWORD: &str = "mango tree 42";

/// A server on a fresh SQLite file with `sign_ins` password and code checks a minute per address
/// (0: none).
async fn server(sign_ins: u32) -> TestServer {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::with_database(&format!("sqlite://{}", dir.path().join("t.db").display()));
    config.sign_ins_per_minute = sign_ins;
    config.accounts_per_hour = 0;
    TestServer::start_in(config, dir).await
}

fn now_secs() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs()
}

fn step(secs: u64) -> u64 {
    secs / 30
}

/// The app's code for `secret` at unix time `secs`.
fn code(secret: &str, secs: u64) -> String {
    let bytes = Secret::Encoded(secret.to_string()).to_bytes().expect("a base32 secret");
    TOTP::new(Algorithm::SHA1, 6, 0, 30, bytes).expect("a TOTP").generate(secs)
}

/// An answer: status, body, the session cookie it set.
struct Answer {
    status: u16,
    body: Value,
    session: Option<String>,
    retry_after: Option<u64>,
}

impl Answer {
    fn error(&self) -> (u16, Option<&str>) {
        (self.status, self.body["error"].as_str())
    }
}

/// `method path` with `body`, the session cookie `session` and `origin`.
async fn call(
    s: &TestServer,
    method: reqwest::Method,
    path: &str,
    body: Option<Value>,
    session: Option<&str>,
    origin: Option<&str>,
) -> Answer {
    let mut req = s.http.request(method, s.url(path));
    if let Some(b) = body {
        req = req.json(&b);
    }
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
    let retry_after = r.headers().get("retry-after").and_then(|v| v.to_str().ok()?.parse().ok());
    Answer { status, body: r.json().await.unwrap_or(Value::Null), session, retry_after }
}

async fn post(s: &TestServer, path: &str, body: Value, session: Option<&str>) -> Answer {
    call(s, reqwest::Method::POST, path, Some(body), session, None).await
}

/// Signs `name` up; its session.
async fn sign_up(s: &TestServer, name: &str) -> String {
    let a = post(s, "/api/account/signup", json!({ "name": name, "password": PASSWORD }), None).await;
    assert_eq!(a.status, 201, "{}", a.body);
    a.session.expect("a session cookie")
}

/// A new secret for the account of `session`.
async fn set_up(s: &TestServer, session: &str) -> String {
    let a = call(s, reqwest::Method::POST, "/api/account/twostep/setup", None, Some(session), None).await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.body["secret"].as_str().unwrap().to_string()
}

/// `name` signed up with two-step sign-in on (confirmed with the code of now): its session, secret and
/// backup codes, and the time the code was made for.
async fn with_two_step(s: &TestServer, name: &str) -> (String, String, Vec<String>, u64) {
    let session = sign_up(s, name).await;
    let secret = set_up(s, &session).await;
    let at = now_secs();
    let a = post(s, "/api/account/twostep/enable", json!({ "code": code(&secret, at) }), Some(&session)).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let codes: Vec<String> =
        a.body["backup_codes"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_string()).collect();
    (session, secret, codes, at)
}

/// The password step of a sign-in (a session asked for, or an API token with `token_label`).
async fn password_step(s: &TestServer, name: &str, token_label: Option<&str>) -> Answer {
    let mut body = json!({ "name": name, "password": PASSWORD });
    if let Some(label) = token_label {
        body["token_label"] = json!(label);
    }
    post(s, "/api/account/signin", body, None).await
}

/// The password step, which must ask for a code: its ticket.
async fn ticket(s: &TestServer, name: &str) -> String {
    let a = password_step(s, name, None).await;
    assert_eq!((a.status, a.body["second_step"].as_bool()), (200, Some(true)), "{}", a.body);
    assert!(a.session.is_none(), "no session before the code");
    a.body["ticket"].as_str().unwrap().to_string()
}

async fn second_step(s: &TestServer, ticket: &str, code: &str) -> Answer {
    post(s, "/api/account/signin/code", json!({ "ticket": ticket, "code": code }), None).await
}

async fn account_status(s: &TestServer, session: &str) -> u16 {
    call(s, reqwest::Method::GET, "/api/account", None, Some(session), None).await.status
}

/// Runs `case` (given the time it starts at) again until a run stays within one 30 s step: the server
/// reads its own clock, so a step that changes during a run moves its window under the test's codes.
async fn in_one_step<T, F: std::future::Future<Output = T>>(mut case: impl FnMut(u64) -> F) -> T {
    for _ in 0..3 {
        let start = now_secs();
        let out = case(start).await;
        if step(now_secs()) == step(start) {
            return out;
        }
    }
    panic!("three runs each crossed a step boundary");
}

#[tokio::test]
async fn turned_on_with_a_first_code_then_sign_in_asks_for_one() {
    let s = server(0).await;
    let session = sign_up(&s, "Amina").await;
    let status = call(&s, reqwest::Method::GET, "/api/account/twostep", None, Some(&session), None).await;
    assert_eq!(status.body, json!({ "enabled": false, "backup_codes_left": 0 }));
    let a = call(&s, reqwest::Method::POST, "/api/account/twostep/setup", None, Some(&session), None).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let secret = a.body["secret"].as_str().unwrap().to_string();
    assert_eq!(secret.len(), 32, "160 bits in base32");
    assert_eq!(
        a.body["uri"],
        format!("otpauth://totp/Mancala:Amina?secret={secret}&issuer=Mancala&algorithm=SHA1&digits=6&period=30")
    );
    assert!(a.body["qr_svg"].as_str().unwrap().contains("<svg"), "{}", a.body);
    // Not in force before its first code.
    let a = password_step(&s, "amina", None).await;
    assert!(a.status == 200 && a.session.is_some(), "{}", a.body);

    let wrong = post(&s, "/api/account/twostep/enable", json!({ "code": "000000" }), Some(&session)).await;
    let right = code(&secret, now_secs());
    if right != "000000" {
        assert_eq!(wrong.error(), (401, Some("code_wrong")), "{}", wrong.body);
    }
    let shape = post(&s, "/api/account/twostep/enable", json!({ "code": "12345" }), Some(&session)).await;
    assert_eq!(shape.error(), (400, Some("bad_request")));
    assert!(shape.body["message"].as_str().unwrap().contains("6 digits"), "{}", shape.body);
    let a = post(&s, "/api/account/twostep/enable", json!({ "code": right }), Some(&session)).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let codes = a.body["backup_codes"].as_array().unwrap();
    assert_eq!(codes.len(), 10);
    assert!(codes.iter().all(|c| c.as_str().unwrap().len() == 11), "{codes:?}");
    let status = call(&s, reqwest::Method::GET, "/api/account/twostep", None, Some(&session), None).await;
    assert_eq!((status.body["enabled"].as_bool(), status.body["backup_codes_left"].as_u64()), (Some(true), Some(10)));
    let again = call(&s, reqwest::Method::POST, "/api/account/twostep/setup", None, Some(&session), None).await;
    assert_eq!(again.error(), (409, Some("conflict")), "a second secret while on");

    // The password alone signs nothing in.
    let first = ticket(&s, "AMINA").await;
    let a = second_step(&s, &first, &code(&secret, now_secs() + 30)).await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.body["name"], "Amina");
    let signed = a.session.expect("the session cookie once the code is right");
    assert_eq!(account_status(&s, &signed).await, 200);
    // The ticket is used once.
    let a = second_step(&s, &first, codes[0].as_str().unwrap()).await;
    assert_eq!(a.error(), (401, Some("second_step_expired")), "{}", a.body);
    // From another site: refused like a sign-in.
    let t = ticket(&s, "amina").await;
    let a = call(
        &s,
        reqwest::Method::POST,
        "/api/account/signin/code",
        Some(json!({ "ticket": t, "code": "123456" })),
        None,
        Some("https://evil.example"),
    )
    .await;
    assert_eq!(a.status, 403, "{}", a.body);
}

#[tokio::test]
async fn one_step_either_side_is_accepted_and_no_more() {
    let s = server(0).await;
    let mut n = 0;
    for (offset, accepted) in [(-30i64, true), (30, true), (-60, false), (60, false)] {
        let (status, body) = in_one_step(|start| {
            n += 1;
            let name = format!("window{n}");
            let s = &s;
            async move {
                let session = sign_up(s, &name).await;
                let secret = set_up(s, &session).await;
                let c = code(&secret, (start as i64 + offset) as u64);
                let a = post(s, "/api/account/twostep/enable", json!({ "code": c }), Some(&session)).await;
                (a.status, a.body)
            }
        })
        .await;
        if accepted {
            assert_eq!(status, 200, "a code {offset} s away: {body}");
        } else {
            assert_eq!((status, body["error"].as_str()), (401, Some("code_wrong")), "a code {offset} s away: {body}");
        }
    }
}

#[tokio::test]
async fn a_code_is_used_once() {
    let s = server(0).await;
    let mut n = 0;
    let answers = in_one_step(|_| {
        n += 1;
        let name = format!("replay{n}");
        let s = &s;
        async move {
            let (_, secret, _, at) = with_two_step(s, &name).await;
            let mut answers = Vec::new();
            // The step that turned it on was used by that.
            let t = ticket(s, &name).await;
            answers.push(second_step(s, &t, &code(&secret, at)).await);
            // The next step's code works once: again, even with a fresh ticket, it is refused.
            let next = code(&secret, at + 30);
            answers.push(second_step(s, &t, &next).await);
            let t = ticket(s, &name).await;
            answers.push(second_step(s, &t, &next).await);
            // A step earlier than one used is refused too.
            answers.push(second_step(s, &t, &code(&secret, at - 30)).await);
            answers
        }
    })
    .await;
    let seen: Vec<(u16, Option<&str>)> = answers.iter().map(Answer::error).collect();
    assert_eq!(seen, [(401, Some("code_used")), (200, None), (401, Some("code_used")), (401, Some("code_used"))]);
}

#[tokio::test]
async fn backup_codes_work_once_each_and_can_be_replaced() {
    let s = server(0).await;
    let (session, secret, codes, at) = with_two_step(&s, "kwame").await;
    let t = ticket(&s, "kwame").await;
    // Any case, with spaces for the dash.
    let typed = codes[0].to_uppercase().replace('-', " ");
    let a = second_step(&s, &t, &typed).await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert!(a.session.is_some());
    let t = ticket(&s, "kwame").await;
    let a = second_step(&s, &t, &codes[0]).await;
    assert_eq!(a.error(), (401, Some("code_used")), "{}", a.body);
    let a = second_step(&s, &t, "abcde-fghjk").await;
    assert_eq!(a.error(), (401, Some("code_wrong")), "not one of the account's: {}", a.body);
    let status = call(&s, reqwest::Method::GET, "/api/account/twostep", None, Some(&session), None).await;
    assert_eq!(status.body["backup_codes_left"].as_u64(), Some(9));

    // New codes need the password and a code; the old ones then stop working.
    let a = post(
        &s,
        "/api/account/twostep/backup-codes",
        json!({ "password": "not it at all", "code": codes[1] }),
        Some(&session),
    )
    .await;
    assert_eq!(a.error(), (403, Some("forbidden")), "{}", a.body);
    let a = post(
        &s,
        "/api/account/twostep/backup-codes",
        json!({ "password": PASSWORD, "code": codes[1] }),
        Some(&session),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let fresh = a.body["backup_codes"].as_array().unwrap();
    assert_eq!(fresh.len(), 10);
    let a = second_step(&s, &t, &codes[2]).await;
    assert_eq!(a.error(), (401, Some("code_wrong")), "an old code: {}", a.body);
    let a = second_step(&s, &t, fresh[0].as_str().unwrap()).await;
    assert_eq!(a.status, 200, "{}", a.body);
    // The app's codes still work beside them.
    let t = ticket(&s, "kwame").await;
    let now = now_secs();
    let c = if step(now) > step(at) { code(&secret, now) } else { code(&secret, now + 30) };
    assert_eq!(second_step(&s, &t, &c).await.status, 200);
}

#[tokio::test]
async fn wrong_codes_are_limited_per_account() {
    let s = server(0).await;
    let (_, secret, codes, _) = with_two_step(&s, "zawadi").await;
    let t = ticket(&s, "zawadi").await;
    let right = code(&secret, now_secs() + 30);
    let wrong = if right == "111111" { "222222" } else { "111111" };
    for i in 0..5 {
        let a = second_step(&s, &t, wrong).await;
        assert_eq!(a.error(), (401, Some("code_wrong")), "wrong code {i}: {}", a.body);
    }
    // Even a right code is refused now, and a backup code, until the first wrong one is 15 minutes old.
    for c in [right.as_str(), codes[0].as_str()] {
        let a = second_step(&s, &t, c).await;
        assert_eq!(a.error(), (429, Some("rate_limited")), "{}", a.body);
        assert!(a.body["message"].as_str().unwrap().contains("wrong codes"), "{}", a.body);
        let wait = a.retry_after.expect("Retry-After");
        assert!((880..=900).contains(&wait), "{wait}");
    }
    // Another account is not held back.
    let (_, other_secret, _, _) = with_two_step(&s, "other").await;
    let t = ticket(&s, "other").await;
    assert_eq!(second_step(&s, &t, &code(&other_secret, now_secs() + 30)).await.status, 200);
    // A backup code of the held account works again once its failures are old (moved back in time).
    let db = pool(&s.database_url).await;
    sqlx::query("UPDATE two_step_failures SET at = at - 900001").execute(&db).await.unwrap();
    let t = ticket(&s, "zawadi").await;
    assert_eq!(second_step(&s, &t, &codes[0]).await.status, 200);
    db.close().await;
}

#[tokio::test]
async fn code_checks_count_against_the_address() {
    let s = server(3).await;
    let session = sign_up(&s, "imani").await;
    let secret = set_up(&s, &session).await;
    let enable = post(&s, "/api/account/twostep/enable", json!({ "code": code(&secret, now_secs()) }), Some(&session));
    assert_eq!(enable.await.status, 200);
    let t = ticket(&s, "imani").await;
    let a = second_step(&s, &t, "999999").await;
    assert!(matches!(a.status, 200 | 401), "{}", a.body);
    let a = second_step(&s, &t, "999998").await;
    assert_eq!(a.error(), (429, Some("rate_limited")), "the fourth check from this address: {}", a.body);
    assert!(a.body["message"].as_str().unwrap().contains("address"), "{}", a.body);
    assert!(a.retry_after.is_some());
}

#[tokio::test]
async fn turning_it_off_needs_the_password_and_a_code() {
    let s = server(0).await;
    let (session, secret, codes, at) = with_two_step(&s, "baraka").await;
    let off = |password: &str, code: &str| json!({ "password": password, "code": code });
    let a = post(&s, "/api/account/twostep/disable", off("wrong password", &codes[0]), Some(&session)).await;
    assert_eq!(a.error(), (403, Some("forbidden")), "{}", a.body);
    let a = post(&s, "/api/account/twostep/disable", off(PASSWORD, "abcde-fghjk"), Some(&session)).await;
    assert_eq!(a.error(), (401, Some("code_wrong")), "{}", a.body);
    let a = post(&s, "/api/account/twostep/disable", off(PASSWORD, &code(&secret, at)), Some(&session)).await;
    assert_eq!(a.error(), (401, Some("code_used")), "the code that turned it on: {}", a.body);
    let a = call(
        &s,
        reqwest::Method::POST,
        "/api/account/twostep/disable",
        Some(off(PASSWORD, &codes[0])),
        Some(&session),
        Some("https://evil.example"),
    )
    .await;
    assert_eq!(a.status, 403, "from another site: {}", a.body);
    let a = post(&s, "/api/account/twostep/disable", json!({ "code": codes[0] }), Some(&session)).await;
    assert_eq!(a.error(), (400, Some("bad_request")), "no password: {}", a.body);
    let a = post(&s, "/api/account/twostep/disable", off(PASSWORD, &codes[0]), Some(&session)).await;
    assert_eq!(a.status, 204, "{}", a.body);
    let status = call(&s, reqwest::Method::GET, "/api/account/twostep", None, Some(&session), None).await;
    assert_eq!(status.body, json!({ "enabled": false, "backup_codes_left": 0 }));
    // Sign-in is the password again.
    let a = password_step(&s, "baraka", None).await;
    assert!(a.status == 200 && a.session.is_some() && a.body.get("second_step").is_none(), "{}", a.body);
    let a = post(&s, "/api/account/twostep/disable", off(PASSWORD, &codes[1]), Some(&session)).await;
    assert_eq!(a.error(), (409, Some("conflict")), "off already: {}", a.body);
}

#[tokio::test]
async fn api_tokens_are_unaffected_and_the_terminal_client_is_asked_for_a_code() {
    let s = server(0).await;
    let session = sign_up(&s, "juma").await;
    let made = post(&s, "/api/account/tokens", json!({ "label": "my bot" }), Some(&session)).await;
    assert_eq!(made.status, 201);
    let token = made.body["token"].as_str().unwrap().to_string();
    let secret = set_up(&s, &session).await;
    let at = now_secs();
    assert_eq!(
        post(&s, "/api/account/twostep/enable", json!({ "code": code(&secret, at) }), Some(&session)).await.status,
        200
    );
    // A token made before goes on working, and so does the session that turned it on.
    let r = s.http.get(s.url("/api/account")).bearer_auth(&token).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(account_status(&s, &session).await, 200);
    // The terminal client's sign-in: the token comes with the code.
    let a = password_step(&s, "juma", Some("mancala-cli on pc")).await;
    assert_eq!((a.status, a.body["second_step"].as_bool(), a.body.get("token")), (200, Some(true), None), "{}", a.body);
    let t = a.body["ticket"].as_str().unwrap();
    let a = second_step(&s, t, &code(&secret, at + 30)).await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert!(a.session.is_none(), "a token, not a session");
    let new_token = a.body["token"].as_str().expect("the API token").to_string();
    let r = s.http.get(s.url("/api/account")).bearer_auth(&new_token).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let listed = s.http.get(s.url("/api/account/tokens")).bearer_auth(&token).send().await.unwrap();
    let listed: Value = listed.json().await.unwrap();
    assert!(listed.as_array().unwrap().iter().any(|t| t["label"] == "mancala-cli on pc"), "{listed}");
}

#[tokio::test]
async fn a_ticket_lasts_five_minutes_and_is_stored_hashed() {
    let s = server(0).await;
    let (_, _, codes, _) = with_two_step(&s, "neema").await;
    let t = ticket(&s, "neema").await;
    let db = pool(&s.database_url).await;
    let rows = sqlx::query("SELECT ticket_hash, expires_at - created_at AS life FROM two_step_tickets")
        .fetch_all(&db)
        .await
        .unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].get::<String, _>("ticket_hash"), mancala_server::ids::token_hash(&t).to_string());
    assert_eq!(rows[0].get::<i64, _>("life"), 300_000);
    let hashes: Vec<String> = sqlx::query("SELECT code_hash FROM two_step_backup_codes")
        .fetch_all(&db)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(hashes.len(), 10);
    assert!(!hashes.iter().any(|h| codes.iter().any(|c| h.contains(&c.replace('-', "")))), "codes stored hashed");
    sqlx::query("UPDATE two_step_tickets SET expires_at = expires_at - 300001").execute(&db).await.unwrap();
    let a = second_step(&s, &t, &codes[0]).await;
    assert_eq!(a.error(), (401, Some("second_step_expired")), "{}", a.body);
    let a = second_step(&s, "made-up", &codes[0]).await;
    assert_eq!(a.error(), (401, Some("second_step_expired")), "{}", a.body);
    db.close().await;
}

async fn pool(url: &str) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    sqlx::AnyPool::connect(url).await.expect("connect")
}

#[tokio::test]
async fn the_same_on_postgres() {
    let Some((base, url)) = crate::common::fresh_db("twostep").await else { return };
    let mut config = Config::with_database(&url);
    config.sign_ins_per_minute = 0;
    config.accounts_per_hour = 0;
    let s = TestServer::start_with(config).await;
    let (session, secret, codes, at) = with_two_step(&s, "Pendo").await;
    let t = ticket(&s, "pendo").await;
    assert_eq!(second_step(&s, &t, &code(&secret, at)).await.error(), (401, Some("code_used")));
    assert_eq!(second_step(&s, &t, "111111-22222").await.error(), (400, Some("bad_request")));
    assert_eq!(second_step(&s, &t, &codes[0]).await.status, 200);
    let t = ticket(&s, "pendo").await;
    assert_eq!(second_step(&s, &t, &codes[0]).await.error(), (401, Some("code_used")));
    let wrong = second_step(&s, &t, "zzzzz-zzzzz").await;
    assert_eq!(wrong.error(), (401, Some("code_wrong")));
    let status = call(&s, reqwest::Method::GET, "/api/account/twostep", None, Some(&session), None).await;
    assert_eq!(status.body["backup_codes_left"].as_u64(), Some(9));
    let off = json!({ "password": PASSWORD, "code": codes[1] });
    assert_eq!(post(&s, "/api/account/twostep/disable", off, Some(&session)).await.status, 204);
    let a = password_step(&s, "pendo", None).await;
    assert!(a.status == 200 && a.session.is_some(), "{}", a.body);
    s.stop().await;
    crate::common::drop_db(&base, &url).await;
}
