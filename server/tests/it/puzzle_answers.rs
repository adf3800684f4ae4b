//! Puzzles with more than one right answer (docs/puzzles.md, "Judging an attempt"): a decision listed
//! among a puzzle's alternatives is judged right and ends the puzzle there, the answer names the other
//! right answers, the export keeps them, and a restart with the set re-verified (alternatives added, a
//! defence's goal said anew) gives the stored puzzle the set's line while its rating stays. The puzzles
//! are this file's own, made with the engine (`super::puzzles::made`).

use super::puzzles::{attempt, exported, made, server};
use crate::common::TestServer;
use mancala_engine::ToMove;
use mancala_puzzles::{Alternative, Goal, Puzzle, write_ndjson};
use mancala_server::config::Config;
use serde_json::json;

/// The solver of `p`, as the API names it.
fn solver(p: &Puzzle) -> &'static str {
    match p.start().unwrap().to_move() {
        ToMove::Side(side) => side.name(),
        other => panic!("{other:?}"),
    }
}

/// Two legal first decisions of `p` that are not its solution's.
fn others(p: &Puzzle) -> (String, String) {
    let start = p.start().unwrap();
    let ToMove::Side(side) = start.to_move() else { panic!("no side to move") };
    let mut other =
        start.legal_decisions(side).into_iter().map(|d| d.notation(start.geometry())).filter(|d| *d != p.solution[0]);
    (other.next().unwrap(), other.next().unwrap())
}

#[tokio::test]
async fn an_alternative_is_right_and_the_answer_names_the_other_right_answers() {
    let mut set = made(2, 1500.0, 0.0);
    let (alt, wrong) = others(&set[0]);
    set[0].alternatives = vec![Alternative { at: 0, decision: alt.clone() }];
    let s = server(&set, |_| {}).await;
    let id = &set[0].id;

    let (status, a) = attempt(&s, None, id, json!({ "decisions": [alt] })).await;
    assert_eq!((status, a["result"].as_str()), (200, Some("right")), "{a}");
    assert_eq!(a["by_alternative"], true, "{a}");
    assert_eq!(a["reply"], json!([]), "solved where it left the stored line: {a}");
    assert_eq!(a["alternatives"], json!([{ "at": 0, "side": solver(&set[0]), "decision": alt }]), "{a}");
    assert_eq!(a["solution"].as_array().unwrap().len(), set[0].solution.len(), "{a}");

    let (status, a) = attempt(&s, None, id, json!({ "decisions": [wrong] })).await;
    assert_eq!((status, a["result"].as_str()), (200, Some("wrong")), "{a}");
    assert_eq!(a["expected"], set[0].solution[0], "{a}");
    assert_eq!(a["alternatives"][0]["decision"], alt, "a miss names every right answer: {a}");
    assert!(a.get("by_alternative").is_none(), "{a}");

    // Nothing can follow the decision that solved it.
    let (status, a) = attempt(&s, None, id, json!({ "decisions": [alt, set[0].solution[2]] })).await;
    assert_eq!(status, 400, "{a}");
    assert!(a.to_string().contains("decisions[1]"), "{a}");

    // The solution's own line is right too, and a puzzle of one answer lists none.
    let (_, a) = attempt(&s, None, &set[1].id, json!({ "decisions": [others(&set[1]).0] })).await;
    assert_eq!(a["result"], "wrong");
    assert!(a.get("alternatives").is_none(), "{a}");
    assert_eq!(exported(&s).await[id].alternatives, set[0].alternatives, "the export keeps them");
    s.stop().await;
}

#[tokio::test]
async fn a_restart_with_the_set_re_verified_gives_stored_puzzles_the_set_s_line() {
    let mut set = made(2, 1500.0, 0.0);
    let s = server(&set, |_| {}).await;
    // An attempt moves the puzzle's rating: the new line must not reset it.
    let (_, a) = attempt(&s, None, &set[0].id, json!({ "decisions": [set[0].solution[0]] })).await;
    assert_eq!(a["result"], "continue", "{a}");
    let (url, dir) = s.stop().await;
    let dir = dir.unwrap();

    let (alt, _) = others(&set[0]);
    set[0].alternatives = vec![Alternative { at: 0, decision: alt.clone() }];
    set[1].goal = Goal::Save { counters: 5 };
    std::fs::write(dir.path().join("puzzles.ndjson"), write_ndjson(&set)).unwrap();
    let mut config = Config::with_database(&url);
    config.puzzles = Some(dir.path().join("puzzles.ndjson"));
    let s = TestServer::start_in(config, dir).await;
    let all = exported(&s).await;
    assert_eq!(all[&set[0].id].alternatives, set[0].alternatives);
    assert_eq!(all[&set[1].id].goal, Goal::Save { counters: 5 });
    let (status, view) = s.get(&format!("/api/puzzles/{}", set[1].id)).await;
    assert_eq!(status, 200, "{view}");
    let who = if solver(&set[1]) == "south" { "South" } else { "North" };
    let text = format!("{who} to play and save 5 counters");
    assert_eq!(view["goal"], json!({ "kind": "save", "counters": 5, "text": text }));
    let (_, a) = attempt(&s, None, &set[0].id, json!({ "decisions": [alt] })).await;
    assert_eq!(a["result"], "right", "{a}");
    s.stop().await;
}
