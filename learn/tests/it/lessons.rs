//! Every lesson step walked through the engine: its position plays, its solution meets its goal, some
//! attempt misses it, every hint is reachable, and a wrong attempt gets a hint of its own. Each test
//! lists every problem it finds before failing, so a broken course is fixed in one pass.

use mancala_learn::{Game, Library, Status};
use std::collections::BTreeSet;

/// Attempts looked at per step: far more than any shipped step has.
const ATTEMPTS: usize = 2_000;

fn library() -> Library {
    Library::load().unwrap_or_else(|e| panic!("the embedded data does not load: {e}"))
}

fn check_all(problems: Vec<String>) {
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
}

/// Every lesson ends by inviting the learner to play the computer, except the lessons a course teaches
/// before a whole game can be played (Njombwa's before its opening gambit, Ikibuguzo's before its arrays
/// and reverse holes): no "now play a game" before the learner knows how a game goes.
#[test]
fn every_course_has_lessons_and_invites_to_play_once_a_game_is_taught() {
    let lib = library();
    let courses = lib.courses("en");
    assert_eq!(courses.iter().map(|c| c.game).collect::<Vec<_>>(), Game::ALL);
    let mut problems = Vec::new();
    for (course, data) in courses.iter().zip(lib.course_data()) {
        if course.lessons.len() < 3 {
            problems.push(format!("{}: only {} lessons", course.game, course.lessons.len()));
        }
        let from = data.invites_from.as_deref().map_or(0, |id| data.lessons.iter().position(|l| l.id == id).unwrap());
        for (l, lesson) in course.lessons.iter().enumerate() {
            let last = lesson.steps.last().expect("Library::load refuses an empty lesson");
            let view = lib.step(last, "en").unwrap();
            match (view.invite, l >= from) {
                (Some(invite), true) if invite.level == mancala_bot::Level::L2.id() => {}
                (Some(invite), true) => {
                    problems.push(format!("{last}: the invitation is to level `{}`, not 2 (easy)", invite.level))
                }
                (None, true) => problems.push(format!("{last}: the last step does not invite to play")),
                (Some(_), false) => problems.push(format!("{last}: invites to play before the game is taught")),
                (None, false) => {}
            }
        }
    }
    // The lessons' order the courses promise: Njombwa's gambit before any game, Ikibuguzo's arrays and
    // reverse holes before any game, Kubuguza's first-turn rule with the first captures.
    let order = |game: Game| -> Vec<String> {
        lib.course_data().iter().find(|c| c.game == game).unwrap().lessons.iter().map(|l| l.id.clone()).collect()
    };
    let first_invite = |game: Game| {
        let c = lib.course_data().iter().find(|c| c.game == game).unwrap();
        c.invites_from.clone().unwrap_or_else(|| c.lessons[0].id.clone())
    };
    let njo = order(Game::Njombwa);
    let at = |list: &[String], id: &str| list.iter().position(|l| l == id).unwrap_or(usize::MAX);
    if at(&njo, &first_invite(Game::Njombwa)) < at(&njo, "opening") {
        problems.push("njombwa: a game is offered before the opening gambit is taught".into());
    }
    let iki = order(Game::Ikibuguzo);
    if at(&iki, &first_invite(Game::Ikibuguzo)) < at(&iki, "arrays").max(at(&iki, "reverse")) {
        problems.push("ikibuguzo: a game is offered before the arrays and the reverse holes are taught".into());
    }
    if !lib.step_ids().iter().any(|id| id.starts_with("kubuguza/capture/") && id.ends_with("/first-turn")) {
        problems.push("kubuguza: the first-turn rule is not taught with the first captures".into());
    }
    check_all(problems);
}

#[test]
fn every_step_shows_in_every_language() {
    let lib = library();
    let mut problems = Vec::new();
    for id in lib.step_ids() {
        for lang in lib.languages() {
            match lib.step(&id, lang) {
                Ok(view) => {
                    if view.board.outcome.is_some() && view.goal.is_some() {
                        problems.push(format!("{id}: the game is over before the learner moves"));
                    }
                    if view.goal.is_some() && view.board.legal.is_empty() {
                        problems.push(format!("{id}: nothing is legal"));
                    }
                    // The learner plays South, drawn at the bottom: the texts say "your rows", "to the right".
                    if view.goal.is_some() && !matches!(view.board.to_move.as_deref(), Some("south" | "both")) {
                        problems.push(format!("{id}: the learner is not South"));
                    }
                }
                Err(e) => problems.push(format!("{id} ({lang}): {e}")),
            }
        }
    }
    check_all(problems);
}

#[test]
fn every_demo_plays() {
    let lib = library();
    let mut problems = Vec::new();
    for id in lib.step_ids() {
        let step = lib.step_data(&id).unwrap();
        if let Some(demo) = &step.demo {
            match lib.step(&id, "en") {
                Ok(view) if view.demo.as_ref().is_some_and(|d| !d.events.is_empty()) => {}
                Ok(_) => problems.push(format!("{id}: the demo `{demo}` shows nothing")),
                Err(e) => problems.push(format!("{id}: {e}")),
            }
        }
    }
    check_all(problems);
}

/// The heart of it: for every step with a goal, the solution meets it, at least one legal attempt meets
/// it and one attempt misses it, a missed attempt gets a hint of its own, every hint is reachable, and no
/// hint keyed by a decision is given to a decision that meets the goal.
#[test]
fn every_goal_is_solvable_and_every_hint_is_reachable() {
    let lib = library();
    let mut problems = Vec::new();
    let mut goals = 0;
    for id in lib.step_ids() {
        let step = lib.step_data(&id).unwrap().clone();
        if step.goal.is_none() {
            continue;
        }
        goals += 1;
        let mut say = |what: String| problems.push(format!("{id}: {what}"));
        let solution: Vec<&str> = step.solution.as_deref().unwrap().split(' ').collect();
        match lib.check(&id, &solution, "en") {
            Ok(v) if v.status == Status::Met => {}
            Ok(v) => say(format!("the solution `{}` is {:?}", solution.join(" "), v.status)),
            Err(e) => say(format!("the solution: {e}")),
        }
        let attempts = lib.attempts(&id, ATTEMPTS).unwrap();
        if attempts.len() >= ATTEMPTS {
            say(format!("more than {ATTEMPTS} attempts: make the position smaller"));
        }
        let general = step.hint.clone().unwrap();
        let (mut met, mut missed, mut specific) = (0, 0, 0);
        let mut hints_seen = BTreeSet::new();
        for attempt in &attempts {
            let refs: Vec<&str> = attempt.iter().map(String::as_str).collect();
            let verdict = match lib.check(&id, &refs, "en") {
                Ok(v) => v,
                Err(e) => {
                    say(format!("attempt `{}`: {e}", attempt.join(" ")));
                    continue;
                }
            };
            match verdict.status {
                Status::Met => met += 1,
                Status::Missed | Status::Illegal => {
                    missed += 1;
                    let hint = verdict.hint.expect("a missed attempt always gets a hint").id;
                    if hint != general {
                        specific += 1;
                    }
                    hints_seen.insert(hint);
                }
                Status::Continue => {
                    say(format!("attempt `{}` was not followed to the end of the turn", attempt.join(" ")))
                }
            }
        }
        if met == 0 {
            say("no attempt meets the goal".into());
        }
        if missed == 0 {
            say("every attempt meets the goal: nothing to learn".into());
        }
        if specific == 0 {
            say("no wrong attempt gets a hint of its own (only the general one)".into());
        }
        for hint in &step.hints {
            if !hints_seen.contains(&hint.text) {
                say(format!("the hint `{}` is never given", hint.text));
            }
            if let Some(seq) = &hint.decision {
                let refs: Vec<&str> = seq.split(' ').collect();
                if lib.check(&id, &refs, "en").is_ok_and(|v| v.status == Status::Met) {
                    say(format!("the hint for `{seq}` is keyed to a decision that meets the goal"));
                }
            }
        }
    }
    check_all(problems);
    assert!(goals >= 40, "only {goals} steps with a goal");
}

#[test]
fn a_step_answers_a_continued_turn_and_rejects_bad_input() {
    let lib = library();
    // Kubuguza: the relay ends on b2, a clockwise hole, where the engine asks for the direction.
    let id = "kubuguza/clockwise/turn-back";
    let first = lib.check(id, &["e2"], "en").unwrap();
    assert_eq!(first.status, Status::Continue);
    assert!(first.board.legal.contains(&"b2:cw".to_string()), "{:?}", first.board.legal);
    let wrong = lib.check(id, &["e2", "b2"], "en").unwrap();
    assert_eq!(wrong.status, Status::Missed);
    let right = lib.check(id, &["e2", "b2:cw"], "fr").unwrap();
    assert_eq!(right.status, Status::Met);
    assert!(!right.events.is_empty());
    assert!(lib.check(id, &["z9"], "en").is_err(), "a hole the board does not have");
    assert!(lib.check(id, &[], "en").is_err());
    assert!(lib.check(id, &["e2"; 17], "en").is_err(), "too many decisions");
    assert!(lib.check("kubuguza/nowhere/1", &["e2"], "en").is_err());
}
