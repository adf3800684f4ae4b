//! The engine's cores as permits, handed out by urgency rather than in the order they were asked for.
//! Every search is due by an instant, and a freed core goes to the earliest due (the searches' callers
//! say when: [`super::Work`]): a bot on a clock by the deadline its clock gives, a bot without a clock a
//! few seconds after it asked, an analysis a little later, a post-game review's judgements well after
//! the review was asked. So a bullet game's bot does not wait behind bots with minutes on their clocks,
//! and study that has waited long enough goes ahead of bots whose clocks can spare the wait, instead of
//! waiting for as long as bots keep coming. Among equals, first come, first served. Study (analyses and
//! reviews) holds at most its share of the cores at once: a study waiter beyond that share is passed
//! over, and served when a study core is freed.
//!
//! A waiter that stops waiting leaves the queue; a core handed to a waiter that has just left comes back
//! to the queue when its permit is dropped, so no core is ever lost.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;
use tokio::sync::oneshot;

/// The queue of one engine: its free cores and its waiters.
#[derive(Clone)]
pub(super) struct CoreQueue(Arc<Mutex<Queue>>);

impl std::fmt::Debug for CoreQueue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let q = lock(&self.0);
        f.debug_struct("CoreQueue").field("free", &q.free).field("waiting", &q.waiting.len()).finish()
    }
}

/// One core, held while a search runs; dropping it hands the core to the best waiter.
#[derive(Debug)]
pub(super) struct Core {
    study: bool,
    /// The queue it goes back to; `None` once it was never given (see [`release`]).
    queue: Option<Arc<Mutex<Queue>>>,
}

impl Drop for Core {
    fn drop(&mut self) {
        if let Some(queue) = self.queue.take() {
            release(&queue, self.study);
        }
    }
}

struct Waiter {
    study: bool,
    tx: oneshot::Sender<Core>,
}

struct Queue {
    free: usize,
    /// The cores study holds, and the most it may.
    study: usize,
    study_limit: usize,
    seq: u64,
    waiting: BTreeMap<(Instant, u64), Waiter>,
}

impl std::fmt::Debug for Queue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Queue").field("free", &self.free).field("study", &self.study).finish_non_exhaustive()
    }
}

impl Queue {
    fn may_take(&self, study: bool) -> bool {
        !study || self.study < self.study_limit
    }

    /// A core for a waiter (study or not), counted.
    fn hand(&mut self, study: bool, me: &Arc<Mutex<Queue>>) -> Core {
        self.study += usize::from(study);
        Core { study, queue: Some(me.clone()) }
    }

    /// The best waiter that may take a core now, out of the queue.
    fn next(&mut self) -> Option<Waiter> {
        let key = *self.waiting.iter().find(|(_, w)| self.may_take(w.study))?.0;
        self.waiting.remove(&key)
    }
}

/// The queue; a search that panicked never holds its lock (nothing in it can panic), so a poisoned lock
/// is taken as is.
fn lock(queue: &Mutex<Queue>) -> MutexGuard<'_, Queue> {
    queue.lock().unwrap_or_else(|e| e.into_inner())
}

impl CoreQueue {
    /// `cores` cores, of which study may hold `study_limit`.
    pub(super) fn new(cores: usize, study_limit: usize) -> CoreQueue {
        CoreQueue(Arc::new(Mutex::new(Queue { free: cores, study: 0, study_limit, seq: 0, waiting: BTreeMap::new() })))
    }

    /// Waits for a core for a search due by `due`; `study` for an analysis or a review.
    pub(super) async fn core(&self, due: Instant, study: bool) -> Core {
        let (key, rx) = {
            let mut q = lock(&self.0);
            // A core is free only while no waiter may take it: a freed core goes to a waiter first.
            if q.free > 0 && q.may_take(study) {
                q.free -= 1;
                return q.hand(study, &self.0);
            }
            q.seq += 1;
            let key = (due, q.seq);
            let (tx, rx) = oneshot::channel();
            q.waiting.insert(key, Waiter { study, tx });
            (key, rx)
        };
        let _leave = Leave { queue: &self.0, key };
        // The sender lives in the queue until it is sent on, and only `Leave` removes it unsent.
        rx.await.expect("a waiter's sender is only dropped by the waiter")
    }

    /// The searches waiting for a core.
    #[cfg(test)]
    pub(super) fn waiting(&self) -> usize {
        lock(&self.0).waiting.len()
    }
}

/// Removes a waiter that stopped waiting before it was served.
struct Leave<'a> {
    queue: &'a Mutex<Queue>,
    key: (Instant, u64),
}

impl Drop for Leave<'_> {
    fn drop(&mut self) {
        lock(self.queue).waiting.remove(&self.key);
    }
}

/// Hands a freed core (`study`: study held it) to the best waiter that may take it, or makes it free.
fn release(queue: &Arc<Mutex<Queue>>, study: bool) {
    let mut q = lock(queue);
    q.study -= usize::from(study);
    loop {
        let Some(waiter) = q.next() else {
            q.free += 1;
            return;
        };
        let core = q.hand(waiter.study, queue);
        match waiter.tx.send(core) {
            Ok(()) => return,
            // The waiter left between its removal and now: the core was never given, so it is not
            // released through its drop (that would lock the queue held here) but offered again.
            Err(mut core) => {
                q.study -= usize::from(core.study);
                core.queue = None;
            }
        }
    }
}
