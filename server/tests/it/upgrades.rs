//! Upgrades (docs/operating.md, "Upgrades"): migrations go forward only and apply from every earlier
//! schema, keeping the data written under it; a server refuses, with a message that says why, a database
//! that a newer server has migrated.

use crate::common;

use common::TestServer;
use futures_util::stream::{self, StreamExt};
use mancala_server::store::Store;
use std::process::Command;

/// The migration files, in order.
fn migrations() -> Vec<std::path::PathBuf> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../migrations");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sql"))
        .collect();
    files.sort();
    files
}

/// A SQLite database at the schema of the first `k` migrations, holding an account and a finished game
/// of one decision written with the columns of the first schema (every later one keeps them).
async fn database_at(url: &str, k: usize) {
    let dir = tempfile::tempdir().unwrap();
    for file in &migrations()[..k] {
        std::fs::copy(file, dir.path().join(file.file_name().unwrap())).unwrap();
    }
    sqlx::any::install_default_drivers();
    let url = if url.starts_with("sqlite:") { format!("{url}?mode=rwc") } else { url.to_string() };
    let pool = sqlx::AnyPool::connect(&url).await.expect("connect");
    sqlx::migrate::Migrator::new(dir.path()).await.unwrap().run(&pool).await.expect("the first migrations");
    for statement in [
        "INSERT INTO players (name, token_hash, created_at) VALUES ('amani', 'hash-of-amani', 1)",
        "INSERT INTO games (id, variant, options, status, south_name, south_registered, south_token_hash, north_name, \
         north_token_hash, auto_forced, plies, winner, reason, created_at, updated_at) \
         VALUES ('gOldGame01', 'kubuguza', '{}', 'finished', 'amani', 1, 'seat-hash-s', 'baraka', 'seat-hash-n', 1, 0, \
         'north', 'resignation', 10, 20)",
    ] {
        sqlx::query(statement).execute(&pool).await.unwrap_or_else(|e| panic!("at migration {k}: {statement}: {e}"));
    }
    pool.close().await;
}

/// The database at `url`, made at the schema of the first `k` migrations, migrates to the newest keeping
/// its account and game, and `admin check` finds it sound.
async fn migrates_from(url: &str, k: usize) {
    database_at(url, k).await;
    let (store, writer) = Store::connect(url).await.unwrap_or_else(|e| panic!("from migration {k}: {e}"));
    let name = "amani".parse().unwrap();
    assert!(store.player_by_name(&name).await.unwrap().is_some(), "from migration {k}: the account is gone");
    let game = store.game_row("gOldGame01").await.unwrap().unwrap_or_else(|| panic!("from {k}: no game"));
    assert_eq!((game.status.as_str(), game.winner.as_deref()), ("finished", Some("north")), "from {k}");
    store.close_reads().await;
    drop(store);
    writer.finish().await;
    // A server runs on it, and `admin check` finds the old game sound.
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_mancala-server"))
        .args(["admin", "--database-url", url, "check"])
        .env_remove("DATABASE_URL")
        .output()
        .await
        .unwrap();
    assert!(
        out.status.success(),
        "from {k}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Each earlier schema is its own database, so they are upgraded side by side: the work is the database's
/// and `admin check`'s process, and one at a time a whole test's minute and a half went in waiting.
const SIDE_BY_SIDE: usize = 4;

#[tokio::test]
async fn every_earlier_schema_migrates_to_the_newest_with_its_data() {
    stream::iter(1..migrations().len())
        .for_each_concurrent(SIDE_BY_SIDE, |k| async move {
            let dir = tempfile::tempdir().unwrap();
            migrates_from(&format!("sqlite://{}", dir.path().join("old.db").display()), k).await;
        })
        .await;
}

/// The same on PostgreSQL, which production runs on: one fresh database per earlier schema.
#[tokio::test]
async fn every_earlier_schema_migrates_to_the_newest_on_postgres() {
    let Some((base, probe)) = common::fresh_db("upgrade0").await else { return };
    common::drop_db(&base, &probe).await;
    stream::iter(1..migrations().len())
        .for_each_concurrent(SIDE_BY_SIDE, |k| async move {
            let (base, url) = common::fresh_db(&format!("upgrade{k}")).await.expect("PostgreSQL answered the probe");
            migrates_from(&url, k).await;
            common::drop_db(&base, &url).await;
        })
        .await;
}

#[tokio::test]
async fn a_database_of_a_newer_server_is_refused_with_a_plain_message() {
    let server = TestServer::start().await;
    let (url, _dir) = server.stop().await;
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (9999, 'from a newer server', 1, X'00', 0)",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
    let err = Store::connect(&url).await.expect_err("a newer schema is refused");
    let message = err.to_string();
    assert!(message.contains("migration 9999, newer than this server's newest"), "{message}");
    // The server itself exits with that message, before it listens.
    let out = Command::new(env!("CARGO_BIN_EXE_mancala-server"))
        .args(["--database-url", &url, "--addr", "127.0.0.1:0"])
        .env_remove("DATABASE_URL")
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("newer than this server's newest"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = Command::new(env!("CARGO_BIN_EXE_mancala-server"))
        .args(["admin", "--database-url", &url, "stats"])
        .env_remove("DATABASE_URL")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("a newer mancala-server upgraded it"));
}

/// Puzzles stored before the `defence` theme existed: a defence gets it last, whatever it had, and a
/// capture keeps its themes; the migration runs on a database at the schema before it.
async fn defences_get_their_theme(url: &str) {
    let before = migrations().iter().position(|f| f.ends_with("0027_defence_theme.sql")).expect("the migration");
    database_at(url, before).await;
    let pool = sqlx::AnyPool::connect(url).await.unwrap();
    for (id, goal, themes) in [
        ("00000000000000a1", r#"{"kind":"hold"}"#, "[]"),
        ("00000000000000a2", r#"{"kind":"hold"}"#, r#"["endgame"]"#),
        ("00000000000000a3", r#"{"kind":"capture","counters":4}"#, r#"["relay_capture"]"#),
    ] {
        sqlx::query(
            "INSERT INTO puzzles (id, game, variant, options, position, solution, goal, themes, source, rating_e9, \
             deviation_e9, volatility_e9, added_at) VALUES ($1, 'kubuguza', 'kubuguza', '{}', '', '[]', $2, $3, '{}', \
             1500000000000, 500000000000, 90000000, 1)",
        )
        .bind(id)
        .bind(goal)
        .bind(themes)
        .execute(&pool)
        .await
        .unwrap();
    }
    pool.close().await;
    let (store, writer) = Store::connect(url).await.unwrap();
    store.close_reads().await;
    drop(store);
    writer.finish().await;
    let pool = sqlx::AnyPool::connect(url).await.unwrap();
    let rows = sqlx::query("SELECT id, themes FROM puzzles ORDER BY id").fetch_all(&pool).await.unwrap();
    let themes: Vec<(String, String)> =
        rows.iter().map(|r| (sqlx::Row::get(r, "id"), sqlx::Row::get(r, "themes"))).collect();
    let want = [
        ("00000000000000a1", r#"["defence"]"#),
        ("00000000000000a2", r#"["endgame","defence"]"#),
        ("00000000000000a3", r#"["relay_capture"]"#),
    ];
    assert_eq!(themes, want.map(|(id, t)| (id.to_string(), t.to_string())));
    pool.close().await;
}

#[tokio::test]
async fn stored_defences_get_the_defence_theme() {
    let dir = tempfile::tempdir().unwrap();
    defences_get_their_theme(&format!("sqlite://{}", dir.path().join("old.db").display())).await;
    let Some((base, url)) = common::fresh_db("upgradedefence").await else { return };
    defences_get_their_theme(&url).await;
    common::drop_db(&base, &url).await;
}
