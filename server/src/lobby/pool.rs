//! The lobby task: the one owner of this node's seeks, challenges and lobby connections. Every change
//! arrives as a [`Command`] on its bounded queue and is decided here, one at a time, so two people can
//! never take one seek and one press never makes two games. The task never waits on a client or the
//! database: the game of a pairing is made by a task of its own, and messages to a connection go to its
//! bounded queue; a connection whose queue is full is dropped (its seeks with it) rather than slowing
//! everyone.

use super::challenge::Challenges;
use super::error::LobbyError;
use super::pairing;
use super::person::Person;
use super::seek::{GameSpec, Seek, Shown};
use crate::game::unix_ms;
use crate::ids::PlayerName;
use crate::room::Registry;
use mancala_protocol::http::SeatGranted;
use mancala_protocol::lobby::{self, LobbyServerMsg};
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// At most this many open seeks per person.
pub const MAX_SEEKS: usize = 5;

/// Who takes a seek or answers a challenge: a lobby connection (answered on it) or an HTTP request.
#[derive(Debug)]
pub enum Taker {
    Conn(u64),
    Http { person: Person, reply: oneshot::Sender<Result<SeatGranted, LobbyError>> },
}

#[derive(Debug)]
pub enum Command {
    /// A lobby socket (`feed`: it gets the live seek list) or an HTTP seek stream (no feed) opens.
    Join {
        person: Person,
        feed: bool,
        tx: mpsc::Sender<LobbyServerMsg>,
        reply: oneshot::Sender<(u64, Vec<lobby::Seek>)>,
    },
    /// The connection closed: its seeks go.
    Leave {
        conn: u64,
    },
    Seek {
        conn: u64,
        spec: GameSpec,
        range: Option<[i32; 2]>,
        rating: Option<Shown>,
    },
    Cancel {
        conn: u64,
        id: String,
    },
    Accept {
        taker: Taker,
        id: String,
        rating: i32,
    },
    Quick {
        conn: u64,
        spec: GameSpec,
        rating: Option<Shown>,
    },
    List {
        reply: oneshot::Sender<Vec<lobby::Seek>>,
    },
    Challenge {
        from: Person,
        to: PlayerName,
        spec: GameSpec,
        reply: oneshot::Sender<lobby::Challenge>,
    },
    Challenges {
        person: Person,
        reply: oneshot::Sender<lobby::ChallengeList>,
    },
    /// The challenged accepts (`accept`) or declines; the challenger may withdraw (decline its own).
    Answer {
        by: Person,
        id: String,
        accept: bool,
        reply: oneshot::Sender<Result<Option<SeatGranted>, LobbyError>>,
    },
}

#[derive(Debug)]
struct Conn {
    person: Person,
    feed: bool,
    tx: mpsc::Sender<LobbyServerMsg>,
}

#[derive(Debug)]
pub struct Pool {
    conns: HashMap<u64, Conn>,
    seeks: Vec<Seek>,
    challenges: Challenges,
    next_conn: u64,
    rooms: Arc<Registry>,
    tracker: TaskTracker,
}

impl Pool {
    pub fn new(rooms: Arc<Registry>, tracker: TaskTracker) -> Pool {
        Pool {
            conns: HashMap::new(),
            seeks: Vec::new(),
            challenges: Challenges::default(),
            next_conn: 1,
            rooms,
            tracker,
        }
    }

    pub async fn run(mut self, mut rx: mpsc::Receiver<Command>, shutdown: CancellationToken) {
        loop {
            let cmd = tokio::select! {
                _ = shutdown.cancelled() => return,
                cmd = rx.recv() => match cmd { Some(c) => c, None => return },
            };
            self.handle(cmd);
        }
    }

    fn handle(&mut self, cmd: Command) {
        match cmd {
            Command::Join { person, feed, tx, reply } => {
                let conn = self.next_conn;
                self.next_conn += 1;
                self.conns.insert(conn, Conn { person, feed, tx });
                let _ = reply.send((conn, self.views()));
            }
            Command::Leave { conn } => self.leave(conn),
            Command::Seek { conn, spec, range, rating } => {
                let Some(person) = self.person(conn) else { return };
                match self.post(conn, &person, spec, range, rating) {
                    Ok(()) => {}
                    Err(e) => self.tell(conn, e.to_msg()),
                }
            }
            Command::Cancel { conn, id } => {
                let Some(person) = self.person(conn) else { return };
                match self.seeks.iter().position(|s| s.id == id) {
                    Some(i) if self.seeks[i].by.same(&person) => {
                        self.seeks.remove(i);
                        self.removed(vec![id]);
                    }
                    _ => self.tell(conn, LobbyError::NotFound(format!("you have no open seek `{id}`")).to_msg()),
                }
            }
            Command::Accept { taker, id, rating } => self.accept(taker, &id, rating),
            Command::Quick { conn, spec, rating } => {
                let Some(person) = self.person(conn) else { return };
                let mine = rating.map_or(super::seek::DEFAULT_RATING, |r| r.rating);
                // The nearest rating first, then the oldest seek.
                let best = self
                    .seeks
                    .iter()
                    .filter(|s| s.compatible(&spec) && !s.by.same(&person) && s.admits(mine))
                    .min_by_key(|s| ((s.rating_value() - mine).abs(), s.created_at))
                    .map(|s| s.id.clone());
                match best {
                    Some(id) => self.pair(&id, Taker::Conn(conn), person),
                    None => {
                        if let Err(e) = self.post(conn, &person, spec, None, rating) {
                            self.tell(conn, e.to_msg());
                        }
                    }
                }
            }
            Command::List { reply } => {
                let _ = reply.send(self.views());
            }
            Command::Challenge { from, to, spec, reply } => {
                let challenge = self.challenges.add(from, to, spec);
                let to_key = Person::account(challenge_to(&challenge)).key;
                let msg = LobbyServerMsg::Challenge { challenge: challenge.clone() };
                for conn in self.conns_of(&to_key) {
                    self.tell(conn, msg.clone());
                }
                let _ = reply.send(challenge);
            }
            Command::Challenges { person, reply } => {
                let _ = reply.send(self.challenges.of(&person));
            }
            Command::Answer { by, id, accept, reply } => self.answer(by, &id, accept, reply),
        }
    }

    fn person(&self, conn: u64) -> Option<Person> {
        self.conns.get(&conn).map(|c| c.person.clone())
    }

    fn views(&self) -> Vec<lobby::Seek> {
        self.seeks.iter().map(Seek::view).collect()
    }

    fn conns_of(&self, key: &str) -> Vec<u64> {
        let mut v: Vec<u64> = self.conns.iter().filter(|(_, c)| c.person.key == key).map(|(id, _)| *id).collect();
        v.sort_unstable();
        v
    }

    /// Posts a seek of `person` living with `conn`.
    fn post(
        &mut self,
        conn: u64,
        person: &Person,
        spec: GameSpec,
        range: Option<[i32; 2]>,
        rating: Option<Shown>,
    ) -> Result<(), LobbyError> {
        if self.seeks.iter().filter(|s| s.by.same(person)).count() >= MAX_SEEKS {
            return Err(LobbyError::TooManySeeks(MAX_SEEKS));
        }
        let seek = Seek {
            id: crate::ids::token()[..12].to_string(),
            by: person.clone(),
            rating,
            spec,
            range,
            created_at: unix_ms() as u64,
            conn,
        };
        let view = seek.view();
        self.seeks.push(seek);
        self.tell(conn, LobbyServerMsg::SeekCreated { seek: view.clone() });
        self.broadcast(LobbyServerMsg::SeekAdded { seek: view });
        Ok(())
    }

    fn accept(&mut self, taker: Taker, id: &str, rating: i32) {
        let person = match &taker {
            Taker::Conn(conn) => match self.person(*conn) {
                Some(p) => p,
                None => return,
            },
            Taker::Http { person, .. } => person.clone(),
        };
        let refusal = match self.seeks.iter().find(|s| s.id == id) {
            None => Some(LobbyError::NotFound(format!("no open seek `{id}` (taken, cancelled or never made)"))),
            Some(s) if s.by.same(&person) => Some(LobbyError::OwnSeek),
            Some(s) if !s.admits(rating) => {
                let [min, max] = s.range.unwrap_or_default();
                Some(LobbyError::Forbidden(format!(
                    "this seek wants an opponent rated {min} to {max}; your rating here is {rating}"
                )))
            }
            Some(s) if s.spec.rated && !person.registered => {
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

    /// Pairs seek `id` with `taker`: the seek and every other seek of both people go at once (one press,
    /// one game), then a task of its own makes the game and hands out the seats.
    fn pair(&mut self, id: &str, taker: Taker, taker_person: Person) {
        let Some(i) = self.seeks.iter().position(|s| s.id == id) else { return };
        let seek = self.seeks.remove(i);
        let mut gone = vec![seek.id.clone()];
        self.seeks.retain(|s| {
            let keep = !s.by.same(&seek.by) && !s.by.same(&taker_person);
            if !keep {
                gone.push(s.id.clone());
            }
            keep
        });
        self.removed(gone);
        let seeker_tx = self.conns.get(&seek.conn).map(|c| c.tx.clone());
        let taker_to = match taker {
            Taker::Conn(conn) => Deliver::Conn(self.conns.get(&conn).map(|c| c.tx.clone())),
            Taker::Http { reply, .. } => Deliver::Http(reply),
        };
        let rooms = self.rooms.clone();
        self.tracker.spawn(async move {
            match pairing::create(&rooms, seek.spec, &seek.by, &taker_person).await {
                Ok([seeker, taker]) => {
                    if let Some(tx) = seeker_tx {
                        let _ = tx.send(LobbyServerMsg::Paired(Box::new(seeker))).await;
                    }
                    taker_to.deliver(Ok(taker)).await;
                }
                Err(e) => {
                    tracing::warn!(error = %e, "lobby pairing: the game could not be made");
                    let e = LobbyError::Api(e);
                    if let Some(tx) = seeker_tx {
                        let _ = tx.send(e.to_msg()).await;
                    }
                    taker_to.deliver(Err(e)).await;
                }
            }
        });
    }

    fn answer(
        &mut self,
        by: Person,
        id: &str,
        accept: bool,
        reply: oneshot::Sender<Result<Option<SeatGranted>, LobbyError>>,
    ) {
        let Some(c) = self.challenges.get(id) else {
            let _ = reply.send(Err(LobbyError::NotFound(format!("no open challenge `{id}`"))));
            return;
        };
        let to_me = Person::account(challenge_to(&c.view)).same(&by);
        let from_me = c.from.same(&by);
        // The challenged may accept or decline; the challenger may only withdraw.
        let withdrawing = from_me && !accept;
        if !to_me && !withdrawing {
            let _ = reply.send(Err(LobbyError::NotFound(format!("no open challenge `{id}` to you"))));
            return;
        }
        if !accept {
            let c = self.challenges.remove(id).expect("present");
            let (reason, notify) = if to_me { ("declined", c.from.key.clone()) } else { ("withdrawn", by.key.clone()) };
            let msg = LobbyServerMsg::ChallengeGone { id: id.to_string(), reason: reason.to_string() };
            for conn in self.conns_of(&notify) {
                self.tell(conn, msg.clone());
            }
            let _ = reply.send(Ok(None));
            return;
        }
        // The challenger gets the seat on a lobby socket of theirs: without one nobody could give it.
        let Some(conn) = self.conns_of(&c.from.key).into_iter().find(|id| self.conns[id].feed) else {
            let _ = reply.send(Err(LobbyError::Conflict(format!(
                "{} is not in the lobby now (no lobby socket open): the challenge stays; try later",
                c.from.name
            ))));
            return;
        };
        let c = self.challenges.remove(id).expect("present");
        let challenger_tx = self.conns[&conn].tx.clone();
        let rooms = self.rooms.clone();
        self.tracker.spawn(async move {
            match pairing::create(&rooms, c.spec, &c.from, &by).await {
                Ok([theirs, mine]) => {
                    let _ = challenger_tx.send(LobbyServerMsg::Paired(Box::new(theirs))).await;
                    let _ = reply.send(Ok(Some(mine)));
                }
                Err(e) => {
                    let _ = reply.send(Err(LobbyError::Api(e)));
                }
            }
        });
    }

    /// Queues `msg` for `conn`; a connection that does not keep up is dropped.
    fn tell(&mut self, conn: u64, msg: LobbyServerMsg) {
        let ok = self.conns.get(&conn).is_none_or(|c| c.tx.try_send(msg).is_ok());
        if !ok {
            tracing::debug!(conn, "lobby connection too slow: dropped");
            self.leave(conn);
        }
    }

    fn broadcast(&mut self, msg: LobbyServerMsg) {
        let slow: Vec<u64> = self
            .conns
            .iter()
            .filter(|(_, c)| c.feed && c.tx.try_send(msg.clone()).is_err())
            .map(|(id, _)| *id)
            .collect();
        for conn in slow {
            self.leave(conn);
        }
    }

    fn removed(&mut self, ids: Vec<String>) {
        for id in ids {
            self.broadcast(LobbyServerMsg::SeekRemoved { id });
        }
    }

    fn leave(&mut self, conn: u64) {
        if self.conns.remove(&conn).is_none() {
            return;
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

fn challenge_to(c: &lobby::Challenge) -> PlayerName {
    PlayerName::parse(&c.to).expect("a challenge's `to` is a checked name")
}

/// Where the taker's seat goes.
enum Deliver {
    Conn(Option<mpsc::Sender<LobbyServerMsg>>),
    Http(oneshot::Sender<Result<SeatGranted, LobbyError>>),
}

impl Deliver {
    async fn deliver(self, result: Result<SeatGranted, LobbyError>) {
        match self {
            Deliver::Conn(Some(tx)) => {
                let msg = match result {
                    Ok(g) => LobbyServerMsg::Paired(Box::new(g)),
                    Err(e) => e.to_msg(),
                };
                let _ = tx.send(msg).await;
            }
            Deliver::Conn(None) => {}
            Deliver::Http(reply) => {
                let _ = reply.send(result);
            }
        }
    }
}
