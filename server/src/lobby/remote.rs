//! The lobby task's side of a cluster (docs/lobby.md, "Several nodes"): the seeks of the other nodes as
//! this node knows them ([`RemoteSeek`], from the broker's feed and the `lobby_seeks` table), what the
//! other nodes tell it ([`Remote`]), and taking a seek another node owns. Each seek is decided by the
//! lobby task of the node that owns it, one command at a time, as on a single node: a node taking
//! another's seek asks that node ([`Peers::take`]), which pairs it or refuses it, so a seek is paired at
//! most once however many nodes press at once. The way to the other nodes is the [`Peers`] trait, which
//! the cluster implements (as the rooms' `Placement`): the lobby names nothing above it.

use super::{Pool, Seek};
use crate::ids::{GameId, Identity, SeekId};
use crate::lobby::blocks::KeptApart;
use crate::lobby::command::{Command, Taker};
use crate::lobby::error::LobbyError;
use crate::lobby::pairing::Deliver;
use crate::lobby::person::{Person, PersonKey};
use crate::lobby::seek::{GameSpec, Shown};
use futures_util::future::BoxFuture;
use mancala_protocol::http::SeatGranted;
use mancala_protocol::lobby::{self, LobbyServerMsg};
use std::collections::HashMap;
use std::time::Duration;
// tokio's clock, so that a test on its paused clock moves the tombstones' time (`tests` below).
use tokio::time::Instant;

/// How long a seek removed by the feed stays removed against a reload of the table that read it before.
const TOMBSTONE: Duration = Duration::from_secs(30);

/// A node's request to take seek `id` for a person of its own.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct TakeRequest {
    pub id: SeekId,
    pub who: Identity,
    pub key: PersonKey,
    pub rating: i32,
}

/// The lobby task's way to the other nodes of a cluster (`crate::cluster::lobby::Link`); a single node
/// has none.
pub trait Peers: Send + Sync + std::fmt::Debug {
    /// This node's seek `seek` is open.
    fn added(&self, seek: &Seek);
    /// This node's seeks `ids` are gone (taken, cancelled, or their connection closed).
    fn removed(&self, ids: &[SeekId]);
    /// Account `person` was paired into `game` here: the other nodes drop its seeks and mark it playing.
    fn playing(&self, person: &Person, game: &GameId);
    /// `msg` for the sockets of `to` on the other nodes.
    fn to_account(&self, to: &PersonKey, msg: &LobbyServerMsg);
    /// Asks node `owner` to pair its seek with this node's person; its answer.
    fn take<'a>(&'a self, owner: &'a str, request: &'a TakeRequest) -> BoxFuture<'a, Result<SeatGranted, LobbyError>>;
}

/// A seek of another node.
#[derive(Clone, Debug)]
pub struct RemoteSeek {
    pub id: SeekId,
    /// The node whose lobby task owns it.
    pub node: String,
    pub owner: PersonKey,
    pub view: lobby::Seek,
}

impl RemoteSeek {
    fn spec(&self) -> GameSpec {
        let v = &self.view;
        GameSpec { variant: v.variant, options: v.options, clock: v.clock, rated: v.rated }
    }

    fn admits(&self, rating: i32) -> bool {
        self.view.range.is_none_or(|[min, max]| (min..=max).contains(&rating))
    }

    fn rating_value(&self) -> i32 {
        self.view.rating.unwrap_or(super::super::seek::DEFAULT_RATING)
    }
}

/// What the other nodes say, through `crate::cluster::lobby`.
#[derive(Debug)]
pub enum Remote {
    Added(RemoteSeek),
    Removed(Vec<SeekId>),
    /// Every seek of the other nodes, read from the table (this node started, or its broker came back).
    Reload(Vec<RemoteSeek>),
    /// A challenge, or a word about one, for the local sockets of account `to`.
    ToAccount {
        to: PersonKey,
        msg: LobbyServerMsg,
    },
    /// `person` of this node took another node's seek: game `game` is theirs now.
    Took {
        person: Person,
        game: GameId,
    },
    /// Account `person` was paired on another node: its seeks here go, and it is playing `game`.
    Playing {
        person: Person,
        game: GameId,
    },
}

/// The other nodes' seeks, and the ones removed lately (see [`TOMBSTONE`]).
#[derive(Debug, Default)]
pub struct Remotes {
    pub seeks: Vec<RemoteSeek>,
    gone: HashMap<SeekId, Instant>,
}

impl Remotes {
    /// Seeks `ids` are gone (their node said so): each leaves the list and stays out of the table's
    /// reloads for [`TOMBSTONE`]; tombstones older than that are forgotten. The ids that were listed.
    fn remove(&mut self, ids: Vec<SeekId>) -> Vec<SeekId> {
        let now = Instant::now();
        self.gone.retain(|_, at| now.duration_since(*at) < TOMBSTONE);
        let mut listed = Vec::new();
        for id in ids {
            if let Some(i) = self.seeks.iter().position(|s| s.id == id) {
                self.seeks.remove(i);
                listed.push(id.clone());
            }
            self.gone.insert(id, now);
        }
        listed
    }

    /// Was seek `id` removed lately (a reload that read it before must not bring it back)?
    fn is_buried(&self, id: &SeekId) -> bool {
        self.gone.contains_key(id)
    }
}

impl Pool {
    /// Carries out what another node said.
    pub(super) fn remote(&mut self, r: Remote) {
        match r {
            Remote::Added(seek) => {
                if self.remotes.gone.contains_key(&seek.id) || self.remotes.seeks.iter().any(|s| s.id == seek.id) {
                    return;
                }
                let view = seek.view.clone();
                self.remotes.seeks.push(seek);
                self.broadcast(LobbyServerMsg::SeekAdded { seek: view });
            }
            Remote::Removed(ids) => self.remote_gone(ids),
            Remote::Reload(seeks) => self.reload(seeks),
            Remote::ToAccount { to, msg } => {
                for conn in self.conns_of(&to) {
                    self.tell(conn, msg.clone());
                }
            }
            Remote::Took { person, game } => self.start_game(&game, &person, &person, false),
            Remote::Playing { person, game } => {
                let mut gone = Vec::new();
                self.seeks.retain(|s| {
                    let keep = !s.by.same(&person);
                    if !keep {
                        gone.push(s.id.clone());
                    }
                    keep
                });
                self.removed(gone);
                self.playing.start(&person, &game);
            }
        }
    }

    fn remote_gone(&mut self, ids: Vec<SeekId>) {
        let said = self.remotes.remove(ids);
        self.unlisted(said);
    }

    /// The sockets are told these seeks of other nodes are gone (their nodes said so to the others).
    fn unlisted(&mut self, ids: Vec<SeekId>) {
        for id in ids {
            self.broadcast(LobbyServerMsg::SeekRemoved { id: id.to_string() });
        }
    }

    /// The table's reading replaces what the feed said; the sockets get the difference.
    fn reload(&mut self, seeks: Vec<RemoteSeek>) {
        let fresh: Vec<RemoteSeek> = seeks.into_iter().filter(|s| !self.remotes.is_buried(&s.id)).collect();
        let old = std::mem::take(&mut self.remotes.seeks);
        let gone: Vec<SeekId> =
            old.iter().filter(|o| !fresh.iter().any(|s| s.id == o.id)).map(|o| o.id.clone()).collect();
        let added: Vec<lobby::Seek> =
            fresh.iter().filter(|s| !old.iter().any(|o| o.id == s.id)).map(|s| s.view.clone()).collect();
        self.remotes.seeks = fresh;
        self.unlisted(gone);
        for seek in added {
            self.broadcast(LobbyServerMsg::SeekAdded { seek });
        }
    }

    /// Every open seek as shown, this node's and the others', oldest first.
    pub(super) fn all_views(&self) -> Vec<lobby::Seek> {
        let mut all: Vec<lobby::Seek> = self.seeks.iter().map(Seek::view).collect();
        if self.remotes.seeks.is_empty() {
            // A single node: its own seeks, in the order they were posted.
            return all;
        }
        all.extend(self.remotes.seeks.iter().map(|s| s.view.clone()));
        all.sort_by(|a, b| (a.created_at, &a.id).cmp(&(b.created_at, &b.id)));
        all
    }

    pub(super) fn find_remote(&self, id: &SeekId) -> Option<&RemoteSeek> {
        self.remotes.seeks.iter().find(|s| s.id == *id)
    }

    /// The best other node's seek for a quick pairing of `person` rated `mine`, if it beats `local` (the
    /// distance of the best local one).
    pub(super) fn quick_remote(
        &self,
        spec: &GameSpec,
        person: &Person,
        mine: i32,
        local: Option<(i32, u64)>,
    ) -> Option<SeekId> {
        let best = self
            .remotes
            .seeks
            .iter()
            .filter(|s| s.spec() == *spec && s.owner != *person.key() && s.admits(mine))
            .filter(|s| !self.blocks.between(&s.owner, person.key()))
            .min_by_key(|s| ((s.rating_value() - mine).abs(), s.view.created_at))?;
        let key = ((best.rating_value() - mine).abs(), best.view.created_at);
        local.is_none_or(|l| key < l).then(|| best.id.clone())
    }

    /// Asks the node owning `seek` to pair it with `taker`; the seat comes back in its answer. A seek taken
    /// meanwhile is forgotten here, and a quick pairing (`quick`) tries again.
    pub(super) fn forward(
        &mut self,
        id: &SeekId,
        taker: Taker,
        person: Person,
        rating: i32,
        quick: Option<(GameSpec, Option<Shown>)>,
    ) {
        let (Some(link), Some(seek)) = (self.link.clone(), self.find_remote(id).cloned()) else { return };
        let (conn, to) = match taker {
            Taker::Conn(conn) => (Some(conn), Deliver::Conn(self.conns.get(&conn).map(|c| c.tx.clone()))),
            Taker::Http { reply, .. } => (None, Deliver::Http(reply)),
        };
        let me = self.me.clone();
        let request = TakeRequest { id: seek.id.clone(), who: person.who.clone(), key: person.key().clone(), rating };
        self.tracker.spawn(async move {
            let answer = link.take(&seek.node, &request).await;
            let Some(tx) = me.upgrade() else { return };
            match &answer {
                Ok(g) => {
                    if let Ok(game) = g.game.id.parse::<GameId>() {
                        let _ = tx.send(Command::Remote(Remote::Took { person, game })).await;
                    }
                }
                Err(LobbyError::NotFound(_)) => {
                    let _ = tx.send(Command::Remote(Remote::Removed(vec![seek.id.clone()]))).await;
                    if let (Some(conn), Some((spec, rating))) = (conn, quick) {
                        let _ = tx.send(Command::Quick { conn, spec, rating }).await;
                        return;
                    }
                }
                Err(_) => {}
            }
            to.deliver(answer).await;
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On tokio's paused clock: a removed seek's tombstone holds for 30 s and is forgotten after, at the
    /// next removal (by then no reload can hold a reading from before the seek was removed).
    #[tokio::test(start_paused = true)]
    async fn a_removed_seek_stays_out_of_reloads_for_thirty_seconds() {
        let (a, b, c) = (SeekId::random(), SeekId::random(), SeekId::random());
        let mut remotes = Remotes::default();
        assert!(remotes.remove(vec![a.clone()]).is_empty(), "not listed here: nothing to tell the sockets");
        assert!(remotes.is_buried(&a));
        tokio::time::advance(Duration::from_secs(29)).await;
        remotes.remove(vec![b.clone()]);
        assert!(remotes.is_buried(&a), "kept at 29 s");
        tokio::time::advance(Duration::from_secs(1)).await;
        remotes.remove(vec![c.clone()]);
        assert!(!remotes.is_buried(&a), "forgotten at 30 s");
        assert!(remotes.is_buried(&b) && remotes.is_buried(&c));
    }
}
