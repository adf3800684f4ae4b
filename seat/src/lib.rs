//! A computer player in a seat of an online game. [`play`] is the one loop that does it, for the server's
//! own computer seats and for `mancala bot` alike: it reads the seat's messages through a [`Link`], keeps
//! a [`Follower`] (the position as the seat can know it), asks the bot when the seat has a decision, and
//! sends the decision as a client message that the server checks like anyone's.
//!
//! The bot library knows no wire protocol; this crate turns what the seat sees ([`MoveEvent`]s) into
//! engine values for it ([`seen`]).

use mancala_bot::Level;
use mancala_bot::follower::{Follower, Seen};
use mancala_engine::{BySide, Decision, Geometry, OpeningArray, Options, Side, Variant};
use mancala_protocol::{ClientMsg, GameEvent, MoveEvent, OutcomeInfo, ServerMsg, StepEvent};
use std::future::Future;

/// How the loop talks to its game: the seat's messages in, client messages out, and the record as the seat
/// sees it (to rebuild the position after a snapshot or a surprise).
pub trait Link: Send {
    /// The next message for the seat; `None` when the game or the connection is gone.
    fn next(&mut self) -> impl Future<Output = Option<ServerMsg>> + Send;
    fn send(&mut self, msg: ClientMsg) -> impl Future<Output = Result<(), LinkError>> + Send;
    fn record(&mut self) -> impl Future<Output = Result<Vec<MoveEvent>, LinkError>> + Send;

    /// Runs the bot's search (milliseconds to about a second of one core) off the async threads and
    /// answers its result: by default on a blocking thread of its own; the server runs it on its engine
    /// pool, where it takes turns with the other searches.
    fn think<T: Send + 'static>(
        &mut self,
        search: impl FnOnce() -> T + Send + 'static,
    ) -> impl Future<Output = Result<T, LinkError>> + Send {
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

/// Plays `seat` until the game ends (returns its result) or the link ends (`Ok(None)`).
pub async fn play<L: Link>(link: &mut L, seat: Seat) -> Result<Option<OutcomeInfo>, SeatError> {
    let geo = seat.options.geometry(seat.variant);
    let mut follower = rebuild(link, &seat).await?;
    let mut waiting_answer = false;
    let mut next_id = 0u64;
    // From the latest board the seat was sent (only a change's last event carries one).
    let mut legal = false;
    while let Some(msg) = link.next().await {
        match msg {
            ServerMsg::Snapshot { view, .. } => {
                follower = rebuild(link, &seat).await?;
                if let Some(o) = view.outcome {
                    return Ok(Some(o));
                }
                legal = !view.legal.is_empty();
            }
            ServerMsg::Event { event, view, .. } => {
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
                }
            }
            ServerMsg::Accepted { .. } => waiting_answer = false,
            ServerMsg::Rejected { .. } => {
                // Should not happen; start again from the record rather than insist.
                waiting_answer = false;
                follower = rebuild(link, &seat).await?;
            }
            _ => continue,
        }
        if waiting_answer || !legal {
            continue;
        }
        // A strong level searches for milliseconds to a second: off the async threads.
        let (f, decision) = link
            .think(move || {
                let mut f = follower;
                let d = f.decide();
                (f, d)
            })
            .await?;
        follower = f;
        let Some(decision) = decision else { continue };
        next_id += 1;
        waiting_answer = true;
        let id = format!("bot{next_id}");
        link.send(ClientMsg::Decide { id, decision: decision.notation(geo), game: None, seat: None }).await?;
    }
    Ok(None)
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
        let outcome = OutcomeInfo { winner: Some(Side::South), reason: "resignation".into(), ratings: None };
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
