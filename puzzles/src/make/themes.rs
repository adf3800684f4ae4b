//! What a puzzle is about, read from what the engine reports while its solution is played: the laps of
//! the solver's sowings and their captures, Azigo's store moves, how the game ended, and where in the
//! game the puzzle starts.

use crate::{Goal, Theme};
use mancala_engine::{CaptureTo, Decision, Direction, EndReason, Event, Hole, NoEvents, Position, Side, StoreMove};
use std::collections::BTreeSet;

/// A puzzle starting at or before this turn is an opening puzzle.
pub const OPENING_TURNS: u32 = 10;

/// One decision of a played solution: who made it, the position before it, and its events.
#[derive(Clone, Debug)]
pub struct Step {
    pub side: Side,
    pub decision: Decision,
    pub before: Position,
    pub events: Vec<Event>,
}

/// How the current lap of a sowing started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lap {
    /// The decision's own hole.
    Lifted,
    /// Where the previous lap's last counter fell.
    Relay,
    /// The hole holding the counters just captured.
    SownOn,
}

/// The themes of a solution played from `start` by `solver` to reach `goal` (sorted, each once).
pub fn themes(start: &Position, solver: Side, steps: &[Step], goal: &Goal) -> Vec<Theme> {
    let mut out = BTreeSet::new();
    if goal.is_defence() {
        out.insert(Theme::Defence);
    }
    if start.turn() <= OPENING_TURNS {
        out.insert(Theme::Opening);
    }
    if is_endgame(start) {
        out.insert(Theme::Endgame);
    }
    for step in steps {
        if step.side == solver {
            sowing_themes(step, &mut out);
        }
        for e in &step.events {
            if let Event::GameEnd(o) = e
                && o.winner == Some(solver)
            {
                match o.reason {
                    EndReason::SpecialWin => {
                        out.insert(Theme::SpecialWin);
                    }
                    EndReason::NoLegalMove | EndReason::AllCaptured => {
                        out.insert(Theme::NoMoves);
                    }
                    _ => {}
                }
            }
        }
    }
    out.into_iter().collect()
}

/// Few counters left: the poorer side holds at most an eighth of all counters, or the board holds at
/// most a third of them (Njombwa takes captures off the board; the other games keep them in play).
pub fn is_endgame(pos: &Position) -> bool {
    let total = Position::start(pos.variant(), *pos.options()).map(|p| p.total_counters()).unwrap_or(0);
    let on_board: u32 = pos.counts().iter().map(|&c| c as u32).sum();
    let poorer = pos.counters_of(Side::South).min(pos.counters_of(Side::North));
    total > 0 && (poorer * 8 <= total || on_board * 3 <= total)
}

/// The themes of one of the solver's decisions: its laps and what they captured.
fn sowing_themes(step: &Step, out: &mut BTreeSet<Theme>) {
    if let Decision::Store(store) = step.decision {
        out.insert(Theme::StoreMove);
        if store == StoreMove::Cross {
            out.insert(Theme::CrossSowing);
        }
    }
    // A decision inside a turn sows on from where the turn stands: a relay or a capture.
    let mut lap = match step.before.mid_turn() {
        Some(m) if m.captured => Lap::SownOn,
        Some(_) => Lap::Relay,
        None => Lap::Lifted,
    };
    let mut first = true;
    let mut direction = Direction::Anticlockwise;
    let (mut last_drop, mut captured_into): (Option<Hole>, Option<Hole>) = (None, None);
    for e in &step.events {
        match *e {
            Event::Lift { hole, direction: d, .. } => {
                if !first {
                    lap = if captured_into == Some(hole) {
                        Lap::SownOn
                    } else if last_drop == Some(hole) {
                        Lap::Relay
                    } else {
                        Lap::Lifted
                    };
                }
                first = false;
                direction = d;
                captured_into = None;
            }
            Event::Drop { hole } => last_drop = Some(hole),
            Event::Capture { to, .. } => {
                if let CaptureTo::Hole(h) = to {
                    captured_into = Some(h);
                }
                match lap {
                    Lap::Relay => out.insert(Theme::RelayCapture),
                    Lap::SownOn => out.insert(Theme::SownOnCapture),
                    Lap::Lifted => false,
                };
                if direction == Direction::Clockwise {
                    out.insert(Theme::ReverseCapture);
                }
            }
            _ => {}
        }
    }
}

/// The counters `solver` won over `steps`, what a gain's goal counts: in Azigo, how much its score
/// (store and row) rose, since the counters a sowing drops in the opponent's row become his and a decision
/// gains or loses counters without capturing; in the four-row games, its captures net of the opponent's.
pub fn counters_won(solver: Side, steps: &[Step]) -> i64 {
    let (Some(first), Some(last)) = (steps.first(), steps.last()) else { return 0 };
    let Some(before) = first.before.azigo_score(solver) else { return net_captures(solver, steps) };
    let mut end = last.before.clone();
    end.apply(last.side, last.decision, &mut NoEvents).expect("a step of a played line");
    i64::from(end.azigo_score(solver).unwrap_or(0)) - i64::from(before)
}

/// Counters captured by `side`'s decisions of `steps`, minus those captured by the other side's.
pub fn net_captures(solver: Side, steps: &[Step]) -> i64 {
    let mut net = 0i64;
    for step in steps {
        let sign = if step.side == solver { 1 } else { -1 };
        for e in &step.events {
            if let Event::Capture { count, .. } = e {
                net += sign * *count as i64;
            }
        }
    }
    net
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::{Options, Variant, position_text};

    fn step(pos: &mut Position, side: Side, notation: &str) -> Step {
        let before = pos.clone();
        let decision = Decision::parse(notation, before.geometry()).unwrap();
        let mut events = Vec::new();
        pos.apply(side, decision, &mut events).unwrap();
        Step { side, decision, before, events }
    }

    /// In Azigo a sowing's counters dropped in the opponent's row are his: the counters won are the
    /// score's change, not the captures.
    #[test]
    fn azigo_counts_the_score_and_the_four_row_games_the_captures() {
        let mut pos = position_text::parse(
            Variant::Azigo,
            Options::default(),
            "south s1=4 a1=5 t2=1 s2=1 a2=5 store.south=0 store.north=0",
        )
        .unwrap();
        let steps = [step(&mut pos, Side::South, "s1")];
        assert_eq!(net_captures(Side::South, &steps), 0);
        assert_eq!(counters_won(Side::South, &steps), -2, "two counters sown into North's row");
        assert_eq!(counters_won(Side::North, &steps), 2);
        assert_eq!(counters_won(Side::South, &[]), 0);
    }
}
