//! Storage: one code path for SQLite and PostgreSQL through sqlx's Any driver (chosen by the URL's scheme).
//! Reads go through a small pool; every write goes through one writer task ([`writer`]) that commits
//! whatever is queued in one transaction (group commit), so SQLite never sees two writers and PostgreSQL
//! pays one commit for many games' decisions. Migrations (`migrations/` at the repository root, portable
//! SQL) are embedded and applied on start.

mod aborts;
mod accounts;
mod admin;
mod chat;
mod check;
mod checkpoint;
mod committed;
mod feature_write;
pub mod leases;
pub mod mapping;
mod migrate;
mod outcomes;
mod ratings;
mod reads;
mod reports;
mod reviews;
mod rows;
mod script;
pub mod seeks;
mod standing;
mod takebacks;
mod tournaments;
mod writer;

pub use crate::ratings::Rating;
pub use aborts::AbortedBy;
pub use accounts::{AccountRow, ApiTokenRow, SessionRow};
pub use admin::Stats;
pub use chat::ChatRow;
pub use check::PairedSeat;
pub use committed::Committed;
pub use feature_write::{Feature, FeatureWrite, Report, Tx};
pub use outcomes::OutcomeRow;
pub use ratings::{Ranked, RateGame, RatingPoint};
pub use reads::{GameFilter, ListCursor, ResultFilter};
pub use reports::{ReportEntry, ReportFiling, file_report};
pub use reviews::ReviewRow;
pub use rows::{GameProgress, GameRow, MoveRow, PlayerRow};
pub use standing::Standing;
pub use takebacks::TakebackRow;
pub use writer::{Fence, Write, WriterTask, check_fences};

use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// What can go wrong in storage.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// A unique key already exists (a player name, an invite code).
    #[error("already exists")]
    Conflict,
    /// A stored row that the server cannot read back (a value it never writes).
    #[error("corrupt row: {0}")]
    Corrupt(String),
    /// The database URL names no database this server supports.
    #[error("unsupported database URL `{0}` (expected sqlite:… or postgres://…)")]
    UnsupportedUrl(String),
    /// The database cannot take writes now (down, restarting, unreachable, its disk full or read-only):
    /// nothing of the write was stored, and the same write may succeed later.
    #[error("the database is unavailable: {0}")]
    Unavailable(String),
    /// The database was migrated by a newer server: this one would misread it.
    #[error(
        "the database's schema is at migration {found}, newer than this server's newest ({known}): a newer \
         mancala-server upgraded it; run that version or a newer one, or restore a backup taken before the \
         upgrade (docs/operating.md, \"Upgrades\")"
    )]
    SchemaTooNew { found: i64, known: i64 },
    /// The writer task is gone (the server is shutting down).
    #[error("the store is closed")]
    Closed,
    /// This node no longer holds the game's lease at the epoch its room was started with (another node
    /// took the game over, or this node's lease expired): nothing was written (docs/cluster.md).
    #[error("this server no longer owns game {game} (its lease at epoch {epoch} is gone)")]
    Fenced { game: String, epoch: i64 },
}

impl StoreError {
    fn from_write(e: sqlx::Error) -> StoreError {
        match &e {
            sqlx::Error::Database(db) if db.is_unique_violation() => StoreError::Conflict,
            _ if is_outage(&e) => StoreError::Unavailable(e.to_string()),
            _ => StoreError::Database(e),
        }
    }

    /// Is this the database being away (rather than one bad write)?
    pub fn is_outage(&self) -> bool {
        match self {
            StoreError::Unavailable(_) => true,
            StoreError::Database(e) => is_outage(e),
            _ => false,
        }
    }
}

/// Errors that say the database, not the write, is the problem: the connection (refused, reset, timed
/// out), PostgreSQL's connection and resource classes and its shutdown codes, SQLite's busy, locked,
/// read-only, I/O, full and cannot-open codes. Every job of a failed batch then fails at once rather
/// than being retried alone, which would wait for the database once per job.
fn is_outage(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::Protocol(_)
        | sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Database(db) => {
            let code = db.code().unwrap_or_default();
            // A SQLSTATE may be all digits too, so the driver, not the code's shape, tells them apart.
            if db.try_downcast_ref::<sqlx::postgres::PgDatabaseError>().is_some() {
                // SQLSTATE: 08 connection exception, 53 insufficient resources (disk full), 57P admin or
                // crash shutdown and "cannot connect now", 25006 read-only transaction, 3D000 no database,
                // 55000 "database … is not currently accepting connections".
                code.starts_with("08")
                    || code.starts_with("53")
                    || code.starts_with("57P")
                    || ["25006", "3D000", "55000"].contains(&code.as_ref())
            } else {
                // SQLite's primary result codes (the low byte of an extended code): BUSY 5, LOCKED 6,
                // READONLY 8, IOERR 10, FULL 13, CANTOPEN 14.
                code.parse::<i32>().is_ok_and(|c| matches!(c & 0xff, 5 | 6 | 8 | 10 | 13 | 14))
            }
        }
        _ => false,
    }
}

/// The database handle: cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    read: AnyPool,
    writes: mpsc::Sender<writer::Job>,
    backend: Backend,
    /// Woken after a commit of this process that finished a rated game ([`Store::rated_stored`]).
    rated: std::sync::Arc<tokio::sync::Notify>,
    /// A write queued and committed: looked up once, as `metrics::histogram!("name")` finds its name in
    /// the recorder's registry on every call, and every decision is a write.
    write_seconds: metrics::Histogram,
}

/// Which database the URL chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Store {
    /// Connects, applies the migrations and starts the writer task. A `sqlite:` URL creates the file if
    /// needed (`mode=rwc` is added when the URL has no mode).
    pub async fn connect(url: &str) -> Result<(Store, writer::WriterTask), StoreError> {
        Store::connect_node(url, None).await
    }

    /// [`Store::connect`] for a node that runs with others: its fenced writes are checked against the
    /// leases of node `node` (PostgreSQL only).
    pub async fn connect_node(url: &str, node: Option<String>) -> Result<(Store, writer::WriterTask), StoreError> {
        sqlx::any::install_default_drivers();
        let (backend, url) = if url.starts_with("sqlite:") {
            let url = if url.contains("mode=") || url.contains(":memory:") {
                url.to_string()
            } else if url.contains('?') {
                format!("{url}&mode=rwc")
            } else {
                format!("{url}?mode=rwc")
            };
            (Backend::Sqlite, url)
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            (Backend::Postgres, url.to_string())
        } else {
            return Err(StoreError::UnsupportedUrl(url.to_string()));
        };
        let clustered = node.is_some();
        // A pooled connection is checked (a round trip to it) before it is handed out, which finds a
        // PostgreSQL connection the server or the network dropped; a SQLite connection is a file this
        // process holds open and cannot be dropped, so its check would only cost a hand-off to its thread
        // for every commit and every read.
        let test_before_acquire = backend == Backend::Postgres;
        let options = |max: u32| {
            AnyPoolOptions::new()
                .max_connections(max)
                .acquire_timeout(Duration::from_secs(5))
                .test_before_acquire(test_before_acquire)
                .after_connect(move |conn, _meta| {
                    Box::pin(async move {
                        if conn.backend_name() == "PostgreSQL" && clustered {
                            // A paused or cut-off node must not keep a lease row share-locked (docs/cluster.md,
                            // "Fencing"): the database ends a transaction left idle this long, so a takeover
                            // waits for it at most this.
                            sqlx::raw_sql("SET idle_in_transaction_session_timeout = 2000").execute(&mut *conn).await?;
                        }
                        if conn.backend_name() == "SQLite" {
                            // WAL lets readers run beside the writer; NORMAL syncs at checkpoints only,
                            // which WAL keeps crash-safe (a power loss may lose the last commits, a killed
                            // process loses nothing). A page cache of up to 64 MiB per connection. No
                            // connection checkpoints on its own: a task does, off the writer's path
                            // ([`checkpoint`]); a WAL started over is cut back to 64 MiB. Temporary tables
                            // (the ones a statement makes for itself, e.g. for `UPDATE … FROM`) in memory:
                            // in files they cost a create and a delete in /var/tmp dozens of times a second.
                            sqlx::raw_sql(
                                "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
                                 PRAGMA cache_size = -65536; PRAGMA wal_autocheckpoint = 0; \
                                 PRAGMA journal_size_limit = 67108864; PRAGMA temp_store = MEMORY;",
                            )
                            .execute(&mut *conn)
                            .await?;
                        }
                        Ok(())
                    })
                })
        };
        // SQLite allows one writer at a time: the writer pool has exactly one connection.
        let (read_max, write_max) = match backend {
            Backend::Sqlite => (4, 1),
            Backend::Postgres => (8, 2),
        };
        let write_pool = options(write_max).connect(&url).await?;
        migrate::run(&write_pool).await?;
        let read = options(read_max).connect(&url).await?;
        if node.is_some() && backend != Backend::Postgres {
            return Err(StoreError::UnsupportedUrl(format!("{url} (several nodes need PostgreSQL)")));
        }
        if backend == Backend::Sqlite {
            checkpoint::spawn(read.clone());
        }
        let (writes, task) = writer::spawn(write_pool.clone(), backend, node);
        let write_seconds = metrics::histogram!("mancala_store_write_seconds");
        Ok((Store { read, writes, backend, rated: Default::default(), write_seconds }, task))
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Stores `change` of `game` (its decisions and the game row after it) in one transaction. Returns
    /// once committed, with the rating changes when the change finished a rated game (written in the same
    /// transaction).
    /// With several nodes, `epoch` is the game's lease the write needs (fencing).
    pub async fn commit(
        &self,
        game: &crate::game::LiveGame,
        change: &crate::game::Change,
        epoch: Option<i64>,
    ) -> Result<Option<mancala_protocol::RatingChanges>, StoreError> {
        let fence = epoch.map(|epoch| Fence { game: game.id.as_str().to_string(), epoch });
        let writes = mapping::writes(game, change);
        let changes = self.write_fenced(writes, fence).await?.ratings;
        if changes.is_some() {
            self.rated.notify_one();
        }
        Ok(changes)
    }

    /// Completes after this process next commits the end of a rated game (at once if one was committed
    /// since the last wait): what fair play's pass waits for besides its period.
    pub async fn rated_stored(&self) {
        self.rated.notified().await;
    }

    /// Applies `writes` atomically, after everything queued before it. Returns once committed.
    pub async fn write(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        self.write_fenced(writes, None).await.map(drop)
    }

    /// [`Store::write`], with what the transaction computed for these writes (a rated game's ratings, a
    /// feature write's report).
    pub async fn write_for(&self, writes: Vec<Write>) -> Result<Committed, StoreError> {
        self.write_fenced(writes, None).await
    }

    /// [`Store::write_for`], refused unless this node holds `fence` when the transaction runs.
    pub async fn write_fenced(&self, writes: Vec<Write>, fence: Option<Fence>) -> Result<Committed, StoreError> {
        let started = std::time::Instant::now();
        let (done, answer) = oneshot::channel();
        self.writes.send(writer::Job { writes, fence, done }).await.map_err(|_| StoreError::Closed)?;
        let result = answer.await.map_err(|_| StoreError::Closed)?;
        // Queued behind the transaction in progress, then committed with the next one.
        self.write_seconds.record(started.elapsed().as_secs_f64());
        result
    }

    /// Closes the read pool (at shutdown, once nothing reads any more). The write pool is the writer's:
    /// it closes it after committing what was queued.
    pub async fn close_reads(&self) {
        self.read.close().await;
    }

    /// Does the database answer?
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.read).await?;
        Ok(())
    }

    pub(crate) fn pool(&self) -> &AnyPool {
        &self.read
    }
}
