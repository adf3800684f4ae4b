//! The restore drill (docs/operating.md, "Backups"): a backup taken while clients play games over
//! WebSockets, restored to a fresh database, passes `admin check` with no problem, and holds every game
//! and every decision acknowledged to a client before the backup began. SQLite with `admin backup`;
//! PostgreSQL with `pg_dump -Fc` / `pg_restore` when `TEST_DATABASE_URL` is set and the tools are
//! installed. And the runbook's PostgreSQL restore as written, with the compose deployment's scripts and
//! its only role.

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

/// Runs `script` of `deploy/production/` with `args`, as the compose deployment's backup container does,
/// but against the test's PostgreSQL (`host`, the role `mancala`) and the site's database `db`.
fn deploy_script(script: &str, args: &[&str], host: &str, db: &str, dir: &std::path::Path) -> std::process::Output {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../deploy/production/");
    let (host, port) = host.split_once(':').unwrap_or((host, "5432"));
    Command::new("sh")
        .arg(format!("{path}{script}"))
        .args(args)
        .env("PGHOST", host)
        .env("PGPORT", port)
        .env("PGUSER", "mancala")
        .env("MANCALA_DB", db)
        .env("BACKUP_DIR", dir)
        // No Pushgateway here: the backup says it could not tell it and still succeeds.
        .env("PUSHGATEWAY", "http://127.0.0.1:9")
        .output()
        .expect("sh runs")
}

fn said(out: &std::process::Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

/// docs/operating.md's PostgreSQL restore, as written, with the compose deployment's only role,
/// `mancala` (a superuser, as the image makes POSTGRES_USER; there is no `postgres` role there): the
/// nightly `backup.sh` names its dump, `restore.sh DUMP` restores it beside the site, `admin check` passes
/// on it, `restore.sh swap` refuses while a node uses the site's database and, the nodes stopped, makes the
/// restored database the one the nodes' `DATABASE_URL` names; a node started then has the backup's data.
#[tokio::test]
async fn the_runbooks_postgresql_restore_works_with_the_sites_own_role() {
    if Command::new("pg_restore").arg("--version").output().is_err() {
        common::skip("PostgreSQL's tools are not installed: skipping the runbook's restore");
        return;
    }
    let Ok(base) = std::env::var("TEST_DATABASE_URL") else {
        common::skip("TEST_DATABASE_URL is not set: skipping the runbook's restore");
        return;
    };
    sqlx::any::install_default_drivers();
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&base).await.unwrap();
    let role = "DO $$ BEGIN CREATE ROLE mancala LOGIN SUPERUSER; EXCEPTION WHEN duplicate_object THEN NULL; END $$";
    sqlx::raw_sql(role).execute(&mut conn).await.expect("the role `mancala`");
    // The site's database, owned by `mancala` as in the compose deployment.
    let db = format!("mancala_runbook_{}", std::process::id());
    for sql in [format!("DROP DATABASE IF EXISTS {db}"), format!("CREATE DATABASE {db} OWNER mancala")] {
        sqlx::raw_sql(sqlx::AssertSqlSafe(sql)).execute(&mut conn).await.unwrap();
    }
    let authority = base.split_once('@').and_then(|(_, r)| r.split('/').next()).expect("a URL with a host");
    let site = format!("postgres://mancala@{authority}/{db}");
    let host = authority.to_string();
    let server = TestServer::start_with(Config::with_database(&site)).await;
    account(&server, "before").await;

    let dir = tempfile::tempdir().unwrap();
    let out = deploy_script("backup.sh", &["now"], &host, &db, dir.path());
    assert!(out.status.success(), "backup.sh now: {}", said(&out));
    let dumps: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    let named = regex::Regex::new(r"^mancala-\d{4}-\d{2}-\d{2}T\d{4}\.dump$").unwrap();
    assert!(dumps.len() == 1 && named.is_match(&dumps[0]), "the dumps: {dumps:?}");
    let dump = dir.path().join(&dumps[0]);
    account(&server, "after").await;

    let out = deploy_script("restore.sh", &[dump.to_str().unwrap()], &host, &db, dir.path());
    assert!(out.status.success(), "restore.sh DUMP: {}", said(&out));
    let restored = format!("{site}_restored");
    let check = admin(&restored, &["check"]);
    assert_eq!(check.status.code(), Some(0), "{}", said(&check));
    let again = deploy_script("restore.sh", &[dump.to_str().unwrap()], &host, &db, dir.path());
    assert_eq!(again.status.code(), Some(2), "a second restore over the first: {}", said(&again));

    let refused = deploy_script("restore.sh", &["swap"], &host, &db, dir.path());
    assert_eq!(refused.status.code(), Some(1), "a swap under a running node: {}", said(&refused));
    assert!(said(&refused).contains("stop the nodes first"), "{}", said(&refused));
    server.stop().await;
    let swapped = deploy_script("restore.sh", &["swap"], &host, &db, dir.path());
    assert!(swapped.status.success(), "restore.sh swap: {}", said(&swapped));

    let server = TestServer::start_with(Config::with_database(&site)).await;
    assert_eq!(server.get("/api/players/before").await.0, 200, "the backup's account");
    assert_eq!(server.get("/api/players/after").await.0, 404, "an account made after the backup");
    server.stop().await;
    let kept = sqlx::query_scalar::<_, String>("SELECT datname::text FROM pg_database WHERE datname LIKE $1")
        .bind(format!("{db}%"))
        .fetch_all(&mut conn)
        .await
        .unwrap();
    assert_eq!(kept.len(), 2, "the site's database and the one it replaced: {kept:?}");
    for name in kept {
        drop_db(&base, &format!("postgres://mancala@{authority}/{name}")).await;
    }
}
