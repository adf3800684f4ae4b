//! What each viewer receives: one projection function for snapshots, events and HTTP answers. A player
//! sees its own secrets, a spectator none until the game is over (RULES.md D2, D5). Frames are
//! serialised once per kind of viewer and shared by every connection of that kind.

use super::game::{LiveGame, Ply};
use super::steps::Step;
use mancala_engine::{Decision, Event, Phase, Position, Side, Viewer};
use mancala_protocol::http::GameStatus;
use mancala_protocol::{
    BoardView, ClockState, GameEvent, MoveEvent, OutcomeInfo, PROTOCOL_VERSION, Presence, ServerMsg, StepEvent,
};
use std::sync::Arc;

/// The three kinds of viewer of a live game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

/// One frame per viewer kind, indexed by [`ViewerKind::index`].
pub type Frames = [Arc<str>; 3];

/// The board of `pos` for `viewer`; `can_play` false empties the legal list (game not started or over).
pub fn board(pos: &Position, viewer: Viewer, status: GameStatus) -> BoardView {
    BoardView::from_view(&pos.view(viewer), status == GameStatus::Ongoing)
}

/// Is `ply`'s decision hidden from `viewer`? Only an Ikibuguzo array choice, until both are in.
pub fn decision_hidden(ply: &Ply, viewer: Viewer) -> bool {
    let Some(side) = ply.row.side.parse::<Side>().ok() else { return true };
    matches!(ply.decision, Decision::Opening(_))
        && matches!(ply.after.phase(), Phase::Choosing(_))
        && !viewer.sees_secrets_of(side, ply.after.is_over())
}

/// The move event of `ply` for `viewer`.
pub fn move_event(ply: &Ply, viewer: Viewer) -> MoveEvent {
    let geo = ply.after.geometry();
    let over = ply.after.is_over();
    // The second choice of Ikibuguzo's arrays reveals both in the same move: its `chose` step is no longer
    // a secret then (the `revealed` step after it names both arrays anyway).
    let revealed = !matches!(ply.after.phase(), Phase::Choosing(_));
    MoveEvent {
        ply: ply.row.ply,
        side: ply.row.side.parse().unwrap_or(Side::South),
        decision: (!decision_hidden(ply, viewer)).then(|| ply.row.decision.clone()),
        auto: ply.row.auto,
        steps: ply
            .steps
            .iter()
            .map(|step| match step {
                Step::Event(e @ Event::Chose { .. }) if revealed => StepEvent::from_event(e, geo),
                Step::Event(e) => StepEvent::from_event(e.project(viewer, over), geo),
                Step::Skipped(steps) => StepEvent::Skipped { steps },
            })
            .collect(),
    }
}

/// The frames of the event numbered `v` that applied `ply`. `can_play` is false for a ply followed by
/// forced decisions the server played in the same change (its `legal` would offer a decision that is
/// already made) and once the game is over.
pub fn ply_frames(ply: &Ply, v: u64, can_play: bool, clock: Option<ClockState>) -> Frames {
    ViewerKind::ALL.map(|kind| ply_frame(ply, v, can_play, clock.clone(), kind))
}

/// The frame of that event for one kind of viewer.
pub fn ply_frame(ply: &Ply, v: u64, can_play: bool, clock: Option<ClockState>, kind: ViewerKind) -> Arc<str> {
    let viewer = kind.viewer();
    ServerMsg::Event {
        v,
        event: GameEvent::Move { mv: move_event(ply, viewer) },
        view: BoardView::from_view(&ply.after.view(viewer), can_play),
        clock,
    }
    .to_json()
    .into()
}

/// The frames of the server's ruling that ended the game (the game is already updated).
pub fn end_frames(game: &LiveGame, v: u64, clock: Option<ClockState>) -> Frames {
    let outcome = game.outcome().map(OutcomeInfo::from).expect("ended");
    ViewerKind::ALL.map(|kind| {
        ServerMsg::Event {
            v,
            event: GameEvent::End { outcome: outcome.clone() },
            view: board(&game.pos, kind.viewer(), game.status),
            clock: clock.clone(),
        }
        .to_json()
        .into()
    })
}

/// A full snapshot for `kind`.
pub fn snapshot(game: &LiveGame, kind: ViewerKind, presence: Presence, clock: Option<ClockState>) -> Arc<str> {
    ServerMsg::Snapshot {
        protocol: PROTOCOL_VERSION,
        v: game.version(),
        seat: kind.seat(),
        game: game.summary(),
        view: board(&game.pos, kind.viewer(), game.status),
        clock,
        presence,
    }
    .to_json()
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::steps::{HEAD, PlySteps, TAIL};
    use crate::store::MoveRow;
    use mancala_engine::{Options, Variant};

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

        let row = MoveRow {
            game_id: "g".into(),
            ply: 1,
            side: "south".into(),
            decision: "g2".into(),
            client_id: None,
            auto: false,
            at: 0,
            clock_ms: None,
        };
        let ply = Ply { row, decision, steps, after: pos };
        let mv = move_event(&ply, Viewer::Spectator);
        assert!(mv.steps.len() <= HEAD + 1 + TAIL, "{}", mv.steps.len());
        let skipped = mv.steps.iter().position(|s| matches!(s, StepEvent::Skipped { .. })).expect("a skipped step");
        assert_eq!(skipped, HEAD);
        let StepEvent::Skipped { steps: n } = mv.steps[HEAD] else { unreachable!() };
        assert_eq!(HEAD as u64 + n + (mv.steps.len() - HEAD - 1) as u64, all.len() as u64);
        let geo = ply.after.geometry();
        let head: Vec<StepEvent> = all[..HEAD].iter().map(|&e| StepEvent::from_event(e, geo)).collect();
        assert_eq!(mv.steps[..HEAD], head[..]);
        let tail_len = mv.steps.len() - HEAD - 1;
        let tail: Vec<StepEvent> = all[all.len() - tail_len..].iter().map(|&e| StepEvent::from_event(e, geo)).collect();
        assert_eq!(mv.steps[HEAD + 1..], tail[..]);
        assert!(matches!(mv.steps.last(), Some(StepEvent::GameEnd { .. })), "{:?}", mv.steps.last());

        let frames = ply_frames(&ply, 1, false, None);
        assert!(frames.iter().all(|f| f.len() < 100_000), "{:?}", frames.iter().map(|f| f.len()).collect::<Vec<_>>());
    }
}
