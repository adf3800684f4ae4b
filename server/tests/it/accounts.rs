//! Accounts with passwords (docs/lobby.md, "Accounts"): sign up and the session cookie, sign in (one answer
//! for a wrong name and a wrong password), sign out, password change signing the other sessions out, API
//! tokens (created, listed, revoked: 401), the CSRF `Origin` check of cookie writes, a signed-in browser
//! taking a registered seat, case-insensitive names, what is stored (an argon2id PHC string, hashed
//! session ids), and the sign-in rate limit. On SQLite, and on PostgreSQL when `TEST_DATABASE_URL` is set.

use crate::common;

use common::{TestServer, drop_db, fresh_db};
use mancala_server::config::Config;
use mancala_server::ids::token_hash;
use reqwest::Method;
use reqwest::header::{HeaderMap, ORIGIN, SET_COOKIE};
use serde_json::{Value, json};
use sqlx::Row;

/// One HTTP answer.
struct Answer {
    status: u16,
    headers: HeaderMap,
    body: Value,
}

impl Answer {
    /// The session id the answer sets, if it sets the cookie to a value.
    fn session(&self) -> Option<String> {
        let set = self.headers.get(SET_COOKIE)?.to_str().unwrap();
        let value = set.strip_prefix("mancala_session=")?.split(';').next()?;
        (!value.is_empty()).then(|| value.to_string())
    }

    fn code(&self) -> &str {
        self.body["error"].as_str().unwrap_or_else(|| panic!("not an ErrorBody: {} {}", self.status, self.body))
    }
}

/// A client that sends the cookie it is given and an `Origin` as a browser would: this site's, another
/// when told to, or none when told to (no browser).
#[derive(Clone, Default)]
struct Client {
    session: Option<String>,
    bearer: Option<String>,
    origin: Option<String>,
    no_origin: bool,
}

impl Client {
    fn cookie(session: &str) -> Client {
        Client { session: Some(session.to_string()), ..Client::default() }
    }

    fn bearer(token: &str) -> Client {
        Client { bearer: Some(token.to_string()), ..Client::default() }
    }

    fn from(mut self, origin: &str) -> Client {
        self.origin = Some(origin.to_string());
        self
    }

    fn without_origin(mut self) -> Client {
        self.no_origin = true;
        self
    }

    async fn send(&self, server: &TestServer, method: Method, path: &str, body: Option<Value>) -> Answer {
        let mut req = server.http.request(method, server.url(path));
        if let Some(s) = &self.session {
            req = req.header("cookie", format!("theme=dark; mancala_session={s}"));
        }
        if let Some(t) = &self.bearer {
            req = req.bearer_auth(t);
        }
        let own = format!("http://{}", server.addr);
        let origin = self.origin.as_ref().or(self.session.as_ref().map(|_| &own)).filter(|_| !self.no_origin);
        if let Some(o) = origin {
            req = req.header(ORIGIN, o);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let r = req.send().await.expect("request");
        let (status, headers) = (r.status().as_u16(), r.headers().clone());
        let body = r.json().await.unwrap_or(Value::Null);
        Answer { status, headers, body }
    }

    async fn get(&self, server: &TestServer, path: &str) -> Answer {
        self.send(server, Method::GET, path, None).await
    }

    async fn post(&self, server: &TestServer, path: &str, body: Value) -> Answer {
        self.send(server, Method::POST, path, Some(body)).await
    }
}

fn guest() -> Client {
    Client::default()
}

fn config(url: &str) -> Config {
    let mut c = Config::with_database(url);
    // The scenario checks many passwords from one address; the limit has its own test.
    c.sign_ins_per_minute = 0;
    c
}

async fn signin(server: &TestServer, name: &str, password: &str) -> Answer {
    guest().post(server, "/api/account/signin", json!({ "name": name, "password": password })).await
}

/// The seat a game answer (`SeatGranted`) gave.
fn seat(granted: &Value) -> Value {
    let side = granted["seat"].as_str().unwrap();
    granted["game"]["players"][side].clone()
}

async fn pool(server: &TestServer) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    sqlx::AnyPool::connect(&server.database_url).await.expect("connect")
}

async fn sessions_and_passwords(server: &TestServer) {
    // Sign up: 201, the account, and a session cookie that is HttpOnly, Lax, for the whole site.
    let up = guest().post(server, "/api/account/signup", json!({ "name": "Amina", "password": "mango tree 42" })).await;
    assert_eq!(up.status, 201, "{}", up.body);
    assert_eq!(up.body["name"], "Amina");
    assert!(up.body["created_at"].as_u64().unwrap() > 0);
    let set = up.headers[SET_COOKIE].to_str().unwrap().to_string();
    for part in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(set.contains(part), "{set}");
    }
    assert!(!set.contains("Secure"), "plain HTTP: no Secure flag: {set}");
    let first = up.session().expect("a session cookie");
    let me = Client::cookie(&first).get(server, "/api/account").await;
    assert_eq!((me.status, me.body["name"].as_str()), (200, Some("Amina")), "{}", me.body);
    let nobody = guest().get(server, "/api/account").await;
    assert_eq!((nobody.status, nobody.code()), (401, "unauthorized"));
    let forged = Client::cookie(&"x".repeat(32)).get(server, "/api/account").await;
    assert_eq!(forged.status, 401, "an unknown session is not signed in");

    // Names are case-insensitive: `amina` is taken, and a guest may not use it either.
    let again =
        guest().post(server, "/api/account/signup", json!({ "name": "amina", "password": "other password" })).await;
    assert_eq!((again.status, again.code()), (409, "conflict"), "{}", again.body);
    let (status, _) = server.post("/api/games", json!({ "variant": "kubuguza", "name": "AMINA" })).await;
    assert_eq!(status, 409);

    // What is stored: an argon2id PHC string, never the password; the session id only hashed.
    let db = pool(server).await;
    let row =
        sqlx::query("SELECT password_hash FROM players WHERE lower(name) = 'amina'").fetch_one(&db).await.unwrap();
    let stored: String = row.try_get("password_hash").unwrap();
    assert!(stored.starts_with("$argon2id$v=19$"), "{stored}");
    assert!(!stored.contains("mango"), "{stored}");
    let ids: Vec<String> = sqlx::query("SELECT id_hash FROM sessions")
        .fetch_all(&db)
        .await
        .unwrap()
        .iter()
        .map(|r| r.try_get("id_hash").unwrap())
        .collect();
    assert_eq!(ids, vec![token_hash(&first).to_string()], "only the session id's hash is stored");

    // A wrong password and an unknown name get the same answer.
    let wrong = signin(server, "amina", "mango tree 43").await;
    let unknown = signin(server, "zawadi", "mango tree 42").await;
    assert_eq!(wrong.status, 401);
    assert_eq!(wrong.body, unknown.body, "one answer for both");
    assert_eq!(wrong.body["message"], "wrong name or password");
    assert!(wrong.session().is_none());

    // Signing in (any case) opens a second session.
    let second = signin(server, "AMINA", "mango tree 42").await;
    assert_eq!((second.status, second.body["name"].as_str()), (200, Some("Amina")), "{}", second.body);
    let second = second.session().expect("a session cookie");
    assert_ne!(second, first);

    // A signed-in browser takes a registered seat under its account's name, creating and joining.
    let created = Client::cookie(&second).post(server, "/api/games", json!({ "variant": "kubuguza" })).await;
    assert_eq!(created.status, 201, "{}", created.body);
    assert_eq!(seat(&created.body), json!({ "name": "Amina", "registered": true }));
    let (_, other) = server.post("/api/games", json!({ "variant": "kubuguza", "name": "baraka" })).await;
    let id = other["game"]["id"].as_str().unwrap();
    let joined = Client::cookie(&first).post(server, &format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    assert_eq!(seat(&joined.body), json!({ "name": "Amina", "registered": true }));
    let (_, profile) = server.get("/api/players/amina").await;
    assert_eq!(profile["games"], 2, "{profile}");

    // CSRF: a cookie write from another site is refused, and one that does not say where it comes from
    // (no browser leaves `Origin` out of a write); from this origin it is not.
    let here = format!("http://{}", server.addr);
    let evil = Client::cookie(&second)
        .from("https://evil.example")
        .post(server, "/api/games", json!({ "variant": "kubuguza" }))
        .await;
    assert_eq!((evil.status, evil.code()), (403, "forbidden"), "{}", evil.body);
    assert!(evil.body["message"].as_str().unwrap().contains("evil.example"), "{}", evil.body);
    let own = Client::cookie(&second).from(&here).post(server, "/api/games", json!({ "variant": "kubuguza" })).await;
    assert_eq!(own.status, 201, "{}", own.body);
    let nowhere =
        Client::cookie(&second).without_origin().post(server, "/api/games", json!({ "variant": "kubuguza" })).await;
    assert_eq!((nowhere.status, nowhere.code()), (403, "forbidden"), "{}", nowhere.body);
    assert!(nowhere.body["message"].as_str().unwrap().contains("`Origin`"), "{}", nowhere.body);
    let evil =
        Client::cookie(&second).from("https://evil.example").post(server, "/api/account/signout", json!({})).await;
    assert_eq!(evil.status, 403, "no signing out from another site either");
    let evil = Client::default()
        .from("https://evil.example")
        .post(server, "/api/account/signin", json!({ "name": "amina", "password": "mango tree 42" }))
        .await;
    assert_eq!(evil.status, 403, "no signing in from another site");
    // A read is no write: GET with a foreign Origin is answered.
    assert_eq!(Client::cookie(&second).from("https://evil.example").get(server, "/api/account").await.status, 200);

    // Password change: the current password must be right; the new one must follow the rules.
    let change = |current: &str, new: &str| json!({ "current": current, "new": new });
    let bad = Client::cookie(&second).post(server, "/api/account/password", change("nope nope", "banana tree 7")).await;
    assert_eq!((bad.status, bad.code()), (403, "forbidden"), "{}", bad.body);
    let short = Client::cookie(&second).post(server, "/api/account/password", change("mango tree 42", "short")).await;
    assert_eq!(short.status, 400, "{}", short.body);
    let ok =
        Client::cookie(&second).post(server, "/api/account/password", change("mango tree 42", "banana tree 7")).await;
    assert_eq!(ok.status, 204, "{}", ok.body);
    // ... signs every other session out and keeps this one.
    assert_eq!(Client::cookie(&first).get(server, "/api/account").await.status, 401, "the other session ended");
    assert_eq!(Client::cookie(&second).get(server, "/api/account").await.status, 200, "this one goes on");
    assert_eq!(signin(server, "amina", "mango tree 42").await.status, 401, "the old password fails");
    let third = signin(server, "amina", "banana tree 7").await;
    assert_eq!(third.status, 200, "the new password works: {}", third.body);

    // Sign out: 204, the cookie is cleared, the session is over.
    let out = Client::cookie(&second).post(server, "/api/account/signout", json!({})).await;
    assert_eq!(out.status, 204);
    let cleared = out.headers[SET_COOKIE].to_str().unwrap();
    assert!(cleared.starts_with("mancala_session=;") && cleared.contains("Max-Age=0"), "{cleared}");
    assert_eq!(Client::cookie(&second).get(server, "/api/account").await.status, 401);
    let after = Client::cookie(&second).post(server, "/api/games", json!({ "variant": "kubuguza" })).await;
    assert_eq!(after.status, 201, "a signed-out browser is a guest again");
    assert_eq!(seat(&after.body)["registered"], false);
    db.close().await;
}

async fn api_tokens(server: &TestServer) {
    let up = guest().post(server, "/api/account/signup", json!({ "name": "Kwame", "password": "long enough" })).await;
    let browser = Client::cookie(&up.session().unwrap());
    // The terminal client signs in for a token (no cookie needed).
    let cli = guest()
        .post(
            server,
            "/api/account/signin",
            json!({ "name": "kwame", "password": "long enough", "token_label": "mancala-cli" }),
        )
        .await;
    assert_eq!(cli.status, 200, "{}", cli.body);
    assert!(cli.session().is_none(), "a token sign-in sets no cookie");
    let cli_token = cli.body["token"].as_str().unwrap().to_string();
    let me = Client::bearer(&cli_token).get(server, "/api/account").await;
    assert_eq!((me.status, me.body["name"].as_str()), (200, Some("Kwame")));

    // Created from the browser, listed without the secret, used as a bearer, revoked: 401.
    let made = browser.post(server, "/api/account/tokens", json!({ "label": "script" })).await;
    assert_eq!(made.status, 201, "{}", made.body);
    let (id, token) = (made.body["id"].as_str().unwrap().to_string(), made.body["token"].as_str().unwrap().to_string());
    assert_eq!(made.body["label"], "script");
    let list = browser.get(server, "/api/account/tokens").await;
    assert_eq!(list.status, 200);
    // Oldest first; two made in the same millisecond (a fast machine) may come in either order.
    let listed = list.body.as_array().unwrap();
    let mut labels: Vec<&str> = listed.iter().map(|t| t["label"].as_str().unwrap()).collect();
    let times: Vec<u64> = listed.iter().map(|t| t["created_at"].as_u64().unwrap()).collect();
    assert!(times.is_sorted(), "oldest first: {times:?}");
    if times[0] == times[1] {
        labels.sort();
    }
    assert_eq!(labels, ["mancala-cli", "script"]);
    assert!(!list.body.to_string().contains(&token), "the list never shows a token");
    let game = Client::bearer(&token).post(server, "/api/games", json!({ "variant": "azigo" })).await;
    assert_eq!(game.status, 201, "{}", game.body);
    assert_eq!(seat(&game.body), json!({ "name": "Kwame", "registered": true }));
    // A bearer request is exempt from the Origin check (a browser never sends a token by itself).
    let from_elsewhere = Client::bearer(&token)
        .from("https://elsewhere.example")
        .post(server, "/api/games", json!({ "variant": "azigo" }))
        .await;
    assert_eq!(from_elsewhere.status, 201, "{}", from_elsewhere.body);
    let revoke = browser.send(server, Method::DELETE, &format!("/api/account/tokens/{id}"), None).await;
    assert_eq!(revoke.status, 204, "{}", revoke.body);
    let revoked = Client::bearer(&token).get(server, "/api/account").await;
    assert_eq!((revoked.status, revoked.code()), (401, "bad_token"));
    let revoked = Client::bearer(&token).post(server, "/api/games", json!({ "variant": "azigo" })).await;
    assert_eq!(revoked.status, 401);
    let again = browser.send(server, Method::DELETE, &format!("/api/account/tokens/{id}"), None).await;
    assert_eq!(again.status, 404);
    // Another account cannot revoke Kwame's token.
    let other =
        guest().post(server, "/api/account/signup", json!({ "name": "zawadi", "password": "long enough" })).await;
    let cli_id = list.body[0]["id"].as_str().unwrap();
    let foreign = Client::cookie(&other.session().unwrap())
        .send(server, Method::DELETE, &format!("/api/account/tokens/{cli_id}"), None)
        .await;
    assert_eq!(foreign.status, 404);
    assert_eq!(Client::bearer(&cli_token).get(server, "/api/account").await.status, 200);
    // Signing out with a token revokes it (`mancala logout`).
    assert_eq!(Client::bearer(&cli_token).post(server, "/api/account/signout", json!({})).await.status, 204);
    assert_eq!(Client::bearer(&cli_token).get(server, "/api/account").await.status, 401);
    assert_eq!(browser.get(server, "/api/account/tokens").await.body, json!([]));

    // A token-only account (POST /api/players) works as before and has no password to sign in with.
    let (status, bot) = server.post("/api/players", json!({ "name": "scriptbot" })).await;
    assert_eq!(status, 201);
    let bot_token = bot["token"].as_str().unwrap();
    let me = Client::bearer(bot_token).get(server, "/api/account").await;
    assert_eq!((me.status, me.body["name"].as_str()), (200, Some("scriptbot")));
    let no = signin(server, "scriptbot", "anything at all").await;
    assert_eq!((no.status, no.body["message"].as_str()), (401, Some("wrong name or password")));
    let change = Client::bearer(bot_token)
        .post(server, "/api/account/password", json!({ "current": "x", "new": "long enough" }))
        .await;
    assert_eq!(change.status, 409, "{}", change.body);
}

async fn rules(server: &TestServer) {
    for (body, needle) in [
        (json!({ "name": "nia", "password": "short" }), "8 to 256"),
        (json!({ "name": "nia", "password": "x".repeat(257) }), "8 to 256"),
        (json!({ "name": "nia12345", "password": "NIA12345" }), "name"),
        (json!({ "name": "admin", "password": "long enough" }), "reserved"),
        (json!({ "name": "bad name", "password": "long enough" }), "`bad name`"),
        (json!({ "name": "nia", "password": "long enough", "extra": 1 }), "extra"),
    ] {
        let a = guest().post(server, "/api/account/signup", body.clone()).await;
        assert_eq!(a.status, 400, "{body}: {}", a.body);
        assert!(a.body["message"].as_str().unwrap().contains(needle), "{body}: {}", a.body);
    }
    let ok = guest().post(server, "/api/account/signup", json!({ "name": "nia", "password": "é".repeat(8) })).await;
    assert_eq!(ok.status, 201, "eight characters, not bytes: {}", ok.body);
    // Behind TLS (a proxy says so), the cookie is Secure.
    let r = server
        .http
        .post(server.url("/api/account/signin"))
        .header("x-forwarded-proto", "https")
        .json(&json!({ "name": "nia", "password": "é".repeat(8) }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert!(r.headers()[SET_COOKIE].to_str().unwrap().ends_with("; Secure"), "{:?}", r.headers());
}

#[tokio::test]
async fn accounts_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("accounts.db").display());
    let server = TestServer::start_in(config(&url), dir).await;
    sessions_and_passwords(&server).await;
    api_tokens(&server).await;
    rules(&server).await;
}

#[tokio::test]
async fn accounts_on_postgres() {
    let Some((base, url)) = fresh_db("accounts").await else { return };
    let server = TestServer::start_with(config(&url)).await;
    sessions_and_passwords(&server).await;
    api_tokens(&server).await;
    rules(&server).await;
    let _ = server.stop().await;
    drop_db(&base, &url).await;
}

#[tokio::test]
async fn password_checks_are_rate_limited_per_address() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("limits.db").display());
    let mut c = Config::with_database(&url);
    c.sign_ins_per_minute = 3;
    let server = TestServer::start_in(c, dir).await;
    let up =
        guest().post(&server, "/api/account/signup", json!({ "name": "amina", "password": "mango tree 42" })).await;
    assert_eq!(up.status, 201);
    for _ in 0..3 {
        assert_eq!(signin(&server, "amina", "guess guess").await.status, 401);
    }
    let limited = signin(&server, "amina", "mango tree 42").await;
    assert_eq!((limited.status, limited.code()), (429, "rate_limited"), "{}", limited.body);
    assert!(limited.headers["retry-after"].to_str().unwrap().parse::<u64>().unwrap() >= 1);
    assert!(limited.body["message"].as_str().unwrap().contains("at most 3 password checks a minute"));
    // The password change is a password check too.
    let change = Client::cookie(&up.session().unwrap())
        .post(&server, "/api/account/password", json!({ "current": "guess", "new": "guess guess" }))
        .await;
    assert_eq!(change.status, 429);
}
