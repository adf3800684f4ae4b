//! The single writer: every write of the server passes through this task, which commits all the jobs
//! queued at that moment in one transaction (group commit). A job is a list of writes that must land
//! together (a decision's moves and the game row); if the shared transaction fails, each job is retried
//! alone so one bad job (a duplicate name) does not fail the others.
//!
//! Fencing (several nodes, docs/cluster.md): a job may carry a [`Fence`], the lease of its game (this
//! node's key and the epoch the room was started with). Before any write, the transaction reads those
//! leases `FOR SHARE` ([`check_fences`]): a job whose lease is no longer this node's at that epoch, or whose
//! node is no longer alive in the database's clock, fails with [`StoreError::Fenced`] and writes nothing;
//! the others commit. The share locks hold until the commit, so a takeover (which updates the lease row)
//! waits for the commit and then reads a game that includes it; a write that comes after a takeover reads
//! the new lease and is refused. A single node (no broker) has no fences and pays nothing.

use super::committed::{Committed, Reports};
use super::rows::{GAME_COLUMN_COUNT, GAME_COLUMNS, GameProgress, GameRow, MoveRow, PlayerRow};
use super::{Backend, StoreError};
use sqlx::{Any, AnyPool, Row, Transaction};
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

/// One write.
#[derive(Clone, Debug)]
pub enum Write {
    InsertGame(GameRow),
    /// Updates every mutable column of the game row.
    UpdateGame(GameRow),
    /// Updates the columns a decision or a ruling changes.
    Progress(GameProgress),
    InsertMove(MoveRow),
    InsertPlayer(PlayerRow),
    /// A lesson step an account met (`store/learn.rs`).
    /// The rating update of a rated game this job finishes (after the game row, in the same transaction).
    Rate(super::ratings::RateGame),
    /// Who aborted the game this job aborts (`store/aborts.rs`).
    AbortedBy(super::aborts::AbortedBy),
    /// A player's outcome of the game this job ends (`store/outcomes.rs`).
    Outcome(super::outcomes::OutcomeRow),
    /// The game this job ends, by id: the tournament it belongs to, if any, changed (its standings are its
    /// games), so its version is raised in the transaction that ends the game.
    Ended(String),
    /// A finished game's review (`store/reviews.rs`).
    Review(super::reviews::ReviewRow),
    /// A game's chat line (`store/chat.rs`).
    Chat(super::chat::ChatRow),
    /// A takeback: its row, and the decisions it undid out of `moves` (`store/takebacks.rs`).
    Takeback(super::takebacks::TakebackRow),
    /// A feature's own write, its statements in its folder (`store/feature_write.rs`): accounts, blocks,
    /// puzzles, moderation, fair play, tournaments.
    Feature(super::feature_write::Feature),
}

impl Write {
    /// A feature's write.
    pub fn feature(write: impl super::feature_write::FeatureWrite) -> Write {
        Write::Feature(std::sync::Arc::new(write))
    }
}

#[derive(Debug)]
pub(super) struct Job {
    pub writes: Vec<Write>,
    /// The lease the writes need (several nodes only).
    pub fence: Option<Fence>,
    /// The answer: committed, with what the transaction computed for the asker, or why not.
    pub done: oneshot::Sender<Result<Committed, StoreError>>,
}

/// The lease a game's write needs: this node owns `game` at `epoch` (docs/cluster.md, "Fencing").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fence {
    pub game: String,
    pub epoch: i64,
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

/// Starts the writer. `node` is this node's key when it runs with others (fenced jobs are checked against
/// it); `None` for a single node.
pub(super) fn spawn(pool: AnyPool, backend: Backend, node: Option<String>) -> (mpsc::Sender<Job>, WriterTask) {
    let (tx, mut rx) = mpsc::channel::<Job>(4096);
    let task = tokio::spawn(async move {
        let mut batch = Vec::with_capacity(MAX_BATCH);
        let metrics = BatchMetrics {
            jobs: metrics::histogram!("mancala_store_batch_jobs"),
            commit_seconds: metrics::histogram!("mancala_store_commit_seconds"),
        };
        while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
            commit_batch(&pool, backend, node.as_deref(), &metrics, &mut batch).await;
        }
        pool.close().await;
    });
    (tx, WriterTask(task))
}

/// What the writer records of each batch, looked up once: `metrics::histogram!("name")` finds its name in
/// the recorder's registry on every call.
struct BatchMetrics {
    jobs: metrics::Histogram,
    commit_seconds: metrics::Histogram,
}

async fn commit_batch(
    pool: &AnyPool,
    backend: Backend,
    node: Option<&str>,
    metrics: &BatchMetrics,
    batch: &mut Vec<Job>,
) {
    metrics.jobs.record(batch.len() as f64);
    let started = std::time::Instant::now();
    let fenced = node.filter(|_| batch.iter().any(|job| job.fence.is_some()));
    let together = async {
        // SQLite has no fences (several nodes need PostgreSQL): a batch of play goes in one round trip.
        if backend == Backend::Sqlite && fenced.is_none() {
            let writes: Vec<&Write> = batch.iter().flat_map(|job| &job.writes).collect();
            let merged = Merged::of(&writes);
            if let Some(new_games) = merged.only_games_and_moves() {
                super::script::commit(pool, &new_games, &merged).await?;
                return Ok((Vec::new(), Reports::default()));
            }
        }
        let mut tx = pool.begin().await?;
        // The jobs whose lease is gone write nothing; the others go on in the same transaction.
        let refused = match fenced {
            Some(node) => check_fences(&mut tx, node, batch.iter().map(|job| job.fence.as_ref())).await?,
            None => Vec::new(),
        };
        let writes: Vec<&Write> =
            batch.iter().enumerate().filter(|(i, _)| !refused.contains(i)).flat_map(|(_, job)| &job.writes).collect();
        let mut reports = Reports::default();
        apply_all(&mut tx, backend, &writes, &mut reports).await?;
        tx.commit().await?;
        Ok::<_, sqlx::Error>((refused, reports))
    };
    let result = together.await;
    metrics.commit_seconds.record(started.elapsed().as_secs_f64());
    let error = match result {
        Ok((refused, mut reports)) => {
            // Test hook (compiled only with the `failpoints` feature, which the tests turn on): the commit
            // landed but its answer was lost, as when the connection breaks after COMMIT was sent. The
            // room must then read the game back.
            #[cfg(feature = "failpoints")]
            if fail::eval("store::commit_answer_lost", |_| ()).is_some() {
                for job in batch.drain(..) {
                    let lost = StoreError::Unavailable("the connection broke after COMMIT was sent".into());
                    let _ = job.done.send(Err(lost));
                }
                return;
            }
            for (i, job) in batch.drain(..).enumerate() {
                let answer = if refused.contains(&i) { Err(fenced_error(&job)) } else { Ok(reports.take(&job.writes)) };
                let _ = job.done.send(answer);
            }
            return;
        }
        Err(e) => StoreError::from_write(e),
    };
    if batch.len() == 1 {
        let job = batch.pop().expect("one job");
        let _ = job.done.send(Err(error));
    } else if error.is_outage() {
        // The database is away (down, unreachable, full): every job fails now, with the reason, instead of
        // each being retried alone and waiting for the database once per job.
        metrics::counter!("mancala_store_outage_batches").increment(1);
        let reason = match error {
            StoreError::Unavailable(reason) => reason,
            other => other.to_string(),
        };
        for job in batch.drain(..) {
            let _ = job.done.send(Err(StoreError::Unavailable(reason.clone())));
        }
    } else {
        for job in batch.drain(..) {
            let result = commit_one(pool, backend, node, &job).await;
            let _ = job.done.send(result);
        }
    }
}

fn fenced_error(job: &Job) -> StoreError {
    metrics::counter!("mancala_store_fenced_jobs").increment(1);
    let fence = job.fence.as_ref().expect("only fenced jobs are refused");
    StoreError::Fenced { game: fence.game.clone(), epoch: fence.epoch }
}

async fn commit_one(pool: &AnyPool, backend: Backend, node: Option<&str>, job: &Job) -> Result<Committed, StoreError> {
    let mut tx = pool.begin().await.map_err(StoreError::from_write)?;
    if let (Some(node), Some(_)) = (node, &job.fence) {
        let refused =
            check_fences(&mut tx, node, std::iter::once(job.fence.as_ref())).await.map_err(StoreError::from_write)?;
        if !refused.is_empty() {
            return Err(fenced_error(job));
        }
    }
    let writes: Vec<&Write> = job.writes.iter().collect();
    let mut reports = Reports::default();
    apply_all(&mut tx, backend, &writes, &mut reports).await.map_err(StoreError::from_write)?;
    tx.commit().await.map_err(StoreError::from_write)?;
    Ok(reports.take(&job.writes))
}

/// The fencing check (PostgreSQL): reads, and share-locks until the commit, the leases of the fenced jobs'
/// games that `node` holds while it is alive by the database's clock. Returns the indexes of the jobs whose
/// lease is not among them at their epoch. Rows are locked in `game_id` order, so two transactions that
/// lock several lease rows never wait for each other in a cycle. Public for the fencing test, which runs
/// it on a transaction of its own to hold it open while another node takes the game.
pub async fn check_fences<'a>(
    tx: &mut Transaction<'static, Any>,
    node: &str,
    fences: impl Iterator<Item = Option<&'a Fence>>,
) -> Result<Vec<usize>, sqlx::Error> {
    let fences: Vec<(usize, &Fence)> = fences.enumerate().filter_map(|(i, f)| Some((i, f?))).collect();
    let mut games: Vec<&str> = fences.iter().map(|(_, f)| f.game.as_str()).collect();
    games.sort_unstable();
    games.dedup();
    // Game ids are alphanumeric: one comma-separated parameter keeps a single statement text whatever
    // the batch size (the Any driver binds no arrays).
    let rows = sqlx::query(
        "SELECT l.game_id, l.epoch FROM game_leases l \
         WHERE l.node = $1 AND l.game_id = ANY(string_to_array($2, ',')) \
         AND EXISTS (SELECT 1 FROM cluster_nodes n WHERE n.node = $1 AND n.expires_at > clock_timestamp()) \
         ORDER BY l.game_id FOR SHARE OF l",
    )
    .bind(node)
    .bind(games.join(","))
    .fetch_all(&mut **tx)
    .await?;
    let mut held = std::collections::HashMap::with_capacity(rows.len());
    for row in rows {
        held.insert(row.try_get::<String, _>(0)?, row.try_get::<i64, _>(1)?);
    }
    Ok(fences.into_iter().filter(|(_, f)| held.get(&f.game) != Some(&f.epoch)).map(|(i, _)| i).collect())
}

/// Game rows per multi-row statement at most (a power of two): far under SQLite's 32 766 and PostgreSQL's
/// 65 535 bound parameters.
const GAME_ROWS_PER_STATEMENT: usize = 128;

/// `items` cut into chunks whose lengths are powers of two (the largest first, at most `max`): 37 rows
/// are sent as 32 + 4 + 1. Every statement text is prepared once per connection and then found in
/// sqlx's statement cache (a few sizes instead of one text per batch size, which would be prepared anew
/// almost every batch and push each other out of the cache).
fn binary_chunks<T>(items: &[T], max: usize) -> impl Iterator<Item = &[T]> {
    debug_assert!(max.is_power_of_two());
    let mut rest = items;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let n = if rest.len() >= max { max } else { 1 << rest.len().ilog2() };
        let (chunk, tail) = rest.split_at(n);
        rest = tail;
        Some(chunk)
    })
}

/// A batch's writes sorted by how they are applied (see [`apply_all`]).
pub(super) struct Merged<'a> {
    /// New players, account writes, new games and aborters, in their order: applied one by one before the
    /// rest (they are rare, and may conflict). An aborter's game row exists already (a game is stored before
    /// anyone can abort it), and the full rows written after leave `aborted_by` alone.
    pub first: Vec<&'a Write>,
    pub moves: Vec<&'a MoveRow>,
    /// The full rows of games joined or ended: the last state of each.
    pub games: Vec<&'a GameRow>,
    /// The progress of the games a decision moved on: the last of each.
    pub progress: Vec<&'a GameProgress>,
    pub rates: Vec<&'a super::ratings::RateGame>,
    /// The players' outcomes of the games the batch ends.
    pub outcomes: Vec<&'a super::outcomes::OutcomeRow>,
    /// The games the batch ends (their tournaments' versions are raised).
    pub ended: Vec<&'a str>,
}

impl<'a> Merged<'a> {
    pub fn of(writes: &[&'a Write]) -> Merged<'a> {
        let mut m = Merged {
            first: Vec::new(),
            moves: Vec::new(),
            games: Vec::new(),
            progress: Vec::new(),
            rates: Vec::new(),
            outcomes: Vec::new(),
            ended: Vec::new(),
        };
        for &write in writes {
            match write {
                Write::Progress(p) => match m.progress.iter_mut().find(|old| old.id == p.id) {
                    Some(old) => *old = p,
                    None => m.progress.push(p),
                },
                Write::InsertGame(_)
                | Write::InsertPlayer(_)
                | Write::AbortedBy(_)
                | Write::Review(_)
                | Write::Chat(_)
                | Write::Takeback(_)
                | Write::Feature(_) => m.first.push(write),
                Write::InsertMove(mv) => m.moves.push(mv),
                Write::Outcome(o) => m.outcomes.push(o),
                Write::Ended(game) => m.ended.push(game),
                Write::Rate(r) => m.rates.push(r),
                Write::UpdateGame(g) => match m.games.iter_mut().find(|old| old.id == g.id) {
                    Some(old) => *old = g,
                    None => m.games.push(g),
                },
            }
        }
        m
    }

    /// The new games, when the batch writes nothing but games, moves and the ends of games (every batch of
    /// play): what [`super::script`] takes in one round trip.
    pub fn only_games_and_moves(&self) -> Option<Vec<&'a GameRow>> {
        if !self.rates.is_empty() {
            return None;
        }
        self.first.iter().map(|w| if let Write::InsertGame(g) = w { Some(g) } else { None }).collect()
    }
}

/// Applies writes in as few statements as they allow: new players and games one by one, in order (they are
/// rare and may conflict), then every move in one INSERT, then the full game rows (a join, an end), the
/// last state of each game only, in multi-row upserts, then the progress of the games a decision only
/// moved on, in one UPDATE. The statements before are what the later ones depend on (a move
/// references its game), and a game's later state replaces its earlier one in the same transaction
/// anyway, so the outcome is that of applying the writes one after another. A statement per batch
/// instead of two or three per decision is what lets one writer keep up (BENCHMARKS.md, "Server load").
/// What the writes compute for their askers (ratings, a feature's report) goes to `reports`.
async fn apply_all(
    tx: &mut Transaction<'static, Any>,
    backend: Backend,
    writes: &[&Write],
    reports: &mut Reports,
) -> Result<(), sqlx::Error> {
    let Merged { first, moves, games, progress, rates, outcomes, ended } = Merged::of(writes);
    for write in first {
        match write {
            Write::InsertGame(g) => insert_game(tx, backend, g).await?,
            Write::InsertPlayer(p) => {
                sqlx::query(
                    "INSERT INTO players (name, token_hash, created_at, password_hash) VALUES ($1, $2, $3, $4)",
                )
                .bind(&p.name)
                .bind(&p.token_hash)
                .bind(p.created_at)
                .bind(&p.password_hash)
                .execute(&mut **tx)
                .await?;
            }
            Write::AbortedBy(a) => super::aborts::apply(tx, a).await?,
            Write::Review(r) => super::reviews::apply(tx, r).await?,
            Write::Chat(c) => super::chat::apply(tx, c).await?,
            Write::Takeback(t) => super::takebacks::apply(tx, t).await?,
            Write::Feature(f) => {
                if let Some(report) = f.apply(tx, backend).await? {
                    reports.reported(f, report);
                }
            }
            _ => unreachable!("Merged::of puts only new players, games, account writes and aborters first"),
        }
    }
    if !moves.is_empty() {
        insert_moves(tx, backend, &moves).await?;
    }
    for chunk in binary_chunks(&games, GAME_ROWS_PER_STATEMENT) {
        // Every row exists: the conflict branch is always the one taken, and sets every mutable column.
        let sql = format!(
            "INSERT INTO games ({GAME_COLUMNS}) VALUES {} ON CONFLICT (id) DO UPDATE SET status = excluded.status, \
             south_name = excluded.south_name, north_name = excluded.north_name, \
             south_registered = excluded.south_registered, north_registered = excluded.north_registered, \
             south_token_hash = excluded.south_token_hash, north_token_hash = excluded.north_token_hash, \
             invite_code = excluded.invite_code, south_clock_ms = excluded.south_clock_ms, \
             north_clock_ms = excluded.north_clock_ms, plies = excluded.plies, winner = excluded.winner, \
             reason = excluded.reason, updated_at = excluded.updated_at, takeback_v = excluded.takeback_v, \
             takeback_ply = excluded.takeback_ply, takeback_side = excluded.takeback_side, \
             south_berserk = excluded.south_berserk, north_berserk = excluded.north_berserk",
            placeholders(backend, chunk.len(), GAME_COLUMN_COUNT)
        );
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql.as_str()));
        for g in chunk {
            q = bind_game(q, g);
        }
        q.execute(&mut **tx).await?;
    }
    // After the full rows: a game's progress is always newer than its join.
    if !progress.is_empty() {
        update_progress(tx, backend, &progress).await?;
    }
    if !outcomes.is_empty() {
        super::outcomes::insert(tx, backend, &outcomes).await?;
    }
    if !ended.is_empty() {
        super::tournaments::games_ended(tx, backend, &ended).await?;
    }
    // Last: a rated game's end is stored above, in this transaction, and its ratings with it.
    for r in rates {
        let changes = super::ratings::apply(tx, backend, r).await?;
        reports.rated(r, changes);
    }
    Ok(())
}

/// A statement's text for each backend, `$before` and `$after` around where the rows of a JSON array
/// parameter come from: SQLite's `jsonb_each` and PostgreSQL's `json_array_elements` both yield one row
/// per element in a column named `value`, and `value ->> N` is the N-th item of an element as SQL text
/// (SQLite: as its SQL type); `CAST` makes the types alike. `jsonb_each` rather than `json_each`: its
/// elements come in SQLite's binary form, which `->>` reads without parsing text again (a tenth fewer
/// instructions per decision under callgrind).
macro_rules! from_json_rows {
    ($before:literal, $after:literal) => {
        |backend: Backend| match backend {
            Backend::Sqlite => concat!($before, "jsonb_each(?)", $after),
            Backend::Postgres => concat!($before, "json_array_elements($1::json)", $after),
        }
    };
}
pub(super) use from_json_rows;

/// Every move of the batch in one statement whatever their number, the rows passed as one JSON array.
/// One statement instead of a few multi-row ones (and one bound value instead of eight a row) is one
/// round trip to the database connection per batch (BENCHMARKS.md, "One statement per table").
async fn insert_moves(
    tx: &mut Transaction<'static, Any>,
    backend: Backend,
    moves: &[&MoveRow],
) -> Result<(), sqlx::Error> {
    let sql = from_json_rows!(
        "INSERT INTO moves (game_id, ply, side, decision, client_id, auto, at, clock_ms) \
         SELECT value ->> 0, CAST(value ->> 1 AS INTEGER), value ->> 2, value ->> 3, value ->> 4, \
         CAST(value ->> 5 AS SMALLINT), CAST(value ->> 6 AS BIGINT), CAST(value ->> 7 AS BIGINT) FROM ",
        ""
    );
    let rows: Vec<_> = moves.iter().map(|m| move_json(m)).collect();
    sqlx::query(sql(backend)).bind(json(&rows)).execute(&mut **tx).await?;
    Ok(())
}

/// The progress of every game of the batch in one statement, as [`insert_moves`]. Portable: `UPDATE …
/// FROM` works on SQLite (3.33+) and PostgreSQL alike.
async fn update_progress(
    tx: &mut Transaction<'static, Any>,
    backend: Backend,
    progress: &[&GameProgress],
) -> Result<(), sqlx::Error> {
    let sql = from_json_rows!(
        "UPDATE games SET south_clock_ms = CAST(v.value ->> 1 AS BIGINT), \
         north_clock_ms = CAST(v.value ->> 2 AS BIGINT), plies = CAST(v.value ->> 3 AS INTEGER), \
         updated_at = CAST(v.value ->> 4 AS BIGINT) FROM ",
        " AS v WHERE games.id = v.value ->> 0"
    );
    let rows: Vec<_> = progress.iter().map(|p| progress_json(p)).collect();
    sqlx::query(sql(backend)).bind(json(&rows)).execute(&mut **tx).await?;
    Ok(())
}

/// A move's row as a JSON array, in the order of the columns of the statements that insert moves.
pub(super) fn move_json(m: &MoveRow) -> impl serde::Serialize + '_ {
    (&m.game_id, m.ply, &m.side, &m.decision, &m.client_id, m.auto as i16, m.at, m.clock_ms)
}

/// A game's progress as a JSON array: its id, then the columns the progress statements set.
pub(super) fn progress_json(p: &GameProgress) -> impl serde::Serialize + '_ {
    (&p.id, p.south_clock_ms, p.north_clock_ms, p.plies, p.updated_at)
}

pub(super) fn json(rows: &impl serde::Serialize) -> String {
    serde_json::to_string(rows).expect("rows of strings and integers serialise")
}

async fn insert_game(tx: &mut Transaction<'static, Any>, backend: Backend, g: &GameRow) -> Result<(), sqlx::Error> {
    let sql = format!("INSERT INTO games ({GAME_COLUMNS}) VALUES {}", placeholders(backend, 1, GAME_COLUMN_COUNT));
    bind_game(sqlx::query(sqlx::AssertSqlSafe(sql.as_str())), g).execute(&mut **tx).await?;
    Ok(())
}

type AnyQuery<'q> = sqlx::query::Query<'q, Any, sqlx::any::AnyArguments>;

/// Binds every column of `g`, in the order of [`GAME_COLUMNS`].
fn bind_game<'q>(q: AnyQuery<'q>, g: &'q GameRow) -> AnyQuery<'q> {
    q.bind(&g.id)
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
        .bind(g.rated as i16)
        .bind(g.plies as i32)
        .bind(&g.winner)
        .bind(&g.reason)
        .bind(g.created_at)
        .bind(g.updated_at)
        .bind(g.clock_days)
        .bind(g.takeback_v)
        .bind(g.takeback_ply)
        .bind(&g.takeback_side)
        .bind(g.berserk_allowed as i16)
        .bind(g.south_berserk)
        .bind(g.north_berserk)
}

/// `($1, …, $k), ($k+1, …), …` for `rows` rows of `columns` values on PostgreSQL; on SQLite the same with
/// anonymous `?`. SQLite looks a numbered parameter up by name in a list, once per parameter, so a
/// statement of 2 000 numbered parameters spends its time there (sqlx binds `$N` through
/// `sqlite3_bind_parameter_name`: a third of the server's CPU at 5 000 decisions/s); `?` is bound by
/// position.
fn placeholders(backend: Backend, rows: usize, columns: usize) -> String {
    let mut out = String::with_capacity(rows * columns * 5);
    for r in 0..rows {
        out.push_str(if r == 0 { "(" } else { ", (" });
        for c in 0..columns {
            if c > 0 {
                out.push_str(", ");
            }
            match backend {
                Backend::Postgres => {
                    out.push('$');
                    out.push_str(&(r * columns + c + 1).to_string());
                }
                Backend::Sqlite => out.push('?'),
            }
        }
        out.push(')');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Backend, binary_chunks, placeholders};

    #[test]
    fn chunks_are_powers_of_two_largest_first() {
        let lens = |n: usize, max| binary_chunks(&vec![0; n], max).map(<[_]>::len).collect::<Vec<_>>();
        assert_eq!(lens(0, 8), Vec::<usize>::new());
        assert_eq!(lens(37, 64), [32, 4, 1]);
        assert_eq!(lens(20, 8), [8, 8, 4]);
        assert_eq!(lens(1, 8), [1]);
    }

    #[test]
    fn numbered_placeholders_row_by_row() {
        assert_eq!(placeholders(Backend::Postgres, 1, 2), "($1, $2)");
        assert_eq!(placeholders(Backend::Postgres, 2, 3), "($1, $2, $3), ($4, $5, $6)");
        assert_eq!(placeholders(Backend::Sqlite, 2, 2), "(?, ?), (?, ?)");
    }
}
