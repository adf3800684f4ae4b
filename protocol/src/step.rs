//! The steps of a move on the wire ([`StepEvent`]): lift, drop, capture, …, built from engine events that
//! were already projected for the viewer, so hidden values arrive as `null`.

use mancala_engine::{CaptureTo, Direction, Event, Geometry, HoleName, Side};
use serde::{Deserialize, Serialize};

use crate::view::OutcomeInfo;

/// One step of a move, for animation and for following a game. Holes are [`HoleName`]s and directions
/// [`Direction`]s (`"c2"`, `"acw"` on the wire): a step holds no allocation, so projecting and sending a
/// move costs little.
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
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        hole: HoleName,
        count: u8,
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        direction: Direction,
    },
    /// One counter dropped into `hole`.
    Drop {
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        hole: HoleName,
    },
    /// `count` counters captured from `from`, going `to` a hole name, `store:south` / `store:north`
    /// (Azigo), or `off` (Njombwa: off the board).
    Capture {
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        from: HoleName,
        count: u8,
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        to: CaptureTarget,
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

/// Where captured counters go: a hole (`"c2"`), a player's store (`"store:south"`, Azigo), or off the
/// board (`"off"`, Njombwa).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureTarget {
    Hole(HoleName),
    Store(Side),
    Off,
}

impl Serialize for CaptureTarget {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            CaptureTarget::Hole(h) => s.serialize_str(h.as_str()),
            CaptureTarget::Store(Side::South) => s.serialize_str("store:south"),
            CaptureTarget::Store(Side::North) => s.serialize_str("store:north"),
            CaptureTarget::Off => s.serialize_str("off"),
        }
    }
}

impl<'de> Deserialize<'de> for CaptureTarget {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Ok(match text.as_ref() {
            "store:south" => CaptureTarget::Store(Side::South),
            "store:north" => CaptureTarget::Store(Side::North),
            "off" => CaptureTarget::Off,
            hole => CaptureTarget::Hole(hole.parse().map_err(serde::de::Error::custom)?),
        })
    }
}

impl StepEvent {
    /// The wire form of an engine event that was already projected for its viewer.
    pub fn from_event(event: Event, geo: Geometry) -> StepEvent {
        match event {
            Event::Chose { side, array } => StepEvent::Chose { side, array: array.map(|a| a.number()) },
            Event::Revealed { south, north } => StepEvent::Revealed { south: south.number(), north: north.number() },
            Event::Lift { hole, count, direction } => StepEvent::Lift { hole: geo.name(hole), count, direction },
            Event::Drop { hole } => StepEvent::Drop { hole: geo.name(hole) },
            Event::Capture { from, count, to } => StepEvent::Capture {
                from: geo.name(from),
                count,
                to: match to {
                    CaptureTo::Hole(h) => CaptureTarget::Hole(geo.name(h)),
                    CaptureTo::Store(side) => CaptureTarget::Store(side),
                    CaptureTo::OffBoard => CaptureTarget::Off,
                },
            },
            Event::StoreLift { side, count } => StepEvent::StoreLift { side, count },
            Event::Pass { side } => StepEvent::Pass { side },
            Event::TurnEnd { next } => StepEvent::TurnEnd { next },
            Event::GameEnd(outcome) => StepEvent::GameEnd { outcome: outcome.into() },
        }
    }
}
