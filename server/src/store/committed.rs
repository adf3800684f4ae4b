//! What a committed job's transaction computed for whoever asked, handed back on the job's answer
//! channel: a rated game's rating changes, and each feature write's report (a puzzle attempt's ratings and
//! streak). The store keeps no result in shared memory; each report is matched to its write by the
//! write's place in the batch (its address, which does not move while the batch commits), so two like
//! writes in one batch each get their own.

use super::feature_write::{self, Report};
use super::ratings::RateGame;
use super::writer::Write;
use mancala_protocol::RatingChanges;

/// What a job's writes report once committed.
#[derive(Debug, Default)]
pub struct Committed {
    /// The rating changes of the rated game the job ended (`Write::Rate`), or those stored already for a
    /// game ended twice; `None` when the job ended no rated game or none changed (a game against oneself).
    pub ratings: Option<RatingChanges>,
    /// The reports of the job's feature writes, in the job's order.
    reports: Vec<Report>,
}

impl Committed {
    /// The first report of type `T` among the job's feature writes', taken out.
    pub fn report<T: 'static>(&mut self) -> Option<T> {
        let at = self.reports.iter().position(|r| r.is::<T>())?;
        self.reports.remove(at).downcast::<T>().ok().map(|b| *b)
    }
}

/// The reports of one transaction's writes, by the address of the write that made each.
#[derive(Debug, Default)]
pub(super) struct Reports {
    ratings: Vec<(usize, Option<RatingChanges>)>,
    features: Vec<(usize, Report)>,
}

fn address<T>(write: &T) -> usize {
    std::ptr::from_ref(write) as usize
}

impl Reports {
    pub fn rated(&mut self, write: &RateGame, changes: Option<RatingChanges>) {
        self.ratings.push((address(write), changes));
    }

    pub fn reported(&mut self, write: &feature_write::Feature, report: Report) {
        self.features.push((feature_write::address(write), report));
    }

    /// What `writes` (one job's) reported in this transaction, taken out.
    pub fn take(&mut self, writes: &[Write]) -> Committed {
        let mut committed = Committed::default();
        for write in writes {
            match write {
                Write::Rate(r) => {
                    let at = address(r);
                    committed.ratings = self.ratings.iter().find(|(a, _)| *a == at).and_then(|(_, c)| *c);
                }
                Write::Feature(f) => {
                    let at = feature_write::address(f);
                    if let Some(i) = self.features.iter().position(|(a, _)| *a == at) {
                        committed.reports.push(self.features.remove(i).1);
                    }
                }
                _ => {}
            }
        }
        committed
    }
}

#[cfg(test)]
mod tests {
    use super::super::Backend;
    use super::super::feature_write::{FeatureWrite, Tx};
    use super::*;
    use futures_util::future::BoxFuture;
    use mancala_engine::{BySide, Variant};
    use mancala_protocol::RatingChange;
    use std::sync::Arc;

    #[derive(Debug)]
    struct Counted;

    impl FeatureWrite for Counted {
        fn apply<'a>(&'a self, _: &'a mut Tx, _: Backend) -> BoxFuture<'a, Result<Option<Report>, sqlx::Error>> {
            Box::pin(async { Ok(None) })
        }
    }

    fn rate(game: &str) -> Write {
        let players = BySide::new("amina".to_string(), "baraka".to_string());
        Write::Rate(RateGame { game_id: game.into(), variant: Variant::Kubuguza, players, winner: None, at: 1 })
    }

    fn changes(south: i32) -> RatingChanges {
        let change = |r: i32| RatingChange { before: r, after: r + 1, provisional: false };
        RatingChanges { south: change(south), north: change(1500) }
    }

    #[test]
    fn each_job_gets_the_reports_of_its_own_writes_even_when_two_are_alike() {
        // Two jobs of one batch: the same game ended twice (a resent end), and two like feature writes
        // (the same attempt twice); a third job holds a clone of the second's write.
        let shared = Write::Feature(Arc::new(Counted));
        let jobs = [
            vec![rate("g1"), Write::Feature(Arc::new(Counted))],
            vec![rate("g1"), shared.clone()],
            vec![shared, Write::Ended("g1".into())],
            vec![Write::Ended("g1".into())],
        ];
        let mut reports = Reports::default();
        for (i, job) in jobs.iter().enumerate().take(3) {
            for write in job {
                match write {
                    Write::Rate(r) => reports.rated(r, Some(changes(1000 + i as i32))),
                    Write::Feature(f) => reports.reported(f, Box::new(i as u32)),
                    _ => {}
                }
            }
        }
        for (i, job) in jobs.iter().enumerate().take(3) {
            let mut got = reports.take(job);
            assert_eq!(got.ratings, if i < 2 { Some(changes(1000 + i as i32)) } else { None }, "job {i}");
            assert_eq!(got.report::<u32>(), Some(i as u32), "job {i}");
            assert_eq!(got.report::<u32>(), None, "job {i}: one report only");
        }
        let mut none = reports.take(&jobs[3]);
        assert_eq!((none.ratings, none.report::<u32>()), (None, None), "a job without such writes reports nothing");
    }
}
