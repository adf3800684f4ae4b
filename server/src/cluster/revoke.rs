//! Revoking a credential ends what it opened, at once: signing out, a password change (the other
//! sessions), revoking an API token. The lobby connections opened with it are closed (a lobby socket with
//! 4001 "signed out", a seek stream with an `unauthorized` line) and their seeks removed. Nothing else the
//! server holds open stands on an account's credential: a game socket stands on its seat token.
//!
//! With several nodes the revocation is published on the broker (`mancala.lobby.revoked`) and every node's
//! lobby closes its own connections. NATS delivers at most once, so a connection is not trusted on that
//! alone: its credential is checked again in the database where it is used (a seek, an accept, a pairing:
//! `crate::Store::still_valid`), and a connection found revoked there is closed the same way.

use super::subscription::{self, json};
use super::{Broker, Cluster};
use crate::ids::Credential;
use crate::lobby::Lobby;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// The broker subject of revocations.
const SUBJECT: &str = "lobby.revoked";

/// `credentials` are revoked (their rows deleted): closes what they opened, here and on the other nodes.
pub async fn revoked(lobby: &Lobby, cluster: Option<&Cluster>, credentials: Vec<Credential>) {
    if credentials.is_empty() {
        return;
    }
    lobby.revoke(credentials.clone());
    if let Some(cluster) = cluster {
        let payload = serde_json::to_vec(&credentials).expect("credentials serialise");
        if let Err(e) = cluster.broker().publish(SUBJECT.to_string(), payload.into()).await {
            // The other nodes find out where the credential is next used.
            tracing::warn!(error = %e, "a revocation could not be published to the other nodes");
        }
    }
}

/// Passes the revocations published by any node (this one too: closing twice is closing once) to this
/// node's lobby, until shutdown.
pub fn listen(broker: Broker, lobby: Lobby, tracker: &TaskTracker, shutdown: CancellationToken) {
    tracker.spawn(async move {
        let revoked = async move |credentials: Vec<Credential>, _| lobby.revoke(credentials);
        subscription::listen(&broker, SUBJECT, "revocation", json, shutdown, revoked).await;
    });
}
