//! The lobby task: the one owner of this node's seeks, challenges, lobby connections and of who is
//! playing a lobby game ([`Playing`]). Every change arrives as a [`Command`] on its bounded queue and is
//! decided here, one at a time, so two people can never take one seek, one press never makes two games,
//! and nobody is paired twice. The task never waits on a client or the database: the game of a pairing
//! is made by a task of its own ([`Pairing`]), a lookup of a game is a task that asks again with its
//! answer, and messages to a connection go to its bounded queue; a connection whose queue is full is
//! closed (its seeks with it) rather than slowing everyone. It also keeps the last reading of the live
//! game lists ([`GameLists`]) and sends its sockets what changes in them.

#[path = "challenging.rs"]
mod challenging;
#[path = "remote.rs"]
mod remote;

pub use remote::{Peers, Remote, RemoteSeek, TakeRequest};

/// The way to the other nodes, when there are some.
pub type Link = std::sync::Arc<dyn Peers>;

use super::blocks::KeptApart;
use super::challenge::Challenges;
use super::command::{Command, Joined, Joining, Kick, Listed, Taker};
use super::error::LobbyError;
use super::limits::{LobbyLimits, MAX_SEEKS_PER_PERSON, MAX_SEEKS_TOTAL};
use super::lists::GameLists;
use super::pairing::{Deliver, Pairing, Player};
use super::person::{Person, PersonKey};
use super::playing::Playing;
use super::seek::{GameSpec, Seek, Shown};
use crate::blocks::Blocks;
use crate::game::UnixMs;
use crate::ids::ClientAddr;
use crate::ids::ConnId;
use crate::ids::Credential;
use crate::ids::{GameId, SeekId};
use crate::room::Registry;
use crate::store::Store;
use mancala_protocol::lobby::{LobbyServerMsg, SEEKS_SHOWN};
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot, watch};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

#[derive(Debug)]
struct Conn {
    person: Person,
    feed: bool,
    addr: ClientAddr,
    credential: Option<Credential>,
    tx: mpsc::Sender<LobbyServerMsg>,
    kick: Option<oneshot::Sender<Kick>>,
}

#[derive(Debug)]
pub struct Pool {
    conns: HashMap<ConnId, Conn>,
    seeks: Vec<Seek>,
    challenges: Challenges,
    playing: Playing,
    next_conn: ConnId,
    rooms: Arc<Registry>,
    store: Store,
    limits: LobbyLimits,
    /// The task's own queue, for the answers of the lookups and pairings it starts.
    me: mpsc::WeakSender<Command>,
    tracker: TaskTracker,
    /// The last reading of the live game lists; `None` while no socket watches (a reading kept from then
    /// would be stale when one joins).
    lists: Option<GameLists>,
    /// True while a socket is open: the lists' reader works only then.
    watching: watch::Sender<bool>,
    /// Several nodes: the other nodes' seeks, and the way to tell them this node's (`None`: a single node).
    remotes: remote::Remotes,
    link: Option<Link>,
    /// Who blocks whom: two people one of whom blocks the other are never paired.
    blocks: Blocks,
}

impl Pool {
    pub fn new(
        rooms: Arc<Registry>,
        store: Store,
        limits: LobbyLimits,
        me: mpsc::WeakSender<Command>,
        tracker: TaskTracker,
        watching: watch::Sender<bool>,
        link: Option<Link>,
    ) -> Pool {
        Pool {
            conns: HashMap::new(),
            seeks: Vec::new(),
            challenges: Challenges::default(),
            playing: Playing::default(),
            next_conn: ConnId::FIRST,
            rooms,
            store,
            limits,
            me,
            tracker,
            lists: None,
            watching,
            remotes: remote::Remotes::default(),
            link,
            blocks: Blocks::default(),
        }
    }

    /// The pool with the node's blocks (a pool without them pairs anyone: the tests of pairing alone).
    pub fn with_blocks(mut self, blocks: Blocks) -> Pool {
        self.blocks = blocks;
        self
    }

    pub async fn run(mut self, mut rx: mpsc::Receiver<Command>, shutdown: CancellationToken) {
        loop {
            let cmd = tokio::select! {
                _ = shutdown.cancelled() => return,
                cmd = rx.recv() => match cmd { Some(c) => c, None => return },
            };
            self.handle(cmd, false);
        }
    }

    /// Carries out `cmd`; `checked`: the games of its people were looked up already (see [`Playing`]).
    fn handle(&mut self, cmd: Command, checked: bool) {
        if let Some(game) = self.busy(&cmd) {
            if !checked {
                return self.look_up(game, cmd);
            }
            return self.refuse_busy(cmd);
        }
        match cmd {
            Command::Join { joining, reply } => {
                let conn = self.next_conn.take();
                let Joining { person, feed, addr, credential, tx, kick } = joining;
                self.conns.insert(conn, Conn { person, feed, addr, credential, tx, kick: Some(kick) });
                self.update_watching();
                let games = if feed { self.lists.clone() } else { None };
                let _ = reply.send(Joined { conn, seeks: self.listed(), games });
            }
            Command::Leave { conn } => self.leave(conn, None),
            Command::Seek { conn, spec, range, rating } => {
                if let Err(e) = self.post(conn, spec, range, rating) {
                    self.tell(conn, e.to_msg());
                }
            }
            Command::Cancel { conn, id } => self.cancel(conn, &id),
            Command::Accept { taker, id, rating } => self.accept(taker, &id, rating),
            Command::Quick { conn, spec, rating } => self.quick(conn, spec, rating),
            Command::List { reply } => {
                let _ = reply.send(self.listed());
            }
            Command::Find { id, reply } => {
                let local = self.seeks.iter().find(|s| s.id == id).map(Seek::view);
                let _ = reply.send(local.or_else(|| self.find_remote(&id).map(|s| s.view.clone())));
            }
            Command::Challenge { from, to, spec, reply } => self.challenge(from, to, spec, reply),
            Command::Challenges { person, reply } => {
                let _ = reply.send(self.challenges.of(&person));
            }
            Command::Answer { by, id, accept, reply } => self.answer(by, &id, accept, reply),
            Command::Revoke { credentials } => {
                let gone: Vec<ConnId> = self
                    .conns
                    .iter()
                    .filter(|(_, c)| c.credential.as_ref().is_some_and(|v| credentials.contains(v)))
                    .map(|(id, _)| *id)
                    .collect();
                for conn in gone {
                    self.leave(conn, Some(Kick::Revoked));
                }
            }
            Command::Withdraw { key, rated_only } => self.withdraw(&key, rated_only),
            Command::Games { lists } => self.games(lists),
            Command::Remote(r) => self.remote(r),
            Command::Checked { finished, then } => {
                for game in &finished {
                    self.playing.over(game);
                }
                if let Some(cmd) = then {
                    self.handle(*cmd, true);
                }
            }
        }
    }

    /// Tells the lists' reader whether a socket watches; with none, the last reading is forgotten.
    fn update_watching(&mut self) {
        let any = self.conns.values().any(|c| c.feed);
        if !any {
            self.lists = None;
        }
        self.watching.send_if_modified(|w| std::mem::replace(w, any) != any);
    }

    /// A new reading of the game lists: the sockets get what changed, or the whole lists if they have none
    /// yet (they joined before the first reading).
    fn games(&mut self, lists: GameLists) {
        if !self.conns.values().any(|c| c.feed) {
            return;
        }
        let said = match &self.lists {
            Some(old) => old.changes(&lists),
            None => vec![lists.message()],
        };
        self.lists = Some(lists);
        for msg in said {
            self.broadcast(msg);
        }
    }

    fn person(&self, conn: ConnId) -> Option<Person> {
        self.conns.get(&conn).map(|c| c.person.clone())
    }

    /// A lobby game that one of the people `cmd` would pair (or let post a seek) is in.
    fn busy(&self, cmd: &Command) -> Option<GameId> {
        let of = |p: &Person| self.playing.game_of(p).cloned();
        match cmd {
            Command::Seek { conn, .. } | Command::Quick { conn, .. } => {
                self.conns.get(conn).and_then(|c| of(&c.person))
            }
            Command::Accept { taker: Taker::Conn(conn), .. } => self.conns.get(conn).and_then(|c| of(&c.person)),
            Command::Accept { taker: Taker::Http { person, .. }, .. } => of(person),
            Command::Answer { by, id, accept: true, .. } => {
                of(by).or_else(|| self.challenges.get(id).and_then(|c| of(&c.from)))
            }
            _ => None,
        }
    }

    /// Looks `game` up in the database (a task of its own), then asks `cmd` again.
    fn look_up(&mut self, game: GameId, cmd: Command) {
        let (store, me) = (self.store.clone(), self.me.clone());
        self.tracker.spawn(async move {
            // A game not stored yet (its pairing is under way) or unreadable now is not over.
            let over = matches!(store.game_row(game.as_str()).await, Ok(Some(row)) if row.status == "finished");
            let finished = if over { vec![game] } else { Vec::new() };
            if let Some(tx) = me.upgrade() {
                let _ = tx.send(Command::Checked { finished, then: Some(Box::new(cmd)) }).await;
            }
        });
    }

    /// Refuses `cmd`: one of its people is in a lobby game that goes on.
    fn refuse_busy(&mut self, cmd: Command) {
        let mine = |p: &Person| self.playing.game_of(p).map(|g| LobbyError::Playing(g.to_string()));
        match cmd {
            Command::Seek { conn, .. }
            | Command::Quick { conn, .. }
            | Command::Accept { taker: Taker::Conn(conn), .. } => {
                if let Some(e) = self.person(conn).and_then(|p| mine(&p)) {
                    self.tell(conn, e.to_msg());
                }
            }
            Command::Accept { taker: Taker::Http { person, reply }, .. } => {
                let _ = reply.send(Err(mine(&person).unwrap_or(LobbyError::Busy)));
            }
            Command::Answer { by, id, reply, .. } => {
                let e = mine(&by).or_else(|| {
                    let c = self.challenges.get(&id)?;
                    Some(LobbyError::OtherPlaying(c.from.name().to_string()))
                });
                let _ = reply.send(Err(e.unwrap_or(LobbyError::Busy)));
            }
            _ => {}
        }
    }

    /// The seek list as shown: the newest [`SEEKS_SHOWN`], oldest first among them, and the count of all.
    fn listed(&self) -> Listed {
        let mut all = self.all_views();
        let count = all.len();
        (all.split_off(count.saturating_sub(SEEKS_SHOWN)), count)
    }

    /// Tells `msg` to the sockets of account `to`, on every node.
    fn tell_account(&mut self, to: &PersonKey, msg: LobbyServerMsg) {
        if let Some(link) = &self.link {
            link.to_account(to, &msg);
        }
        for conn in self.conns_of(to) {
            self.tell(conn, msg.clone());
        }
    }

    fn conns_of(&self, key: &PersonKey) -> Vec<ConnId> {
        let mut v: Vec<ConnId> = self.conns.iter().filter(|(_, c)| c.person.key() == key).map(|(id, _)| *id).collect();
        v.sort_unstable();
        v
    }

    /// Posts a seek living with `conn`.
    fn post(
        &mut self,
        conn: ConnId,
        spec: GameSpec,
        range: Option<[i32; 2]>,
        rating: Option<Shown>,
    ) -> Result<(), LobbyError> {
        let Some(c) = self.conns.get(&conn) else { return Ok(()) };
        let (person, addr) = (c.person.clone(), c.addr);
        if self.seeks.iter().filter(|s| s.by.same(&person)).count() >= MAX_SEEKS_PER_PERSON {
            return Err(LobbyError::TooManySeeks(MAX_SEEKS_PER_PERSON));
        }
        let max = self.limits.seeks_per_address;
        if self.seeks.iter().filter(|s| s.addr == addr).count() >= max {
            metrics::counter!("mancala_rate_limited", "what" => "seeks").increment(1);
            return Err(LobbyError::Limited {
                message: format!("too many open seeks from this address (at most {max})"),
                retry_after: super::limits::COUNT_RETRY_SECS,
            });
        }
        if self.seeks.len() >= MAX_SEEKS_TOTAL {
            return Err(LobbyError::Busy);
        }
        let seek =
            Seek { id: SeekId::random(), by: person, addr, rating, spec, range, created_at: UnixMs::now(), conn };
        let view = seek.view();
        if let Some(link) = &self.link {
            link.added(&seek);
        }
        self.seeks.push(seek);
        self.tell(conn, LobbyServerMsg::SeekCreated { seek: view.clone() });
        self.broadcast(LobbyServerMsg::SeekAdded { seek: view });
        Ok(())
    }

    /// Withdraws seek `id` if it is `conn`'s person's (a guest's seeks are its connection's).
    fn cancel(&mut self, conn: ConnId, id: &SeekId) {
        let Some(person) = self.person(conn) else { return };
        match self.seeks.iter().position(|s| s.id == *id) {
            Some(i) if self.seeks[i].by.same(&person) => {
                self.seeks.remove(i);
                self.removed(vec![id.clone()]);
            }
            _ => self.tell(conn, LobbyError::NotFound(format!("you have no open seek `{id}`")).to_msg()),
        }
    }

    fn quick(&mut self, conn: ConnId, spec: GameSpec, rating: Option<Shown>) {
        let Some(person) = self.person(conn) else { return };
        let mine = rating.map_or(super::seek::DEFAULT_RATING, |r| r.rating);
        // The nearest rating first, then the oldest seek.
        let best = self
            .seeks
            .iter()
            .filter(|s| s.compatible(&spec) && !s.by.same(&person) && s.admits(mine))
            .filter(|s| !self.blocks.between(s.by.key(), person.key()))
            .min_by_key(|s| ((s.rating_value() - mine).abs(), s.created_at))
            .map(|s| (s.id.clone(), ((s.rating_value() - mine).abs(), s.created_at.wire())));
        if let Some(id) = self.quick_remote(&spec, &person, mine, best.as_ref().map(|b| b.1)) {
            return self.forward(&id, Taker::Conn(conn), person, mine, Some((spec, rating)));
        }
        match best.map(|b| b.0) {
            Some(id) => self.pair(&id, Taker::Conn(conn), person),
            None => {
                if let Err(e) = self.post(conn, spec, None, rating) {
                    self.tell(conn, e.to_msg());
                }
            }
        }
    }

    fn accept(&mut self, taker: Taker, id: &SeekId, rating: i32) {
        let person = match &taker {
            Taker::Conn(conn) => match self.person(*conn) {
                Some(p) => p,
                None => return,
            },
            Taker::Http { person, .. } => person.clone(),
        };
        let local = self.seeks.iter().find(|s| s.id == *id);
        if local.is_none() && self.find_remote(id).is_some() {
            return self.forward(id, taker, person, rating, None);
        }
        let refusal = match local {
            None => Some(LobbyError::NotFound(format!("no open seek `{id}` (taken, cancelled or never made)"))),
            Some(s) if s.by.same(&person) => Some(LobbyError::OwnSeek),
            Some(s) if self.blocks.between(s.by.key(), person.key()) => Some(LobbyError::Blocked),
            Some(s) if !s.admits(rating) => {
                let [min, max] = s.range.unwrap_or_default();
                Some(LobbyError::Forbidden(format!(
                    "this seek wants an opponent rated {min} to {max}; your rating here is {rating}"
                )))
            }
            Some(s) if s.spec.rated && !person.who.is_account() => {
                Some(LobbyError::Forbidden("a rated game needs an account: sign in first".into()))
            }
            Some(_) => None,
        };
        match refusal {
            Some(e) => self.refuse(taker, e),
            None => self.pair(id, taker, person),
        }
    }

    fn refuse(&mut self, taker: Taker, e: LobbyError) {
        match taker {
            Taker::Conn(conn) => self.tell(conn, e.to_msg()),
            Taker::Http { reply, .. } => {
                let _ = reply.send(Err(e));
            }
        }
    }

    /// Both people are in game `game` from now: every seek of theirs goes at once (one press, one game).
    fn start_game(&mut self, game: &GameId, a: &Person, b: &Person, b_known: bool) {
        let mut gone = Vec::new();
        self.seeks.retain(|s| {
            let keep = !s.by.same(a) && !s.by.same(b);
            if !keep {
                gone.push(s.id.clone());
            }
            keep
        });
        self.removed(gone);
        self.playing.start(a, game);
        if b_known {
            self.playing.start(b, game);
        }
        // An account may have sockets, and seeks, on other nodes too: they are told, so it plays one game.
        if let Some(link) = &self.link {
            let both = if b_known { vec![a, b] } else { vec![a] };
            for p in both.into_iter().filter(|p| p.who.is_account()) {
                link.playing(p, game);
            }
        }
    }

    /// Pairs seek `id` with `taker`, then a task of its own makes the game and hands out the seats.
    fn pair(&mut self, id: &SeekId, taker: Taker, taker_person: Person) {
        let Some(seek) = self.seeks.iter().find(|s| s.id == *id).cloned() else { return };
        let game = GameId::random();
        // A guest taking a seek over HTTP is a person of one request: there is nobody to mark.
        let taker_known = taker_person.who.is_account() || matches!(taker, Taker::Conn(_));
        self.start_game(&game, &seek.by, &taker_person, taker_known);
        let seeker = self.player(seek.by.clone(), Some(seek.conn));
        let taker = match taker {
            Taker::Conn(conn) => self.player(taker_person, Some(conn)),
            Taker::Http { person, reply } => Player { person, to: Deliver::Http(reply), credential: None },
        };
        self.spawn(Pairing { game, spec: seek.spec, first: seeker, second: taker });
    }

    /// A side of a pairing whose seat goes to lobby connection `conn`.
    fn player(&self, person: Person, conn: Option<ConnId>) -> Player {
        let c = conn.and_then(|id| self.conns.get(&id));
        Player { person, to: Deliver::Conn(c.map(|c| c.tx.clone())), credential: c.and_then(|c| c.credential.clone()) }
    }

    fn spawn(&self, pairing: Pairing) {
        let (rooms, store, me) = (self.rooms.clone(), self.store.clone(), self.me.clone());
        self.tracker.spawn(pairing.run(rooms, store, me));
    }

    /// Account `key`'s seeks and challenges held here go (only the rated ones if `rated_only`); the other
    /// side of each challenge, and the account itself, are told it is `cancelled`.
    fn withdraw(&mut self, key: &PersonKey, rated_only: bool) {
        let mut gone = Vec::new();
        self.seeks.retain(|s| {
            let keep = s.by.key() != key || (rated_only && !s.spec.rated);
            if !keep {
                gone.push(s.id.clone());
            }
            keep
        });
        self.removed(gone);
        self.withdraw_challenges(key, rated_only);
    }

    /// Queues `msg` for `conn`; a connection that does not keep up is closed.
    fn tell(&mut self, conn: ConnId, msg: LobbyServerMsg) {
        let ok = self.conns.get(&conn).is_none_or(|c| c.tx.try_send(msg).is_ok());
        if !ok {
            tracing::debug!(%conn, "lobby connection too slow: dropped");
            self.leave(conn, Some(Kick::TooSlow));
        }
    }

    fn broadcast(&mut self, msg: LobbyServerMsg) {
        let slow: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|(_, c)| c.feed && c.tx.try_send(msg.clone()).is_err())
            .map(|(id, _)| *id)
            .collect();
        for conn in slow {
            self.leave(conn, Some(Kick::TooSlow));
        }
    }

    /// This node's seeks `ids` are gone: the sockets and the other nodes are told.
    fn removed(&mut self, ids: Vec<SeekId>) {
        if let (Some(link), false) = (&self.link, ids.is_empty()) {
            link.removed(&ids);
        }
        for id in ids {
            self.broadcast(LobbyServerMsg::SeekRemoved { id: id.to_string() });
        }
    }

    /// `conn` is gone (it left, or the lobby closes it for `kick`): its seeks go with it.
    fn leave(&mut self, conn: ConnId, kick: Option<Kick>) {
        let Some(mut c) = self.conns.remove(&conn) else { return };
        if c.feed {
            self.update_watching();
        }
        if let (Some(kick), Some(tell)) = (kick, c.kick.take()) {
            let _ = tell.send(kick);
        }
        if !c.person.who.is_account() {
            self.playing.forget(&c.person);
        }
        let mut gone = Vec::new();
        self.seeks.retain(|s| {
            if s.conn == conn {
                gone.push(s.id.clone());
            }
            s.conn != conn
        });
        self.removed(gone);
    }
}
