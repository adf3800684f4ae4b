//! The committed starter set stands against the rules: every puzzle reads, its id is its position's, and
//! its solution replays with the engine. (That each solution is the only good line is checked by
//! re-verifying a sample with a search: the generator's own test.)

use mancala_puzzles::make::guess;
use mancala_puzzles::{PuzzleGame, starter};
use std::collections::BTreeSet;

#[test]
fn every_starter_puzzle_replays_and_ids_are_unique() {
    let puzzles = starter();
    let mut ids = BTreeSet::new();
    for p in &puzzles {
        p.replay().unwrap_or_else(|e| panic!("{e}"));
        assert!(ids.insert(p.id.clone()), "puzzle {} appears twice", p.id);
    }
    for game in PuzzleGame::ALL {
        let n = puzzles.iter().filter(|p| p.game() == game).count();
        eprintln!("{}: {n} puzzles", game.id());
    }
}

/// No committed puzzle is a coin toss (`guess::guessable`): a player picking each decision at random solves
/// it at most a third of the time, alternatives counted as right, and a hold's goal ("lose nothing") is not
/// reached by most decisions.
#[test]
fn no_starter_puzzle_is_solved_by_guessing() {
    let guessable: Vec<String> = starter()
        .iter()
        .filter_map(|p| guess::guessable(p).unwrap_or_else(|e| panic!("{e}")).map(|g| format!("{} {g:?}", p.id)))
        .collect();
    assert!(guessable.is_empty(), "{} puzzles solved by guessing: {}", guessable.len(), guessable.join(", "));
}
