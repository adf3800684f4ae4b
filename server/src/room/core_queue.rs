//! The machine's cores as permits, handed out by rank rather than in the order they were asked for: a bot
//! whose clock runs out soonest gets the next free core, then the bots of games without a clock, then
//! study (analyses and reviews). Among equals, first come, first served.
//!
//! A waiter that stops waiting leaves the queue; a core handed to a waiter that has just left comes back
//! to the queue when its permit is dropped, so no core is ever lost.

use std::collections::BTreeMap;
use std::sync::{LazyLock, Mutex, MutexGuard};
use std::time::Instant;
use tokio::sync::oneshot;

/// A search's place in the queue for a core. The order of the variants is the order of service.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rank {
    /// A server bot whose search must end by this instant (its clock): the earliest first.
    Deadline(Instant),
    /// A server bot in a game without a clock.
    Play,
    /// An analysis or a review.
    Study,
}

/// One core, held while a search runs; dropping it hands the core to the best waiter.
#[derive(Debug)]
pub struct Core(());

impl Drop for Core {
    fn drop(&mut self) {
        release();
    }
}

struct Queue {
    free: usize,
    seq: u64,
    waiting: BTreeMap<(Rank, u64), oneshot::Sender<Core>>,
}

static QUEUE: LazyLock<Mutex<Queue>> =
    LazyLock::new(|| Mutex::new(Queue { free: super::engine_pool::cores(), seq: 0, waiting: BTreeMap::new() }));

/// The queue; a search that panicked never holds its lock (nothing in it can panic), so a poisoned lock
/// is taken as is.
fn queue() -> MutexGuard<'static, Queue> {
    QUEUE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Waits for a core at `rank`.
pub async fn core(rank: Rank) -> Core {
    let (key, rx) = {
        let mut q = queue();
        if q.free > 0 {
            // Cores are free only while nobody waits: a freed core goes to a waiter first.
            q.free -= 1;
            return Core(());
        }
        q.seq += 1;
        let key = (rank, q.seq);
        let (tx, rx) = oneshot::channel();
        q.waiting.insert(key, tx);
        (key, rx)
    };
    let _leave = Leave(key);
    // The sender lives in the queue until it is sent on, and only `Leave` removes it unsent.
    rx.await.expect("a waiter's sender is only dropped by the waiter")
}

/// Removes a waiter that stopped waiting before it was served.
struct Leave((Rank, u64));

impl Drop for Leave {
    fn drop(&mut self) {
        queue().waiting.remove(&self.0);
    }
}

/// Hands a freed core to the best waiter still waiting, or makes it free.
fn release() {
    loop {
        let Some((_, tx)) = ({
            let mut q = queue();
            let next = q.waiting.pop_first();
            if next.is_none() {
                q.free += 1;
            }
            next
        }) else {
            return;
        };
        match tx.send(Core(())) {
            Ok(()) => return,
            // The waiter left between its removal and now: the core was never given, so it must not
            // be released twice.
            Err(core) => std::mem::forget(core),
        }
    }
}

/// The searches waiting for a core.
#[cfg(test)]
pub fn waiting() -> usize {
    queue().waiting.len()
}
