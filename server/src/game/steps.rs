//! The steps of one ply as the server keeps and sends them ([`PlySteps`]): every engine event of an
//! ordinary turn, but for the rare turn that runs for thousands of laps (a relay sowing that only ends at
//! a repeat or at the 100 000-lap cap, docs/rules.md#d7-endless-turns) only its first [`HEAD`] events, a count of the
//! ones left out, and its last laps (at most [`TAIL`] events, starting at a lift). Such a turn has about
//! a million events: kept whole they made a 20 MB frame for every viewer and held as much in the room, and
//! no one watches a million drops. The board after the turn is in the change's last event either way.

use mancala_engine::{Decision, Event, EventSink, PlayError, Position, Side};
use std::collections::VecDeque;

/// Events kept from the start of a ply: far more than any ordinary turn has (a few hundred at most).
pub const HEAD: usize = 2_000;
/// Events kept from the end of a long ply (its last laps, then the turn's or game's end).
pub const TAIL: usize = 256;

/// One step of a kept ply: an engine event, or the number of events left out at that point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Event(Event),
    Skipped(u64),
}

/// The events of one ply, bounded. It is the engine's event sink while the ply is applied.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlySteps {
    head: Vec<Event>,
    /// Events pushed out of `tail`, plus those trimmed by [`PlySteps::finish`].
    skipped: u64,
    tail: VecDeque<Event>,
}

impl EventSink for PlySteps {
    fn push(&mut self, event: Event) {
        if self.head.len() < HEAD {
            self.head.push(event);
            return;
        }
        if self.tail.len() == TAIL {
            self.tail.pop_front();
            self.skipped += 1;
        }
        self.tail.push_back(event);
    }
}

impl PlySteps {
    /// Applies `decision` of `side` to `pos` and returns the steps it took.
    pub fn play(pos: &mut Position, side: Side, decision: Decision) -> Result<PlySteps, PlayError> {
        let mut steps = PlySteps::default();
        pos.apply(side, decision, &mut steps)?;
        Ok(steps.finish())
    }

    /// Ends the recording: when events were left out, the tail is cut to start at a lap's lift (a drop
    /// without its lap would say nothing), unless it holds no lift at all.
    fn finish(mut self) -> PlySteps {
        if self.skipped > 0 {
            let lap_start = self.tail.iter().position(|e| matches!(e, Event::Lift { .. } | Event::StoreLift { .. }));
            if let Some(k) = lap_start {
                self.tail.drain(..k);
                self.skipped += k as u64;
            }
        }
        self.head.shrink_to_fit();
        self.tail.shrink_to_fit();
        self
    }

    /// The kept steps in order; a [`Step::Skipped`] stands where events were left out.
    pub fn iter(&self) -> impl Iterator<Item = Step> + '_ {
        let skipped = (self.skipped > 0).then_some(Step::Skipped(self.skipped));
        self.head.iter().copied().map(Step::Event).chain(skipped).chain(self.tail.iter().copied().map(Step::Event))
    }

    /// How many events a client is sent and shows (the kept ones; the cut is shown at once).
    pub fn shown(&self) -> usize {
        self.head.len() + self.tail.len()
    }

    /// How many events the ply had in all.
    pub fn total(&self) -> u64 {
        (self.head.len() + self.tail.len()) as u64 + self.skipped
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::{Direction, Geometry, Hole};

    fn hole(h: u8) -> Hole {
        Geometry::FourRows(8).hole_at(h.into()).expect("a hole of 4x8")
    }

    fn lift(h: u8) -> Event {
        Event::Lift { hole: hole(h), count: 3, direction: Direction::Anticlockwise }
    }

    fn drop(h: u8) -> Event {
        Event::Drop { hole: hole(h) }
    }

    fn record(events: &[Event]) -> PlySteps {
        let mut s = PlySteps::default();
        for &e in events {
            s.push(e);
        }
        s.finish()
    }

    #[test]
    fn an_ordinary_ply_is_kept_whole() {
        let events = [lift(1), drop(2), drop(3), drop(4), Event::TurnEnd { next: Side::North }];
        let s = record(&events);
        assert_eq!(s.iter().collect::<Vec<_>>(), events.map(Step::Event));
        assert_eq!(s.total(), 5);
    }

    #[test]
    fn a_long_ply_keeps_its_start_a_count_and_its_last_laps() {
        // Laps of one lift and three drops, far more than HEAD + TAIL events.
        let mut events: Vec<Event> =
            (0..100_000u32).flat_map(|i| [lift((i % 32) as u8), drop(1), drop(2), drop(3)]).collect();
        events.push(Event::TurnEnd { next: Side::South });
        let s = record(&events);
        let kept: Vec<Step> = s.iter().collect();
        assert_eq!(s.total(), events.len() as u64);
        assert_eq!(kept[..HEAD], events[..HEAD].iter().map(|&e| Step::Event(e)).collect::<Vec<_>>());
        let Step::Skipped(n) = kept[HEAD] else { panic!("{:?}", kept[HEAD]) };
        let tail = &kept[HEAD + 1..];
        assert!(tail.len() <= TAIL && matches!(tail[0], Step::Event(Event::Lift { .. })), "{:?}", tail[0]);
        assert_eq!(HEAD as u64 + n + tail.len() as u64, events.len() as u64);
        let end: Vec<Step> = events[events.len() - tail.len()..].iter().map(|&e| Step::Event(e)).collect();
        assert_eq!(tail, end);
    }

    #[test]
    fn a_tail_without_a_lift_is_kept_as_it_is() {
        let mut events = vec![lift(1)];
        events.extend((0..HEAD + TAIL + 10).map(|_| drop(2)));
        let s = record(&events);
        let kept: Vec<Step> = s.iter().collect();
        assert_eq!(kept.len(), HEAD + 1 + TAIL);
        assert_eq!(kept[HEAD], Step::Skipped(11));
    }
}
