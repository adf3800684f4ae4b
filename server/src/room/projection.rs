//! What each viewer receives: one projection function for snapshots, events and HTTP answers. A player
//! sees its own secrets, a spectator none until the game is over (RULES.md D2, D5). Frames are
//! serialised once per kind of viewer and shared by every connection of that kind.

use super::game::{LiveGame, Ply};
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
            .events
            .iter()
            .map(|&e| {
                let shown = match e {
                    Event::Chose { .. } if revealed => e,
                    _ => e.project(viewer, over),
                };
                StepEvent::from_event(shown, geo)
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
