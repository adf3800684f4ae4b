//! The steps of a move on the wire ([`StepEvent`]): lift, drop, capture, …, built from engine events that
//! were already projected for the viewer, so hidden values arrive as `null`.

use mancala_engine::{CaptureReason, CaptureTo, Direction, Event, Geometry, HoleName, Side};
use serde::{Deserialize, Serialize};

use crate::view::OutcomeInfo;

/// One step of a move, for animation and for following a game. On the wire a step is one short string of
/// space-separated words, its kind first (protocol 3): `lift c2 4 acw`, `drop d2`,
/// `capture d3 5 c2 opposition d2 d3 d4` (the last words: why, [`CaptureRule`]),
/// `store_lift south 9` (`?` for a count this viewer may not see), `chose north ?`, `revealed 2 1`,
/// `pass south`, `turn_end north`, `game_end south no-legal-move` (`draw` for no winner), `skipped 12345`.
/// A move has dozens of drops: as objects they were most of an event's bytes and of the cost of writing
/// it. In Rust a step is this enum, holes are [`HoleName`]s and directions [`Direction`]s; a step (but a
/// game end) holds no allocation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepEvent {
    /// Ikibuguzo: `side` made its secret choice; `array` (1 or 2) is `None` for a viewer who may not see it.
    Chose {
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
        hole: HoleName,
        count: u8,
        direction: Direction,
    },
    /// One counter dropped into `hole`.
    Drop {
        hole: HoleName,
    },
    /// `count` counters captured from `from`, going `to` a hole, a store (Azigo) or off the board (Njombwa),
    /// taken by the rule `reason` names. Every capture the engine reports has a reason; it is `None` only
    /// in a step read from a sender that wrote none (the words were added after the step itself).
    Capture {
        from: HoleName,
        count: u8,
        to: CaptureTarget,
        reason: Option<CaptureRule>,
    },
    /// Azigo: `side` sows its whole store; `count` is `None` for a viewer who may not see it.
    StoreLift {
        side: Side,
        count: Option<u8>,
    },
    Pass {
        side: Side,
    },
    /// The turn is over; `next` decides now.
    TurnEnd {
        next: Side,
    },
    GameEnd {
        outcome: OutcomeInfo,
    },
    /// `steps` steps of a very long turn left out here (protocol 2): a turn that runs for thousands of laps,
    /// up to the cap of docs/rules.md#d7-endless-turns, is sent as its first steps, this marker, and its last
    /// laps. Steps after it no longer follow from the board before the move; the event's `view` is the board
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

impl CaptureTarget {
    fn push_to(self, out: &mut Words) {
        match self {
            CaptureTarget::Hole(h) => out.word(h.as_str()),
            CaptureTarget::Store(Side::South) => out.word("store:south"),
            CaptureTarget::Store(Side::North) => out.word("store:north"),
            CaptureTarget::Off => out.word("off"),
        }
    }

    fn parse(text: &str) -> Result<CaptureTarget, String> {
        Ok(match text {
            "store:south" => CaptureTarget::Store(Side::South),
            "store:north" => CaptureTarget::Store(Side::North),
            "off" => CaptureTarget::Off,
            hole => CaptureTarget::Hole(hole.parse().map_err(|e| format!("{e}"))?),
        })
    }
}

/// Why a capture happened: the rule (docs/rules.md#why-a-capture-happened) and the holes it looked at, as the
/// engine's [`CaptureReason`] says, with holes by name. On the wire, the words after a capture's target: its
/// id then its holes (`opposition d2 d3 d4`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureRule {
    /// `opposition LAST INNER OUTER` (Ikibuguzo, Kubuguza): the lap's last counter fell into `last`, an
    /// occupied hole of the mover's inner row, facing the occupied opponent holes `inner` and `outer`.
    Opposition { last: HoleName, inner: HoleName, outer: HoleName },
    /// `empty-inner LAST INNER OUTER` (Njombwa): the turn's last counter fell into `last`, an empty hole of
    /// the mover's inner row, facing the occupied opponent inner hole `inner` (and `outer` behind it).
    EmptyInner { last: HoleName, inner: HoleName, outer: HoleName },
    /// `pair-walk LAST INNER` (Njombwa opening stage 1): the pair's second counter fell into the empty own
    /// inner hole `last`, facing the occupied opponent inner hole `inner`.
    PairWalk { last: HoleName, inner: HoleName },
    /// `one-or-three LAST` (Azigo): the last counter fell into `last`, in the opponent's row, leaving 1 or 3;
    /// it and the unbroken run of opponent holes holding 1 or 3 before it are taken.
    OneOrThree { last: HoleName },
    /// `store-cross LAST` (Azigo `store:cross`): the store's last counter fell into `last`; the unbroken run
    /// of opponent holes holding 1 or 3 after it is taken.
    StoreCross { last: HoleName },
}

impl CaptureRule {
    /// The engine's reason, with holes by name.
    pub fn from_reason(reason: CaptureReason, geo: Geometry) -> CaptureRule {
        let n = |h| geo.name(h);
        match reason {
            CaptureReason::Opposition { last, inner, outer } => {
                CaptureRule::Opposition { last: n(last), inner: n(inner), outer: n(outer) }
            }
            CaptureReason::EmptyInner { last, inner, outer } => {
                CaptureRule::EmptyInner { last: n(last), inner: n(inner), outer: n(outer) }
            }
            CaptureReason::PairWalk { last, inner } => CaptureRule::PairWalk { last: n(last), inner: n(inner) },
            CaptureReason::OneOrThree { last } => CaptureRule::OneOrThree { last: n(last) },
            CaptureReason::StoreCross { last } => CaptureRule::StoreCross { last: n(last) },
        }
    }

    /// The rule's id, the first of its words (the engine's [`CaptureReason::id`]).
    pub fn id(self) -> &'static str {
        match self {
            CaptureRule::Opposition { .. } => "opposition",
            CaptureRule::EmptyInner { .. } => "empty-inner",
            CaptureRule::PairWalk { .. } => "pair-walk",
            CaptureRule::OneOrThree { .. } => "one-or-three",
            CaptureRule::StoreCross { .. } => "store-cross",
        }
    }

    fn push_to(self, out: &mut Words) {
        out.word(self.id());
        match self {
            CaptureRule::Opposition { last, inner, outer } | CaptureRule::EmptyInner { last, inner, outer } => {
                out.word(last.as_str());
                out.word(inner.as_str());
                out.word(outer.as_str());
            }
            CaptureRule::PairWalk { last, inner } => {
                out.word(last.as_str());
                out.word(inner.as_str());
            }
            CaptureRule::OneOrThree { last } | CaptureRule::StoreCross { last } => out.word(last.as_str()),
        }
    }

    /// Reads the words of a reason (its id, then its holes); returns the rule and how many words it used.
    fn parse(words: &[&str]) -> Result<(CaptureRule, usize), String> {
        let hole = |i: usize| -> Result<HoleName, String> {
            let word = words.get(i).ok_or_else(|| format!("the reason `{}` lacks a hole", words[0]))?;
            word.parse::<HoleName>().map_err(|e| e.to_string())
        };
        Ok(match words[0] {
            "opposition" => (CaptureRule::Opposition { last: hole(1)?, inner: hole(2)?, outer: hole(3)? }, 4),
            "empty-inner" => (CaptureRule::EmptyInner { last: hole(1)?, inner: hole(2)?, outer: hole(3)? }, 4),
            "pair-walk" => (CaptureRule::PairWalk { last: hole(1)?, inner: hole(2)? }, 3),
            "one-or-three" => (CaptureRule::OneOrThree { last: hole(1)? }, 2),
            "store-cross" => (CaptureRule::StoreCross { last: hole(1)? }, 2),
            other => {
                return Err(format!(
                    "unknown capture reason `{other}` (opposition, empty-inner, pair-walk, one-or-three, store-cross)"
                ));
            }
        })
    }
}

/// A step's words, written into a buffer on the stack (no step is longer than a few dozen bytes).
struct Words(arrayvec::ArrayString<64>);

impl Words {
    fn new(kind: &str) -> Words {
        let mut w = Words(arrayvec::ArrayString::new());
        w.0.push_str(kind);
        w
    }

    fn word(&mut self, text: &str) {
        // Steps are short by construction: every word is a few bytes and there are at most eight.
        let _ = self.0.try_push(' ');
        let _ = self.0.try_push_str(text);
    }

    fn number(&mut self, n: impl itoa::Integer) {
        self.word(itoa::Buffer::new().format(n));
    }

    fn maybe(&mut self, n: Option<u8>) {
        match n {
            Some(n) => self.number(n),
            None => self.word("?"),
        }
    }

    fn as_str(&self) -> &str {
        self.0.as_str()
    }
}

impl Serialize for StepEvent {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.with_words(|words| s.serialize_str(words))
    }
}

impl StepEvent {
    /// Hands `f` the step's wire form (its words, space-separated), made on the stack.
    pub(crate) fn with_words<R>(&self, f: impl FnOnce(&str) -> R) -> R {
        let dir = |d: Direction| if d == Direction::Clockwise { "cw" } else { "acw" };
        let w = match *self {
            StepEvent::Chose { side, array } => {
                let mut w = Words::new("chose");
                w.word(side.name());
                w.maybe(array);
                w
            }
            StepEvent::Revealed { south, north } => {
                let mut w = Words::new("revealed");
                w.number(south);
                w.number(north);
                w
            }
            StepEvent::Lift { hole, count, direction } => {
                let mut w = Words::new("lift");
                w.word(hole.as_str());
                w.number(count);
                w.word(dir(direction));
                w
            }
            StepEvent::Drop { hole } => {
                let mut w = Words::new("drop");
                w.word(hole.as_str());
                w
            }
            StepEvent::Capture { from, count, to, reason } => {
                let mut w = Words::new("capture");
                w.word(from.as_str());
                w.number(count);
                to.push_to(&mut w);
                if let Some(reason) = reason {
                    reason.push_to(&mut w);
                }
                w
            }
            StepEvent::StoreLift { side, count } => {
                let mut w = Words::new("store_lift");
                w.word(side.name());
                w.maybe(count);
                w
            }
            StepEvent::Pass { side } => {
                let mut w = Words::new("pass");
                w.word(side.name());
                w
            }
            StepEvent::TurnEnd { next } => {
                let mut w = Words::new("turn_end");
                w.word(next.name());
                w
            }
            StepEvent::GameEnd { ref outcome } => {
                let mut w = Words::new("game_end");
                w.word(outcome.winner.map(Side::name).unwrap_or("draw"));
                w.word(&outcome.reason);
                w
            }
            StepEvent::Skipped { steps } => {
                let mut w = Words::new("skipped");
                w.number(steps);
                w
            }
        };
        f(w.as_str())
    }
}

impl std::str::FromStr for StepEvent {
    type Err = String;

    /// Reads a step's words; the error names what was wrong.
    fn from_str(text: &str) -> Result<StepEvent, String> {
        let words: Vec<&str> = text.split(' ').collect();
        let bad = |why: &str| format!("step `{text}`: {why}");
        let arg = |i: usize| words.get(i).copied().ok_or_else(|| bad(&format!("word {} is missing", i + 1)));
        let count = |i: usize| arg(i)?.parse::<u8>().map_err(|_| bad(&format!("word {} is not a count", i + 1)));
        let maybe = |i: usize| match arg(i)? {
            "?" => Ok(None),
            _ => count(i).map(Some),
        };
        let side = |i: usize| arg(i)?.parse::<Side>().map_err(|_| bad(&format!("word {} is not a side", i + 1)));
        let hole = |i: usize| arg(i)?.parse::<HoleName>().map_err(|e| bad(&e.to_string()));
        let (step, used) = match words[0] {
            "chose" => (StepEvent::Chose { side: side(1)?, array: maybe(2)? }, 3),
            "revealed" => (StepEvent::Revealed { south: count(1)?, north: count(2)? }, 3),
            "lift" => {
                let direction = match arg(3)? {
                    "acw" => Direction::Anticlockwise,
                    "cw" => Direction::Clockwise,
                    other => return Err(bad(&format!("direction `{other}` (acw or cw)"))),
                };
                (StepEvent::Lift { hole: hole(1)?, count: count(2)?, direction }, 4)
            }
            "drop" => (StepEvent::Drop { hole: hole(1)? }, 2),
            "capture" => {
                let to = CaptureTarget::parse(arg(3)?).map_err(|e| bad(&e))?;
                let (reason, used) = match words.get(4..) {
                    Some(rest) if !rest.is_empty() => {
                        let (rule, n) = CaptureRule::parse(rest).map_err(|e| bad(&e))?;
                        (Some(rule), 4 + n)
                    }
                    _ => (None, 4),
                };
                (StepEvent::Capture { from: hole(1)?, count: count(2)?, to, reason }, used)
            }
            "store_lift" => (StepEvent::StoreLift { side: side(1)?, count: maybe(2)? }, 3),
            "pass" => (StepEvent::Pass { side: side(1)? }, 2),
            "turn_end" => (StepEvent::TurnEnd { next: side(1)? }, 2),
            "game_end" => {
                let winner = match arg(1)? {
                    "draw" => None,
                    _ => Some(side(1)?),
                };
                (
                    StepEvent::GameEnd {
                        outcome: OutcomeInfo { winner, reason: arg(2)?.to_string(), ratings: None, late: None },
                    },
                    3,
                )
            }
            "skipped" => {
                let steps = arg(1)?.parse::<u64>().map_err(|_| bad("word 2 is not a number"))?;
                (StepEvent::Skipped { steps }, 2)
            }
            other => return Err(bad(&format!("unknown kind `{other}`"))),
        };
        if words.len() != used {
            return Err(bad(&format!("{} words where {used} belong", words.len())));
        }
        Ok(step)
    }
}

impl<'de> Deserialize<'de> for StepEvent {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
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
            Event::Capture { from, count, to, reason } => StepEvent::Capture {
                from: geo.name(from),
                count,
                to: match to {
                    CaptureTo::Hole(h) => CaptureTarget::Hole(geo.name(h)),
                    CaptureTo::Store(side) => CaptureTarget::Store(side),
                    CaptureTo::OffBoard => CaptureTarget::Off,
                },
                reason: Some(CaptureRule::from_reason(reason, geo)),
            },
            Event::StoreLift { side, count } => StepEvent::StoreLift { side, count },
            Event::Pass { side } => StepEvent::Pass { side },
            Event::TurnEnd { next } => StepEvent::TurnEnd { next },
            Event::GameEnd(outcome) => StepEvent::GameEnd { outcome: outcome.into() },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back_and_bad_steps_say_why() {
        let h = |n: &str| n.parse::<HoleName>().unwrap();
        let steps = [
            StepEvent::Chose { side: Side::North, array: None },
            StepEvent::Chose { side: Side::South, array: Some(2) },
            StepEvent::Revealed { south: 2, north: 1 },
            StepEvent::Lift { hole: h("c2"), count: 14, direction: Direction::Clockwise },
            StepEvent::Drop { hole: h("t1") },
            StepEvent::Capture {
                from: h("d3"),
                count: 5,
                to: CaptureTarget::Hole(h("c2")),
                reason: Some(CaptureRule::Opposition { last: h("d2"), inner: h("d3"), outer: h("d4") }),
            },
            StepEvent::Capture {
                from: h("k2"),
                count: 3,
                to: CaptureTarget::Store(Side::North),
                reason: Some(CaptureRule::OneOrThree { last: h("l2") }),
            },
            StepEvent::Capture {
                from: h("s1"),
                count: 1,
                to: CaptureTarget::Store(Side::North),
                reason: Some(CaptureRule::StoreCross { last: h("t1") }),
            },
            StepEvent::Capture {
                from: h("e3"),
                count: 2,
                to: CaptureTarget::Off,
                reason: Some(CaptureRule::EmptyInner { last: h("e2"), inner: h("e3"), outer: h("e4") }),
            },
            StepEvent::Capture {
                from: h("d3"),
                count: 1,
                to: CaptureTarget::Off,
                reason: Some(CaptureRule::PairWalk { last: h("d2"), inner: h("d3") }),
            },
            // From a sender that gives no reason.
            StepEvent::Capture { from: h("e3"), count: 2, to: CaptureTarget::Off, reason: None },
            StepEvent::StoreLift { side: Side::South, count: None },
            StepEvent::Pass { side: Side::North },
            StepEvent::TurnEnd { next: Side::South },
            StepEvent::GameEnd {
                outcome: OutcomeInfo { winner: None, reason: "endless-sowing".into(), ratings: None, late: None },
            },
            StepEvent::Skipped { steps: 987_654 },
        ];
        for step in steps {
            let json = serde_json::to_string(&step).unwrap();
            assert_eq!(serde_json::from_str::<StepEvent>(&json).unwrap(), step, "{json}");
        }
        assert_eq!(serde_json::to_string(&StepEvent::Drop { hole: h("b1") }).unwrap(), r#""drop b1""#);
        let capture = StepEvent::Capture {
            from: h("d3"),
            count: 5,
            to: CaptureTarget::Hole(h("c2")),
            reason: Some(CaptureRule::Opposition { last: h("d2"), inner: h("d3"), outer: h("d4") }),
        };
        assert_eq!(serde_json::to_string(&capture).unwrap(), r#""capture d3 5 c2 opposition d2 d3 d4""#);
        for (bad, why) in [
            ("dance a1", "unknown kind `dance`"),
            ("drop z9", "not a hole name"),
            ("lift a1 4 up", "direction `up`"),
            ("drop a1 a2", "3 words where 2 belong"),
            ("capture a1 x a2", "word 3 is not a count"),
            ("capture e3 2 off opposition e2 e3", "the reason `opposition` lacks a hole"),
            ("capture e3 2 off luck", "unknown capture reason `luck`"),
            ("capture e3 2 off one-or-three z9", "not a hole name"),
            ("capture e3 2 off one-or-three e2 e3", "7 words where 6 belong"),
            ("pass", "word 2 is missing"),
        ] {
            let e = bad.parse::<StepEvent>().unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }
}
