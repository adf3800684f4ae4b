//! `mancala-server admin …` as an operator runs it: the built binary, against a database a server made.

use crate::common;

use common::{TestServer, account};
use serde_json::json;
use std::process::Command;

fn admin(database_url: &str, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mancala-server"))
        .arg("admin")
        .args(["--database-url", database_url])
        .args(args)
        .env_remove("DATABASE_URL")
        .output()
        .expect("mancala-server runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[tokio::test]
async fn stats_counts_accounts_and_games() {
    let server = TestServer::start().await;
    account(&server, "amani").await;
    server.new_game(json!({ "variant": "kubuguza", "name": "zawadi" })).await;
    let out = admin(&server.database_url, &["stats"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("accounts: 1"), "{stdout}");
    assert!(stdout.contains("kubuguza: 1"), "{stdout}");
    assert!(stdout.contains("database size: "), "{stdout}");
    let json = admin(&server.database_url, &["stats", "--json"]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(value["accounts"], 1);
    assert_eq!(value["games_by_variant"]["kubuguza"], 1);
}

#[test]
fn a_bad_command_or_argument_exits_2_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("a.db").display());
    let out = admin(&url, &["no-such-command"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no-such-command"), "{}", text(&out.stderr));
    let out = admin(&url, &["stats", "--bogus"]);
    assert_eq!(out.status.code(), Some(2));
    let out = admin("mysql://nowhere", &["stats"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("unsupported database URL"), "{}", text(&out.stderr));
    let help = admin(&url, &["--help"]);
    assert!(help.status.success());
    assert!(text(&help.stdout).contains("stats"), "{}", text(&help.stdout));
}

#[tokio::test]
async fn backup_writes_a_new_database_and_never_overwrites() {
    let server = TestServer::start().await;
    account(&server, "amani").await;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("copy.db");
    let target = path.to_str().unwrap();
    let out = admin(&server.database_url, &["backup", target]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("backup written to"), "{}", text(&out.stdout));
    // The copy is a database of its own, with what the server had stored.
    let copy = format!("sqlite://{}", path.display());
    let stats = admin(&copy, &["stats", "--json"]);
    let value: serde_json::Value = serde_json::from_slice(&stats.stdout).expect("JSON");
    assert_eq!(value["accounts"], 1);
    let before = std::fs::read(&path).unwrap();
    let again = admin(&server.database_url, &["backup", target]);
    assert_eq!(again.status.code(), Some(2));
    assert!(text(&again.stderr).contains("already exists"), "{}", text(&again.stderr));
    assert_eq!(std::fs::read(&path).unwrap(), before, "the existing file was touched");
    let nowhere = dir.path().join("no-such-dir").join("copy.db");
    let out = admin(&server.database_url, &["backup", nowhere.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("does not exist"), "{}", text(&out.stderr));
    assert_eq!(admin(&server.database_url, &["backup"]).status.code(), Some(2));
    let help = admin(&server.database_url, &["backup", "--help"]);
    assert!(help.status.success() && text(&help.stdout).contains("never overwrites"), "{}", text(&help.stdout));
}

#[tokio::test]
async fn backup_of_postgresql_names_pg_dump() {
    let Some((base, url)) = common::fresh_db("admin_backup").await else { return };
    let out = admin(&url, &["backup", "/tmp/never-written.db"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("pg_dump -Fc"), "{}", text(&out.stderr));
    assert!(!std::path::Path::new("/tmp/never-written.db").exists());
    common::drop_db(&base, &url).await;
}

#[tokio::test]
async fn tournament_cancel_finishes_it_for_every_watcher() {
    let server = TestServer::start().await;
    let url = server.database_url.clone();
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    let id = mancala_server::ids::GameId::random().as_str().to_string();
    let starts =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64 + 3_600_000;
    sqlx::query(
        "INSERT INTO tournaments (id, name, kind, variants, clock_base_secs, clock_increment_secs, rated, bots, \
         starts_at, minutes, status, created_at) \
         VALUES ($2, 'Spam arena', 'arena', 'kubuguza', 180, 2, 0, 0, $1, 30, 'upcoming', 1)",
    )
    .bind(starts)
    .bind(&id)
    .execute(&pool)
    .await
    .unwrap();
    let (status, before) = server.get(&format!("/api/tournaments/{id}")).await;
    assert_eq!(status, 200, "{before}");
    let out = admin(&url, &["tournament", "cancel", &id]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Spam arena"), "{}", text(&out.stdout));
    let row = sqlx::query("SELECT status, version, finished_at FROM tournaments WHERE id = $1")
        .bind(&id)
        .fetch_one(&pool)
        .await
        .unwrap();
    use sqlx::Row;
    assert_eq!(row.get::<String, _>(0), "finished");
    assert!(row.get::<i64, _>(1) > 1, "the version moved, so every node's watchers read it again");
    assert!(row.get::<Option<i64>, _>(2).is_some());
    let (_, after) = server.get(&format!("/api/tournaments/{id}")).await;
    assert_eq!(after["status"], "finished", "{after}");
    let again = admin(&url, &["tournament", "cancel", &id]);
    assert_eq!(again.status.code(), Some(2));
    assert!(text(&again.stderr).contains("already finished"), "{}", text(&again.stderr));
    let unknown = admin(&url, &["tournament", "cancel", "nope"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(text(&unknown.stderr).contains("no tournament has the id `nope`"), "{}", text(&unknown.stderr));
    assert_eq!(admin(&url, &["tournament"]).status.code(), Some(2));
    pool.close().await;
}

/// Every command, as an operator first meets it: `--help` says what it does and how it is called (exit
/// 0); a missing or bad argument is refused before the database is touched, naming what is wrong (exit 2).
#[test]
fn every_command_has_help_and_refuses_a_missing_or_bad_argument() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("a.db").display());
    let commands: &[&[&str]] = &[
        &["stats"],
        &["grant"],
        &["revoke"],
        &["close"],
        &["reopen"],
        &["backup"],
        &["check"],
        &["reset-password"],
        &["tournament"],
        &["tournament", "cancel"],
    ];
    for command in commands {
        let help = admin(&url, &[*command, &["--help"][..]].concat());
        let said = text(&help.stdout);
        assert_eq!(help.status.code(), Some(0), "{command:?} --help: {}", text(&help.stderr));
        assert!(said.contains(&format!("Usage: mancala-server admin {}", command.join(" "))), "{command:?}: {said}");
    }
    for (args, wanted) in [
        (&["grant"][..], "required"),
        (&["grant", "moderator"][..], "<NAME>"),
        (&["grant", "emperor", "amani"][..], "invalid value 'emperor'"),
        (&["revoke", "moderator"][..], "<NAME>"),
        (&["close"][..], "<NAME>"),
        (&["close", "amani", "--reason"][..], "--reason"),
        (&["reopen"][..], "<NAME>"),
        (&["backup"][..], "<PATH>"),
        (&["reset-password"][..], "<NAME>"),
        (&["tournament"][..], "Usage"),
        (&["tournament", "cancel"][..], "<ID>"),
        (&["tournament", "pause", "x"][..], "pause"),
        (&["stats", "extra"][..], "extra"),
        (&["check", "--json"][..], "--json"),
    ] {
        let out = admin(&url, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}{}", text(&out.stdout), text(&out.stderr));
        let said = text(&out.stderr);
        assert!(said.contains(wanted), "{args:?} should name {wanted}: {said}");
    }
    assert!(!dir.path().join("a.db").exists(), "an argument error touched the database");
    // A mistyped SQLite path is refused, not answered as a new, empty database.
    let out = admin(&url, &["stats"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("no SQLite database at"), "{}", text(&out.stderr));
    assert!(!dir.path().join("a.db").exists(), "a mistyped path made a database");
    // An explicit mode is obeyed: `mode=rwc` makes it.
    assert_eq!(admin(&format!("{url}?mode=rwc"), &["stats"]).status.code(), Some(0));
    assert_eq!(admin(&url, &["stats"]).status.code(), Some(0));
}
