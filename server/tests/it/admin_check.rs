//! `mancala-server admin check` as an operator runs it: a database where accounts played a rated game, an
//! unrated one, and a Swiss tournament counted that rated game has no problem; each of the project's
//! invariants broken on purpose (one `UPDATE`) is reported on a line of its own, with exit 1.

use crate::common;

use common::driver::Table;
use common::{TestServer, account};
use serde_json::{Value, json};
use std::process::{Command, Output};

fn admin(database_url: &str, args: &[&str]) -> Output {
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

async fn post_as(s: &TestServer, token: &str, path: &str, body: Value) -> Value {
    let r = s.http.post(s.url(path)).json(&body).bearer_auth(token).send().await.expect("request");
    assert!(r.status().is_success(), "{path}: {}", r.status());
    r.json().await.unwrap()
}

/// A game `south` creates (`rated` or not) and `north` joins, played to its end with random decisions.
/// Returns its id.
pub async fn played_game(s: &TestServer, south: &str, north: &str, rated: bool, seed: u64) -> String {
    let body = json!({ "variant": "kubuguza", "seat": "south", "rated": rated });
    let created = post_as(s, south, "/api/games", body).await;
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let joined = post_as(s, north, &format!("/api/games/{id}/join"), json!({})).await;
    let (st, nt) = (created["token"].as_str().unwrap(), joined["token"].as_str().unwrap());
    let mut table = Table::open(s, &id, st, nt).await;
    let mut seed = seed;
    table.play_random(&mut seed, 100_000).await;
    assert!(table.over(), "game {id} did not end");
    id
}

async fn sql(url: &str, statement: &str) {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(url).await.expect("connect");
    let done = sqlx::query(sqlx::AssertSqlSafe(statement.to_string())).execute(&pool).await.expect(statement);
    assert!(done.rows_affected() > 0, "{statement} changed nothing");
    pool.close().await;
}

/// The problem lines of `admin check` (its exit code checked against `problems`).
fn check(url: &str, problems: usize) -> Vec<String> {
    let out = admin(url, &["check"]);
    let stdout = text(&out.stdout);
    let lines: Vec<String> = stdout.lines().filter(|l| !l.starts_with("check:")).map(String::from).collect();
    assert_eq!(lines.len(), problems, "stdout: {stdout}\nstderr: {}", text(&out.stderr));
    let expected = if problems == 0 { 0 } else { 1 };
    assert_eq!(out.status.code(), Some(expected), "stdout: {stdout}\nstderr: {}", text(&out.stderr));
    if problems == 0 {
        assert!(stdout.contains("check: no problem found"), "{stdout}");
    } else {
        assert!(text(&out.stderr).contains(&format!("check: {problems} problem")), "{}", text(&out.stderr));
    }
    lines
}

fn has(lines: &[String], parts: &[&str]) {
    assert!(lines.iter().any(|l| parts.iter().all(|p| l.contains(p))), "no line with {parts:?} in {lines:#?}");
}

#[tokio::test]
async fn a_clean_database_has_no_problem_and_each_broken_invariant_its_line() {
    let server = TestServer::start().await;
    let (amani, zawadi) = (account(&server, "amani").await, account(&server, "zawadi").await);
    let rated = played_game(&server, &amani, &zawadi, true, 7).await;
    let casual = played_game(&server, &zawadi, &amani, false, 11).await;
    let url = server.database_url.clone();
    // A finished Swiss tournament of one round that paired the rated game.
    sql(
        &url,
        "INSERT INTO tournaments (id, name, kind, variants, clock_base_secs, clock_increment_secs, rated, bots, \
         starts_at, rounds, status, round, created_at, finished_at) \
         VALUES ('tcheck', 'Check cup', 'swiss', 'kubuguza', 180, 2, 1, 0, 1, 1, 'finished', 1, 1, 2)",
    )
    .await;
    sql(
        &url,
        "INSERT INTO tournament_players (tournament_id, player_key, name, bot, rating, joined_round, joined_at) \
         VALUES ('tcheck', 'amani', 'amani', 0, 1500, 1, 1), ('tcheck', 'zawadi', 'zawadi', 0, 1500, 1, 1)",
    )
    .await;
    sql(
        &url,
        &format!(
            "INSERT INTO tournament_pairings (tournament_id, round, player_key, game_id, side, variant) VALUES \
             ('tcheck', 1, 'amani', '{rated}', 'south', 'kubuguza'), ('tcheck', 1, 'zawadi', '{rated}', 'north', 'kubuguza')"
        ),
    )
    .await;
    // Two games amani waits in, which become live lobby games below.
    let mut waiting = Vec::new();
    for _ in 0..2 {
        // South: the seat the `UPDATE` below leaves to her (a seat chosen at random would sometimes be north).
        let created = post_as(&server, &amani, "/api/games", json!({ "variant": "kubuguza", "seat": "south" })).await;
        waiting.push(created["game"]["id"].as_str().unwrap().to_string());
    }
    check(&url, 0);

    // A finished game whose stored winner is not the one its record reaches.
    sql(
        &url,
        &format!(
            "UPDATE games SET winner = CASE WHEN winner = 'south' THEN 'north' ELSE 'south' END, reason = 'resignation' \
             WHERE id = '{casual}'"
        ),
    )
    .await;
    has(&check(&url, 1), &[&format!("game {casual}"), "does not replay"]);

    sql(&url, "UPDATE ratings SET rating_e9 = rating_e9 + 25000000000 WHERE player_key = 'zawadi'").await;
    let lines = check(&url, 2);
    has(&lines, &["rating zawadi in kubuguza", "recomputed"]);

    sql(
        &url,
        &format!(
            "UPDATE games SET status = 'ongoing', invite_code = NULL, north_name = 'kofi' WHERE id IN ('{}', '{}')",
            waiting[0], waiting[1]
        ),
    )
    .await;
    let lines = check(&url, 3);
    has(&lines, &["player amani", "2 live lobby games", &waiting[0], &waiting[1]]);

    sql(&url, "UPDATE tournament_pairings SET player_key = 'kofi' WHERE player_key = 'zawadi'").await;
    let lines = check(&url, 5);
    has(&lines, &["tournament tcheck", &rated, "kofi paired north but zawadi sits there"]);
    has(&lines, &["tournament tcheck", "kofi is paired but never joined"]);
    server.stop().await;
}

#[test]
fn check_answers_help_and_refuses_arguments() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("a.db").display());
    let help = admin(&url, &["check", "--help"]);
    assert!(help.status.success());
    assert!(text(&help.stdout).contains("invariants"), "{}", text(&help.stdout));
    assert_eq!(admin(&url, &["check", "extra"]).status.code(), Some(2));
    // A new, empty database (`mode=rwc` makes it) has nothing wrong.
    check(&format!("{url}?mode=rwc"), 0);
}
