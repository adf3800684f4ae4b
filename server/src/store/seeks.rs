//! The lobby's seeks as rows of `lobby_seeks` (migration 0013), for a cluster: each node writes the seeks
//! its lobby task owns, and reads the others' when it starts or its broker connection comes back
//! (`crate::cluster::lobby`). A single node never touches the table.

use super::StoreError;
use sqlx::{AnyPool, Row};

/// A seek as stored: `spec` is the seek as shown (JSON of `mancala_protocol::lobby::Seek`), decoded by the
/// lobby, which owns its meaning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeekRow {
    pub id: String,
    pub node: String,
    pub owner_key: String,
    pub spec: String,
    pub rating: i32,
    pub created_at: i64,
}

/// Stores seek `row`.
pub async fn insert(pool: &AnyPool, row: &SeekRow) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO lobby_seeks (id, node, owner_key, spec, rating, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&row.id)
    .bind(&row.node)
    .bind(&row.owner_key)
    .bind(&row.spec)
    .bind(row.rating)
    .bind(row.created_at)
    .execute(pool)
    .await?;
    Ok(())
}

/// Claims seek `id` of node `node`: the one statement that removes it, so of two claims only one gets
/// `true`.
pub async fn claim(pool: &AnyPool, node: &str, id: &str) -> Result<bool, StoreError> {
    let done =
        sqlx::query("DELETE FROM lobby_seeks WHERE id = $1 AND node = $2").bind(id).bind(node).execute(pool).await?;
    Ok(done.rows_affected() == 1)
}

/// Every seek not owned by `node`, oldest first.
pub async fn of_others(pool: &AnyPool, node: &str) -> Result<Vec<SeekRow>, StoreError> {
    let rows = sqlx::query(
        "SELECT id, node, owner_key, spec, rating, created_at FROM lobby_seeks WHERE node <> $1 \
         ORDER BY created_at, id",
    )
    .bind(node)
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(SeekRow {
                id: r.try_get("id")?,
                node: r.try_get("node")?,
                owner_key: r.try_get("owner_key")?,
                spec: r.try_get("spec")?,
                rating: r.try_get::<i32, _>("rating")?,
                created_at: r.try_get("created_at")?,
            })
        })
        .collect()
}
