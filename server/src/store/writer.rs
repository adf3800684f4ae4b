//! The single writer: every write of the server passes through this task, which commits all the jobs
//! queued at that moment in one transaction (group commit). A job is a list of writes that must land
//! together (a decision's moves and the game row); if the shared transaction fails, each job is retried
//! alone so one bad job (a duplicate name) does not fail the others.

use super::StoreError;
use super::rows::{GameRow, MoveRow, PlayerRow};
use sqlx::{Any, AnyPool, Transaction};
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

/// One write.
#[derive(Clone, Debug)]
pub enum Write {
    InsertGame(GameRow),
    /// Updates every mutable column of the game row.
    UpdateGame(GameRow),
    InsertMove(MoveRow),
    InsertPlayer(PlayerRow),
}

#[derive(Debug)]
pub(super) struct Job {
    pub writes: Vec<Write>,
    pub done: oneshot::Sender<Result<(), StoreError>>,
}

/// The writer task; it ends when every [`super::Store`] handle is dropped, after committing what was
/// queued, and closes its pool.
#[derive(Debug)]
pub struct WriterTask(JoinHandle<()>);

impl WriterTask {
    pub async fn finish(self) {
        let _ = self.0.await;
    }
}

/// How many jobs one transaction takes at most.
const MAX_BATCH: usize = 256;

pub(super) fn spawn(pool: AnyPool) -> (mpsc::Sender<Job>, WriterTask) {
    let (tx, mut rx) = mpsc::channel::<Job>(4096);
    let task = tokio::spawn(async move {
        let mut batch = Vec::with_capacity(MAX_BATCH);
        while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
            commit_batch(&pool, &mut batch).await;
        }
        pool.close().await;
    });
    (tx, WriterTask(task))
}

async fn commit_batch(pool: &AnyPool, batch: &mut Vec<Job>) {
    metrics::histogram!("mancala_store_batch_jobs").record(batch.len() as f64);
    let together = async {
        let mut tx = pool.begin().await?;
        for job in batch.iter() {
            for w in &job.writes {
                apply(&mut tx, w).await?;
            }
        }
        tx.commit().await
    };
    match together.await {
        Ok(()) => {
            for job in batch.drain(..) {
                let _ = job.done.send(Ok(()));
            }
        }
        Err(e) if batch.len() == 1 => {
            let job = batch.pop().expect("one job");
            let _ = job.done.send(Err(StoreError::from_write(e)));
        }
        Err(_) => {
            for job in batch.drain(..) {
                let result = commit_one(pool, &job.writes).await;
                let _ = job.done.send(result);
            }
        }
    }
}

async fn commit_one(pool: &AnyPool, writes: &[Write]) -> Result<(), StoreError> {
    let mut tx = pool.begin().await.map_err(StoreError::from_write)?;
    for w in writes {
        apply(&mut tx, w).await.map_err(StoreError::from_write)?;
    }
    tx.commit().await.map_err(StoreError::from_write)
}

async fn apply(tx: &mut Transaction<'static, Any>, write: &Write) -> Result<(), sqlx::Error> {
    match write {
        Write::InsertGame(g) => {
            sqlx::query(
                "INSERT INTO games (id, variant, options, status, south_name, north_name, south_registered, \
                 north_registered, south_token_hash, north_token_hash, invite_code, clock_base_ms, \
                 clock_increment_ms, south_clock_ms, north_clock_ms, auto_forced, plies, winner, reason, \
                 created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)",
            )
            .bind(&g.id)
            .bind(&g.variant)
            .bind(&g.options)
            .bind(&g.status)
            .bind(&g.south_name)
            .bind(&g.north_name)
            .bind(g.south_registered as i16)
            .bind(g.north_registered as i16)
            .bind(&g.south_token_hash)
            .bind(&g.north_token_hash)
            .bind(&g.invite_code)
            .bind(g.clock_base_ms)
            .bind(g.clock_increment_ms)
            .bind(g.south_clock_ms)
            .bind(g.north_clock_ms)
            .bind(g.auto_forced as i16)
            .bind(g.plies as i32)
            .bind(&g.winner)
            .bind(&g.reason)
            .bind(g.created_at)
            .bind(g.updated_at)
            .execute(&mut **tx)
            .await?;
        }
        Write::UpdateGame(g) => {
            sqlx::query(
                "UPDATE games SET status = $2, south_name = $3, north_name = $4, south_registered = $5, \
                 north_registered = $6, south_token_hash = $7, north_token_hash = $8, invite_code = $9, \
                 south_clock_ms = $10, north_clock_ms = $11, plies = $12, winner = $13, reason = $14, \
                 updated_at = $15 WHERE id = $1",
            )
            .bind(&g.id)
            .bind(&g.status)
            .bind(&g.south_name)
            .bind(&g.north_name)
            .bind(g.south_registered as i16)
            .bind(g.north_registered as i16)
            .bind(&g.south_token_hash)
            .bind(&g.north_token_hash)
            .bind(&g.invite_code)
            .bind(g.south_clock_ms)
            .bind(g.north_clock_ms)
            .bind(g.plies as i32)
            .bind(&g.winner)
            .bind(&g.reason)
            .bind(g.updated_at)
            .execute(&mut **tx)
            .await?;
        }
        Write::InsertMove(m) => {
            sqlx::query(
                "INSERT INTO moves (game_id, ply, side, decision, client_id, auto, at, clock_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(&m.game_id)
            .bind(m.ply as i32)
            .bind(&m.side)
            .bind(&m.decision)
            .bind(&m.client_id)
            .bind(m.auto as i16)
            .bind(m.at)
            .bind(m.clock_ms)
            .execute(&mut **tx)
            .await?;
        }
        Write::InsertPlayer(p) => {
            sqlx::query("INSERT INTO players (name, token_hash, created_at) VALUES ($1, $2, $3)")
                .bind(&p.name)
                .bind(&p.token_hash)
                .bind(p.created_at)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}
