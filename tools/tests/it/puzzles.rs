//! The committed starter set against the generator's own rules: every puzzle's goal and themes are what
//! the engine reports when its solution is played, and a sample re-verifies with the search (the light
//! sample here; the heavy one, at the full verification budgets, is `#[ignore]`d: run it with
//! `cargo test --workspace --test it puzzles:: -- --ignored`, 42 s on the shared machine).

use mancala_puzzles::make::line::{self, MAX_SOLVER_DECISIONS};
use mancala_puzzles::make::themes::{counters_won, net_captures, themes};
use mancala_puzzles::make::{Budgets, verdict};
use mancala_puzzles::{Goal, PuzzleGame, starter};

/// The fewest puzzles the committed set holds in each game (docs/puzzles.md, "The starter set": the
/// generator's aim is 300, and the deep re-verification and the guess rule took some out).
const STARTER_PER_GAME: usize = 200;

#[test]
fn every_starter_puzzle_s_goal_and_themes_are_the_engine_s() {
    let puzzles = starter();
    assert!(!puzzles.is_empty(), "the starter set is committed");
    for p in &puzzles {
        let (start, solver, steps) = line::played(p).unwrap_or_else(|e| panic!("{}: {e}", p.id));
        assert_eq!(themes(&start, solver, &steps, &p.goal), p.themes, "{}: themes", p.id);
        match p.goal {
            Goal::Win => {}
            Goal::Capture { counters } => {
                assert_eq!(net_captures(solver, &steps), counters as i64, "{}: the goal's counters", p.id);
                assert!(counters as i64 >= line::MIN_CAPTURE, "{}", p.id);
                assert_ne!(p.game(), PuzzleGame::Azigo, "{}: Azigo's gains are its score's", p.id);
            }
            Goal::Score { counters } => {
                assert_eq!(counters_won(solver, &steps), counters as i64, "{}: the goal's counters", p.id);
                assert!(counters as i64 >= line::MIN_CAPTURE, "{}", p.id);
                assert_eq!(p.game(), PuzzleGame::Azigo, "{}: only Azigo is decided by its score", p.id);
            }
            Goal::Hold | Goal::Save { .. } => {
                // The solver's own decisions win less than a gain; the opponent's reply that ends the
                // line takes nothing (a hold) or something (a save).
                let own = steps.iter().rposition(|s| s.side == solver).map_or(0, |i| i + 1);
                let won = counters_won(solver, &steps[..own]);
                assert!(won < line::MIN_CAPTURE, "{}: a defence wins {won}", p.id);
                let after = counters_won(solver, &steps);
                assert_eq!(after >= 0, p.goal == Goal::Hold, "{}: {after} after the reply", p.id);
                let choices = start.legal_decisions(solver).len();
                assert!(choices >= line::MIN_HOLD_CHOICES, "{}: a defence among {choices} decisions", p.id);
            }
        }
        if p.goal.is_defence() {
            // What a defence keeps is judged after the opponent's reply, so its line shows that reply.
            let last = steps.last().map(|s| s.side);
            assert_eq!(last, Some(solver.other()), "{}: a defence's line ends with the opponent's reply", p.id);
        } else {
            assert_eq!(steps.last().map(|s| s.side), Some(solver), "{}: the line ends with the solver", p.id);
        }
        assert!(steps.iter().filter(|s| s.side == solver).count() <= MAX_SOLVER_DECISIONS, "{}", p.id);
    }
    // The starter set's floor (docs/puzzles.md, "The starter set"), Ikibuguzo's three rule sets counted as
    // one; defences at most half of each game's set: captures, store moves and wins are what a player
    // comes to practise.
    for game in PuzzleGame::ALL {
        let count = puzzles.iter().filter(|p| p.game() == game).count();
        assert!(count >= STARTER_PER_GAME, "{}: {count} puzzles, fewer than {STARTER_PER_GAME}", game.id());
        let defences = puzzles.iter().filter(|p| p.game() == game && p.goal.is_defence()).count();
        assert!(2 * defences <= count, "{}: {defences} defences of {count} puzzles, more than half", game.id());
    }
}

/// The first decision of a sample is, already at the screening budget, the one good decision of the
/// solution (the generator keeps a puzzle only when the screening, level 8's budget and the
/// verification agree on it).
#[test]
fn a_sample_s_first_decision_is_the_one_good_decision() {
    let puzzles = starter();
    let k = 12.min(puzzles.len());
    for i in 0..k {
        let p = &puzzles[i * puzzles.len() / k];
        let (start, _, steps) = line::played(p).unwrap();
        let budgets = Budgets::of(p.variant, None);
        let a = mancala_bot::analysis::analyse(&start, budgets.screen).unwrap();
        let (best, _) = verdict::judge(&a).unwrap_or_else(|r| panic!("{}: {r}", p.id));
        assert_eq!(best, steps[0].decision, "{}: the screening's decision", p.id);
    }
}

/// A sample re-verified with every check that made it, at the generator's budgets.
#[test]
#[ignore = "about 40 s: the verification budgets are twice level 8's"]
fn a_sample_re_verifies_at_the_full_budget() {
    let puzzles = starter();
    let k = 12.min(puzzles.len());
    for i in 0..k {
        let p = &puzzles[i * puzzles.len() / k];
        line::check(p, &Budgets::of(p.variant, None)).unwrap_or_else(|e| panic!("{}: {e}", p.id));
    }
}
