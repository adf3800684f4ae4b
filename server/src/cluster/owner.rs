//! The owner's side of the viewers other nodes relay: each is an ordinary connection of the game's room
//! (so the room's delivery rule, versions, secrets per viewer kind and answers are exactly those of a local
//! socket), whose queue a forwarding task drains into the viewer's node's relay subject, numbering the
//! items. Its client messages arrive in order on this node's owner subject and go to the room through a
//! task of their own, which reserves the answer's slot in the queue first, as a socket's reader does.
//!
//! Cost (BENCHMARKS.md, "Several nodes"): each change is one broker message per remote viewer, not per
//! remote node: simple and exact, and cheap for games watched by a handful of people.

use super::Cluster;
use super::broker::Delivery;
use super::subscription::{self, json};
use super::wire::{self, Item, Reply, ToOwner};
use crate::ids::PlayerName;
use crate::room::{AskError, CONNECTION_QUEUE, ConnId, Outbound, Registry, RoomHandle};
use futures_util::Stream;
use mancala_protocol::ClientMsg;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;
use tokio::sync::mpsc::error::TrySendError;
use tokio_util::sync::CancellationToken;

/// The remote viewers of this node's rooms, by (their node, their relay id).
#[derive(Debug, Default)]
pub(super) struct Remotes {
    map: Mutex<HashMap<(String, ConnId), Remote>>,
}

#[derive(Debug)]
struct Remote {
    room: RoomHandle,
    conn: ConnId,
    /// The viewer's messages, to the task that hands them to the room.
    inbound: mpsc::Sender<(ClientMsg, Option<PlayerName>)>,
}

impl Remotes {
    pub fn len(&self) -> usize {
        self.map.lock().expect("remotes lock").len()
    }

    fn insert(&self, key: (String, ConnId), remote: Remote) {
        self.map.lock().expect("remotes lock").insert(key, remote);
        metrics::gauge!("mancala_remote_viewers").increment(1.0);
    }

    fn remove(&self, key: &(String, ConnId)) {
        let gone = self.map.lock().expect("remotes lock").remove(key);
        if let Some(remote) = gone {
            metrics::gauge!("mancala_remote_viewers").decrement(1.0);
            tokio::spawn(async move { remote.room.disconnect(remote.conn).await });
        }
    }

    fn client(&self, key: (String, ConnId), msg: (ClientMsg, Option<PlayerName>)) {
        let full = {
            let map = self.map.lock().expect("remotes lock");
            let Some(remote) = map.get(&key) else { return };
            matches!(remote.inbound.try_send(msg), Err(TrySendError::Full(_)))
        };
        if full {
            // A viewer that sends faster than its room serves it: it is dropped (its node closes the socket
            // once the item numbers stop).
            self.remove(&key);
        }
    }

    /// Viewers of nodes that are not alive any more leave their rooms.
    pub fn drop_orphans(&self, alive: &HashSet<String>) {
        let keys: Vec<(String, ConnId)> =
            self.map.lock().expect("remotes lock").keys().filter(|(node, _)| !alive.contains(node)).cloned().collect();
        for key in keys {
            self.remove(&key);
        }
    }
}

/// Reads this node's owner subject until shutdown.
pub(super) async fn serve(
    cluster: Arc<Cluster>,
    rooms: Arc<Registry>,
    messages: impl Stream<Item = Delivery>,
    shutdown: CancellationToken,
) {
    let each = async move |msg: ToOwner, reply: Option<String>| match msg {
        // Messages of a viewer are handed on here, in the order they came.
        ToOwner::Client { node, relay, msg, by } => cluster.remotes.client((node, relay), (msg, by)),
        ToOwner::Disconnect { node, relay } => cluster.remotes.remove(&(node, relay)),
        // Requests may wait for a room to load: each gets a task.
        request => {
            let Some(reply_to) = reply else { return };
            let (cluster, rooms) = (cluster.clone(), rooms.clone());
            tokio::spawn(async move {
                let reply = answer(&cluster, &rooms, request).await;
                let _ = cluster.broker.answer(reply_to, reply.encode()).await;
            });
        }
    };
    subscription::follow(messages, "message from another node", json, shutdown, each).await;
}

async fn answer(cluster: &Arc<Cluster>, rooms: &Registry, request: ToOwner) -> Reply {
    let game = match &request {
        ToOwner::Hello { game }
        | ToOwner::Connect { game, .. }
        | ToOwner::Join { game, .. }
        | ToOwner::SeatOf { game, .. }
        | ToOwner::Summary { game } => game.clone(),
        ToOwner::Client { .. } | ToOwner::Disconnect { .. } => return Reply::Gone,
    };
    let room = match rooms.owned(&game).await {
        Ok(Some(room)) if !room.is_remote() => room,
        Ok(_) => return Reply::NotOwner,
        Err(e) => {
            tracing::debug!(%game, error = %e, "a remote request for a game this node cannot serve");
            return Reply::Gone;
        }
    };
    match request {
        ToOwner::Hello { .. } => Reply::Owned,
        ToOwner::Connect { node, relay, kind, who, since, .. } => {
            let (tx, rx) = mpsc::channel::<Outbound>(CONNECTION_QUEUE);
            let Ok(conn) = room.connect((kind, who), since, tx.clone()).await else { return Reply::Gone };
            tokio::spawn(forward(cluster.clone(), wire::relay_subject(&node), relay, rx));
            let (inbound, messages) = mpsc::channel(CONNECTION_QUEUE);
            tokio::spawn(hand_in(room.clone(), conn, tx, messages));
            cluster.remotes.insert((node, relay), Remote { room, conn, inbound });
            Reply::Connected
        }
        ToOwner::Join { seat, .. } => match room.join(seat).await {
            Ok((side, game)) => Reply::Joined { side, game },
            Err(AskError::Refused(refusal)) => Reply::Refused { refusal },
            Err(AskError::Gone | AskError::Elsewhere(_)) => Reply::Gone,
        },
        ToOwner::SeatOf { token_hash, .. } => match room.seat_of(token_hash).await {
            Ok(side) => Reply::SeatOf { side },
            Err(_) => Reply::Gone,
        },
        ToOwner::Summary { .. } => match room.summary().await {
            Ok(game) => Reply::Summary { game },
            Err(_) => Reply::Gone,
        },
        ToOwner::Client { .. } | ToOwner::Disconnect { .. } => Reply::Gone,
    }
}

/// Drains a remote viewer's queue into its node's relay subject, numbering the items from 1.
async fn forward(cluster: Arc<Cluster>, subject: String, relay: ConnId, mut rx: mpsc::Receiver<Outbound>) {
    let mut seq = 0;
    let mut items = Vec::with_capacity(16);
    while rx.recv_many(&mut items, 16).await > 0 {
        for item in items.drain(..) {
            seq += 1;
            let close = matches!(item, Outbound::Close(..));
            if cluster.broker.publish(subject.clone(), Item::encode(relay, seq, &item)).await.is_err() || close {
                return;
            }
        }
    }
}

/// Hands a remote viewer's messages to its room, each with a reserved slot of its queue for the answer.
async fn hand_in(
    room: RoomHandle,
    conn: ConnId,
    tx: mpsc::Sender<Outbound>,
    mut messages: mpsc::Receiver<(ClientMsg, Option<PlayerName>)>,
) {
    while let Some((msg, by)) = messages.recv().await {
        let Ok(permit) = tx.clone().reserve_owned().await else { return };
        if room.client(conn, msg, by, permit).await.is_err() {
            return;
        }
    }
}
