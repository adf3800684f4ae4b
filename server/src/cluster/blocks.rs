//! A block or an unblock takes effect on every node at once: the node that stored it reads the
//! blocker's list again into its lobby's [`Blocks`], and publishes the blocker's key on the broker
//! (`mancala.blocks.changed`), on which every node reads that list again from the database. The message
//! carries no list, so two changes received in any order, or twice, leave every node with what is stored.
//! A lost message (NATS delivers at most once) is caught up when the blocker next opens a socket, and a
//! challenge is always checked in the database (docs/moderation.md, "Blocks").

use super::subscription::{self, text};
use super::{Broker, Cluster};
use crate::blocks::Blocks;
use crate::lobby::Lobby;
use crate::store::{Store, StoreError};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// The broker subject of block changes.
const SUBJECT: &str = "blocks.changed";

/// Account `blocker` (its key) changed its blocks in the store: this node and the others follow.
pub async fn changed(lobby: &Lobby, store: &Store, cluster: Option<&Cluster>, blocker: &str) -> Result<(), StoreError> {
    lobby.blocks().refresh(store, blocker).await?;
    if let Some(cluster) = cluster
        && let Err(e) = cluster.broker().publish(SUBJECT.to_string(), blocker.to_string().into_bytes().into()).await
    {
        tracing::warn!(error = %e, "a block could not be published to the other nodes");
    }
    Ok(())
}

/// Reads again, into `blocks`, the list of every blocker any node says changed, until shutdown.
pub fn listen(broker: Broker, store: Store, blocks: Blocks, tracker: &TaskTracker, shutdown: CancellationToken) {
    tracker.spawn(async move {
        let changed = async move |blocker: String, _| {
            if let Err(e) = blocks.refresh(&store, &blocker).await {
                tracing::warn!(error = %e, blocker, "the blocks of an account could not be read again");
            }
        };
        subscription::listen(&broker, SUBJECT, "block change", text, shutdown, changed).await;
    });
}
