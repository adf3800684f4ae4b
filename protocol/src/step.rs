//! The steps of a move on the wire ([`StepEvent`]): lift, drop, capture, …, built from engine events that
//! were already projected for the viewer, so hidden values arrive as `null`.

use mancala_engine::{CaptureTo, Direction, Event, Geometry, Side};
use serde::{Deserialize, Serialize};

use crate::view::OutcomeInfo;

/// One step of a move, for animation and for following a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum StepEvent {
    /// Ikibuguzo: `side` made its secret choice; `array` (1 or 2) is `null` for a viewer who may not see it.
    Chose {
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        side: Side,
        array: Option<u8>,
    },
    /// Ikibuguzo: both choices revealed together, and the arrays laid out.
    Revealed {
        south: u8,
        north: u8,
    },
    /// `count` counters lifted from `hole`, sown `acw` or `cw`.
    Lift {
        hole: String,
        count: u8,
        direction: String,
    },
    /// One counter dropped into `hole`.
    Drop {
        hole: String,
    },
    /// `count` counters captured from `from`, going `to` a hole name, `store:south` / `store:north`
    /// (Azigo), or `off` (Njombwa: off the board).
    Capture {
        from: String,
        count: u8,
        to: String,
    },
    /// Azigo: `side` sows its whole store; `count` is `null` for a viewer who may not see it.
    StoreLift {
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        side: Side,
        count: Option<u8>,
    },
    Pass {
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        side: Side,
    },
    /// The turn is over; `next` decides now.
    TurnEnd {
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        next: Side,
    },
    GameEnd {
        outcome: OutcomeInfo,
    },
    /// `steps` steps of a very long turn left out here (protocol 2): a turn that runs for thousands of
    /// laps, up to the cap of RULES.md D7, is sent as its first steps, this marker, and its last laps.
    /// Steps after it no longer follow from the board before the move; the event's `view` is the board
    /// after it.
    Skipped {
        steps: u64,
    },
}

impl StepEvent {
    /// The wire form of an engine event that was already projected for its viewer.
    pub fn from_event(event: Event, geo: Geometry) -> StepEvent {
        let name = |h| geo.name(h).to_string();
        match event {
            Event::Chose { side, array } => StepEvent::Chose { side, array: array.map(|a| a.number()) },
            Event::Revealed { south, north } => StepEvent::Revealed { south: south.number(), north: north.number() },
            Event::Lift { hole, count, direction } => StepEvent::Lift {
                hole: name(hole),
                count,
                direction: match direction {
                    Direction::Anticlockwise => "acw".to_string(),
                    Direction::Clockwise => "cw".to_string(),
                },
            },
            Event::Drop { hole } => StepEvent::Drop { hole: name(hole) },
            Event::Capture { from, count, to } => StepEvent::Capture {
                from: name(from),
                count,
                to: match to {
                    CaptureTo::Hole(h) => name(h),
                    CaptureTo::Store(side) => format!("store:{side}"),
                    CaptureTo::OffBoard => "off".to_string(),
                },
            },
            Event::StoreLift { side, count } => StepEvent::StoreLift { side, count },
            Event::Pass { side } => StepEvent::Pass { side },
            Event::TurnEnd { next } => StepEvent::TurnEnd { next },
            Event::GameEnd(outcome) => StepEvent::GameEnd { outcome: outcome.into() },
        }
    }
}
