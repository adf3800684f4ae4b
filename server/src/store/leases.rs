//! Who owns which game, in PostgreSQL (tables `cluster_nodes` and `game_leases`, migration 0003). Every
//! time is the database's own clock (`clock_timestamp()`), so the nodes' clocks never matter.
//!
//! - A node is alive while its row's `expires_at` is in the future; it renews it every lease/3 with one
//!   statement ([`renew`]), however many games it owns.
//! - A game's lease names a node and an epoch. It is valid while that node is alive. [`take`] is the only
//!   way to get one: one `INSERT … ON CONFLICT DO UPDATE … WHERE` that raises the epoch, and succeeds only
//!   if the lease is free, held by a dead node, or already this node's (a new room of its own). The row
//!   lock it takes makes it wait for a write of the former owner that is checking the lease at that moment
//!   (the writer reads the lease `FOR SHARE`, [`crate::store`]'s fencing), so that write either commits
//!   before the take or is refused after it.

use crate::store::StoreError;
use sqlx::{AnyPool, Row};
use std::time::Duration;

/// The owner of a game's lease, as the database sees it now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owner {
    pub node: String,
    pub epoch: i64,
    /// The node's own lease has not expired.
    pub alive: bool,
}

fn millis(d: Duration) -> i64 {
    d.as_millis() as i64
}

/// Announces node `node` (reachable at `addr`), alive for `lease` from now.
pub async fn register(pool: &AnyPool, node: &str, addr: &str, lease: Duration) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO cluster_nodes (node, addr, started_at, expires_at) \
         VALUES ($1, $2, clock_timestamp(), clock_timestamp() + $3 * interval '1 millisecond') \
         ON CONFLICT (node) DO UPDATE SET addr = excluded.addr, expires_at = excluded.expires_at",
    )
    .bind(node)
    .bind(addr)
    .bind(millis(lease))
    .execute(pool)
    .await
    .map_err(StoreError::from)?;
    Ok(())
}

/// Keeps node `node` alive for `lease` from now. `false`: its lease had expired already (it must stop
/// every game it ran: others may have taken them), and it was not renewed.
pub async fn renew(pool: &AnyPool, node: &str, lease: Duration) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "UPDATE cluster_nodes SET expires_at = clock_timestamp() + $2 * interval '1 millisecond' \
         WHERE node = $1 AND expires_at > clock_timestamp()",
    )
    .bind(node)
    .bind(millis(lease))
    .execute(pool)
    .await
    .map_err(StoreError::from)?;
    Ok(done.rows_affected() == 1)
}

/// Ends node `node`'s lease now (SIGTERM): every game it owned may be taken at once.
pub async fn release(pool: &AnyPool, node: &str) -> Result<(), StoreError> {
    sqlx::query("UPDATE cluster_nodes SET expires_at = clock_timestamp() WHERE node = $1")
        .bind(node)
        .execute(pool)
        .await
        .map_err(StoreError::from)?;
    Ok(())
}

/// The nodes alive now: (node, address).
pub async fn alive(pool: &AnyPool) -> Result<Vec<(String, String)>, StoreError> {
    let rows = sqlx::query("SELECT node, addr FROM cluster_nodes WHERE expires_at > clock_timestamp() ORDER BY node")
        .fetch_all(pool)
        .await?;
    rows.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?))).collect()
}

/// The lease of game `id`, if it has one.
pub async fn owner(pool: &AnyPool, id: &str) -> Result<Option<Owner>, StoreError> {
    let row = sqlx::query(
        "SELECT l.node, l.epoch, EXISTS (SELECT 1 FROM cluster_nodes n \
         WHERE n.node = l.node AND n.expires_at > clock_timestamp()) AS alive \
         FROM game_leases l WHERE l.game_id = $1",
    )
    .bind(id)
    .fetch_optional(pool)
    .await?;
    row.map(|r| Ok(Owner { node: r.try_get(0)?, epoch: r.try_get(1)?, alive: r.try_get(2)? })).transpose()
}

/// Takes game `id`'s lease for `node` with a new epoch, if it is free, its node is dead, or it is `node`'s
/// already. Returns the new epoch, or `None` when a live node holds it.
pub async fn take(pool: &AnyPool, id: &str, node: &str) -> Result<Option<i64>, StoreError> {
    let row = sqlx::query(
        "INSERT INTO game_leases (game_id, node, epoch, taken_at) VALUES ($1, $2, 1, clock_timestamp()) \
         ON CONFLICT (game_id) DO UPDATE SET node = excluded.node, epoch = game_leases.epoch + 1, \
         taken_at = excluded.taken_at \
         WHERE game_leases.node = excluded.node OR NOT EXISTS (SELECT 1 FROM cluster_nodes n \
         WHERE n.node = game_leases.node AND n.expires_at > clock_timestamp()) \
         RETURNING epoch",
    )
    .bind(id)
    .bind(node)
    .fetch_optional(pool)
    .await
    .map_err(StoreError::from)?;
    row.map(|r| r.try_get::<i64, _>(0)).transpose().map_err(StoreError::from)
}

/// Unfinished games that no live node owns (their owner died, or they were never leased: games of a
/// single-node past), at most `limit`.
pub async fn orphans(pool: &AnyPool, limit: i64) -> Result<Vec<String>, StoreError> {
    let rows = sqlx::query(
        "SELECT g.id FROM games g LEFT JOIN game_leases l ON l.game_id = g.id \
         WHERE g.status <> 'finished' AND (l.node IS NULL OR NOT EXISTS (SELECT 1 FROM cluster_nodes n \
         WHERE n.node = l.node AND n.expires_at > clock_timestamp())) \
         ORDER BY g.id LIMIT $1",
    )
    .bind(limit)
    .fetch_all(pool)
    .await?;
    rows.iter().map(|r| r.try_get(0).map_err(StoreError::from)).collect()
}

/// Housekeeping: leases of finished games (nothing writes them again) and nodes dead for an hour that own
/// nothing.
pub async fn tidy(pool: &AnyPool) -> Result<(), StoreError> {
    sqlx::query(
        "DELETE FROM game_leases l USING games g WHERE g.id = l.game_id AND g.status = 'finished' \
         AND NOT EXISTS (SELECT 1 FROM cluster_nodes n WHERE n.node = l.node AND n.expires_at > clock_timestamp())",
    )
    .execute(pool)
    .await?;
    sqlx::query(
        "DELETE FROM cluster_nodes n WHERE n.expires_at < clock_timestamp() - interval '1 hour' \
         AND NOT EXISTS (SELECT 1 FROM game_leases l WHERE l.node = n.node)",
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// The seeks of nodes whose lease expired (`lobby_seeks`): their lobby task is gone, nobody could take them.
pub async fn drop_dead_seeks(pool: &AnyPool) -> Result<u64, StoreError> {
    let done = sqlx::query(
        "DELETE FROM lobby_seeks WHERE NOT EXISTS (SELECT 1 FROM cluster_nodes n \
         WHERE n.node = lobby_seeks.node AND n.expires_at > clock_timestamp())",
    )
    .execute(pool)
    .await?;
    Ok(done.rows_affected())
}
