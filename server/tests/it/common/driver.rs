//! Plays whole games over WebSockets: two seated clients and a spectator, random legal decisions, and
//! checks on every message (versions without gaps, no secret reaching the wrong viewer). Messages are the
//! protocol's types and the viewers are named ([`Seat`]).

use super::{Seat, TestServer, Ws, pick};
use mancala_engine::Side;
use mancala_protocol::{BoardView, ChoiceState, ClientMsg, ErrorCode, GameEvent, ServerMsg};
use std::ops::{Index, IndexMut};
use std::time::Duration;

/// How long a table waits for a message before it calls the connection dead.
const TIMEOUT: Duration = Duration::from_secs(10);

/// One value per viewer of a table, by name (`t.views.spectator`) or by [`Seat`] (`t.views[seat]`).
#[derive(Clone, Debug, PartialEq)]
pub struct BySeat<T> {
    pub south: T,
    pub north: T,
    pub spectator: T,
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        match seat {
            Seat::South => &self.south,
            Seat::North => &self.north,
            Seat::Spectator => &self.spectator,
        }
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        match seat {
            Seat::South => &mut self.south,
            Seat::North => &mut self.north,
            Seat::Spectator => &mut self.spectator,
        }
    }
}

pub struct Table {
    pub id: String,
    pub south: Ws,
    pub north: Ws,
    pub spectator: Ws,
    /// The latest board each viewer saw, and the version it holds.
    pub views: BySeat<BoardView>,
    pub versions: BySeat<u64>,
    pub next_id: u64,
}

/// What a spectator or an opponent must never see before the end: a store not its own (Azigo), a choice
/// made while the other is still to choose (Ikibuguzo), legal decisions for a spectator.
pub fn check_no_secret(msg: &ServerMsg, seat: Seat) {
    let (view, decision) = match msg {
        ServerMsg::Snapshot { view, .. } => (view, None),
        ServerMsg::Event { view: Some(view), event, .. } => match event {
            GameEvent::Move { mv } => (view, Some(&mv.decision)),
            _ => (view, None),
        },
        _ => return,
    };
    if view.outcome.is_some() {
        return;
    }
    let (stores, choices) = (view.stores, view.choices);
    for (side, store) in [(Side::South, stores.south), (Side::North, stores.north)] {
        assert!(store.is_none() || Seat::of(side) == seat, "{seat:?} sees {side:?}'s store: {msg:?}");
    }
    for (side, own, other) in [(Side::South, choices.south, choices.north), (Side::North, choices.north, choices.south)]
    {
        if own != ChoiceState::Pending && other == ChoiceState::Pending && Seat::of(side) != seat {
            assert_eq!(own, ChoiceState::Hidden, "{seat:?} sees {side:?}'s choice: {msg:?}");
            assert!(decision.is_none_or(Option::is_none), "{seat:?} is told {side:?}'s choice: {msg:?}");
        }
    }
    if seat == Seat::Spectator {
        assert!(view.legal.is_empty(), "spectator offered moves: {msg:?}");
    }
}

impl Table {
    pub async fn open(server: &TestServer, id: &str, south: &str, north: &str) -> Table {
        let mut ws = BySeat {
            south: server.ws(id, Some(south), None).await,
            north: server.ws(id, Some(north), None).await,
            spectator: server.ws(id, None, None).await,
        };
        let mut snapshot = async |seat: Seat| {
            ws[seat]
                .recv_until(|m| {
                    check_no_secret(&m, seat);
                    match m {
                        ServerMsg::Snapshot { v, view, .. } => Some((v, view)),
                        _ => None,
                    }
                })
                .await
        };
        let (s, n, w) = (snapshot(Seat::South).await, snapshot(Seat::North).await, snapshot(Seat::Spectator).await);
        Table {
            id: id.to_string(),
            south: ws.south,
            north: ws.north,
            spectator: ws.spectator,
            views: BySeat { south: s.1, north: n.1, spectator: w.1 },
            versions: BySeat { south: s.0, north: n.0, spectator: w.0 },
            next_id: 1,
        }
    }

    pub fn ws(&mut self, seat: Seat) -> &mut Ws {
        match seat {
            Seat::South => &mut self.south,
            Seat::North => &mut self.north,
            Seat::Spectator => &mut self.spectator,
        }
    }

    /// Takes in a message `seat` read: its version and board.
    fn note(&mut self, seat: Seat, m: &ServerMsg) {
        check_no_secret(m, seat);
        match m {
            ServerMsg::Event { v, view, .. } => {
                assert_eq!(*v, self.versions[seat] + 1, "{seat:?}: gap or repeat in versions: {m:?}");
                self.versions[seat] = *v;
                // Only a change's last event carries the board.
                if let Some(view) = view {
                    self.views[seat] = view.clone();
                }
            }
            ServerMsg::Snapshot { v, view, .. } => {
                self.versions[seat] = *v;
                self.views[seat] = view.clone();
            }
            _ => {}
        }
    }

    /// Reads `seat`'s messages until it has seen version `v`; returns the messages read.
    pub async fn catch_up(&mut self, seat: Seat, v: u64) -> Vec<ServerMsg> {
        self.try_catch_up(seat, v).await.expect("a message within 10 s")
    }

    /// [`Table::catch_up`], or `None` when the connection closes (or is silent for 10 s) first.
    pub async fn try_catch_up(&mut self, seat: Seat, v: u64) -> Option<Vec<ServerMsg>> {
        let mut seen = Vec::new();
        while self.versions[seat] < v {
            let m = self.ws(seat).try_recv(TIMEOUT).await?;
            self.note(seat, &m);
            seen.push(m);
        }
        Some(seen)
    }

    /// Sends `decision` for `seat`, waits for the answer (`accepted` or `rejected`), and brings every
    /// viewer up to date.
    pub async fn decide(&mut self, seat: Seat, decision: &str) -> ServerMsg {
        self.try_decide(seat, decision).await.expect("a message within 10 s")
    }

    /// [`Table::decide`], or `None` when a connection closes (or is silent for 10 s) on the way.
    pub async fn try_decide(&mut self, seat: Seat, decision: &str) -> Option<ServerMsg> {
        let id = self.next_id.to_string();
        self.next_id += 1;
        let msg = ClientMsg::Decide { id: id.clone(), decision: decision.to_string(), game: None, seat: None };
        self.ws(seat).try_say(&msg).await?;
        let mut backoff = super::poll::Backoff::up_to(Duration::from_millis(400));
        let answer = loop {
            let m = self.ws(seat).try_recv(TIMEOUT).await?;
            self.note(seat, &m);
            match &m {
                ServerMsg::Accepted { id: Some(i), .. } | ServerMsg::Rejected { id: Some(i), .. } if *i == id => {
                    break m;
                }
                // A seat whose opponent's moves are all forced plays faster than the connection's message
                // rate (20/s): the decision was dropped, unapplied; send it again, as a client would.
                ServerMsg::Error { code: ErrorCode::RateLimited, .. } => {
                    backoff.wait().await;
                    self.ws(seat).try_say(&msg).await?;
                }
                _ => {}
            }
        };
        if let ServerMsg::Accepted { v, .. } = answer {
            // Events of the change (forced decisions included) were sent before the answer; read any
            // the mover has not consumed yet, then the others.
            let target = self.versions[seat].max(v);
            self.try_catch_up(seat, target).await?;
            let target = self.versions[seat];
            for other in Seat::ALL {
                self.try_catch_up(other, target).await?;
            }
        }
        Some(answer)
    }

    pub fn over(&self) -> bool {
        self.views.spectator.outcome.is_some()
    }

    /// The seated player who may decide now, if any.
    pub fn mover(&self) -> Option<Seat> {
        Seat::PLAYERS.into_iter().find(|&s| !self.views[s].legal.is_empty())
    }

    /// Plays random legal decisions until the end (or `max` decisions). Returns the number played.
    pub async fn play_random(&mut self, seed: &mut u64, max: usize) -> usize {
        let mut n = 0;
        while !self.over() && n < max {
            let Some(seat) = self.mover() else { panic!("nobody may move but the game is not over: {:?}", self.views) };
            let legal = &self.views[seat].legal;
            let d = legal[pick(seed, legal.len())].clone();
            let answer = self.decide(seat, &d).await;
            assert!(matches!(answer, ServerMsg::Accepted { .. }), "{d} by {seat:?}: {answer:?}");
            n += 1;
        }
        n
    }
}

/// Whether `m` is an accepted answer.
pub fn accepted(m: &ServerMsg) -> bool {
    matches!(m, ServerMsg::Accepted { .. })
}
