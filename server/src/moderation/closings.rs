//! The closings `admin close` stored for the servers (`account_closings`, `super::close`): every node reads
//! them every [`EVERY`], claims each by deleting its row (so exactly one node takes it), and carries it out
//! with the moderator's own path, [`super::close::end_what_is_open`]: sockets of every kind on every node,
//! challenges, ongoing games. A node that dies after its claim leaves the rest to the checks made where the
//! account's credentials are next used and to the games' clocks.

use super::queries::{self, ClosingRow, ClosingWrite};
use super::{Live, close};
use crate::cluster::Cluster;
use crate::ids::{Credential, PlayerName};
use crate::lobby::Lobby;
use crate::room::Registry;
use crate::store::{Store, StoreError, Write};
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// How often a node looks for closings to carry out.
pub const EVERY: Duration = Duration::from_secs(1);

/// What carrying a closing out reaches.
pub struct Closings {
    pub store: Store,
    pub lobby: Lobby,
    pub cluster: Option<Arc<Cluster>>,
    pub rooms: Arc<Registry>,
}

/// Starts this node's reader of closings, until shutdown.
pub fn start(closings: Closings, tracker: &TaskTracker, shutdown: CancellationToken) {
    tracker.spawn(async move {
        let mut every = tokio::time::interval(EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = shutdown.cancelled() => return,
                _ = every.tick() => {}
            }
            if let Err(e) = closings.pass().await {
                tracing::warn!(error = %e, "the closings of accounts could not be read");
            }
        }
    });
}

impl Closings {
    /// Claims and carries out every closing waiting.
    async fn pass(&self) -> Result<(), StoreError> {
        for row in queries::closings::pending_closings(&self.store).await? {
            let claim = vec![Write::feature(ClosingWrite::Claim { id: row.id.clone() })];
            match self.store.write(claim).await {
                Ok(()) => self.carry_out(row).await,
                // Another node claimed it first.
                Err(StoreError::Database(sqlx::Error::RowNotFound)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    async fn carry_out(&self, row: ClosingRow) {
        let credentials: Vec<Credential> = serde_json::from_str(&row.credentials).unwrap_or_else(|e| {
            tracing::warn!(error = %e, player = %row.player_key, "a closing's credentials do not read");
            Vec::new()
        });
        let Some(name) = self.name_of(&row.player_key).await else {
            tracing::warn!(player = %row.player_key, "a closing names no account");
            return;
        };
        let live = Live { lobby: &self.lobby, cluster: self.cluster.as_deref(), rooms: &self.rooms };
        match close::end_what_is_open(&self.store, live, &name, credentials).await {
            Ok(()) => tracing::info!(player = %name, "an account closed by the operator: what it had open is ended"),
            Err(e) => tracing::warn!(error = %e, player = %name, "an account closed by the operator: not all ended"),
        }
    }

    /// The registered name of the account `key`.
    async fn name_of(&self, key: &str) -> Option<PlayerName> {
        let key = PlayerName::parse(key).ok()?;
        let row = self.store.player_by_name(&key).await.ok()??;
        PlayerName::parse(&row.name).ok()
    }
}
