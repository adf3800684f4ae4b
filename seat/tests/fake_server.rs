//! The seat loop against an in-memory server built on the engine: the messages a real room sends a seat
//! (a snapshot, then each decision as an event, the last of a change with the board; `accepted` after
//! the events of the seat's own decision), an opponent that answers at once, forced decisions played by
//! the server when the game asks for it, and the WebSocket reader's rate limit (a player's messages over
//! 20 a second, bursts of 40, dropped with an error that names no message). Time is tokio's paused
//! clock: it moves only while the seat waits. A seat that stops answering while it has a decision is
//! reported with the position it stopped at. With a game clock, the room sends the clocks with each
//! board and checks every deadline the seat gives its search against the turn's start.

use mancala_bot::{Bot, Level};
use mancala_engine::{Decision, Event, Options, Position, Side, Variant, Viewer};
use mancala_protocol::http::{GameStatus, GameSummary, Seats};
use mancala_protocol::{
    BoardView, ClientMsg, ClockState, ErrorCode, GameEvent, MoveEvent, OutcomeInfo, PROTOCOL_VERSION, Presence,
    ServerMsg, StepEvent,
};
use mancala_seat::{Link, LinkError, Seat, clock};
use std::collections::VecDeque;
use std::future::Future;
use std::time::Duration;
use tokio::time::Instant;

/// The server's default `player_rate`: messages a second, bursts of twice that.
const RATE: f64 = 20.0;

/// The reader's limiter: a bucket of `2 * RATE` messages refilled at `RATE` a second.
struct Limiter {
    tokens: f64,
    at: Instant,
}

impl Limiter {
    fn new() -> Limiter {
        Limiter { tokens: 2.0 * RATE, at: Instant::now() }
    }

    fn check(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + (now - self.at).as_secs_f64() * RATE).min(2.0 * RATE);
        self.at = now;
        if self.tokens < 1.0 {
            return false;
        }
        self.tokens -= 1.0;
        true
    }
}

#[derive(Debug)]
enum Opponent {
    /// The first decision of the `legal` list it is shown, as a scripted client answers.
    FirstLegal,
    /// The last one.
    LastLegal,
    Random(Box<Bot>),
}

struct FakeRoom {
    seat: Side,
    pos: Position,
    record: Vec<MoveEvent>,
    queue: VecDeque<ServerMsg>,
    v: u64,
    opponent: Opponent,
    auto_forced: bool,
    limiter: Option<Limiter>,
    /// Answers already given, by id: a decision sent again with its id is answered the same.
    answers: Vec<(String, ServerMsg)>,
    /// Messages of the seat dropped by the limiter.
    dropped: u32,
    /// Set when the seat had a decision and nothing left to read: the loop is stuck.
    stuck: Option<String>,
    /// The game's clock (3+2, each side's time going down with each of its decisions), when it has one.
    clocked: bool,
    /// When the room handed the seat the first board of the decision it has not sent yet (the real
    /// clock: the seat's searches run on it, not on tokio's paused one).
    turn_handed: Option<std::time::Instant>,
    /// Each search's deadline: `None` for a game without a clock, else whether it lies between the
    /// allowance after the turn's start and the allowance after the search was asked for.
    deadlines: Vec<Option<bool>>,
}

impl FakeRoom {
    fn new(variant: Variant, seat: Side, opponent: Opponent, auto_forced: bool, limited: bool) -> FakeRoom {
        let pos = Position::start(variant, Options::defaults(variant)).unwrap();
        let mut room = FakeRoom {
            seat,
            pos,
            record: Vec::new(),
            queue: VecDeque::new(),
            v: 1,
            opponent,
            auto_forced,
            limiter: limited.then(Limiter::new),
            answers: Vec::new(),
            dropped: 0,
            stuck: None,
            clocked: false,
            turn_handed: None,
            deadlines: Vec::new(),
        };
        let view = room.view(seat);
        room.queue.push_back(ServerMsg::Snapshot {
            protocol: PROTOCOL_VERSION,
            v: room.v,
            seat: Some(seat),
            game: room.summary(),
            view,
            clock: None,
            presence: Presence { south: true, north: true, claim_win_at: None, watching: 0, abort_at: None },
            draw_offer: None,
            takeback_offer: None,
            rematch_offer: None,
            rematch: None,
            chat: Vec::new(),
        });
        room
    }

    fn summary(&self) -> GameSummary {
        GameSummary {
            id: "fake".into(),
            variant: self.pos.variant(),
            options: *self.pos.options(),
            status: GameStatus::Ongoing,
            players: Seats { south: None, north: None },
            clock: None,
            auto_forced: self.auto_forced,
            rated: false,
            previews: false,
            plies: self.record.len() as u32,
            result: None,
            created_at: 0,
            updated_at: 0,
            invite_code: None,
            berserk: None,
        }
    }

    /// The clocks now: South and North lose a second and half a second per decision of theirs from 100 s
    /// and 50 s (different, so a seat reading the other side's time is caught).
    fn clock(&self) -> Option<ClockState> {
        let made = |side: Side| self.record.iter().filter(|m| m.side == side).count() as u64;
        self.clocked.then(|| ClockState {
            base_secs: 180,
            increment_secs: 2,
            days: None,
            south_ms: 100_000 - 1_000 * made(Side::South),
            north_ms: 50_000 - 500 * made(Side::North),
            running: match self.pos.to_move() {
                mancala_engine::ToMove::Side(s) => vec![s],
                _ => Vec::new(),
            },
            held_ms: 0,
        })
    }

    fn view(&self, side: Side) -> BoardView {
        BoardView::from_view(&self.pos.view(Viewer::Player(side)), true)
    }

    /// Applies `side`'s decision and the forced decisions after it, queueing their events for the seat
    /// (the last with the board), as a room does.
    fn apply(&mut self, side: Side, decision: Decision) -> Result<u64, String> {
        let first = self.v + 1;
        self.play_one(side, decision, false)?;
        while self.auto_forced && !self.pos.is_over() {
            let mover = match self.pos.to_move() {
                mancala_engine::ToMove::Side(s) => s,
                _ => break,
            };
            let legal = self.pos.legal_decisions(mover);
            if legal.len() != 1 {
                break;
            }
            self.play_one(mover, legal[0], true).unwrap();
        }
        let last = self.v;
        let (view, now) = (self.view(self.seat), self.clock());
        if let Some(ServerMsg::Event { view: v, clock, .. }) = self.queue.back_mut() {
            *v = Some(view);
            *clock = now;
        }
        assert!(last >= first);
        Ok(first)
    }

    fn play_one(&mut self, side: Side, decision: Decision, auto: bool) -> Result<(), String> {
        let geo = self.pos.geometry();
        let mut events: Vec<Event> = Vec::new();
        self.pos.apply(side, decision, &mut events).map_err(|e| e.to_string())?;
        let mv = MoveEvent {
            ply: self.record.len() as u32 + 1,
            side,
            decision: Some(decision.notation(geo)),
            auto,
            steps: events.into_iter().map(|e| StepEvent::from_event(e, geo)).collect(),
        };
        self.record.push(mv.clone());
        self.v += 1;
        self.queue.push_back(ServerMsg::Event { v: self.v, event: GameEvent::Move { mv }, view: None, clock: None });
        Ok(())
    }

    /// The opponent's turn, when it is one: its decision is made as soon as the seat has read everything.
    fn opponent_moves(&mut self) -> bool {
        let opp = self.seat.other();
        if self.pos.is_over() || self.pos.legal_decisions(opp).is_empty() {
            return false;
        }
        let geo = self.pos.geometry();
        let legal = self.view(opp).legal;
        let decision = match &mut self.opponent {
            Opponent::FirstLegal => Decision::parse(&legal[0], geo).unwrap(),
            Opponent::LastLegal => Decision::parse(legal.last().unwrap(), geo).unwrap(),
            Opponent::Random(bot) => bot.decide(&self.pos, opp).unwrap(),
        };
        self.apply(opp, decision).unwrap();
        true
    }
}

impl Link for FakeRoom {
    fn next(&mut self) -> impl Future<Output = Option<ServerMsg>> + Send {
        let msg = match self.queue.pop_front() {
            Some(m) => Some(m),
            None if self.opponent_moves() => self.queue.pop_front(),
            None => {
                if !self.pos.is_over() {
                    let legal = self.view(self.seat).legal;
                    self.stuck = Some(format!(
                        "the seat ({}) sent nothing after ply {} ({}), legal: {}",
                        self.seat,
                        self.record.len(),
                        self.record
                            .iter()
                            .map(|m| m.decision.clone().unwrap_or_default())
                            .collect::<Vec<_>>()
                            .join(" "),
                        legal.join(" ")
                    ));
                }
                None
            }
        };
        let offers = match &msg {
            Some(ServerMsg::Snapshot { view, .. } | ServerMsg::Event { view: Some(view), .. }) => {
                Some(!view.legal.is_empty())
            }
            _ => None,
        };
        match offers {
            Some(true) => self.turn_handed = self.turn_handed.or(Some(std::time::Instant::now())),
            Some(false) => self.turn_handed = None,
            None => {}
        }
        async move { msg }
    }

    fn send(&mut self, msg: ClientMsg) -> impl Future<Output = Result<(), LinkError>> + Send {
        let ClientMsg::Decide { id, decision, .. } = msg else { panic!("the seat sent {msg:?}") };
        self.turn_handed = None;
        if !self.limiter.as_mut().is_none_or(Limiter::check) {
            self.dropped += 1;
            let message = format!("more than {RATE} messages per second; message dropped");
            self.queue.push_back(ServerMsg::Error { code: ErrorCode::RateLimited, message });
            return std::future::ready(Ok(()));
        }
        if let Some((_, answer)) = self.answers.iter().find(|(i, _)| *i == id) {
            self.queue.push_back(answer.clone());
            return std::future::ready(Ok(()));
        }
        let geo = self.pos.geometry();
        let answer =
            match Decision::parse(&decision, geo).map_err(|e| e.to_string()).and_then(|d| self.apply(self.seat, d)) {
                Ok(v) => ServerMsg::Accepted { id: Some(id.clone()), v },
                Err(reason) => ServerMsg::Rejected {
                    id: Some(id.clone()),
                    code: ErrorCode::Illegal,
                    reason,
                    legal: self.view(self.seat).legal,
                },
            };
        self.answers.push((id, answer.clone()));
        self.queue.push_back(answer);
        std::future::ready(Ok(()))
    }

    fn record(&mut self) -> impl Future<Output = Result<Vec<MoveEvent>, LinkError>> + Send {
        let record = self.record.clone();
        async move { Ok(record) }
    }

    async fn think<T: Send + 'static>(
        &mut self,
        deadline: Option<std::time::Instant>,
        search: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, LinkError> {
        let checked = deadline.map(|d| {
            let left = |s: Side| self.clock().map(|c| if s == Side::South { c.south_ms } else { c.north_ms });
            let allowance = clock::allowance(Duration::from_millis(left(self.seat).unwrap()), Duration::from_secs(2));
            let start = self.turn_handed.expect("a search only for a decision the seat was offered");
            start + allowance <= d && d <= std::time::Instant::now() + allowance
        });
        self.deadlines.push(checked);
        Ok(search())
    }
}

/// Plays one game to its end; the outcome and how many of the seat's messages the limiter dropped, or why
/// the seat stopped.
fn play(
    variant: Variant,
    (side, level, seed): (Side, Level, u64),
    opponent: Opponent,
    (auto_forced, limited): (bool, bool),
) -> Result<(OutcomeInfo, u32), String> {
    let room = FakeRoom::new(variant, side, opponent, auto_forced, limited);
    let (result, room) = play_in(room, Seat { side, level, seed, variant, options: Options::defaults(variant) });
    match result {
        Ok(Some(outcome)) => Ok((outcome, room.dropped)),
        Ok(None) => Err(room.stuck.unwrap_or_else(|| "the link ended".into())),
        Err(e) => Err(e.to_string()),
    }
}

/// Plays `seat` in `room` until the game or the link ends.
fn play_in(mut room: FakeRoom, seat: Seat) -> (Result<Option<OutcomeInfo>, mancala_seat::SeatError>, FakeRoom) {
    let rt = tokio::runtime::Builder::new_current_thread().enable_time().start_paused(true).build().unwrap();
    let result = rt.block_on(mancala_seat::play(&mut room, seat));
    (result, room)
}

/// In a game with a clock every search gets a deadline, the allowance of the seat's own remaining time
/// after the first board that offered it the decision (before the search waits for a core: the room's
/// `think` is where a server's search waits); in a game without one, none. Level 5 on both sides,
/// against a random opponent, in Kubuguza (turns of several decisions: each gets its own deadline).
#[test]
fn a_clock_gives_every_search_a_deadline_from_the_turns_start() {
    let variant = Variant::Kubuguza;
    for side in Side::BOTH {
        for clocked in [false, true] {
            let seat = Seat { side, level: Level::L5, seed: 4, variant, options: Options::defaults(variant) };
            let opponent = Opponent::Random(Box::new(Bot::new(Level::L1, 9)));
            let mut room = FakeRoom::new(variant, side, opponent, true, false);
            room.clocked = clocked;
            let now = room.clock();
            if let Some(ServerMsg::Snapshot { clock, .. }) = room.queue.front_mut() {
                *clock = now;
            }
            let (result, room) = play_in(room, seat);
            assert!(matches!(result, Ok(Some(_))), "{side} clocked {clocked}: {result:?} {:?}", room.stuck);
            // A search for each decision the seat made itself (the room played its forced ones).
            let made = room.record.iter().filter(|m| m.side == side && !m.auto).count();
            assert!(
                made > 3 && room.deadlines.len() == made,
                "{side}: {} searches, {made} decisions",
                room.deadlines.len()
            );
            let expected = clocked.then_some(true);
            assert!(room.deadlines.iter().all(|d| *d == expected), "{side} clocked {clocked}: {:?}", room.deadlines);
        }
    }
}

/// Kubuguza, level 1 seed 1 as North, against a client that answers the first legal decision it is
/// shown at once: the computer's 41st decision in its first two seconds comes at ply 78, mid-turn after
/// a relay, and is dropped by the server's rate limit. The seat sends it again.
#[test]
fn a_decision_dropped_by_the_rate_limit_is_sent_again() {
    for auto_forced in [false, true] {
        let seat = (Side::North, Level::L1, 1);
        match play(Variant::Kubuguza, seat, Opponent::FirstLegal, (auto_forced, true)) {
            Ok((_, dropped)) => assert!(dropped > 0, "auto_forced {auto_forced}: the limit was never reached"),
            Err(e) => panic!("auto_forced {auto_forced}: {e}"),
        }
    }
}

/// Every game ends, whatever the seat's side, level and seed, against scripted and random opponents.
#[test]
fn every_game_ends() {
    let mut failures = Vec::new();
    for variant in [Variant::Kubuguza] {
        for level in [Level::L1, Level::L2, Level::L3] {
            for side in Side::BOTH {
                for seed in 1..=20u64 {
                    for (auto_forced, limited) in [(false, false), (true, false), (false, true)] {
                        let opponents = [
                            ("first", Opponent::FirstLegal),
                            ("last", Opponent::LastLegal),
                            ("random", Opponent::Random(Box::new(Bot::new(Level::L1, seed + 1000)))),
                        ];
                        for (name, opponent) in opponents {
                            let seat = (side, level, seed);
                            if let Err(e) = play(variant, seat, opponent, (auto_forced, limited)) {
                                failures.push(format!(
                                    "{variant} L{level} {side} seed {seed} auto {auto_forced} limited {limited} \
                                     vs {name}: {e}"
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} games did not end:\n{}", failures.len(), failures.join("\n"));
}
