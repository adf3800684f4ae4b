//! One lobby for every node (docs/lobby.md, "Several nodes"): what the lobby tasks of the nodes tell each
//! other through the broker and the `lobby_seeks` table.
//!
//! - Each node's lobby task owns the seeks posted through it. It writes them to the table and announces
//!   them on the feed subject ([`FEED`]); writes and announcements go out in the order the task made them,
//!   from one task of their own ([`Link`]), so the task itself never waits on the database or the broker.
//! - Every node follows the feed and shows the other nodes' seeks to its sockets; it reads the table when it
//!   starts, when its broker connection comes back, and every [`RELOAD`] (NATS may lose a message; the
//!   sweeper removes the rows of dead nodes, `crate::store::leases::drop_dead_seeks`).
//! - A node taking another's seek asks the owner on its own subject ([`take_subject`]); the owner's task
//!   decides as it decides for its own sockets (one command at a time: a seek is paired once), makes the
//!   game, gives its seeker the seat, and answers with the taker's seat. No answer: nothing is shown to the
//!   taker, and a game made meanwhile is aborted by the rooms' no-start rules.
//! - A challenge, and the word that one is gone, is published for the account ([`ACCOUNTS`]); each node
//!   tells its own sockets of that account.
//! - An account paired by one node is announced on the feed: the others drop its seeks and mark it as
//!   playing that game, so it is not paired twice from seeks on two nodes.

use super::subscription::{self, json};
use super::{Broker, BrokerError, Cluster};
use crate::ids::{GameId, Identity, SeekId};
use crate::lobby::Lobby;
use crate::lobby::command::{Command, Taker};
use crate::lobby::error::LobbyError;
use crate::lobby::person::{Person, PersonKey};
use crate::lobby::pool::{Peers, Remote, RemoteSeek, TakeRequest};
use crate::lobby::seek::Seek;
use crate::store::seeks::{self, SeekRow};
use futures_util::future::BoxFuture;
use mancala_protocol::http::SeatGranted;
use mancala_protocol::lobby::{self as wire_lobby, LobbyServerMsg};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// The subject of every node's seeks, added and removed.
const FEED: &str = "lobby.seeks";
/// The subject of what is said to an account's sockets (challenges).
const ACCOUNTS: &str = "lobby.accounts";
/// How often a node reads the other nodes' seeks from the table, whatever the feed said.
const RELOAD: Duration = Duration::from_secs(5);
/// How long a node waits for the owner of a seek to answer a take.
const TAKE_WAIT: Duration = Duration::from_secs(5);

/// The subject on which node `node` takes requests for its seeks.
pub fn take_subject(node: &str) -> String {
    format!("lobby.take.{node}")
}

/// The feed's messages.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Feed {
    Added {
        node: String,
        owner: PersonKey,
        seek: wire_lobby::Seek,
    },
    Removed {
        node: String,
        ids: Vec<SeekId>,
    },
    /// Account `who` was paired into `game` by `node`'s lobby.
    Playing {
        node: String,
        who: Identity,
        key: PersonKey,
        game: GameId,
    },
}

/// Something said to the sockets of an account, wherever they are.
#[derive(Debug, Serialize, Deserialize)]
struct ToAccount {
    node: String,
    to: PersonKey,
    msg: LobbyServerMsg,
}

/// The owner's answer: the taker's seat, or the refusal's code and words.
type TakeAnswer = Result<SeatGranted, (String, String)>;

/// What the lobby task hands to the other nodes, in its order.
#[derive(Debug)]
enum Out {
    Added(SeekRow, wire_lobby::Seek, PersonKey),
    Removed(Vec<SeekId>),
    Playing(Person, GameId),
    ToAccount(ToAccount),
}

/// The lobby task's way to the other nodes (cheap to clone).
#[derive(Clone, Debug)]
pub struct Link {
    cluster: Arc<Cluster>,
    out: mpsc::UnboundedSender<Out>,
}

impl Link {
    /// The link of this node, and the task that writes and publishes what the lobby hands it (until
    /// shutdown, after which what is left is dropped: the rows go with the node's lease).
    pub fn start(cluster: Arc<Cluster>, tracker: &TaskTracker, shutdown: CancellationToken) -> Link {
        let (out, rx) = mpsc::unbounded_channel();
        tracker.spawn(outbox(cluster.clone(), rx, shutdown));
        Link { cluster, out }
    }
}

impl Peers for Link {
    fn added(&self, seek: &Seek) {
        let view = seek.view();
        let row = SeekRow {
            id: seek.id.to_string(),
            node: self.cluster.node.clone(),
            owner_key: serde_json::to_string(seek.by.key()).expect("a key serialises"),
            spec: serde_json::to_string(&view).expect("a seek serialises"),
            rating: seek.rating_value(),
            created_at: view.created_at as i64,
        };
        let _ = self.out.send(Out::Added(row, view, seek.by.key().clone()));
    }

    fn removed(&self, ids: &[SeekId]) {
        let _ = self.out.send(Out::Removed(ids.to_vec()));
    }

    fn playing(&self, person: &Person, game: &GameId) {
        let _ = self.out.send(Out::Playing(person.clone(), game.clone()));
    }

    /// Only an account's: a guest is of one node only.
    fn to_account(&self, to: &PersonKey, msg: &LobbyServerMsg) {
        if matches!(to, PersonKey::Account(_)) {
            let node = self.cluster.node.clone();
            let _ = self.out.send(Out::ToAccount(ToAccount { node, to: to.clone(), msg: msg.clone() }));
        }
    }

    fn take<'a>(&'a self, owner: &'a str, request: &'a TakeRequest) -> BoxFuture<'a, Result<SeatGranted, LobbyError>> {
        Box::pin(self.ask(owner, request))
    }
}

impl Link {
    async fn ask(&self, owner: &str, request: &TakeRequest) -> Result<SeatGranted, LobbyError> {
        let payload = serde_json::to_vec(request).expect("a take serialises");
        let answer = self.cluster.broker.request(take_subject(owner), payload.into(), TAKE_WAIT).await;
        let answer = answer.map_err(|e| match e {
            BrokerError::NoResponders(_) => {
                LobbyError::NotFound(format!("no open seek `{}` (its server is gone)", request.id))
            }
            e => LobbyError::Unavailable(format!("the seek's server did not answer: {e}")),
        })?;
        match serde_json::from_slice::<TakeAnswer>(&answer) {
            Ok(Ok(seat)) => Ok(seat),
            Ok(Err((code, message))) => Err(LobbyError::from_wire(&code, message)),
            Err(e) => Err(LobbyError::Unavailable(format!("an unreadable answer from the seek's server: {e}"))),
        }
    }
}

/// Writes and publishes, one at a time, what the lobby task handed over.
async fn outbox(cluster: Arc<Cluster>, mut rx: mpsc::UnboundedReceiver<Out>, shutdown: CancellationToken) {
    let node = cluster.node.clone();
    loop {
        let out = tokio::select! {
            _ = shutdown.cancelled() => return,
            out = rx.recv() => match out { Some(o) => o, None => return },
        };
        let (subject, payload) = match out {
            Out::Added(row, seek, owner) => {
                if let Err(e) = seeks::insert(&cluster.pool, &row).await {
                    tracing::warn!(error = %e, "a seek could not be stored: the other nodes see it from the feed only");
                }
                (FEED, serde_json::to_vec(&Feed::Added { node: node.clone(), owner, seek }))
            }
            Out::Removed(ids) => {
                for id in &ids {
                    if let Err(e) = seeks::claim(&cluster.pool, &node, id.as_str()).await {
                        tracing::warn!(error = %e, "a seek's row could not be removed");
                    }
                }
                (FEED, serde_json::to_vec(&Feed::Removed { node: node.clone(), ids }))
            }
            Out::Playing(person, game) => {
                let (who, key) = (person.who.clone(), person.key().clone());
                (FEED, serde_json::to_vec(&Feed::Playing { node: node.clone(), who, key, game }))
            }
            Out::ToAccount(msg) => (ACCOUNTS, serde_json::to_vec(&msg)),
        };
        let payload = payload.expect("lobby messages serialise");
        if let Err(e) = cluster.broker.publish(subject.to_string(), payload.into()).await {
            tracing::warn!(error = %e, "a lobby message could not be published");
        }
    }
}

/// Follows the other nodes' lobbies for `lobby`, until shutdown: the feed, the accounts' messages, the
/// takes of this node's seeks, and the reloads of the table.
pub async fn listen(
    cluster: Arc<Cluster>,
    lobby: Lobby,
    tracker: &TaskTracker,
    shutdown: CancellationToken,
) -> Result<(), BrokerError> {
    let broker = cluster.broker.clone();
    let feed = broker.subscribe(FEED.to_string()).await?;
    let accounts = broker.subscribe(ACCOUNTS.to_string()).await?;
    let takes = broker.subscribe(take_subject(&cluster.node)).await?;
    let (l, node) = (lobby.clone(), cluster.node.clone());
    let from_feed = async move |msg: Feed, _| {
        if let Some(remote) = from_feed(msg, &node) {
            l.must_send(Command::Remote(remote));
        }
    };
    tracker.spawn(subscription::follow(feed, "lobby feed message", json, shutdown.clone(), from_feed));
    let (l, node) = (lobby.clone(), cluster.node.clone());
    let to_account = async move |m: ToAccount, _| {
        if m.node != node {
            l.must_send(Command::Remote(Remote::ToAccount { to: m.to, msg: m.msg }));
        }
    };
    tracker.spawn(subscription::follow(accounts, "account message", json, shutdown.clone(), to_account));
    let (l, b) = (lobby.clone(), broker.clone());
    let take = async move |request: TakeRequest, reply: Option<String>| {
        if let Some(to) = reply {
            answer_take(b.clone(), l.clone(), request, to);
        }
    };
    tracker.spawn(subscription::follow(takes, "take", json, shutdown.clone(), take));
    tracker.spawn(reload(cluster, lobby, shutdown));
    Ok(())
}

/// What a feed message of another node changes in this node's lobby (nothing for one of this node's own).
fn from_feed(msg: Feed, own: &str) -> Option<Remote> {
    Some(match msg {
        Feed::Added { node, .. } | Feed::Removed { node, .. } | Feed::Playing { node, .. } if node == own => {
            return None;
        }
        Feed::Added { node, owner, seek } => {
            let id = seek.id.parse::<SeekId>().ok()?;
            Remote::Added(RemoteSeek { id, node, owner, view: seek })
        }
        Feed::Removed { ids, .. } => Remote::Removed(ids),
        Feed::Playing { who, key, game, .. } => Remote::Playing { person: Person::remote(who, key), game },
    })
}

/// Answers another node's take of this node's seek, on `to`: an accept of the lobby task, in a task of its
/// own so that the subscription goes on reading meanwhile.
fn answer_take(broker: Broker, lobby: Lobby, request: TakeRequest, to: String) {
    tokio::spawn(async move {
        let person = Person::remote(request.who, request.key);
        let (reply, answer) = oneshot::channel();
        let taker = Taker::Http { person, reply };
        let sent = lobby.send(Command::Accept { taker, id: request.id, rating: request.rating });
        let result = match sent {
            Ok(()) => answer.await.unwrap_or(Err(LobbyError::ShuttingDown)),
            Err(e) => Err(e),
        };
        let answer: TakeAnswer = result.map_err(|e| (e.code().to_string(), e.to_string()));
        let payload = serde_json::to_vec(&answer).expect("an answer serialises");
        if let Err(e) = broker.answer(to, payload.into()).await {
            tracing::warn!(error = %e, "the answer to a take could not be sent");
        }
    });
}

/// Reads the other nodes' seeks from the table at start, when the broker connection comes back, and every
/// [`RELOAD`].
async fn reload(cluster: Arc<Cluster>, lobby: Lobby, shutdown: CancellationToken) {
    let mut tick = tokio::time::interval(Duration::from_millis(500));
    let mut connected = true;
    let mut last: Option<tokio::time::Instant> = None;
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = tick.tick() => {}
        }
        let now_connected = cluster.broker.is_connected();
        let back = now_connected && !connected;
        connected = now_connected;
        if !(back || last.is_none_or(|at| at.elapsed() >= RELOAD)) {
            continue;
        }
        match seeks::of_others(&cluster.pool, &cluster.node).await {
            Ok(rows) => {
                last = Some(tokio::time::Instant::now());
                let list = rows.into_iter().filter_map(remote_seek).collect();
                lobby.must_send(Command::Remote(Remote::Reload(list)));
            }
            Err(e) => tracing::debug!(error = %e, "cannot read the other nodes' seeks"),
        }
    }
}

/// A row of another node as the lobby holds it (a row it cannot read is skipped).
fn remote_seek(row: SeekRow) -> Option<RemoteSeek> {
    Some(RemoteSeek {
        id: row.id.parse().ok()?,
        node: row.node,
        owner: serde_json::from_str(&row.owner_key).ok()?,
        view: serde_json::from_str(&row.spec).ok()?,
    })
}
