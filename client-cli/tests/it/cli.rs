//! Runs the built `mancala` binary: `analyze` (text and JSON, from a start, after moves, on a finished
//! position, and its input errors) and `selfplay` (reproducible figures that add up).

use serde_json::Value;
use std::process::{Command, Output};

fn mancala(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala")).args(args).output().expect("the binary runs")
}

/// Runs a command that must succeed and returns its stdout.
fn ok(args: &[&str]) -> String {
    let out = mancala(args);
    assert!(out.status.success(), "{args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Runs a command that must succeed and print one JSON object.
fn ok_json(args: &[&str]) -> Value {
    let stdout = ok(args);
    assert_eq!(stdout.trim().lines().count(), 1, "one line of JSON: {stdout}");
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {stdout}"))
}

/// Runs a command that must fail with exit code 2 and returns its stderr.
fn fails(args: &[&str]) -> String {
    let out = mancala(args);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{args:?} should exit with 2; stdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(out.stdout.is_empty(), "nothing on stdout when failing");
    String::from_utf8(out.stderr).expect("utf-8 errors")
}

fn strings(v: &Value) -> Vec<&str> {
    v.as_array().expect("an array").iter().map(|s| s.as_str().expect("a string")).collect()
}

#[test]
fn analyze_kubuguza_start_as_text() {
    let out = ok(&["analyze", "--variant", "kubuguza"]);
    let lines: Vec<&str> = out.lines().collect();
    // Row 4 at the top, row 1 at the bottom, the column letters under the board.
    let row =
        |n: &str| lines.iter().position(|l| l.trim_start().starts_with(n)).unwrap_or_else(|| panic!("row {n}: {out}"));
    assert!(row("4 ") < row("3 ") && row("3 ") < row("2 ") && row("2 ") < row("1 "), "{out}");
    let counts =
        |n: &str| -> Vec<String> { lines[row(n)].split_whitespace().skip(1).take(8).map(String::from).collect() };
    assert_eq!(counts("3 "), vec!["4"; 8]);
    assert_eq!(counts("2 "), vec!["4"; 8]);
    assert_eq!(counts("1 "), vec!["0"; 8]);
    let letters =
        lines.iter().position(|l| l.split_whitespace().collect::<Vec<_>>() == ["a", "b", "c", "d", "e", "f", "g", "h"]);
    assert!(letters.is_some_and(|i| i > row("1 ")), "letters under the board: {out}");
    assert!(out.contains("to move:  south"), "{out}");
    assert!(out.contains("legal:    a2 b2 c2 d2 e2 f2 g2 h2 (8)"), "{out}");
    assert!(out.contains("position: south a2=4"), "{out}");
    assert!(out.contains("result:   none yet"), "{out}");
}

/// `--nodes` and `--level` add the engine's values: every legal decision, best first, and the best line,
/// the same in text and JSON, and the same on every run.
#[test]
fn analyze_searches_with_a_budget() {
    let position = "south a1=3 c2=1 c3=2 c4=1 a4=2 e3=4 f4=1";
    let args = ["analyze", "--variant", "kubuguza", "--position", position, "--nodes", "20000", "--json"];
    let v = ok_json(&args);
    let search = &v["search"];
    assert_eq!(search["side"], "south");
    let decisions: Vec<&str> =
        search["decisions"].as_array().unwrap().iter().map(|d| d["decision"].as_str().unwrap()).collect();
    let mut sorted = decisions.clone();
    sorted.sort();
    let mut legal = strings(&v["legal_moves"]);
    legal.sort();
    assert_eq!(sorted, legal, "every legal decision is valued");
    assert_eq!(search["best"][0].as_str(), Some(decisions[0]));
    assert_eq!(ok_json(&args), v, "the same search twice");

    let text = ok(&["analyze", "--variant", "kubuguza", "--position", position, "--nodes", "20000"]);
    // The text groups the JSON's line in the players' turns: "south c2 · north d3 e3".
    let best = search["best_turns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let decisions: Vec<&str> =
                t["decisions"].as_array().unwrap().iter().map(|d| d["decision"].as_str().unwrap()).collect();
            format!("{} {}", t["side"].as_str().unwrap(), decisions.join(" "))
        })
        .collect::<Vec<_>>()
        .join(" · ");
    assert!(best.starts_with("south "), "{best}");
    assert!(text.contains(&format!("best:     {best}\n")), "{text}");
    let flat: Vec<&str> = search["best"].as_array().unwrap().iter().map(|d| d.as_str().unwrap()).collect();
    let grouped: Vec<&str> = best.split(" · ").flat_map(|t| t.split(' ').skip(1)).collect();
    assert_eq!(grouped, flat, "the same decisions, in turns");
    assert!(text.contains("value:    ") && text.contains("for south"), "{text}");

    let by_level = ok_json(&["analyze", "--variant", "azigo", "--level", "5", "--json"]);
    assert_eq!(by_level["search"]["side"], "south");
    assert!(fails(&["analyze", "--variant", "kubuguza", "--level", "2"]).contains("do not search"));
    assert!(fails(&["analyze", "--variant", "ikibuguzo", "--nodes", "5000"]).contains("secret"));
}

#[test]
fn analyze_kubuguza_start_as_json() {
    let v = ok_json(&["analyze", "--variant", "kubuguza", "--json"]);
    assert_eq!(v["variant"], "kubuguza");
    assert_eq!(v["to_move"], "south");
    assert_eq!(v["turn"], 1);
    assert_eq!(v["result"], Value::Null);
    assert_eq!(strings(&v["legal_moves"]), ["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"]);
    let holes = v["holes"].as_object().unwrap();
    assert_eq!(holes.len(), 32, "every hole, empty ones included");
    for col in "abcdefgh".chars() {
        for row in 1..=4 {
            let expected = if row == 2 || row == 3 { 4 } else { 0 };
            assert_eq!(holes[&format!("{col}{row}")], expected, "{col}{row}");
        }
    }
    assert_eq!(v["stores"]["south"], 0);
    assert_eq!(v["stores"]["north"], 0);
    assert!(v["position"].as_str().unwrap().starts_with("south a2=4 b2=4"));
}

#[test]
fn analyze_json_after_moves() {
    // h2 sows g2 f2 e2 d2; d2 was occupied, so the turn relays on from it (no captures in turn 1).
    let v = ok_json(&["analyze", "--variant", "kubuguza", "--moves", "h2", "--json"]);
    assert_eq!(strings(&v["moves"]), ["h2"]);
    assert_eq!(v["to_move"], "north");
    assert_eq!(v["turn"], 2);
    let total: u64 = v["holes"].as_object().unwrap().values().map(|c| c.as_u64().unwrap()).sum();
    assert_eq!(total, 64, "no captures in the first turns: every counter is still on the board");
    let south: u64 = ["1", "2"]
        .iter()
        .flat_map(|r| "abcdefgh".chars().map(move |c| format!("{c}{r}")))
        .map(|h| v["holes"][&h].as_u64().unwrap())
        .sum();
    assert_eq!(south, 32);
    assert_eq!(v["holes"]["h2"], 0, "the turn's first hole was lifted: {v}");
    for m in strings(&v["legal_moves"]) {
        assert!(m.ends_with('3') || m.ends_with('4'), "North's holes only: {m}");
    }
    // The text output of the same analysis agrees with the JSON.
    let text = ok(&["analyze", "--variant", "kubuguza", "--moves", "h2"]);
    assert!(text.contains(&format!("position: {}", v["position"].as_str().unwrap())), "{text}");
    assert!(text.contains("to move:  north"), "{text}");
}

#[test]
fn analyze_a_finished_position() {
    // South to move with no hole of two or more: South cannot move and loses (docs/rules.md#kubuguza-end).
    let v = ok_json(&["analyze", "--variant", "kubuguza", "--position", "south a1=1 c2=1 a3=2 b4=3", "--json"]);
    assert_eq!(v["to_move"], Value::Null);
    assert_eq!(v["result"]["winner"], "north");
    assert_eq!(v["result"]["reason"], "no-legal-move");
    assert_eq!(strings(&v["legal_moves"]), Vec::<&str>::new());
    assert!(v["position"].as_str().unwrap().contains("result=north reason=no-legal-move"));
    // A recorded draw reads back as a draw: `winner` is null, the object is not.
    let v = ok_json(&[
        "analyze",
        "--variant",
        "njombwa",
        "--position",
        "south a1=2 a4=2 result=draw reason=turn-limit",
        "--json",
    ]);
    assert_eq!(v["result"]["winner"], Value::Null);
    assert_eq!(v["result"]["reason"], "turn-limit");
    let text = ok(&["analyze", "--variant", "kubuguza", "--position", "south a1=1 c2=1 a3=2 b4=3"]);
    assert!(text.contains("result:   north wins (no-legal-move)"), "{text}");
}

#[test]
fn analyze_ikibuguzo_choice_goes_to_the_first_waiting_side() {
    let v = ok_json(&["analyze", "--variant", "ikibuguzo", "--json"]);
    assert_eq!(v["to_move"], "both");
    assert_eq!(strings(&v["legal_moves"]), ["opening:1", "opening:2"]);
    let v = ok_json(&["analyze", "--variant", "ikibuguzo", "--moves", "opening:2", "--json"]);
    assert_eq!(v["to_move"], "both");
    assert_eq!(strings(&v["waiting"]), ["north"]);
    assert_eq!(strings(&v["legal_by_side"]["south"]), Vec::<&str>::new());
    let v = ok_json(&["analyze", "--variant", "ikibuguzo", "--moves", "opening:2 opening:1", "--json"]);
    assert_eq!(v["to_move"], "south");
    assert_eq!(v["phase"], "opening");
}

#[test]
fn options_flags_reach_the_position() {
    let v = ok_json(&["analyze", "--variant", "njombwa", "--width", "10", "--turn-limit", "7", "--json"]);
    assert_eq!(v["holes"].as_object().unwrap().len(), 40);
    assert!(v["holes"].get("j4").is_some());
    assert_eq!(v["options"]["width"], 10);
    assert_eq!(v["options"]["turn_limit"], 7);
    let err = fails(&["analyze", "--variant", "kubuguza", "--width", "9"]);
    assert!(err.contains("width"), "{err}");
    let err = fails(&["analyze", "--variant", "kubuguza", "--handicap", "south"]);
    assert!(err.contains("handicap"), "{err}");
}

#[test]
fn analyze_shows_azigo_stores() {
    let v = ok_json(&["analyze", "--variant", "azigo", "--json"]);
    assert_eq!(v["holes"].as_object().unwrap().len(), 40);
    assert!(v["holes"].get("t2").is_some());
    let stores = &v["stores"];
    assert!(stores["south"].as_u64().unwrap() > 0, "the automatic setup fills the stores: {v}");
    assert_eq!(stores["south"], stores["north"]);
    let text = ok(&["analyze", "--variant", "azigo"]);
    assert!(text.contains(&format!("south store {}", stores["south"])), "{text}");
    assert!(text.lines().any(|l| l.split_whitespace().collect::<String>() == "abcdefghijklmnopqrst"), "{text}");
}

#[test]
fn unknown_variant_is_named() {
    let err = fails(&["analyze", "--variant", "chess"]);
    assert!(err.contains("chess"), "{err}");
    assert!(err.contains("kubuguza"), "the known ids are listed: {err}");
    let err = fails(&["selfplay", "--variant", "oware", "--games", "1"]);
    assert!(err.contains("oware"), "{err}");
}

#[test]
fn bad_position_token_is_named() {
    let err = fails(&["analyze", "--variant", "kubuguza", "--position", "south a2=4 k9=3"]);
    assert!(err.contains("`k9=3`"), "{err}");
    assert!(err.contains("not a hole"), "{err}");
    let err = fails(&["analyze", "--variant", "kubuguza", "--position", "west a2=4"]);
    assert!(err.contains("`west`"), "{err}");
}

#[test]
fn bad_and_illegal_decisions_are_named_with_their_move_number() {
    // a1 is empty at the start: not legal; the message gives the move number, the token and the legal ones.
    let err = fails(&["analyze", "--variant", "kubuguza", "--moves", "h2 a3 a1"]);
    assert!(err.contains("move 3 `a1`"), "{err}");
    assert!(err.contains("not legal"), "{err}");
    assert!(err.contains("a2 b2"), "the legal decisions are listed: {err}");
    let err = fails(&["analyze", "--variant", "kubuguza", "--moves", "h2 z9"]);
    assert!(err.contains("move 2 `z9`"), "{err}");
    assert!(err.contains("not a hole"), "{err}");
    let err = fails(&["analyze", "--variant", "kubuguza", "--moves", "a2:ccw"]);
    assert!(err.contains("move 1 `a2:ccw`"), "{err}");
}

fn selfplay(seed: &str) -> Value {
    ok_json(&["selfplay", "--variant", "kubuguza", "--games", "20", "--seed", seed, "--json"])
}

/// The figures without the fields that depend on the machine's speed.
fn without_timing(mut v: Value) -> Value {
    let o = v.as_object_mut().unwrap();
    for key in ["seconds", "games_per_second", "decisions_per_second"] {
        assert!(o.remove(key).is_some(), "{key} present");
    }
    v
}

#[test]
fn selfplay_is_reproducible_and_adds_up() {
    let a = selfplay("7");
    let b = selfplay("7");
    assert_eq!(without_timing(a.clone()), without_timing(b));
    assert_eq!(a["games"], 20);
    assert_eq!(a["seed"], 7);
    let n = |v: &Value| v.as_u64().unwrap();
    assert_eq!(n(&a["wins"]["south"]) + n(&a["wins"]["north"]) + n(&a["draws"]), 20);
    let reasons = a["end_reasons"].as_object().unwrap();
    for id in ["no-legal-move", "all-captured", "endless-sowing", "turn-limit", "special-win", "both-passed"] {
        assert!(reasons.contains_key(id), "{id} listed even when zero");
    }
    assert_eq!(reasons.values().map(n).sum::<u64>(), 20);
    let f = |v: &Value| v.as_f64().unwrap();
    assert!(f(&a["turns"]["mean"]) >= 2.0);
    assert!(f(&a["turns"]["min"]) <= f(&a["turns"]["median"]) && f(&a["turns"]["median"]) <= f(&a["turns"]["max"]));
    assert!(f(&a["laps_per_game"]) >= f(&a["decisions_per_game"]), "every decision sows at least one lap");
    assert!(f(&a["drops_per_game"]) > f(&a["laps_per_game"]));
    assert_eq!(f(&a["decisions_per_game"]) * 20.0, f(&a["totals"]["decisions"]));
    // Another seed plays other games.
    assert_ne!(without_timing(selfplay("8")), without_timing(a));
}

#[test]
fn selfplay_runs_every_variant_with_both_sides_choosing() {
    for variant in ["ikibuguzo", "ikibuguzo-opening-1", "ikibuguzo-opening-2", "njombwa", "azigo"] {
        let v = ok_json(&["selfplay", "--variant", variant, "--games", "5", "--seed", "3", "--json"]);
        assert_eq!(v["variant"], variant);
        let n = |v: &Value| v.as_u64().unwrap();
        assert_eq!(n(&v["wins"]["south"]) + n(&v["wins"]["north"]) + n(&v["draws"]), 5, "{variant}");
    }
    let text = ok(&["selfplay", "--variant", "kubuguza", "--games", "3"]);
    assert!(text.contains("games/s") && text.contains("end reasons"), "{text}");
}
