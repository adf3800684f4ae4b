//! The operator's reads (`crate::admin`): counts over the whole database.

use super::{Backend, Store, StoreError};
use sqlx::Row;
use std::collections::BTreeMap;

/// What `admin stats` reports.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Stats {
    /// Accounts that can sign in or hold a token (guests are not accounts).
    pub accounts: i64,
    pub games_by_status: BTreeMap<String, i64>,
    pub games_by_variant: BTreeMap<String, i64>,
    /// The database's size on disk, when the database says it.
    pub database_bytes: Option<i64>,
}

impl Store {
    /// Counts for `admin stats`.
    pub async fn stats(&self) -> Result<Stats, StoreError> {
        let accounts: i64 = sqlx::query("SELECT COUNT(*) FROM players").fetch_one(self.pool()).await?.try_get(0)?;
        let by = |sql: &'static str| async move {
            let rows = sqlx::query(sql).fetch_all(self.pool()).await?;
            rows.iter()
                .map(|r| Ok((r.try_get::<String, _>(0)?, r.try_get::<i64, _>(1)?)))
                .collect::<Result<BTreeMap<_, _>, StoreError>>()
        };
        let games_by_status = by("SELECT status, COUNT(*) FROM games GROUP BY status").await?;
        let games_by_variant = by("SELECT variant, COUNT(*) FROM games GROUP BY variant").await?;
        let size_sql = match self.backend() {
            Backend::Sqlite => "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()",
            Backend::Postgres => "SELECT pg_database_size(current_database())",
        };
        let database_bytes =
            sqlx::query(size_sql).fetch_one(self.pool()).await.ok().and_then(|r| r.try_get::<i64, _>(0).ok());
        Ok(Stats { accounts, games_by_status, games_by_variant, database_bytes })
    }
}

impl Store {
    /// Writes a consistent copy of this SQLite database to the new file `path` (`VACUUM INTO`: one read
    /// transaction, so the copy holds every commit before it and none after, while the writer goes on).
    pub async fn backup_into(&self, path: &str) -> Result<(), StoreError> {
        sqlx::query("VACUUM INTO $1").bind(path).execute(self.pool()).await?;
        Ok(())
    }
}
