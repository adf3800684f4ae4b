//! SQLite's WAL checkpoints, taken off the writer's path. By default SQLite checkpoints inside the commit
//! that pushes the WAL past its threshold: that commit copies thousands of pages back into the database
//! file and fsyncs it, and every decision waiting for it waits too (the tail of the commit latency,
//! BENCHMARKS.md). Here the writer never checkpoints (`wal_autocheckpoint = 0`); this task runs a
//! `PASSIVE` checkpoint on a connection of the read pool ten times a second. A passive checkpoint takes no
//! lock that a writer needs: it copies what no reader still uses while commits go on. It still slows the
//! writer while it runs: it ends by syncing the database file, and on ext4 that sync commits the
//! filesystem's journal, which the writer's WAL appends then wait for. The more frames a checkpoint
//! copies, the longer that wait, so small checkpoints often beat large ones seldom: with 5 000 games at
//! 5 000 decisions/s the p99 of a decision was 34-73 ms with a checkpoint every 500 ms, 19-35 ms every
//! 100 ms and 77-95 ms every 2 s (BENCHMARKS.md, "Checkpoint interval"). The WAL starts over
//! from its beginning only at a commit that finds it wholly copied, which a busy writer, committing again
//! at once, rarely does; so once the WAL holds more than [`RESTART_AT`] frames, all of them copied, a
//! `RESTART` checkpoint makes the next commit start it over. It waits for the commit in progress, but has
//! nothing left to copy, so it holds the writer up for moments, not for the copy.

use sqlx::AnyPool;
use std::time::Duration;

/// How often the WAL is checkpointed. An idle server pays one query that finds nothing to copy.
const EVERY: Duration = Duration::from_millis(100);
/// Frames (4 KiB pages) in the WAL above which it is started over (16 MiB).
const RESTART_AT: i32 = 4096;

/// Runs until the pool closes (at shutdown, when the last connection closes, SQLite checkpoints the
/// rest itself).
pub(super) fn spawn(read: AnyPool) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if read.is_closed() {
                return;
            }
            let started = std::time::Instant::now();
            // `(busy, log, checkpointed)`: frames in the WAL and frames copied back.
            match sqlx::query_as::<_, (i32, i32, i32)>("PRAGMA wal_checkpoint(PASSIVE)").fetch_one(&read).await {
                Ok((_, log, copied)) => {
                    metrics::histogram!("mancala_store_checkpoint_seconds").record(started.elapsed().as_secs_f64());
                    metrics::gauge!("mancala_store_wal_frames").set(f64::from(log));
                    if log > RESTART_AT && copied == log {
                        let restart = sqlx::query("PRAGMA wal_checkpoint(RESTART)").execute(&read).await;
                        if let Err(e) = restart {
                            tracing::debug!(error = %e, "WAL restart failed");
                        }
                    }
                }
                Err(sqlx::Error::PoolClosed) => return,
                // The database is away (a full disk, say): the writer reports that to the players; the
                // checkpoint is simply tried again.
                Err(e) => tracing::debug!(error = %e, "WAL checkpoint failed"),
            }
        }
    });
}
