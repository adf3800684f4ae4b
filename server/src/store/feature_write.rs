//! A feature's own write: its statements live in its folder (`<feature>/queries…`), and the single writer
//! runs them in the batch's transaction as it runs every write, so they commit with the rest of the job
//! and are fenced, batched and retried alone like any other. The store knows nothing of the feature: it
//! commits what the feature hands it and gives back, on the job's answer channel, what the write reported
//! ([`super::Committed::report`]).

use super::Backend;
use futures_util::future::BoxFuture;
use sqlx::{Any, Transaction};
use std::sync::Arc;

/// The transaction a write runs in.
pub type Tx = Transaction<'static, Any>;

/// What a write hands back to the feature that asked, once committed (the feature downcasts it).
pub type Report = Box<dyn std::any::Any + Send>;

/// A write a feature defines. `apply` runs its statements in the batch's transaction; the feature's rule
/// that needs the rows it reads there (a puzzle attempt's ratings) runs between them, as a plain function
/// of the feature. What it returns reaches the job's asker when the transaction has committed.
pub trait FeatureWrite: std::fmt::Debug + Send + Sync + 'static {
    fn apply<'a>(&'a self, tx: &'a mut Tx, backend: Backend) -> BoxFuture<'a, Result<Option<Report>, sqlx::Error>>;
}

/// A feature's write as the writer holds it (shared, so a job can be retried alone).
pub type Feature = Arc<dyn FeatureWrite>;

/// Where a feature's write sits in memory: what its report is matched to (the same write cloned into two
/// jobs of one batch gets its reports in the order the jobs were queued).
pub(super) fn address(write: &Feature) -> usize {
    Arc::as_ptr(write).cast::<()>() as usize
}
