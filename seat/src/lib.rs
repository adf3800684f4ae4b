//! A computer player in a seat of an online game. [`play`] is the one loop that does it, for the server's
//! own computer seats and for `mancala bot` alike: it reads the seat's messages through a [`Link`], keeps
//! a [`Follower`] (the position as the seat can know it), asks the bot when the seat has a decision, and
//! sends the decision as a client message that the server checks like anyone's.
//!
//! The bot library knows no wire protocol; this crate turns what the seat sees ([`MoveEvent`]s) into
//! engine values for it ([`seen`]).
//!
//! In a game with a clock the seat spends its time like a person: it notes when it learned that it has a
//! decision (before its search waits for a core, since the server charges that wait too) and gives the
//! search a deadline of that instant plus an allowance from its remaining time ([`clock`]).

pub mod clock;

use mancala_bot::Level;
use mancala_bot::follower::{Follower, Seen};
use mancala_engine::{BySide, Decision, Geometry, OpeningArray, Options, Side, Variant};
use mancala_protocol::{ClientMsg, ClockState, ErrorCode, GameEvent, MoveEvent, OutcomeInfo, ServerMsg, StepEvent};
use std::future::Future;
use std::time::{Duration, Instant};

/// How the loop talks to its game: the seat's messages in, client messages out, and the record as the seat
/// sees it (to rebuild the position after a snapshot or a surprise).
pub trait Link: Send {
    /// The next message for the seat; `None` when the game or the connection is gone.
    fn next(&mut self) -> impl Future<Output = Option<ServerMsg>> + Send;
    fn send(&mut self, msg: ClientMsg) -> impl Future<Output = Result<(), LinkError>> + Send;
    fn record(&mut self) -> impl Future<Output = Result<Vec<MoveEvent>, LinkError>> + Send;

    /// Runs the bot's search (milliseconds to about a second of one core) off the async threads and
    /// answers its result: by default on a blocking thread of its own; the server runs it on its engine
    /// pool, where it takes turns with the other searches. `deadline` is when the search will stop at the
    /// latest (the seat's clock, [`clock`]; `None` in a game without one), for a link that queues
    /// searches and could use it to order them: the search itself already keeps to it.
    fn think<T: Send + 'static>(
        &mut self,
        deadline: Option<Instant>,
        search: impl FnOnce() -> T + Send + 'static,
    ) -> impl Future<Output = Result<T, LinkError>> + Send {
        let _ = deadline;
        async move { tokio::task::spawn_blocking(search).await.map_err(|e| LinkError(format!("the search: {e}"))) }
    }
}

/// The link failed (the connection or the room is gone, or a request was refused).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct LinkError(pub String);

/// Why the loop stopped before the game ended.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeatError {
    #[error(transparent)]
    Link(#[from] LinkError),
    #[error("cannot follow the game: {0}")]
    Follow(String),
    /// The server could not read a decision the seat sent.
    #[error("the server refused a decision: {0}")]
    Refused(String),
}

/// The seat to play and how.
#[derive(Clone, Copy, Debug)]
pub struct Seat {
    pub side: Side,
    pub level: Level,
    pub seed: u64,
    pub variant: Variant,
    pub options: Options,
}

/// A decision as the seat saw it, in engine values.
pub fn seen(mv: &MoveEvent, geo: Geometry) -> Result<Seen, SeatError> {
    let decision = mv
        .decision
        .as_deref()
        .map(|d| Decision::parse(d, geo))
        .transpose()
        .map_err(|e| SeatError::Follow(format!("ply {}: {e}", mv.ply)))?;
    let revealed = mv.steps.iter().find_map(|s| match s {
        StepEvent::Revealed { south, north } => {
            Some((OpeningArray::from_number(*south), OpeningArray::from_number(*north)))
        }
        _ => None,
    });
    let revealed = match revealed {
        None => None,
        Some((Some(south), Some(north))) => Some(BySide::new(south, north)),
        Some(_) => return Err(SeatError::Follow(format!("ply {}: a reveal of an unknown array", mv.ply))),
    };
    Ok(Seen { side: mv.side, decision, revealed })
}

async fn rebuild<L: Link>(link: &mut L, seat: &Seat) -> Result<Follower, SeatError> {
    let geo = seat.options.geometry(seat.variant);
    let record = link.record().await?;
    let seen: Vec<Seen> = record.iter().map(|m| seen(m, geo)).collect::<Result<_, _>>()?;
    Follower::new(seat.side, seat.level, seat.seed, seat.variant, seat.options, &seen)
        .map_err(|e| SeatError::Follow(e.to_string()))
}

/// How long to wait before sending a decision again that the server dropped unread: its WebSocket reader
/// drops a player's messages over a rate (`rate_limited`, an error without the message's id), and a second
/// lets through as many messages as that rate allows.
pub const RESEND_AFTER: Duration = Duration::from_secs(1);

/// Plays `seat` until the game ends (returns its result) or the link ends (`Ok(None)`).
pub async fn play<L: Link>(link: &mut L, seat: Seat) -> Result<Option<OutcomeInfo>, SeatError> {
    let geo = seat.options.geometry(seat.variant);
    let mut follower = rebuild(link, &seat).await?;
    // The decision sent and not answered yet. The server answers each decision it reads with its id; one
    // it dropped unread gets only an error without an id, and would never be answered.
    let mut unanswered: Option<ClientMsg> = None;
    let mut next_id = 0u64;
    // From the latest board the seat was sent (only a change's last event carries one).
    let mut legal = false;
    // The clocks as the latest message that carried them said, and since when the seat has had the
    // decision it has not sent yet (its clock runs from then, whatever the search waits for).
    let mut clocks: Option<ClockState> = None;
    let mut turn_since: Option<Instant> = None;
    while let Some(msg) = link.next().await {
        let received = Instant::now();
        match msg {
            ServerMsg::Snapshot { view, clock, .. } => {
                clocks = clock;
                follower = rebuild(link, &seat).await?;
                if let Some(o) = view.outcome {
                    return Ok(Some(o));
                }
                legal = !view.legal.is_empty();
                turn_since = turn_began(turn_since, legal, received);
            }
            ServerMsg::Event { event, view, clock, .. } => {
                if clock.is_some() {
                    clocks = clock;
                }
                match &event {
                    GameEvent::Move { mv } if follower.on_ply(mv.ply, &seen(mv, geo)?).is_err() => {
                        follower = rebuild(link, &seat).await?;
                    }
                    // Decisions were taken back: the record is shorter, the position an earlier one.
                    GameEvent::Takeback { .. } => follower = rebuild(link, &seat).await?,
                    _ => {}
                }
                if let Some(view) = view {
                    if let Some(o) = view.outcome {
                        return Ok(Some(o));
                    }
                    legal = !view.legal.is_empty();
                    turn_since = turn_began(turn_since, legal, received);
                }
            }
            // An answer to an earlier send of a decision already answered (a repeated id) changes nothing.
            ServerMsg::Accepted { id, .. } if answers(&unanswered, &id) => unanswered = None,
            ServerMsg::Rejected { id, .. } if answers(&unanswered, &id) => {
                // Should not happen; start again from the record rather than insist.
                unanswered = None;
                follower = rebuild(link, &seat).await?;
            }
            ServerMsg::Error { code: ErrorCode::RateLimited, .. } => {
                // Sent again with the same id: if the first send was read after all, the server repeats
                // its answer and applies nothing twice.
                if let Some(decide) = unanswered.clone() {
                    tokio::time::sleep(RESEND_AFTER).await;
                    link.send(decide).await?;
                }
                continue;
            }
            ServerMsg::Error { code, message } if unanswered.is_some() => {
                // The seat sends nothing but decisions: the one in flight could not be read.
                return Err(SeatError::Refused(format!("{code:?}: {message}")));
            }
            _ => continue,
        }
        if unanswered.is_some() || !legal {
            continue;
        }
        // A strong level searches for milliseconds to a second: off the async threads, and with a clock
        // until its deadline at the latest, counted from when the turn began (the wait for a core is
        // charged too).
        let since = *turn_since.get_or_insert_with(Instant::now);
        let deadline = clock::deadline(clocks.as_ref(), seat.side, since);
        let (f, decision) = link
            .think(deadline, move || {
                let mut f = follower;
                let d = f.decide_until(deadline);
                (f, d)
            })
            .await?;
        follower = f;
        let Some(decision) = decision else { continue };
        next_id += 1;
        let decide =
            ClientMsg::Decide { id: format!("bot{next_id}"), decision: decision.notation(geo), game: None, seat: None };
        unanswered = Some(decide.clone());
        // The next decision, if the turn goes on, is timed from the board that asks for it.
        turn_since = None;
        link.send(decide).await?;
    }
    Ok(None)
}

/// Since when the seat has had its decision, after a board that offers it one (`legal`) or none,
/// received at `now`: the turn's start is the first board that offered it.
fn turn_began(since: Option<Instant>, legal: bool, now: Instant) -> Option<Instant> {
    legal.then(|| since.unwrap_or(now))
}

/// The answer with `id` is the one to the decision in flight.
fn answers(unanswered: &Option<ClientMsg>, id: &Option<String>) -> bool {
    matches!(unanswered, Some(ClientMsg::Decide { id: sent, .. }) if Some(sent) == id.as_ref())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seen_decision_is_in_engine_values() {
        let geo = Geometry::FourRows(8);
        let hidden = MoveEvent {
            ply: 1,
            side: Side::North,
            decision: None,
            auto: false,
            steps: vec![StepEvent::Chose { side: Side::North, array: None }],
        };
        assert_eq!(seen(&hidden, geo).unwrap(), Seen { side: Side::North, decision: None, revealed: None });
        let reveal = MoveEvent {
            ply: 2,
            side: Side::South,
            decision: Some("opening:2".into()),
            auto: false,
            steps: vec![StepEvent::Revealed { south: 2, north: 1 }],
        };
        let s = seen(&reveal, geo).unwrap();
        assert_eq!(s.decision, Some(Decision::Opening(OpeningArray::Two)));
        assert_eq!(s.revealed, Some(BySide::new(OpeningArray::Two, OpeningArray::One)));
        let bad = MoveEvent { decision: Some("z9".into()), ..reveal };
        assert!(matches!(seen(&bad, geo), Err(SeatError::Follow(m)) if m.contains("ply 2")));
    }

    /// A link that plays out a script of server messages and keeps what the seat sent.
    struct Script {
        msgs: std::collections::VecDeque<ServerMsg>,
        sent: Vec<ClientMsg>,
        records: usize,
    }

    impl Link for Script {
        async fn next(&mut self) -> Option<ServerMsg> {
            self.msgs.pop_front()
        }
        async fn send(&mut self, msg: ClientMsg) -> Result<(), LinkError> {
            self.sent.push(msg);
            Ok(())
        }
        async fn record(&mut self) -> Result<Vec<MoveEvent>, LinkError> {
            self.records += 1;
            Ok(Vec::new())
        }
    }

    /// An opponent's `berserk` event changes no position: the seat reads its board (South to decide) and
    /// decides, without rebuilding from the record.
    #[test]
    fn a_berserk_event_is_followed_without_a_rebuild() {
        let (variant, options) = (Variant::Kubuguza, Options::defaults(Variant::Kubuguza));
        let pos = mancala_engine::Position::start(variant, options).unwrap();
        let board =
            mancala_protocol::BoardView::from_view(&pos.view(mancala_engine::Viewer::Player(Side::South)), true);
        let outcome =
            OutcomeInfo { winner: Some(Side::South), reason: "resignation".into(), ratings: None, late: None };
        let ended = mancala_protocol::BoardView { legal: Vec::new(), ..board.clone() }.ended(outcome.clone());
        let msgs = [
            ServerMsg::Event { v: 2, event: GameEvent::Berserk { side: Side::North }, view: Some(board), clock: None },
            ServerMsg::Event {
                v: 3,
                event: GameEvent::End { outcome: outcome.clone() },
                view: Some(ended),
                clock: None,
            },
        ];
        let mut link = Script { msgs: msgs.into(), sent: Vec::new(), records: 0 };
        let seat = Seat { side: Side::South, level: Level::L1, seed: 7, variant, options };
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        let result = runtime.block_on(play(&mut link, seat)).unwrap();
        assert_eq!(result, Some(outcome));
        assert!(matches!(link.sent.as_slice(), [ClientMsg::Decide { .. }]), "{:?}", link.sent);
        assert_eq!(link.records, 1, "the record was read once, at the start");
    }
}
