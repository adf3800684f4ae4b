//! `mancala puzzle` against a real server started by the test (which imports the committed starter set):
//! a signed-in player types a puzzle's whole line, after an unreadable and an illegal decision that are
//! refused without losing anything, and is rated; a guest's wrong first decision shows the solution; the
//! script mode (`--moves`, `--json`); votes, asked and given; the daily and the next puzzle; a streak
//! ended by a miss.

use crate::common::{Player, mancala, server};
use mancala_engine::{Position, Variant};
use serde_json::Value;
use std::process::Stdio;
use tokio::io::AsyncWriteExt;

/// The puzzles the server serves, with their solutions (its export), by id.
async fn export(base: &str) -> Vec<Value> {
    let text = reqwest::get(format!("{base}/api/puzzles/export")).await.unwrap().text().await.unwrap();
    text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn find<'a>(puzzles: &'a [Value], id: &str) -> &'a Value {
    puzzles.iter().find(|p| p["id"] == id).unwrap_or_else(|| panic!("puzzle {id} is not exported"))
}

fn solution(p: &Value) -> Vec<String> {
    p["solution"].as_array().unwrap().iter().map(|d| d.as_str().unwrap().to_string()).collect()
}

/// The puzzle's start, read by the engine.
fn start(p: &Value) -> Position {
    let variant: Variant = p["variant"].as_str().unwrap().parse().unwrap();
    let options = serde_json::from_value(p["options"].clone()).unwrap();
    Position::from_text(variant, options, p["position"].as_str().unwrap()).unwrap()
}

/// A legal first decision that is not the solution's.
fn wrong_first(p: &Value) -> String {
    let pos = start(p);
    let right = &solution(p)[0];
    let legal = pos.legal_moves().iter().map(|d| d.notation(pos.geometry())).collect::<Vec<_>>();
    legal.into_iter().find(|d| d != right).expect("a puzzle offers more than one decision")
}

/// A hole of the board that is not a legal first decision.
fn illegal_first(p: &Value) -> String {
    let pos = start(p);
    let geo = pos.geometry();
    let legal = pos.legal_moves().iter().map(|d| d.notation(geo)).collect::<Vec<_>>();
    geo.holes().map(|h| geo.name(h).to_string()).find(|h| !legal.contains(h)).expect("an illegal hole")
}

impl Player {
    /// Plays `line` (a puzzle's whole solution: the solver's choices are typed when asked, the rest must
    /// be played by the command) until the judgement; returns it and the last position printed.
    async fn play_line(&mut self, line: &[String]) -> (String, String) {
        let mut played = 0;
        let mut position = String::new();
        loop {
            let l = self.expect_line().await;
            if l.starts_with("right:") || l.starts_with("wrong:") {
                return (l, position);
            }
            assert!(!l.starts_with("not played:"), "the solution's decision was refused: {:#?}", self.transcript);
            let side = l.starts_with("south ") || l.starts_with("north ");
            if side && (l.contains(" plays ") || l.contains(" replies ")) {
                assert!(l.ends_with(&line[played]) || l.ends_with(&format!("{} (forced)", line[played])), "{l}");
                played += 1;
            }
            if let Some(p) = l.strip_prefix("position: ") {
                position = p.to_string();
            }
            if l.starts_with("legal:") {
                self.say(&line[played]).await;
            }
        }
    }
}

async fn sign_up_and_in(base: &str, home: &std::path::Path, name: &str) {
    let up = serde_json::json!({ "name": name, "password": "mango tree 42" });
    let r = reqwest::Client::new().post(format!("{base}/api/account/signup")).json(&up).send().await.unwrap();
    assert_eq!(r.status(), 201);
    let mut login = mancala(home);
    login.args(["login", "--server", base, name, "--password-stdin"]);
    let mut child = login.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(b"mango tree 42\n").await.unwrap();
    let out = child.wait_with_output().await.unwrap();
    assert!(out.status.success(), "{out:?}");
}

/// The served puzzle whose solver has the most decisions to find.
async fn longest(base: &str, puzzles: &[Value]) -> Value {
    let mut best: Option<(u64, Value)> = None;
    for p in puzzles {
        let view: Value = reqwest::get(format!("{base}/api/puzzles/{}", p["id"].as_str().unwrap()))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let choices = view["choices"].as_u64().unwrap();
        if best.as_ref().is_none_or(|(c, _)| choices > *c) {
            best = Some((choices, p.clone()));
        }
    }
    let (choices, p) = best.expect("the starter set is served");
    assert!(choices >= 2, "a puzzle with more than one decision to find");
    p
}

#[tokio::test]
async fn a_signed_in_player_types_the_whole_line_and_is_rated() {
    let s = server().await;
    let home = tempfile::tempdir().unwrap();
    sign_up_and_in(&s.base, home.path(), "amina").await;
    let puzzles = export(&s.base).await;
    let p = longest(&s.base, &puzzles).await;
    let id = p["id"].as_str().unwrap();
    let line = solution(&p);

    let mut cmd = mancala(home.path());
    cmd.args(["puzzle", "--server", &s.base, id]);
    let mut player = Player::spawn(cmd);
    let header = player.until("puzzle ").await;
    assert!(header.starts_with(&format!("puzzle {id}: ")), "{header}");
    let goal = player.until("goal: ").await;
    let solver = if p["position"].as_str().unwrap().starts_with("south") { "South" } else { "North" };
    assert!(goal.starts_with(&format!("goal: {solver} to play and ")), "{goal}");
    player.until("themes: ").await;
    player.until("legal:").await;
    // Unreadable, then illegal: each is explained and the same decision is asked again.
    player.say("zz").await;
    assert!(player.until("not played:").await.contains("`zz`"), "{:?}", player.transcript);
    let illegal = illegal_first(&p);
    player.say(&illegal).await;
    let refused = player.until("not played:").await;
    assert!(refused.contains(&format!("`{illegal}` is not legal here")), "{refused}");

    let (judgement, position) = player.play_line(&line).await;
    assert_eq!(judgement, "right: puzzle solved");
    // The board after the replies is the engine's after the whole solution.
    let mut end = start(&p);
    for d in &line {
        end.play(mancala_engine::Decision::parse(d, end.geometry()).unwrap()).unwrap();
    }
    assert_eq!(position, end.to_text());
    let shown = player.until("solution: ").await;
    let expected: Vec<String> = line.iter().map(|d| format!(" {d}")).collect();
    for (part, d) in shown.trim_start_matches("solution:").split(',').zip(&expected) {
        assert!(part.ends_with(d.as_str()), "{shown}");
    }
    let rating = player.until("your puzzle rating: 1500 -> ").await;
    let after: i32 = rating.split_whitespace().nth(5).unwrap().parse().unwrap();
    assert!(after > 1500, "a solved puzzle raises the rating: {rating}");
    let study = player.until("study it: ").await;
    assert!(study.contains(&format!("--position '{}'", p["position"].as_str().unwrap())), "{study}");
    // Then the vote is asked: a word that is not one is asked again, `up` is sent.
    player.until("vote: up (a good puzzle)").await;
    player.say("sideways").await;
    player.until("not a vote: `sideways`").await;
    player.say("up").await;
    assert_eq!(player.until("voted ").await, "voted up: 1 up, 0 down");

    // Solved once: the same line again is judged right, and not rated.
    let mut cmd = mancala(home.path());
    cmd.args(["puzzle", "--server", &s.base, id]);
    let mut again = Player::spawn(cmd);
    assert_eq!(again.play_line(&line).await.0, "right: puzzle solved");
    again.until("not rated: only your first attempt").await;
}

#[tokio::test]
async fn a_wrong_first_decision_shows_the_solution() {
    let s = server().await;
    let home = tempfile::tempdir().unwrap();
    let puzzles = export(&s.base).await;
    let p = &puzzles[0];
    let id = p["id"].as_str().unwrap();
    let wrong = wrong_first(p);

    // Typed, as a guest.
    let mut cmd = mancala(home.path());
    cmd.args(["puzzle", "--server", &s.base, id]);
    let mut player = Player::spawn(cmd);
    player.until("legal:").await;
    player.say(&wrong).await;
    let judgement = player.until("wrong: ").await;
    assert!(judgement.contains(&format!(" {wrong} is not the solution; the solution plays {}", solution(p)[0])));
    player.until("solution: ").await;
    player.until("not rated: sign in").await;
    player.until("vote: sign in (mancala login) to vote on puzzles").await;

    // Given, as JSON: every answer, the whole solution.
    let out = mancala(home.path())
        .args(["puzzle", "--server", &s.base, id, "--moves", &wrong, "--json"])
        .output()
        .await
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["puzzle"]["id"], id);
    assert_eq!(v["result"], "wrong");
    assert_eq!(v["decisions"], serde_json::json!([wrong]));
    let answer = &v["answers"][0];
    assert_eq!(answer["wrong_index"], 0);
    assert_eq!(answer["expected"], solution(p)[0].as_str());
    let line: Vec<&str> =
        answer["solution"].as_array().unwrap().iter().map(|d| d["decision"].as_str().unwrap()).collect();
    assert_eq!(line, solution(p));
}

/// `--vote` sends an account's vote after its attempt (in the JSON too); one on a puzzle the account never
/// tried is the server's refusal; a guest's is refused before anything is sent.
#[tokio::test]
async fn scripts_vote_with_an_account_and_a_guest_is_refused() {
    let s = server().await;
    let puzzles = export(&s.base).await;
    let p = &puzzles[0];
    let id = p["id"].as_str().unwrap();
    let wrong = wrong_first(p);
    let run = |home: &std::path::Path, args: &[&str]| {
        let mut cmd = mancala(home);
        cmd.args(["puzzle", "--server", &s.base, id]).args(args);
        async move { cmd.output().await.unwrap() }
    };

    let guest = tempfile::tempdir().unwrap();
    let out = run(guest.path(), &["--moves", &wrong, "--vote", "up"]).await;
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("`--vote`: voting needs an account"), "{out:?}");
    assert!(out.stdout.is_empty(), "nothing sent: {out:?}");

    let amina = tempfile::tempdir().unwrap();
    sign_up_and_in(&s.base, amina.path(), "amina").await;
    // Not tried yet: the server's words.
    let out = run(amina.path(), &["--vote", "down"]).await;
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("after attempting it"), "{out:?}");
    let out = run(amina.path(), &["--moves", &wrong, "--vote", "down", "--json"]).await;
    assert!(out.status.success(), "{out:?}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["result"], "wrong");
    assert_eq!(v["vote"], serde_json::json!({ "up": 0, "down": 1, "retired": false }));
    // Another account's vote, in text, adds to it; a vote changed is counted once.
    let baraka = tempfile::tempdir().unwrap();
    sign_up_and_in(&s.base, baraka.path(), "baraka").await;
    let out = run(baraka.path(), &["--moves", &wrong, "--vote", "up"]).await;
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.ends_with("voted up: 1 up, 1 down\n"), "{text}");
    let out = run(amina.path(), &["--vote", "up"]).await;
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.ends_with("voted up: 2 up, 0 down\n"), "{text}");
}

#[tokio::test]
async fn scripts_step_through_a_line_and_bad_input_is_named() {
    let s = server().await;
    let home = tempfile::tempdir().unwrap();
    let puzzles = export(&s.base).await;
    let p = longest(&s.base, &puzzles).await;
    let id = p["id"].as_str().unwrap();
    let run = |args: Vec<String>| {
        let mut cmd = mancala(home.path());
        cmd.args(["puzzle", "--server", &s.base]).args(args);
        async move { cmd.output().await.unwrap() }
    };

    // The first choice alone: the line goes on; the answer's reply is played on the position shown, and
    // what to send next is listed.
    let first = solution(&p)[0].clone();
    let out = run(vec![id.into(), "--moves".into(), first.clone(), "--json".into()]).await;
    assert!(out.status.success(), "{out:?}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["result"], "continue");
    let reply = v["answers"][0]["reply"].as_array().unwrap();
    let mut pos = start(&p);
    for d in std::iter::once(first.as_str()).chain(reply.iter().map(|r| r["decision"].as_str().unwrap())) {
        pos.play(mancala_engine::Decision::parse(d, pos.geometry()).unwrap()).unwrap();
    }
    assert_eq!(v["position"], pos.to_text());
    let next = &solution(&p)[1 + reply.len()];
    assert!(v["legal_moves"].as_array().unwrap().iter().any(|m| m == next.as_str()), "{v}");

    // An unreadable or illegal decision given on the command line stops it, naming it; nothing is sent.
    let out = run(vec![id.into(), "--moves".into(), format!("{first} zz")]).await;
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("move 2 `zz`"), "{out:?}");
    let out = run(vec![id.into(), "--moves".into(), illegal_first(&p)]).await;
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not legal here"), "{out:?}");
    // An unknown puzzle, a bad theme: the server's words.
    let out = run(vec!["0000000000000000".into()]).await;
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("no puzzle `0000000000000000`"), "{out:?}");
    let out = run(vec!["--theme".into(), "dull & long".into()]).await;
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("parameter `theme`"), "{out:?}");
}

#[tokio::test]
async fn the_daily_and_the_next_puzzle() {
    let s = server().await;
    let home = tempfile::tempdir().unwrap();
    let daily: Value = reqwest::get(format!("{}/api/puzzles/daily", s.base)).await.unwrap().json().await.unwrap();
    let out = mancala(home.path()).args(["puzzle", "--server", &s.base, "--json"]).output().await.unwrap();
    assert!(out.status.success(), "{out:?}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["puzzle"]["id"], daily["puzzle"]["id"]);
    assert_eq!(v["date"], daily["date"]);
    assert_eq!(v["result"], Value::Null, "nothing sent without --moves");

    let out = mancala(home.path()).args(["puzzle", "--server", &s.base, "--game", "kubuguza", "--json"]).output().await;
    let v: Value = serde_json::from_slice(&out.unwrap().stdout).unwrap();
    assert_eq!(v["puzzle"]["game"], "kubuguza");
    assert_eq!(v["date"], Value::Null);
    // In text, typed nothing: the puzzle and its board, then the command stops, nothing sent.
    let out = mancala(home.path()).args(["puzzle", "--server", &s.base, "--next"]).stdin(Stdio::null()).output().await;
    let text = String::from_utf8(out.unwrap().stdout).unwrap();
    assert!(text.starts_with("puzzle ") && text.contains("\ngoal: ") && text.contains("\nlegal:"), "{text}");
    assert!(text.ends_with("unfinished: the line goes on; nothing is recorded until it ends or a decision is wrong\n"));
}

#[tokio::test]
async fn a_streak_goes_on_until_a_miss() {
    let s = server().await;
    let home = tempfile::tempdir().unwrap();
    let puzzles = export(&s.base).await;
    let mut cmd = mancala(home.path());
    cmd.args(["puzzle", "--server", &s.base, "--streak"]);
    let mut player = Player::spawn(cmd);
    player.until("streak puzzle 1").await;
    let header = player.until("puzzle ").await;
    let id = header.trim_start_matches("puzzle ").split(':').next().unwrap().to_string();
    let first = find(&puzzles, &id);
    assert_eq!(player.play_line(&solution(first)).await.0, "right: puzzle solved");
    player.until("streak: 1 solved").await;
    player.until("streak puzzle 2").await;
    let header = player.until("puzzle ").await;
    let id = header.trim_start_matches("puzzle ").split(':').next().unwrap().to_string();
    let second = find(&puzzles, &id);
    let rating = |p: &Value| p["rating"].as_f64().unwrap();
    assert!(rating(second) > rating(first), "harder: {} after {}", rating(second), rating(first));
    player.until("legal:").await;
    player.say(&wrong_first(second)).await;
    player.until("wrong: ").await;
    player.until("streak over: 1 solved").await;
}
