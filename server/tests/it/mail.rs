//! Email on an account, "Forgot your password?", download my data and close my account, against a real
//! SMTP conversation: the server runs with `--smtp-url` pointing at a sink in the test process
//! (`common::smtp`), and the tests read the links from the mails it received. Confirmation links work
//! once, for a day, and a confirmed address belongs to one account; reset links work once, for an hour,
//! and end every session; the forgot answer is the same for names and addresses nobody has; the limits
//! per client address refuse, those per account and per address hold the mail silently.

use crate::common;
use crate::moderation::{game_between, until};

use common::TestServer;
use common::smtp::{Mail, Sink};
use mancala_server::config::Config;
use mancala_server::ids::token_hash;
use reqwest::header::{HeaderMap, ORIGIN};
use serde_json::{Value, json};
use sqlx::Row;

const SITE: &str = "https://mancala.example";
const PASSWORD: &str = "mango tree 42";

/// A server that mails through `sink`, `per_hour` mails an hour; with `proxied`, the client's address is
/// read from `X-Forwarded-For` (so a test can speak from several addresses).
async fn mailing(sink: &Sink, per_hour: u32, proxied: bool) -> TestServer {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::with_database(&format!("sqlite://{}", dir.path().join("t.db").display()));
    config.smtp_url = Some(sink.url());
    config.mail_from = Some("Mancala <noreply@mancala.example>".into());
    config.public_url = Some(format!("{SITE}/"));
    config.mails_per_hour = per_hour;
    if proxied {
        config.client_ip_header = Some("X-Forwarded-For".into());
    }
    TestServer::start_in(config, dir).await
}

/// Who asks: a session cookie or none, from a client address (`X-Forwarded-For`), with an `Origin`.
#[derive(Clone, Copy, Default)]
struct Asker<'a> {
    session: Option<&'a str>,
    ip: Option<&'a str>,
    origin: Option<&'a str>,
}

fn by(session: &str) -> Asker<'_> {
    Asker { session: Some(session), ..Default::default() }
}

const ANON: Asker<'static> = Asker { session: None, ip: None, origin: None };

/// `method path` with `body`: (status, body, headers).
async fn call(
    s: &TestServer,
    who: Asker<'_>,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (u16, Value, HeaderMap) {
    let mut req = s.http.request(method.parse().unwrap(), s.url(path));
    if let Some(id) = who.session {
        req = req.header("cookie", format!("mancala_session={id}"));
    }
    req = req.header("x-forwarded-for", who.ip.unwrap_or("10.9.9.9"));
    // A browser's page of this site says so on every write.
    let own = format!("http://{}", s.addr);
    if let Some(o) = who.origin.or(who.session.map(|_| own.as_str())) {
        req = req.header(ORIGIN, o);
    }
    if let Some(b) = body {
        req = req.json(&b);
    }
    let r = req.send().await.expect("request");
    let status = r.status().as_u16();
    let headers = r.headers().clone();
    (status, r.json().await.unwrap_or(Value::Null), headers)
}

/// The session id a sign-up or sign-in answer sets.
fn session_of(headers: &HeaderMap) -> String {
    let set = headers["set-cookie"].to_str().unwrap();
    set.strip_prefix("mancala_session=").unwrap().split(';').next().unwrap().to_string()
}

async fn signup(s: &TestServer, name: &str) -> String {
    let (status, body, headers) =
        call(s, ANON, "POST", "/api/account/signup", Some(json!({ "name": name, "password": PASSWORD }))).await;
    assert_eq!(status, 201, "{body}");
    session_of(&headers)
}

async fn sign_in(s: &TestServer, name: &str, password: &str) -> (u16, Option<String>) {
    let body = json!({ "name": name, "password": password });
    let (status, _, headers) = call(s, ANON, "POST", "/api/account/signin", Some(body)).await;
    (status, (status == 200).then(|| session_of(&headers)))
}

async fn signed_in(s: &TestServer, session: &str) -> u16 {
    call(s, by(session), "GET", "/api/account", None).await.0
}

async fn set_email(s: &TestServer, session: &str, email: Value) -> (u16, Value) {
    let (status, body, _) =
        call(s, by(session), "POST", "/api/account/email", Some(json!({ "email": email, "password": PASSWORD }))).await;
    (status, body)
}

/// The secret at the end of `mail`'s link under `{SITE}/{path}/`.
fn secret(mail: &Mail, path: &str) -> String {
    let prefix = format!("{SITE}/{path}/");
    let link = mail.link(&prefix).unwrap_or_else(|| panic!("no {prefix} link in {}", mail.text()));
    link.strip_prefix(&prefix).unwrap().to_string()
}

async fn confirm(s: &TestServer, token: &str) -> (u16, Value) {
    let (status, body, _) = call(s, ANON, "POST", "/api/account/email/confirm", Some(json!({ "token": token }))).await;
    (status, body)
}

/// Signs up `name` and confirms `address` for it through the mailed link: its session.
async fn with_address(s: &TestServer, sink: &Sink, name: &str, address: &str) -> String {
    let session = signup(s, name).await;
    assert_eq!(set_email(s, &session, json!(address)).await.0, 200);
    let mails = sink.wait_for(address, 1).await;
    assert_eq!(confirm(s, &secret(mails.last().unwrap(), "email")).await.0, 200);
    session
}

async fn forgot(s: &TestServer, who: &str, ip: &str) -> (u16, Value, HeaderMap) {
    let from = Asker { ip: Some(ip), ..Default::default() };
    call(s, from, "POST", "/api/account/forgot", Some(json!({ "who": who }))).await
}

async fn pool(url: &str) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    sqlx::AnyPool::connect(url).await.expect("connect")
}

#[tokio::test]
async fn an_address_is_confirmed_by_its_mailed_link_once() {
    let sink = Sink::start().await;
    let s = mailing(&sink, 5, true).await;
    let amani = signup(&s, "Amani").await;
    let (status, state, _) = call(&s, by(&amani), "GET", "/api/account/email", None).await;
    assert_eq!((status, state), (200, json!({ "mail": true })));
    assert_eq!(call(&s, ANON, "GET", "/api/site", None).await.1, json!({ "mail": true }));

    let wrong = json!({ "email": "amani@example.org", "password": "not it at all" });
    let (status, body, _) = call(&s, by(&amani), "POST", "/api/account/email", Some(wrong)).await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = set_email(&s, &amani, json!("amani at example.org")).await;
    assert_eq!((status, body["error"].as_str()), (400, Some("bad_request")), "{body}");
    assert!(body["message"].as_str().unwrap().contains("field `email`"), "{body}");
    assert!(sink.mails().is_empty(), "nothing mailed for a refused request");

    let (status, state) = set_email(&s, &amani, json!("Amani.K@Example.org")).await;
    assert_eq!((status, &state), (200, &json!({ "pending": "Amani.K@Example.org", "mail": true })));
    let mail = sink.wait_for("Amani.K@Example.org", 1).await.remove(0);
    assert_eq!(mail.header("Subject").as_deref(), Some("Confirm your email address for Mancala"));
    assert!(mail.header("From").unwrap().contains("noreply@mancala.example"), "{mail:?}");
    assert!(mail.text().contains("Hello Amani") && mail.text().contains("24 hours"), "{}", mail.text());
    let token = secret(&mail, "email");

    // Stored by its hash only, for a day.
    let db = pool(&s.database_url).await;
    let row = sqlx::query("SELECT token_hash, player_key, expires_at - created_at FROM email_confirmations")
        .fetch_one(&db)
        .await
        .unwrap();
    assert_eq!(row.get::<String, _>(0), token_hash(&token).to_string());
    assert_eq!((row.get::<String, _>(1), row.get::<i64, _>(2)), ("amani".to_string(), 86_400_000));
    // The link's page is the app's.
    let (status, html) = s.get_text(&format!("/email/{token}")).await;
    assert_eq!(status, 200);
    assert!(html.contains("<html"), "{html}");

    let evil = Asker { origin: Some("https://evil.example"), ..Default::default() };
    let (status, _, _) = call(&s, evil, "POST", "/api/account/email/confirm", Some(json!({ "token": token }))).await;
    assert_eq!(status, 403);
    let (status, body) = confirm(&s, &token).await;
    assert_eq!((status, body), (200, json!({ "name": "Amani", "address": "Amani.K@Example.org" })));
    let (_, state, _) = call(&s, by(&amani), "GET", "/api/account/email", None).await;
    assert_eq!(state["address"], "Amani.K@Example.org");
    assert!(state["confirmed_at"].as_u64().unwrap() > 0 && state.get("pending").is_none(), "{state}");
    let (status, body) = confirm(&s, &token).await;
    assert_eq!((status, body["error"].as_str()), (404, Some("not_found")), "used once: {body}");
    assert_eq!(confirm(&s, "made-up").await.0, 404);

    // A new address waits for its own link; the old one stays until then, and an expired link is refused.
    assert_eq!(set_email(&s, &amani, json!("new@example.org")).await.0, 200);
    let token = secret(&sink.wait_for("new@example.org", 1).await[0], "email");
    sqlx::query("UPDATE email_confirmations SET expires_at = expires_at - 86400001").execute(&db).await.unwrap();
    assert_eq!(confirm(&s, &token).await.0, 404, "expired");
    let (_, state, _) = call(&s, by(&amani), "GET", "/api/account/email", None).await;
    assert_eq!((state["address"].as_str(), state.get("pending")), (Some("Amani.K@Example.org"), None), "{state}");
    db.close().await;
}

#[tokio::test]
async fn a_confirmed_address_belongs_to_one_account_and_setting_it_says_nothing() {
    let sink = Sink::start().await;
    let s = mailing(&sink, 0, false).await;
    let amani = with_address(&s, &sink, "amani", "shared@example.org").await;
    let baraka = signup(&s, "baraka").await;
    // Setting an address another account holds is answered like any other: its mailbox gets the link.
    let (status, state) = set_email(&s, &baraka, json!("SHARED@example.org")).await;
    assert_eq!((status, state["pending"].as_str()), (200, Some("SHARED@example.org")));
    let token = secret(&sink.wait_for("SHARED@example.org", 2).await[1], "email");
    let (status, body) = confirm(&s, &token).await;
    assert_eq!((status, body["error"].as_str()), (409, Some("conflict")), "{body}");
    assert!(body["message"].as_str().unwrap().contains("another account"), "{body}");
    // Once amani removes it (with the password), baraka's link still works.
    let (status, body, _) =
        call(&s, by(&amani), "POST", "/api/account/email", Some(json!({ "email": null, "password": "nope nope" })))
            .await;
    assert_eq!(status, 403, "{body}");
    let (status, state) = set_email(&s, &amani, Value::Null).await;
    assert_eq!((status, state), (200, json!({ "mail": true })));
    assert_eq!(confirm(&s, &token).await, (200, json!({ "name": "baraka", "address": "SHARED@example.org" })));
}

#[tokio::test]
async fn forgot_mails_a_reset_link_that_works_once_within_the_hour() {
    let sink = Sink::start().await;
    let s = mailing(&sink, 0, false).await;
    let first = with_address(&s, &sink, "Zawadi", "zawadi@example.org").await;
    let (_, second) = sign_in(&s, "zawadi", PASSWORD).await;
    let second = second.unwrap();

    let (status, body, _) = forgot(&s, "ZAWADI", "10.0.0.1").await;
    assert_eq!((status, body), (202, Value::Null));
    let mail = sink.wait_for("zawadi@example.org", 2).await.remove(1);
    assert_eq!(mail.header("Subject").as_deref(), Some("Choose a new password for Mancala"));
    assert!(mail.text().contains("within an hour"), "{}", mail.text());
    let token = secret(&mail, "reset");
    let db = pool(&s.database_url).await;
    let row = sqlx::query("SELECT expires_at - created_at FROM password_resets WHERE token_hash = $1")
        .bind(token_hash(&token).to_string())
        .fetch_one(&db)
        .await
        .unwrap();
    assert_eq!(row.get::<i64, _>(0), 3_600_000, "stored by its hash, for an hour");

    let reset = |password: &str| json!({ "token": token, "password": password });
    let (status, body, _) = call(&s, ANON, "POST", "/api/account/reset", Some(reset("new secret 1"))).await;
    assert_eq!(status, 204, "{body}");
    assert_eq!((signed_in(&s, &first).await, signed_in(&s, &second).await), (401, 401), "every session ended");
    assert_eq!(sign_in(&s, "zawadi", PASSWORD).await.0, 401);
    assert_eq!(sign_in(&s, "zawadi", "new secret 1").await.0, 200);
    let (status, _, _) = call(&s, ANON, "POST", "/api/account/reset", Some(reset("new secret 2"))).await;
    assert_eq!(status, 404, "once only");

    // By the address, in any case, and in French: a new link; an hour later it sets nothing.
    let body = json!({ "who": "Zawadi@Example.ORG", "lang": "fr" });
    assert_eq!(call(&s, ANON, "POST", "/api/account/forgot", Some(body)).await.0, 202);
    let mail = sink.wait_for("zawadi@example.org", 3).await.remove(2);
    assert!(mail.text().contains("Bonjour Zawadi") && mail.text().contains("dans l’heure"), "{}", mail.text());
    let token = secret(&mail, "reset");
    sqlx::query("UPDATE password_resets SET expires_at = expires_at - 3600001").execute(&db).await.unwrap();
    let late = json!({ "token": token, "password": "new secret 3" });
    assert_eq!(call(&s, ANON, "POST", "/api/account/reset", Some(late)).await.0, 404, "expired");
    assert_eq!(sign_in(&s, "zawadi", "new secret 1").await.0, 200);
    db.close().await;
}

#[tokio::test]
async fn forgot_answers_the_same_whoever_is_named() {
    let sink = Sink::start().await;
    let s = mailing(&sink, 0, false).await;
    with_address(&s, &sink, "kofi", "kofi@example.org").await;
    signup(&s, "nia").await; // an account without an address
    let unconfirmed = signup(&s, "imani").await; // an address never confirmed
    assert_eq!(set_email(&s, &unconfirmed, json!("imani@example.org")).await.0, 200);
    sink.wait_for("imani@example.org", 1).await;
    let before = sink.mails().len();
    for who in ["nobody", "nobody@example.org", "nia", "imani", "imani@example.org", "not a name!", "kofi"] {
        let (status, body, _) = forgot(&s, who, "10.0.0.1").await;
        assert_eq!((status, &body), (202, &Value::Null), "{who}");
    }
    let to_kofi = sink.wait_for("kofi@example.org", 2).await;
    assert!(to_kofi[1].text().contains("/reset/"));
    assert_eq!(sink.mails().len(), before + 1, "only kofi's confirmed address got a link: {:#?}", sink.mails());
    let (status, body, _) = forgot(&s, "", "10.0.0.1").await;
    assert_eq!(status, 400, "{body}");
    let (status, _, _) =
        call(&s, ANON, "POST", "/api/account/forgot", Some(json!({ "who": "kofi", "lang": "f r" }))).await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn the_client_s_limit_refuses_the_account_s_and_address_s_hold_the_mail() {
    let sink = Sink::start().await;
    let s = mailing(&sink, 2, true).await;
    // Kofi's address: one mail (its confirmation), from 10.0.0.1.
    with_address(&s, &sink, "kofi", "kofi@example.org").await;
    // A second one, from another client: sent. A third, from a third client: held, the same answer.
    assert_eq!(forgot(&s, "kofi", "10.0.0.2").await.0, 202);
    sink.wait_for("kofi@example.org", 2).await;
    assert_eq!(forgot(&s, "kofi@example.org", "10.0.0.3").await.0, 202);
    with_address(&s, &sink, "nia", "nia@example.org").await;
    assert_eq!(forgot(&s, "nia", "10.0.0.4").await.0, 202);
    sink.wait_for("nia@example.org", 2).await;
    assert_eq!(sink.wait_for("kofi@example.org", 2).await.len(), 2, "kofi's third mail this hour was held");

    // One client's requests: two an hour, then 429 with Retry-After, whoever is named.
    assert_eq!(forgot(&s, "nobody", "10.0.0.5").await.0, 202);
    assert_eq!(forgot(&s, "nobody", "10.0.0.5").await.0, 202);
    let (status, body, headers) = forgot(&s, "anybody", "10.0.0.5").await;
    assert_eq!((status, body["error"].as_str()), (429, Some("rate_limited")), "{body}");
    assert!(headers["retry-after"].to_str().unwrap().parse::<u64>().unwrap() > 60);
    assert_eq!(forgot(&s, "nobody", "10.0.0.6").await.0, 202, "another client");
}

#[tokio::test]
async fn without_smtp_nothing_is_mailed_and_the_answer_says_to_ask_the_operator() {
    let s = TestServer::start().await;
    assert_eq!(s.get("/api/site").await, (200, json!({ "mail": false })));
    let (status, body) = s.post("/api/account/forgot", json!({ "who": "anyone" })).await;
    assert_eq!((status, body["error"].as_str()), (409, Some("no_mail")), "{body}");
    assert!(body["message"].as_str().unwrap().contains("admin reset-password"), "{body}");
    let r = s.http.post(s.url("/api/account/signup")).json(&json!({ "name": "amani", "password": PASSWORD }));
    let session = session_of(r.send().await.unwrap().headers());
    let body = json!({ "email": "amani@example.org", "password": PASSWORD });
    let r = s.http.post(s.url("/api/account/email")).header("cookie", format!("mancala_session={session}"));
    let r = r.header(ORIGIN, format!("http://{}", s.addr));
    let r = r.json(&body).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 409);
    assert_eq!(r.json::<Value>().await.unwrap()["error"], "no_mail");
}

#[tokio::test]
async fn a_server_with_smtp_but_no_sender_or_site_does_not_start() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let mut config = Config::with_database("sqlite::memory:");
    config.smtp_url = Some("smtp://127.0.0.1:1".into());
    config.public_url = Some(SITE.into());
    let err = mancala_server::run(listener, config.clone(), async {}).await.unwrap_err().to_string();
    assert!(err.contains("--mail-from"), "{err}");
    config.mail_from = Some("noreply@mancala.example".into());
    config.public_url = None;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let err = mancala_server::run(listener, config, async {}).await.unwrap_err().to_string();
    assert!(err.contains("--public-url"), "{err}");
}

#[tokio::test]
async fn download_my_data_holds_everything_but_secrets() {
    let sink = Sink::start().await;
    let s = mailing(&sink, 0, false).await;
    let amani = with_address(&s, &sink, "amani", "amani@example.org").await;
    let (status, signed, _) = call(
        &s,
        ANON,
        "POST",
        "/api/account/signin",
        Some(json!({ "name": "amani", "password": PASSWORD, "token_label": "laptop" })),
    )
    .await;
    assert_eq!(status, 200);
    let api_token = signed["token"].as_str().unwrap().to_string();
    let baraka = common::account(&s, "baraka").await;
    let (game, south, _) = game_between(&s, &api_token, &baraka).await;
    let mut ws = s.ws(&game, Some(&south), None).await;
    let line = mancala_protocol::ClientMsg::Chat {
        id: Some("c1".into()),
        room: mancala_protocol::ChatRoom::Players,
        text: "good luck!".into(),
    };
    assert!(matches!(common::answer(&mut ws, &line).await, mancala_protocol::ServerMsg::Accepted { .. }));
    let (status, body, _) = call(&s, by(&amani), "POST", "/api/blocks", Some(json!({ "player": "baraka" }))).await;
    assert_eq!(status, 201, "{body}");

    let report = json!({ "player": "baraka", "reason": "other", "text": "left at once", "game": game.as_str() });
    let (status, body, _) = call(&s, by(&amani), "POST", "/api/reports", Some(report)).await;
    assert!((200..300).contains(&status), "{status} {body}");

    let (status, _, _) = call(&s, ANON, "GET", "/api/account/export", None).await;
    assert_eq!(status, 401);
    let (status, data, headers) = call(&s, by(&amani), "GET", "/api/account/export", None).await;
    assert_eq!(status, 200, "{data}");
    assert_eq!(headers["content-disposition"], "attachment; filename=\"mancala-amani.json\"");
    let account = &data["account"];
    assert_eq!((account["name"].as_str(), account["email"].as_str()), (Some("amani"), Some("amani@example.org")));
    assert_eq!(account["has_password"], true);
    assert!(data["games"].as_array().unwrap().iter().any(|g| g["id"] == game.as_str()), "{data}");
    assert_eq!(data["chat"][0]["text"], "good luck!");
    assert_eq!(data["chat"][0]["game_id"], game.as_str());
    assert_eq!(data["sessions"].as_array().unwrap().len(), 1);
    assert_eq!(data["api_tokens"][0]["label"], "laptop");
    assert_eq!(data["blocks"], json!(["baraka"]));
    // Her own report, and every moment as ISO 8601 text (UTC, to the millisecond), not raw milliseconds.
    let reports = data["reports"].as_array().unwrap();
    assert_eq!(reports.len(), 1, "{data}");
    assert_eq!(
        (&reports[0]["player"], &reports[0]["reason"], &reports[0]["text"], &reports[0]["game_id"]),
        (&json!("baraka"), &json!("other"), &json!("left at once"), &json!(game.as_str()))
    );
    let iso = |v: &serde_json::Value| {
        let t = v.as_str().unwrap_or_else(|| panic!("a moment as text, not {v}"));
        assert!(t.len() == 24 && t.ends_with('Z') && t.as_bytes()[10] == b'T', "ISO 8601: {t}");
    };
    for moment in [
        &data["exported_at"],
        &data["account"]["created_at"],
        &data["account"]["email_confirmed_at"],
        &data["games"][0]["created_at"],
        &data["games"][0]["updated_at"],
        &data["chat"][0]["at"],
        &data["sessions"][0]["last_seen"],
        &data["api_tokens"][0]["created_at"],
        &reports[0]["at"],
    ] {
        iso(moment);
    }
    let text = data.to_string();
    let db = pool(&s.database_url).await;
    let hash: String =
        sqlx::query("SELECT password_hash FROM players WHERE name = 'amani'").fetch_one(&db).await.unwrap().get(0);
    for secret in [api_token.as_str(), token_hash(&api_token).as_str(), &amani, token_hash(&amani).as_str(), &hash] {
        assert!(!text.contains(secret), "a secret in the download: {secret}");
    }
    db.close().await;
}

#[tokio::test]
async fn closing_my_account_forgets_the_address_and_password_and_keeps_the_name() {
    let sink = Sink::start().await;
    let s = mailing(&sink, 0, false).await;
    let amani = with_address(&s, &sink, "Amani", "amani@example.org").await;
    let (_, other) = sign_in(&s, "amani", PASSWORD).await;
    let other = other.unwrap();
    let (_, signed, _) = call(
        &s,
        ANON,
        "POST",
        "/api/account/signin",
        Some(json!({ "name": "amani", "password": PASSWORD, "token_label": "bot" })),
    )
    .await;
    let api_token = signed["token"].as_str().unwrap().to_string();
    let baraka = common::account(&s, "baraka").await;
    let (game, _, _) = game_between(&s, &api_token, &baraka).await;

    let wrong = json!({ "password": "not the password" });
    let (status, body, _) = call(&s, by(&amani), "POST", "/api/account/close", Some(wrong)).await;
    assert_eq!(status, 403, "{body}");
    let evil = Asker { session: Some(&amani), origin: Some("https://evil.example"), ..Default::default() };
    let (status, _, _) = call(&s, evil, "POST", "/api/account/close", Some(json!({ "password": PASSWORD }))).await;
    assert_eq!(status, 403, "a cross-site close is refused");
    assert_eq!(signed_in(&s, &amani).await, 200);

    let (status, body, headers) =
        call(&s, by(&amani), "POST", "/api/account/close", Some(json!({ "password": PASSWORD }))).await;
    assert_eq!(status, 204, "{body}");
    assert!(headers["set-cookie"].to_str().unwrap().contains("Max-Age=0"), "{headers:?}");
    assert_eq!((signed_in(&s, &amani).await, signed_in(&s, &other).await), (401, 401));
    let r = s.http.get(s.url("/api/account")).bearer_auth(&api_token).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 401, "its API token is revoked");
    assert_eq!(sign_in(&s, "amani", PASSWORD).await.0, 401);
    let detail = until(&s, &format!("/api/games/{game}"), |g| g["game"]["status"] == "finished").await;
    assert_eq!(detail["game"]["result"]["reason"], "resignation", "{detail}");
    assert_eq!(detail["game"]["players"]["south"]["name"], "Amani", "its games keep the name");

    let db = pool(&s.database_url).await;
    let row =
        sqlx::query("SELECT email, email_confirmed_at, password_hash, closed_at FROM players WHERE name = 'Amani'")
            .fetch_one(&db)
            .await
            .unwrap();
    assert_eq!(row.get::<Option<String>, _>(0), None);
    assert_eq!(row.get::<Option<i64>, _>(1), None);
    assert_eq!(row.get::<Option<String>, _>(2), None);
    assert!(row.get::<Option<i64>, _>(3).is_some());
    let left: i64 = sqlx::query("SELECT count(*) FROM email_confirmations").fetch_one(&db).await.unwrap().get(0);
    assert_eq!(left, 0);
    let logged: i64 = sqlx::query(
        "SELECT count(*) FROM mod_log WHERE action = 'close' AND target = 'Amani' AND details = 'closed by its owner'",
    )
    .fetch_one(&db)
    .await
    .unwrap()
    .get(0);
    assert_eq!(logged, 1, "the moderators can see it");
    db.close().await;
    let (status, _, _) =
        call(&s, ANON, "POST", "/api/account/signup", Some(json!({ "name": "AMANI", "password": PASSWORD }))).await;
    assert_eq!(status, 409, "the name is never taken again");
    let mails = sink.mails().len();
    assert_eq!(forgot(&s, "amani@example.org", "10.0.0.1").await.0, 202);
    assert_eq!(forgot(&s, "amani", "10.0.0.1").await.0, 202);
    with_address(&s, &sink, "baraka2", "baraka2@example.org").await;
    assert_eq!(sink.mails().len(), mails + 1, "nothing mailed to a closed account: {:#?}", sink.mails());
}
