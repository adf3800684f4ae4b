//! The migrations (`migrations/` at the repository root, portable SQL, embedded) and what applying them
//! does to existing data that a log line should tell the operator: 0002 releases accounts whose names
//! the case-insensitive rule forbids (see the migration's comment).

use super::StoreError;
use sqlx::{AnyPool, Row};

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");

/// The accounts migration 0002 releases, in the words of its `DELETE`.
const RELEASED_BY_0002: &str = "SELECT name FROM players \
     WHERE lower(name) IN ('anonymous', '.', '..') \
        OR EXISTS (SELECT 1 FROM players q WHERE lower(q.name) = lower(players.name) \
                   AND (q.created_at < players.created_at \
                        OR (q.created_at = players.created_at AND q.name < players.name))) \
     ORDER BY name";

/// The newest migration this server knows.
pub fn newest_known() -> i64 {
    MIGRATOR.iter().map(|m| m.version).max().unwrap_or(0)
}

/// Applies the migrations not applied yet, logging what they release. A database a newer server has
/// migrated is refused before anything is applied: this server would misread the rows that newer
/// schema writes (migrations only go forward; docs/operating.md, "Upgrades").
pub async fn run(pool: &AnyPool) -> Result<(), StoreError> {
    if let Some(found) = newest_applied(pool).await.filter(|&v| v > newest_known()) {
        return Err(StoreError::SchemaTooNew { found, known: newest_known() });
    }
    let released = released_by_0002(pool).await;
    MIGRATOR.run(pool).await?;
    if !released.is_empty() {
        tracing::warn!(
            accounts = ?released,
            "migration 0002 (case-insensitive names) released these accounts: a case variant of an earlier \
             name, or a reserved one; their seats are guest seats now"
        );
    }
    Ok(())
}

/// The newest migration applied to the database (`None` on a new database).
async fn newest_applied(pool: &AnyPool) -> Option<i64> {
    let row = sqlx::query("SELECT MAX(version) FROM _sqlx_migrations").fetch_one(pool).await.ok()?;
    row.try_get::<Option<i64>, _>(0).ok().flatten()
}

/// The names 0002 will release, if it is still to be applied (nothing on a new database, where neither
/// table exists yet, or once it has run).
async fn released_by_0002(pool: &AnyPool) -> Vec<String> {
    let applied = sqlx::query("SELECT version FROM _sqlx_migrations WHERE version = 2").fetch_optional(pool).await;
    if !matches!(applied, Ok(None)) {
        return Vec::new();
    }
    match sqlx::query(RELEASED_BY_0002).fetch_all(pool).await {
        Ok(rows) => rows.iter().filter_map(|r| r.try_get::<String, _>("name").ok()).collect(),
        Err(_) => Vec::new(),
    }
}
