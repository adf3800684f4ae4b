//! The database goes away in the middle of a game and comes back: decisions are refused with
//! `unavailable` and the reason, `/healthz` says `degraded` (503), nothing acknowledged is lost, and the
//! server recovers by itself, without a restart.
//!
//! PostgreSQL (with `TEST_DATABASE_URL`): the test's own database stops taking connections and its
//! sessions are killed (`ALLOW_CONNECTIONS false` + `pg_terminate_backend`), which is what a stopped or
//! restarting database looks like to the server, without stopping the server other tests share.
//! SQLite: the database lives on a 2 MB tmpfs that a filler file fills up (a real "disk full"); the test
//! says so and passes where it may not mount one.

use crate::common;

use common::driver::{Table, accepted};
use common::{Seat, TestServer, drop_db, fresh_db};
use mancala_protocol::{ErrorCode, ServerMsg};
use mancala_server::config::Config;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

async fn admin(base: &str, sql: String) {
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(base).await.expect("connect");
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql)).execute(&mut conn).await.expect("admin statement");
}

/// Takes the test's database away (or gives it back).
async fn database_away(base: &str, url: &str, away: bool) {
    let name = url.rsplit_once('/').unwrap().1;
    admin(base, format!("ALTER DATABASE {name} ALLOW_CONNECTIONS {}", !away)).await;
    if away {
        admin(base, format!("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'")).await;
    }
}

/// The seat to move and its first legal decision.
fn next_decision(t: &Table) -> (Seat, String) {
    let seat = t.mover().expect("a mover");
    (seat, t.views[seat].legal[0].clone())
}

/// The code and reason of a refused decision (any other answer fails the test).
fn refusal(answer: &ServerMsg) -> (ErrorCode, &str) {
    match answer {
        ServerMsg::Rejected { code, reason, .. } => (*code, reason.as_str()),
        other => panic!("not refused: {other:?}"),
    }
}

async fn healthz(server: &TestServer) -> (u16, Value) {
    server.get("/healthz").await
}

/// Polls `/healthz` until it answers 200 (the server healed by itself), or fails after `within`.
async fn wait_healthy(server: &TestServer, within: Duration) {
    let start = Instant::now();
    loop {
        let (status, body) = healthz(server).await;
        if status == 200 {
            return;
        }
        assert!(start.elapsed() < within, "still unhealthy after {within:?}: {status} {body}");
        crate::common::poll::tick().await;
    }
}

/// The plies the history API has for a game.
async fn stored_plies(server: &TestServer, id: &str) -> u64 {
    let (status, game) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{game}");
    game["record"].as_array().map(|m| m.len() as u64).unwrap_or_else(|| panic!("no record in {game}"))
}

#[tokio::test]
async fn a_postgres_outage_refuses_decisions_and_heals_by_itself() {
    let Some((base, url)) = fresh_db("outage").await else { return };
    let server = TestServer::start_with(Config::with_database(&url)).await;
    let (id, south, north) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut t = Table::open(&server, &id, &south, &north).await;
    let mut seed = 11;
    t.play_random(&mut seed, 6).await;
    let (before, v_before) = (stored_plies(&server, &id).await, t.versions.spectator);

    database_away(&base, &url, true).await;
    let (status, body) = healthz(&server).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["error"], "degraded", "{body}");
    let (i, decision) = next_decision(&t);
    let answer = t.decide(i, &decision).await;
    let (code, reason) = refusal(&answer);
    assert_eq!(code, ErrorCode::Unavailable, "{answer:?}");
    assert!(reason.contains("the database is unavailable"), "{answer:?}");
    // Reads say the same rather than a 500.
    let (status, body) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 503, "{body}");

    database_away(&base, &url, false).await;
    wait_healthy(&server, Duration::from_secs(20)).await;
    let answer = t.decide(i, &decision).await;
    assert!(accepted(&answer), "the same decision once the database is back: {answer:?}");
    // One event per ply: the decision and any forced plies it brought, each stored once.
    let plies = t.versions.spectator - v_before;
    assert!(plies >= 1);
    assert_eq!(stored_plies(&server, &id).await, before + plies, "every acknowledged decision, and no other");
    t.play_random(&mut seed, 10_000).await;
    assert!(t.over());
    drop(t);
    let _ = server.stop().await;
    drop_db(&base, &url).await;
}

/// A tmpfs of `size` at `dir`, unmounted on drop.
struct Tmpfs(std::path::PathBuf);

impl Tmpfs {
    fn mount(dir: &std::path::Path, size: &str) -> Option<Tmpfs> {
        std::fs::create_dir_all(dir).ok()?;
        let ok = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        ok.then(|| Tmpfs(dir.to_path_buf()))
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

/// Copies the WAL of the SQLite database at `url` back and truncates it to nothing (asked again while a
/// commit of the server holds it; at most 10 s).
async fn truncate_wal(url: &str) {
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(url).await.expect("the database");
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (busy, log, _): (i32, i32, i32) =
            sqlx::query_as("PRAGMA wal_checkpoint(TRUNCATE)").fetch_one(&mut conn).await.expect("a checkpoint");
        if busy == 0 && log == 0 {
            return;
        }
        assert!(Instant::now() < deadline, "the WAL was never truncated ({log} frames)");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Writes zeros to `path` until the file system is full.
fn fill(path: &std::path::Path) {
    use std::io::Write;
    let mut f = std::fs::File::create(path).expect("filler");
    let block = vec![0u8; 4096];
    while f.write_all(&block).is_ok() {}
    let _ = f.sync_all();
}

#[tokio::test]
async fn a_full_disk_refuses_decisions_clearly_and_heals_when_space_returns() {
    let dir = tempfile::tempdir().unwrap();
    let mnt = dir.path().join("disk");
    // Room for a fresh database and its write-ahead log (1.6 MB with the imported starter puzzles), and
    // for the rest of the game once the filler is gone: the filler takes whatever is left either way.
    let Some(disk) = Tmpfs::mount(&mnt, "8m") else {
        crate::common::skip("cannot mount a tmpfs here (not root?): skipping the full-disk test");
        return;
    };
    let url = format!("sqlite://{}", mnt.join("test.db").display());
    let server = TestServer::start_with(Config::with_database(&url)).await;
    let (id, south, north) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut t = Table::open(&server, &id, &south, &north).await;
    let mut seed = 12;
    let mut played = t.play_random(&mut seed, 4).await as u64;

    // The WAL file keeps its size once copied back and is written again from its start, so a game's
    // commits fit in what the start-up's writes (the puzzles' import) left there and the disk is never
    // asked for more: it is emptied first, so the next commits need new space.
    truncate_wal(&url).await;
    let filler = mnt.join("filler");
    fill(&filler);
    // The WAL may still hold a few free pages: decisions go through until the disk refuses one.
    // A decision may bring forced plies with it, so the record is read before each try: a refused one
    // must leave it exactly as it was.
    let (answer, decision, i, before) = loop {
        let before = stored_plies(&server, &id).await;
        let (i, decision) = next_decision(&t);
        let answer = t.decide(i, &decision).await;
        if !accepted(&answer) {
            break (answer, decision, i, before);
        }
        played += 1;
        assert!(played < 200, "the disk never filled up");
    };
    let (code, reason) = refusal(&answer);
    assert_eq!(code, ErrorCode::Unavailable, "{answer:?}");
    assert!(
        reason.contains("database is unavailable") && reason.contains("full"),
        "the reason says the disk is full: {reason}"
    );
    eprintln!("full disk after {played} decisions: {reason}");
    // The connection and the game survive; reads still work.
    assert_eq!(stored_plies(&server, &id).await, before, "the refused decision stored nothing");

    std::fs::remove_file(&filler).unwrap();
    let answer = t.decide(i, &decision).await;
    assert!(accepted(&answer), "the same decision once there is space: {answer:?}");
    t.play_random(&mut seed, 10_000).await;
    assert!(t.over());
    let total = stored_plies(&server, &id).await;
    drop(t);
    let (url, _) = server.stop().await;
    let server = TestServer::start_with(Config::with_database(&url)).await;
    assert_eq!(stored_plies(&server, &id).await, total, "all of it is there after a restart");
    let _ = server.stop().await;
    drop(disk);
}
