//! Migration 0002 (case-insensitive names) on a database of the schema before it, holding what that schema
//! allowed: case variants of one name, an account named `anonymous`, one named `.`. The server applies the
//! migration on start; the earliest spelling keeps its account, the others are released (their seats
//! become guest seats, their tokens stop working). On SQLite, and on PostgreSQL when `TEST_DATABASE_URL`
//! is set.

use crate::common;

use common::process::Process;
use common::{TestServer, drop_db, fresh_db};
use mancala_server::config::Config;
use mancala_server::ids::token_hash;
use reqwest::StatusCode;
use serde_json::json;

/// A database at migration 0001 with old data.
async fn old_database(url: &str) {
    sqlx::any::install_default_drivers();
    let dir = tempfile::tempdir().unwrap();
    let first = concat!(env!("CARGO_MANIFEST_DIR"), "/../migrations/0001_init.sql");
    std::fs::copy(first, dir.path().join("0001_init.sql")).unwrap();
    let url = if url.starts_with("sqlite:") { format!("{url}?mode=rwc") } else { url.to_string() };
    let pool = sqlx::AnyPool::connect(&url).await.expect("connect");
    sqlx::migrate::Migrator::new(dir.path()).await.unwrap().run(&pool).await.expect("0001");
    for (name, created_at) in [("amina", 1), ("AMINA", 2), ("Amina", 3), ("anonymous", 1), (".", 1), ("kwame", 5)] {
        sqlx::query("INSERT INTO players (name, token_hash, created_at) VALUES ($1, $2, $3)")
            .bind(name)
            .bind(token_hash(&format!("token-of-{name}")).to_string())
            .bind(created_at as i64)
            .execute(&pool)
            .await
            .unwrap();
    }
    for (id, name, code) in [
        ("gAMINAgame", "AMINA", "AAAAAAA2"),
        ("gaminagame", "amina", "AAAAAAA3"),
        ("ganonymous", "anonymous", "AAAAAAA4"),
    ] {
        sqlx::query(
            "INSERT INTO games (id, variant, options, status, south_name, south_registered, south_token_hash, \
             invite_code, auto_forced, plies, created_at, updated_at) \
             VALUES ($1, 'kubuguza', '{}', 'waiting', $2, 1, $3, $4, 1, 0, 10, 10)",
        )
        .bind(id)
        .bind(name)
        .bind(format!("seat-{id}"))
        .bind(code)
        .execute(&pool)
        .await
        .unwrap();
    }
    pool.close().await;
}

/// `games`: how many games the kept account has (each check creates one).
async fn check(server: &TestServer, games: u64) {
    // The earliest spelling keeps the account; lookups in any case find it.
    for spelling in ["amina", "AMINA", "Amina"] {
        let (status, profile) = server.get(&format!("/api/players/{spelling}")).await;
        assert_eq!(status, 200, "{profile}");
        assert_eq!(profile["name"], "amina");
        assert_eq!(profile["games"], games, "only the account's own games count: {profile}");
    }
    let (status, _) = server.get("/api/players/anonymous").await;
    assert_eq!(status, 404);
    let (status, _) = server.get("/api/players/kwame").await;
    assert_eq!(status, 200);
    // Released seats are guest seats under the same spelling.
    let (_, game) = server.get("/api/games/gAMINAgame").await;
    assert_eq!(game["game"]["players"]["south"], json!({ "name": "AMINA", "registered": false }), "{game}");
    let (_, game) = server.get("/api/games/ganonymous").await;
    assert_eq!(game["game"]["players"]["south"], json!({ "name": "anonymous", "registered": false }), "{game}");
    let (_, game) = server.get("/api/games/gaminagame").await;
    assert_eq!(game["game"]["players"]["south"], json!({ "name": "amina", "registered": true }), "{game}");
    // A released account's token is refused; the kept one works.
    let create = |token: &str| {
        server.http.post(server.url("/api/games")).bearer_auth(token).json(&json!({ "variant": "kubuguza" })).send()
    };
    assert_eq!(create("token-of-AMINA").await.unwrap().status(), StatusCode::UNAUTHORIZED);
    assert_eq!(create("token-of-anonymous").await.unwrap().status(), StatusCode::UNAUTHORIZED);
    assert_eq!(create("token-of-amina").await.unwrap().status(), StatusCode::CREATED);
    // The unique index holds: no new case variant, and nameless guests work again.
    let (status, _) = server.post("/api/players", json!({ "name": "AmInA" })).await;
    assert_eq!(status, 409);
    let (status, body) = server.post("/api/games", json!({ "variant": "kubuguza" })).await;
    assert_eq!(status, 201, "{body}");
}

#[tokio::test]
async fn names_are_made_case_insensitive_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("old.db").display());
    old_database(&url).await;
    // The real binary, for its log: it names the accounts it released.
    let process = Process::start(&url, &[]).await;
    check(&TestServer::attach(process.addr, &url), 1).await;
    process.signal("-TERM");
    let (status, log) = process.exited(std::time::Duration::from_secs(20)).await;
    assert!(status.success(), "{log}");
    let line = log.lines().find(|l| l.contains("migration 0002")).unwrap_or_else(|| panic!("no log line: {log}"));
    assert!(line.contains("WARN"), "{line}");
    for name in ["\"AMINA\"", "\"Amina\"", "\"anonymous\"", "\".\""] {
        assert!(line.contains(name), "{name} not in {line}");
    }
    assert!(!line.contains("\"amina\""), "the kept account is not released: {line}");
    // A restart finds the migration applied and nothing to release.
    let server = TestServer::start_in(Config::with_database(&url), dir).await;
    check(&server, 2).await;
}

#[tokio::test]
async fn names_are_made_case_insensitive_on_postgres() {
    let Some((base, url)) = fresh_db("names").await else { return };
    old_database(&url).await;
    let server = TestServer::start_with(Config::with_database(&url)).await;
    check(&server, 1).await;
    let _ = server.stop().await;
    drop_db(&base, &url).await;
}
