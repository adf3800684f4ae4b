//! An account's standing changed so that its open offers must go, on every node: a closed account's seeks
//! and challenges, a computer-assisted account's rated ones. The node that stored the change tells its own
//! lobby, and publishes the account's key on the broker (`mancala.lobby.withdrawn`), on which every node's
//! lobby withdraws what it holds of that account (twice is once). Seeks and challenges live in the
//! lobbies' memory, so nothing else would reach them; the standing itself is in the database, where a new
//! seek, challenge or acceptance is checked, so a lost message leaves at most an offer nobody can take up.

use super::subscription::{self, json};
use super::{Broker, Cluster};
use crate::lobby::Lobby;
use crate::lobby::command::Command;
use crate::lobby::person::PersonKey;
use serde::{Deserialize, Serialize};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// The broker subject of withdrawals.
const SUBJECT: &str = "lobby.withdrawn";

/// What every node's lobby withdraws.
#[derive(Debug, Serialize, Deserialize)]
struct Withdrawn {
    key: PersonKey,
    /// Only the rated seeks and challenges (a mark); else all of them (a closing).
    rated_only: bool,
}

/// The seeks and challenges of account `key` (only the rated ones if `rated_only`) go, here and on the
/// other nodes.
pub async fn withdraw(lobby: &Lobby, cluster: Option<&Cluster>, key: PersonKey, rated_only: bool) {
    let msg = Withdrawn { key, rated_only };
    if let Some(cluster) = cluster {
        let payload = serde_json::to_vec(&msg).expect("a withdrawal serialises");
        if let Err(e) = cluster.broker().publish(SUBJECT.to_string(), payload.into()).await {
            tracing::warn!(error = %e, "a withdrawal could not be published to the other nodes");
        }
    }
    lobby.must_send(Command::Withdraw { key: msg.key, rated_only: msg.rated_only });
}

/// Passes the withdrawals published by any node to this node's lobby, until shutdown.
pub fn listen(broker: Broker, lobby: Lobby, tracker: &TaskTracker, shutdown: CancellationToken) {
    tracker.spawn(async move {
        let withdrawn =
            async move |w: Withdrawn, _| lobby.must_send(Command::Withdraw { key: w.key, rated_only: w.rated_only });
        subscription::listen(&broker, SUBJECT, "withdrawal", json, shutdown, withdrawn).await;
    });
}
