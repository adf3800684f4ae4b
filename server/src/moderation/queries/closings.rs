//! The closings of accounts that `admin close` stored for the servers to carry out (migration 0032:
//! `account_closings`): queued in the transaction that closes the account, read by every node, claimed by
//! the one that deletes the row first (`crate::moderation::closings`).

use crate::game::UnixMs;
use crate::store::{Backend, FeatureWrite, Report, Store, StoreError, Tx};
use futures_util::future::BoxFuture;
use sqlx::Row;

/// A closing waiting for a node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClosingRow {
    pub id: String,
    pub player_key: String,
    /// The revoked credentials, as JSON.
    pub credentials: String,
}

/// A write of `account_closings`.
#[derive(Clone, Debug)]
pub enum ClosingWrite {
    Queue {
        row: ClosingRow,
        at: UnixMs,
    },
    /// Takes closing `id` for this node: the job fails with `RowNotFound` when another node took it first.
    Claim {
        id: String,
    },
    /// The account was reopened: a closing not carried out yet is dropped.
    Forget {
        player_key: String,
    },
}

impl FeatureWrite for ClosingWrite {
    fn apply<'a>(&'a self, tx: &'a mut Tx, _: Backend) -> BoxFuture<'a, Result<Option<Report>, sqlx::Error>> {
        Box::pin(async move {
            apply(tx, self).await?;
            Ok(None)
        })
    }
}

async fn apply(tx: &mut Tx, write: &ClosingWrite) -> Result<(), sqlx::Error> {
    match write {
        ClosingWrite::Queue { row, at } => {
            sqlx::query(
                "INSERT INTO account_closings (id, player_key, credentials, created_at) VALUES ($1, $2, $3, $4)",
            )
            .bind(&row.id)
            .bind(&row.player_key)
            .bind(&row.credentials)
            .bind(at.millis())
            .execute(&mut **tx)
            .await?;
        }
        ClosingWrite::Claim { id } => {
            let done = sqlx::query("DELETE FROM account_closings WHERE id = $1").bind(id).execute(&mut **tx).await?;
            if done.rows_affected() != 1 {
                return Err(sqlx::Error::RowNotFound);
            }
        }
        ClosingWrite::Forget { player_key } => {
            sqlx::query("DELETE FROM account_closings WHERE player_key = $1")
                .bind(player_key)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}

/// The closings waiting for a node, oldest first (a few at a time).
pub async fn pending_closings(store: &Store) -> Result<Vec<ClosingRow>, StoreError> {
    let rows = sqlx::query("SELECT id, player_key, credentials FROM account_closings ORDER BY created_at, id LIMIT 20")
        .fetch_all(store.pool())
        .await?;
    rows.iter()
        .map(|r| {
            Ok(ClosingRow {
                id: r.try_get("id")?,
                player_key: r.try_get("player_key")?,
                credentials: r.try_get("credentials")?,
            })
        })
        .collect()
}
