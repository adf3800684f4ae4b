//! An account closed (by a moderator, or by the operator's `admin close` carried out by a node) closes its
//! game sockets at once on every node: this node's through its lobby's [`crate::lobby::closing`], the
//! others' through the broker (`mancala.accounts.closed`, carrying the account's key). Its lobby and
//! tournament sockets close by the revocation of its credentials (`super::revoke`). A lost message (NATS
//! delivers at most once) leaves a game socket open until the client reconnects, which is refused: the
//! handshake of a closed account's seat or session is.

use super::subscription::{self, text};
use super::{Broker, Cluster};
use crate::lobby::Lobby;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// The broker subject of closed accounts.
const SUBJECT: &str = "accounts.closed";

/// The account `key` is closed: its game sockets close, here and on the other nodes.
pub async fn closed(lobby: &Lobby, cluster: Option<&Cluster>, key: &str) {
    lobby.accounts().close(key);
    if let Some(cluster) = cluster
        && let Err(e) = cluster.broker().publish(SUBJECT.to_string(), key.to_string().into_bytes().into()).await
    {
        tracing::warn!(error = %e, "a closed account could not be published to the other nodes");
    }
}

/// Closes the game sockets of every account any node says closed (this one too: closing twice is closing
/// once), until shutdown.
pub fn listen(broker: Broker, lobby: Lobby, tracker: &TaskTracker, shutdown: CancellationToken) {
    tracker.spawn(async move {
        let closed = async move |key: String, _| lobby.accounts().close(&key);
        subscription::listen(&broker, SUBJECT, "closed account", text, shutdown, closed).await;
    });
}
