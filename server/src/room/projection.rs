//! What each viewer receives: one projection for snapshots, events and HTTP answers. A player sees its own
//! secrets, a spectator none until the game is over (docs/rules.md#ikibuguzo-secret-choice,
//! docs/rules.md#azigo-concealed-store); once the game is over everything is
//! shown to everyone, the events of a catch-up included. Messages are built typed, once per kind of viewer
//! (see [`super::frame`]).

use crate::game::steps::Step;
use crate::game::{EventAt, GameResult, LiveGame, Ply};
use mancala_engine::{Event, Geometry, Position, Side, Viewer};
use mancala_protocol::http::GameStatus;
use mancala_protocol::{
    BoardView, ChatLine, ClockState, GameEvent, MoveEvent, NextGame, OutcomeInfo, PROTOCOL_VERSION, Presence,
    ServerMsg, StepEvent,
};

/// The three kinds of viewer of a live game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ViewerKind {
    South,
    North,
    Spectator,
}

impl ViewerKind {
    pub const ALL: [ViewerKind; 3] = [ViewerKind::South, ViewerKind::North, ViewerKind::Spectator];

    pub fn of(seat: Option<Side>) -> ViewerKind {
        match seat {
            Some(Side::South) => ViewerKind::South,
            Some(Side::North) => ViewerKind::North,
            None => ViewerKind::Spectator,
        }
    }

    pub fn seat(self) -> Option<Side> {
        match self {
            ViewerKind::South => Some(Side::South),
            ViewerKind::North => Some(Side::North),
            ViewerKind::Spectator => None,
        }
    }

    pub fn viewer(self) -> Viewer {
        self.seat().map(Viewer::Player).unwrap_or(Viewer::Spectator)
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// The board of `pos` for `viewer`, with the game's `result` (which may be a ruling the engine knows
/// nothing of). Decisions are offered only while the game is being played.
pub fn board(pos: &Position, viewer: Viewer, status: GameStatus, result: Option<GameResult>) -> BoardView {
    // Once the game is over everything is shown (docs/rules.md#ikibuguzo-secret-choice): the engine knows
    // that only when the rules ended it, so a ruling's board is projected as the analysis view.
    let viewer = if result.is_some() { Viewer::Analysis } else { viewer };
    let view = BoardView::from_view(&pos.view(viewer), status == GameStatus::Ongoing);
    match result {
        Some(result) => view.ended(result.info()),
        None => view,
    }
}

/// The game's current board for `viewer`.
pub fn current_board(game: &LiveGame, viewer: Viewer) -> BoardView {
    let mut view = board(&game.pos, viewer, game.status, game.result());
    if let Some(outcome) = view.outcome.take() {
        view.outcome = Some(game.with_late(OutcomeInfo { ratings: game.ratings, ..outcome }));
    }
    view
}

/// The move event of `ply` for `viewer`.
pub fn move_event(ply: &Ply, geo: Geometry, viewer: Viewer) -> MoveEvent {
    MoveEvent {
        ply: ply.n,
        side: ply.side,
        decision: (!ply.hidden_from(viewer)).then(|| ply.decision.notation(geo)),
        auto: ply.auto,
        steps: ply
            .steps
            .iter()
            .map(|step| match step {
                // The second array choice reveals both in the same move: its `chose` step is no secret (the
                // `revealed` step after it names both arrays anyway).
                Step::Event(e @ Event::Chose { .. }) if !ply.secret => StepEvent::from_event(e, geo),
                Step::Event(e) => StepEvent::from_event(e.project(viewer, ply.over), geo),
                Step::Skipped(steps) => StepEvent::Skipped { steps },
            })
            .collect(),
    }
}

/// Who an event is projected for: the viewer, or everyone's view once the game is over (a catch-up of a
/// finished game shows every secret, as its history does).
fn event_viewer(game: &LiveGame, kind: ViewerKind) -> Viewer {
    if game.is_over() { Viewer::Analysis } else { kind.viewer() }
}

/// The event numbered `v` as `kind` sees it; `last` events carry the board and the clocks.
pub fn event(game: &LiveGame, v: u64, kind: ViewerKind, last: bool, clock: Option<&ClockState>) -> ServerMsg {
    let viewer = event_viewer(game, kind);
    let event = match game.event_at(v).expect("an event of this game") {
        EventAt::Start => GameEvent::Start { game: game.summary() },
        EventAt::Ply(ply) => GameEvent::Move { mv: move_event(ply, game.pos.geometry(), viewer) },
        EventAt::Takeback(r) => GameEvent::Takeback { by: r.by, ply: r.ply },
        EventAt::Berserk(side) => GameEvent::Berserk { side },
        EventAt::End(ruling) => {
            GameEvent::End { outcome: game.with_late(GameResult::Ruled(ruling).info_with(game.ratings)) }
        }
    };
    ServerMsg::Event {
        v,
        event,
        view: last.then(|| current_board(game, kind.viewer())),
        clock: if last { clock.cloned() } else { None },
    }
}

/// The events `versions` as `kind` sees them, the last with the board.
pub fn events(
    game: &LiveGame,
    versions: std::ops::RangeInclusive<u64>,
    kind: ViewerKind,
    clock: Option<&ClockState>,
) -> Vec<ServerMsg> {
    let last = *versions.end();
    versions.map(|v| event(game, v, kind, v == last, clock)).collect()
}

/// A full snapshot for `kind`.
pub fn snapshot(
    game: &LiveGame,
    kind: ViewerKind,
    presence: Presence,
    clock: Option<ClockState>,
    (draw_offer, takeback_offer): (Option<Side>, Option<Side>),
    (rematch_offer, rematch): (Option<Side>, Option<NextGame>),
    chat: Vec<ChatLine>,
) -> ServerMsg {
    ServerMsg::Snapshot {
        protocol: PROTOCOL_VERSION,
        v: game.version(),
        seat: kind.seat(),
        game: game.summary(),
        view: current_board(game, kind.viewer()),
        clock,
        presence,
        draw_offer: draw_offer.filter(|_| game.status == GameStatus::Ongoing),
        takeback_offer: takeback_offer.filter(|_| game.status == GameStatus::Ongoing),
        rematch_offer: rematch_offer.filter(|_| game.status == GameStatus::Finished),
        rematch,
        chat,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::steps::{HEAD, PlySteps, TAIL};
    use mancala_engine::{Decision, Options, Variant};

    /// A Kubuguza turn that only the cap of 100 000 laps ends (engine fixture K-own-12): about a million
    /// events, sent as the first ones, a `skipped` count and the last laps, in a frame of about 75 KB.
    #[test]
    fn a_capped_turn_is_sent_with_steps_left_out() {
        let text = "south b1=1 d1=4 e1=1 f1=12 g1=3 a2=10 c2=1 d2=11 e2=5 g2=8 h2=3 d3=2 e3=1 b4=1 h4=1 turn=51";
        let mut pos = Position::from_text(Variant::Kubuguza, Options::default(), text).unwrap();
        let decision = Decision::parse("g2", pos.geometry()).unwrap();
        let mut all = Vec::new();
        pos.clone().apply(Side::South, decision, &mut all).unwrap();
        let steps = PlySteps::play(&mut pos, Side::South, decision).unwrap();
        assert!(all.len() > 500_000, "{}", all.len());
        assert_eq!(steps.total(), all.len() as u64);

        let (secret, over) = Ply::facts(decision, &pos);
        let ply = Ply {
            n: 1,
            side: Side::South,
            decision,
            client_id: None,
            auto: false,
            at_ms: crate::game::UnixMs::from_millis(0),
            clock_ms: None,
            steps,
            secret,
            over,
        };
        let geo = pos.geometry();
        let mv = move_event(&ply, geo, Viewer::Spectator);
        assert!(mv.steps.len() <= HEAD + 1 + TAIL, "{}", mv.steps.len());
        let skipped = mv.steps.iter().position(|s| matches!(s, StepEvent::Skipped { .. })).expect("a skipped step");
        assert_eq!(skipped, HEAD);
        let StepEvent::Skipped { steps: n } = mv.steps[HEAD] else { unreachable!() };
        assert_eq!(HEAD as u64 + n + (mv.steps.len() - HEAD - 1) as u64, all.len() as u64);
        let head: Vec<StepEvent> = all[..HEAD].iter().map(|&e| StepEvent::from_event(e, geo)).collect();
        assert_eq!(mv.steps[..HEAD], head[..]);
        let tail_len = mv.steps.len() - HEAD - 1;
        let tail: Vec<StepEvent> = all[all.len() - tail_len..].iter().map(|&e| StepEvent::from_event(e, geo)).collect();
        assert_eq!(mv.steps[HEAD + 1..], tail[..]);
        assert!(matches!(mv.steps.last(), Some(StepEvent::GameEnd { .. })), "{:?}", mv.steps.last());

        let view = board(&pos, Viewer::Spectator, GameStatus::Finished, pos.outcome().map(GameResult::Rules));
        let msg = ServerMsg::Event { v: 2, event: GameEvent::Move { mv }, view: Some(view), clock: None };
        assert!(msg.to_json().len() < 100_000, "{}", msg.to_json().len());
    }
}
