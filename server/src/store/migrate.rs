//! The migrations (`migrations/` at the repository root, portable SQL, embedded) and what applying them
//! does to existing data that a log line should tell the operator: 0002 releases accounts whose names
//! the case-insensitive rule forbids (see the migration's comment).

use super::StoreError;
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::{AnyPool, Row, SqlSafeStr};
use std::sync::LazyLock;

/// Every file of `migrations/`, embedded in the binary (a test checks the list against the folder).
/// Read here rather than by `sqlx::migrate!`: that macro makes the compiler build sqlx's SQLite and
/// PostgreSQL drivers (bundled SQLite's C included) a second time, for itself, the largest repeated
/// work of a clean build.
macro_rules! embedded {
    ($($file:literal),* $(,)?) => {
        &[$(($file, include_str!(concat!("../../../migrations/", $file)))),*]
    };
}

const FILES: &[(&str, &str)] = embedded![
    "0001_init.sql",
    "0002_case_insensitive_names.sql",
    "0003_cluster.sql",
    "0004_accounts.sql",
    "0005_ratings.sql",
    "0006_aborted_by.sql",
    "0007_learn_progress.sql",
    "0009_reviews.sql",
    "0010_chat.sql",
    "0011_correspondence.sql",
    "0012_takebacks.sql",
    "0013_lobby_seeks.sql",
    "0014_tournaments.sql",
    "0015_berserk.sql",
    "0016_moderation.sql",
    "0017_blocks.sql",
    "0018_playban.sql",
    "0019_password_resets.sql",
    "0020_fair_play.sql",
    "0021_engine_mark.sql",
    "0022_email.sql",
    "0023_two_step.sql",
    "0024_puzzles.sql",
    "0025_shadow_chat.sql",
    "0026_puzzle_mining.sql",
    "0027_defence_theme.sql",
    "0029_puzzle_alternatives.sql",
    "0032_account_closings.sql",
];

static MIGRATOR: LazyLock<Migrator> =
    LazyLock::new(|| Migrator::with_migrations(FILES.iter().map(|&(file, sql)| migration(file, sql)).collect()));

/// A migration as `sqlx::migrate!` reads one from `VERSION_DESCRIPTION.sql`: the version before the
/// first `_`, the rest with spaces for `_`, no transaction when the file starts with
/// `-- no-transaction`; the checksum (of the text) is therefore the one databases already record.
fn migration(file: &str, sql: &'static str) -> Migration {
    let (version, rest) = file.split_once('_').expect("a migration's file is VERSION_DESCRIPTION.sql");
    let version = version.parse().expect("a migration's version is a number");
    let description = rest.trim_end_matches(".sql").replace('_', " ");
    let no_tx = sql.starts_with("-- no-transaction");
    Migration::new(version, description.into(), MigrationType::Simple, sql.into_sql_str(), no_tx)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    /// The list is the folder's files in order, and each is read as sqlx itself reads the folder
    /// (version, description, checksum: what databases already record).
    #[test]
    fn the_embedded_migrations_are_those_sqlx_reads_from_the_folder() {
        let folder = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../migrations"));
        let read = sqlx::migrate::resolve_blocking(folder).expect("the folder reads");
        let on_disk: Vec<String> =
            read.iter().map(|(_, path)| path.file_name().unwrap().to_string_lossy().into_owned()).collect();
        let embedded: Vec<&str> = FILES.iter().map(|&(file, _)| file).collect();
        assert_eq!(embedded, on_disk, "FILES lists every migration of the folder, in order");
        for ((m, _), ours) in read.iter().zip(MIGRATOR.iter()) {
            assert_eq!(
                (m.version, &m.description, m.migration_type, &m.checksum, m.no_tx),
                (ours.version, &ours.description, ours.migration_type, &ours.checksum, ours.no_tx),
                "migration {}",
                m.version
            );
        }
    }
}
