//! The restore drill (docs/operating.md, "Backups"): a backup taken while clients play games over
//! WebSockets, restored to a fresh database, passes `admin check` with no problem, and holds every game
//! and every decision acknowledged to a client before the backup began. SQLite with `admin backup`;
//! PostgreSQL with `pg_dump -Fc` / `pg_restore` when `TEST_DATABASE_URL` is set and the tools are
//! installed.

use crate::admin_check::played_game;
use crate::common;

use common::driver::Table;
use common::{TestServer, account, drop_db, fresh_db};
use mancala_server::config::Config;
use serde_json::json;
use sqlx::Row;
use std::collections::HashMap;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What the clients were told: per game, the decisions accepted and whether they saw its end.
type Acked = Arc<Mutex<HashMap<String, (usize, bool)>>>;

/// Plays games one after the other at a table of two guests until `stop`, noting every acknowledgement.
async fn guest_table(server: Arc<TestServer>, seed: u64, acked: Acked, stop: Arc<AtomicBool>) {
    let mut seed = seed;
    while !stop.load(Ordering::Relaxed) {
        let (id, south, north) = server.new_game(json!({ "variant": "kubuguza", "name": "amina" })).await;
        let mut table = Table::open(&server, &id, &south, &north).await;
        let mut decisions = 0;
        while !table.over() {
            decisions += table.play_random(&mut seed, 1).await;
            acked.lock().unwrap().insert(id.clone(), (decisions, table.over()));
            if stop.load(Ordering::Relaxed) {
                return;
            }
        }
    }
}

/// Rated games between two accounts until `stop`, each noted once over.
async fn rated_table(server: Arc<TestServer>, acked: Acked, stop: Arc<AtomicBool>) {
    let (a, b) = (account(&server, "amani").await, account(&server, "zawadi").await);
    let mut seed = 3;
    while !stop.load(Ordering::Relaxed) {
        seed += 1;
        let id = played_game(&server, &a, &b, true, seed).await;
        acked.lock().unwrap().insert(id, (0, true));
    }
}

/// Runs the clients against `server` until `backup` (called once at least three games are over) returns;
/// returns what was acknowledged before the backup began.
async fn play_during(
    server: TestServer,
    backup: impl FnOnce() -> std::process::Output + Send + 'static,
) -> HashMap<String, (usize, bool)> {
    let server = Arc::new(server);
    let acked: Acked = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let mut tasks = vec![tokio::spawn(rated_table(server.clone(), acked.clone(), stop.clone()))];
    for seed in 1..=4 {
        tasks.push(tokio::spawn(guest_table(server.clone(), seed * 7919, acked.clone(), stop.clone())));
    }
    while acked.lock().unwrap().values().filter(|(_, over)| *over).count() < 3 {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let before = acked.lock().unwrap().clone();
    let out = tokio::task::spawn_blocking(backup).await.unwrap();
    assert!(out.status.success(), "backup: {}", String::from_utf8_lossy(&out.stderr));
    // The games went on during the backup.
    let during = acked.lock().unwrap().len();
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        t.await.unwrap();
    }
    assert!(during >= before.len());
    before
}

fn admin(database_url: &str, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mancala-server"))
        .arg("admin")
        .args(["--database-url", database_url])
        .args(args)
        .env_remove("DATABASE_URL")
        .output()
        .expect("mancala-server runs")
}

/// `admin check` finds nothing in the restored database, and every acknowledged game is in it with its
/// acknowledged decisions (and finished when its end was seen).
async fn verify(restored: &str, acked: &HashMap<String, (usize, bool)>) {
    let out = admin(restored, &["check"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("no problem found"), "{stdout}");
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(restored).await.expect("connect to the restored database");
    for (id, (decisions, over)) in acked {
        let row = sqlx::query("SELECT status, plies FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&pool)
            .await
            .unwrap()
            .unwrap_or_else(|| panic!("game {id} acknowledged before the backup is not in it"));
        let (status, plies): (String, i64) = (row.get(0), row.get::<i64, _>(1));
        assert!(plies as usize >= *decisions, "game {id}: {decisions} decisions acknowledged, {plies} restored");
        if *over {
            assert_eq!(status, "finished", "game {id} ended before the backup");
        }
    }
    pool.close().await;
    let decisions: usize = acked.values().map(|(d, _)| d).sum();
    let over = acked.values().filter(|(_, o)| *o).count();
    // The drill's figures, for RELIABILITY.md (`--nocapture`).
    eprintln!(
        "restore drill ({}): {} games ({over} finished, {decisions} decisions) acknowledged before the backup, all in the \
         restore",
        if restored.starts_with("sqlite") { "SQLite" } else { "PostgreSQL" },
        acked.len()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sqlite_backup_taken_during_play_restores_and_checks_clean() {
    let server = TestServer::start().await;
    let live = server.database_url.clone();
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("backup.db");
    let path = copy.to_str().unwrap().to_string();
    let acked = play_during(server, move || admin(&live, &["backup", &path])).await;
    // Restoring a SQLite backup is putting the file where the new database goes.
    let restored = dir.path().join("restored.db");
    std::fs::copy(&copy, &restored).unwrap();
    verify(&format!("sqlite://{}", restored.display()), &acked).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pg_dump_taken_during_play_restores_and_checks_clean() {
    if Command::new("pg_dump").arg("--version").output().is_err() {
        common::skip("pg_dump is not installed: skipping the PostgreSQL restore drill");
        return;
    }
    let Some((base, live)) = fresh_db("drill_live").await else { return };
    let Some((_, restored)) = fresh_db("drill_restored").await else { return };
    let server = TestServer::start_with(Config::with_database(&live)).await;
    let dir = tempfile::tempdir().unwrap();
    let dump = dir.path().join("backup.dump");
    let path = dump.to_str().unwrap().to_string();
    let from = live.clone();
    let acked = play_during(server, move || {
        Command::new("pg_dump").args(["-Fc", "--file", &path, &from]).output().expect("pg_dump runs")
    })
    .await;
    let out = Command::new("pg_restore")
        .args(["--no-owner", "--dbname", &restored, dump.to_str().unwrap()])
        .output()
        .expect("pg_restore runs");
    assert!(out.status.success(), "pg_restore: {}", String::from_utf8_lossy(&out.stderr));
    verify(&restored, &acked).await;
    drop_db(&base, &live).await;
    drop_db(&base, &restored).await;
}
