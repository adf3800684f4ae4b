//! What a committed job's transaction computed for the feature that asked, handed back on the job's
//! answer channel: a rated game's rating changes, a puzzle attempt's ratings and streak. The store keeps
//! no result in shared memory; each report is matched to its write by the write's place in the batch
//! (its address, which does not move while the batch commits), so two like writes in one batch each get
//! their own.

use super::puzzles::{AttemptOutcome, AttemptWrite, PuzzleWrite};
use super::ratings::RateGame;
use super::writer::Write;
use mancala_protocol::RatingChanges;

/// What a job's writes report once committed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Committed {
    /// The rating changes of the rated game the job ended (`Write::Rate`), or those stored already for a
    /// game ended twice; `None` when the job ended no rated game or none changed (a game against oneself).
    pub ratings: Option<RatingChanges>,
    /// What recording the job's puzzle attempt did (`PuzzleWrite::Attempt`).
    pub attempt: Option<AttemptOutcome>,
}

/// The reports of one transaction's writes, by the address of the write that made each.
#[derive(Debug, Default)]
pub(super) struct Reports {
    ratings: Vec<(usize, Option<RatingChanges>)>,
    attempts: Vec<(usize, AttemptOutcome)>,
}

fn address<T>(write: &T) -> usize {
    std::ptr::from_ref(write) as usize
}

impl Reports {
    pub fn rated(&mut self, write: &RateGame, changes: Option<RatingChanges>) {
        self.ratings.push((address(write), changes));
    }

    pub fn attempted(&mut self, write: &AttemptWrite, outcome: AttemptOutcome) {
        self.attempts.push((address(write), outcome));
    }

    /// What `writes` (one job's) reported in this transaction.
    pub fn of(&self, writes: &[Write]) -> Committed {
        let mut committed = Committed::default();
        for write in writes {
            match write {
                Write::Rate(r) => {
                    let at = address(r);
                    committed.ratings = self.ratings.iter().find(|(a, _)| *a == at).and_then(|(_, c)| *c);
                }
                Write::Puzzle(PuzzleWrite::Attempt(a)) => {
                    let at = address(a);
                    committed.attempt = self.attempts.iter().find(|(w, _)| *w == at).map(|(_, o)| o.clone());
                }
                _ => {}
            }
        }
        committed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::UnixMs;
    use crate::ratings::Rating;
    use mancala_engine::{BySide, Variant};
    use mancala_protocol::RatingChange;

    fn rate(game: &str) -> Write {
        let players = BySide::new("amina".to_string(), "baraka".to_string());
        Write::Rate(RateGame { game_id: game.into(), variant: Variant::Kubuguza, players, winner: None, at: 1 })
    }

    fn attempt() -> Write {
        let a = AttemptWrite {
            puzzle: "p".into(),
            player_key: "amina".into(),
            won: true,
            at: UnixMs::from_millis(1),
            streak: false,
        };
        Write::Puzzle(PuzzleWrite::Attempt(a))
    }

    fn changes(south: i32) -> RatingChanges {
        let change = |r: i32| RatingChange { before: r, after: r + 1, provisional: false };
        RatingChanges { south: change(south), north: change(1500) }
    }

    #[test]
    fn each_job_gets_the_reports_of_its_own_writes_even_when_two_are_alike() {
        // Two jobs of one batch: the same game ended twice (a resent end), and the same attempt twice.
        let jobs = [vec![rate("g1"), attempt()], vec![rate("g1"), attempt()], vec![Write::Ended("g1".into())]];
        let mut reports = Reports::default();
        let outcome =
            |run: u32| AttemptOutcome { puzzle: Some(Rating::default()), account: None, streak: Some((run, 9)) };
        for (i, job) in jobs.iter().enumerate().take(2) {
            for write in job {
                match write {
                    Write::Rate(r) => reports.rated(r, Some(changes(1000 + i as i32))),
                    Write::Puzzle(PuzzleWrite::Attempt(a)) => reports.attempted(a, outcome(i as u32)),
                    _ => {}
                }
            }
        }
        for (i, job) in jobs.iter().enumerate().take(2) {
            let got = reports.of(job);
            assert_eq!(got.ratings, Some(changes(1000 + i as i32)), "job {i}");
            assert_eq!(got.attempt, Some(outcome(i as u32)), "job {i}");
        }
        assert_eq!(reports.of(&jobs[2]), Committed::default(), "a job without such writes reports nothing");
    }
}
