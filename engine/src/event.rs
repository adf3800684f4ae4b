//! What a decision caused, step by step (lift, drop, capture, turn end, game end), so a client can animate
//! a move and a spectator can follow it; and the projection of an event for one viewer, which withholds
//! hidden information (an Ikibuguzo array choice, an Azigo store count).

use crate::decision::OpeningArray;
use crate::geometry::{Direction, Hole};
use crate::outcome::Outcome;
use crate::side::Side;

/// Where captured counters go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaptureTo {
    /// Ikibuguzo, Kubuguza: into the origin of the current lap, to be sown from there.
    Hole(Hole),
    /// Azigo: into the capturer's concealed store.
    Store(Side),
    /// Njombwa: off the board.
    OffBoard,
}

/// Why counters were captured: the rule that took them, with the holes it looked at
/// (docs/rules.md#why-a-capture-happened). A client phrases its own sentence from these values; the engine
/// keeps no prose here.
///
/// ```
/// use mancala_engine::{CaptureReason, Decision, Event, Options, Position, Side, Variant};
///
/// // Scenario N-6 (docs/rules.md#worked-scenarios): g2's last counter falls into the empty e2, facing
/// // North's e3 and e4.
/// let v = Variant::Njombwa;
/// let mut pos = Position::from_text(v, Options::defaults(v), "south g2=2 a1=3 e3=2 e4=3 a4=1").unwrap();
/// let geo = pos.geometry();
/// let mut events = Vec::new();
/// pos.apply(Side::South, Decision::parse("g2", geo).unwrap(), &mut events).unwrap();
/// let h = |name| geo.parse_hole(name).unwrap();
/// let why = CaptureReason::EmptyInner { last: h("e2"), inner: h("e3"), outer: h("e4") };
/// let captured: Vec<_> = events.iter().filter_map(|e| match *e {
///     Event::Capture { from, reason, .. } => Some((geo.name(from).as_str(), reason)),
///     _ => None,
/// }).collect();
/// assert_eq!(captured, [("e3", why), ("e4", why)]);
/// assert_eq!(why.id(), "empty-inner");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaptureReason {
    /// Ikibuguzo, Kubuguza (docs/rules.md#ikibuguzo-capture, docs/rules.md#kubuguza-capture): the lap's last
    /// counter fell into `last`, an occupied hole of the mover's inner row, and both opponent holes of its
    /// column, `inner` and `outer`, held counters: both are taken into the lap's origin.
    Opposition { last: Hole, inner: Hole, outer: Hole },
    /// Njombwa main phase (docs/rules.md#njombwa-capture): the turn's last counter fell into `last`, an empty
    /// hole of the mover's inner row, facing the occupied opponent inner hole `inner`: it is removed from the
    /// board, and so is the outer hole `outer` behind it when occupied.
    EmptyInner { last: Hole, inner: Hole, outer: Hole },
    /// Njombwa opening stage 1 (docs/rules.md#njombwa-stage-1): the pair's second counter fell into `last`, an
    /// empty own inner hole, facing the occupied opponent inner hole `inner`, which is removed (its outer hole
    /// stays).
    PairWalk { last: Hole, inner: Hole },
    /// Azigo normal move (docs/rules.md#azigo-capture): the last counter fell into `last`, in the opponent's
    /// row, leaving 1 or 3 there: that hole is taken, then each hole before it (against the sowing) of the
    /// unbroken run of opponent holes holding 1 or 3.
    OneOrThree { last: Hole },
    /// Azigo `store:cross` (docs/rules.md#azigo-store-capture): the store's last counter fell into `last`; the
    /// unbroken run of opponent holes holding 1 or 3 right after it is taken.
    StoreCross { last: Hole },
}

impl CaptureReason {
    /// The rule's id on the wire and in logs: `opposition`, `empty-inner`, `pair-walk`, `one-or-three`,
    /// `store-cross`.
    pub const fn id(self) -> &'static str {
        match self {
            CaptureReason::Opposition { .. } => "opposition",
            CaptureReason::EmptyInner { .. } => "empty-inner",
            CaptureReason::PairWalk { .. } => "pair-walk",
            CaptureReason::OneOrThree { .. } => "one-or-three",
            CaptureReason::StoreCross { .. } => "store-cross",
        }
    }

    /// The hole where the last counter of the capturing lap fell, for every rule.
    pub const fn last(self) -> Hole {
        match self {
            CaptureReason::Opposition { last, .. }
            | CaptureReason::EmptyInner { last, .. }
            | CaptureReason::PairWalk { last, .. }
            | CaptureReason::OneOrThree { last }
            | CaptureReason::StoreCross { last } => last,
        }
    }
}

/// One step of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// Ikibuguzo: `side` made its secret array choice. `array` is `None` when projected for a viewer who
    /// may not see it.
    Chose { side: Side, array: Option<OpeningArray> },
    /// Ikibuguzo: both choices are in; both are revealed and both arrays are laid out on the board.
    Revealed { south: OpeningArray, north: OpeningArray },
    /// All `count` counters of `hole` are lifted, to be sown in `direction` starting with the next hole.
    /// Azigo drops the first counter back into `hole` when `count` ≥ 2 (a [`Event::Drop`] says so).
    Lift { hole: Hole, count: u8, direction: Direction },
    /// One counter dropped into `hole`.
    Drop { hole: Hole },
    /// `count` counters taken from `from`, because of `reason`.
    Capture { from: Hole, count: u8, to: CaptureTo, reason: CaptureReason },
    /// Azigo: `side` enters its whole store. `count` is `None` for a viewer who may not see the store.
    StoreLift { side: Side, count: Option<u8> },
    /// `side` passed.
    Pass { side: Side },
    /// The turn is over; `next` decides now.
    TurnEnd { next: Side },
    /// The game is over.
    GameEnd(Outcome),
}

/// Who is looking: a player sees its own secrets, a spectator none, analysis everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    Player(Side),
    Spectator,
    /// Offline analysis (`mancala analyze`): everything is shown.
    Analysis,
}

impl Viewer {
    /// May this viewer see `side`'s secrets? `game_over` reveals everything.
    pub fn sees_secrets_of(self, side: Side, game_over: bool) -> bool {
        game_over
            || match self {
                Viewer::Player(s) => s == side,
                Viewer::Spectator => false,
                Viewer::Analysis => true,
            }
    }
}

impl Event {
    /// The event as `viewer` may see it. Hidden values become `None`; nothing else changes, so a viewer
    /// still learns that something happened.
    pub fn project(self, viewer: Viewer, game_over: bool) -> Event {
        match self {
            Event::Chose { side, .. } if !viewer.sees_secrets_of(side, game_over) => Event::Chose { side, array: None },
            Event::StoreLift { side, .. } if !viewer.sees_secrets_of(side, game_over) => {
                Event::StoreLift { side, count: None }
            }
            other => other,
        }
    }
}

/// Receives the events of a move. Playouts use [`NoEvents`], which the compiler removes entirely.
pub trait EventSink {
    fn push(&mut self, event: Event);

    /// True when every event is dropped unseen, as [`NoEvents`] does: the engine may then skip work that
    /// only produces events (a very long turn jumps to its end instead of being sown again lap by lap).
    /// The resulting position is the same either way.
    #[inline]
    fn discards_events(&self) -> bool {
        false
    }
}

impl EventSink for Vec<Event> {
    #[inline]
    fn push(&mut self, event: Event) {
        Vec::push(self, event);
    }
}

/// Discards every event.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoEvents;

impl EventSink for NoEvents {
    #[inline(always)]
    fn push(&mut self, _: Event) {}

    #[inline(always)]
    fn discards_events(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_withheld_from_others_until_the_end() {
        let chose = Event::Chose { side: Side::South, array: Some(OpeningArray::Two) };
        assert_eq!(chose.project(Viewer::Player(Side::South), false), chose);
        assert_eq!(chose.project(Viewer::Analysis, false), chose);
        for v in [Viewer::Player(Side::North), Viewer::Spectator] {
            assert_eq!(chose.project(v, false), Event::Chose { side: Side::South, array: None });
            assert_eq!(chose.project(v, true), chose);
        }
        let lift = Event::StoreLift { side: Side::North, count: Some(9) };
        assert_eq!(lift.project(Viewer::Spectator, false), Event::StoreLift { side: Side::North, count: None });
    }
}
