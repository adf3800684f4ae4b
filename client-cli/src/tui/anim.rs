//! The last move replayed lap by lap: starting from the board before the move, its steps (lift, drops,
//! captures, a store entered) are applied one at a time over a second or two, marking the hole the lap
//! was lifted from, the last drop and each capture, with a caption in the web board's words ("north c3 ·
//! lap 2 of 3: lifts 5 from e3, sows to f3"; a single lap has no count).
//! When the replay ends the screen shows the model's board again.
//!
//! A replay is only started when applying every step to the board before the move gives exactly the
//! board after it (so it can never show a wrong position): an Ikibuguzo reveal (the arrays are laid out
//! without steps), a turn of thousands of laps (sent with steps left out) or a board that missed an event
//! is shown at once instead.

use super::board::Mark;
use mancala_protocol::{BoardView, CaptureTarget, Direction, MoveEvent, Side, StepEvent};
use std::collections::BTreeMap;

/// Time per step, and the bounds of a whole replay.
const STEP_MS: u64 = 150;
const MIN_MS: u64 = 450;
const MAX_MS: u64 = 2000;
/// The last frame stays this long before the replay ends.
const HOLD_MS: u64 = 400;

/// A board's holes by name.
pub fn names(view: &BoardView) -> BTreeMap<String, u8> {
    view.hole_counts().map(|(h, n)| (h.to_string(), n)).collect()
}

/// A replay in progress.
#[derive(Clone, Debug)]
pub struct Anim {
    holes: BTreeMap<String, u8>,
    /// Azigo's stores as this viewer sees them: (south, north).
    stores: (Option<u8>, Option<u8>),
    side: Side,
    decision: Option<String>,
    steps: Vec<StepEvent>,
    elapsed_ms: u64,
    duration_ms: u64,
}

/// What the board looks like at one moment of a replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnimFrame {
    pub holes: BTreeMap<String, u8>,
    /// (south, north), `None` when hidden.
    pub stores: (Option<u8>, Option<u8>),
    pub marks: BTreeMap<String, Mark>,
    pub caption: String,
}

impl Anim {
    /// A replay of `mv` from `before`, or `None` when there is nothing to show or the steps do not lead
    /// to `after`.
    pub fn start(before: &BoardView, mv: &MoveEvent, after: &BoardView) -> Option<Anim> {
        let sows = mv.steps.iter().any(|s| matches!(s, StepEvent::Lift { .. } | StepEvent::StoreLift { .. }));
        let reveals = mv.steps.iter().any(|s| matches!(s, StepEvent::Revealed { .. }));
        // A turn of thousands of laps arrives with steps left out (`skipped`): shown at once.
        let skips = mv.steps.iter().any(|s| matches!(s, StepEvent::Skipped { .. }));
        if !sows || reveals || skips || (before.rows, before.columns) != (after.rows, after.columns) {
            return None;
        }
        let n = mv.steps.len() as u64;
        let anim = Anim {
            holes: names(before),
            stores: (before.stores.south, before.stores.north),
            side: mv.side,
            decision: mv.decision.clone(),
            steps: mv.steps.clone(),
            elapsed_ms: 0,
            duration_ms: (n * STEP_MS).clamp(MIN_MS, MAX_MS),
        };
        (anim.frame_at(mv.steps.len()).holes == names(after)).then_some(anim)
    }

    /// Moves the replay on by `ms` milliseconds.
    pub fn advance(&mut self, ms: u64) {
        self.elapsed_ms = self.elapsed_ms.saturating_add(ms);
    }

    pub fn finished(&self) -> bool {
        self.elapsed_ms >= self.duration_ms + HOLD_MS
    }

    /// The frame to show now: at least the first step (the lift), all of them at the end.
    pub fn frame(&self) -> AnimFrame {
        let n = self.steps.len() as u64;
        let shown = (self.elapsed_ms * n / self.duration_ms + 1).min(n);
        self.frame_at(shown as usize)
    }

    /// The board after the first `k` steps.
    pub fn frame_at(&self, k: usize) -> AnimFrame {
        let mut holes = self.holes.clone();
        let mut stores = self.stores;
        let mut marks = BTreeMap::new();
        let laps =
            self.steps.iter().filter(|s| matches!(s, StepEvent::Lift { .. } | StepEvent::StoreLift { .. })).count();
        let of = |lap: usize| if laps > 1 { format!("lap {lap} of {laps}: ") } else { String::new() };
        let mut lap = 0;
        let mut origin: Option<String> = None;
        let mut caption = String::new();
        let mut lap_caption = String::new();
        for step in &self.steps[..k] {
            marks.clear();
            match step {
                StepEvent::Lift { hole, count, direction } => {
                    lap += 1;
                    holes.insert(hole.to_string(), 0);
                    origin = Some(hole.to_string());
                    let dir = if *direction == Direction::Clockwise { ", clockwise" } else { "" };
                    lap_caption = format!("{}lifts {count} from {hole}{dir}", of(lap));
                    caption = lap_caption.clone();
                }
                StepEvent::Drop { hole } => {
                    *holes.entry(hole.to_string()).or_default() += 1;
                    marks.insert(hole.to_string(), Mark::Dropped);
                    caption = format!("{lap_caption}, sows to {hole}");
                }
                StepEvent::Capture { from, count, to, .. } => {
                    let left = holes.entry(from.to_string()).or_default();
                    *left = left.saturating_sub(*count);
                    match to {
                        CaptureTarget::Store(Side::South) => stores.0 = stores.0.map(|s| s.saturating_add(*count)),
                        CaptureTarget::Store(Side::North) => stores.1 = stores.1.map(|s| s.saturating_add(*count)),
                        CaptureTarget::Off => {}
                        CaptureTarget::Hole(hole) => *holes.entry(hole.to_string()).or_default() += count,
                    }
                    marks.insert(from.to_string(), Mark::Captured);
                    let to = match to {
                        CaptureTarget::Off => "off the board".to_string(),
                        CaptureTarget::Store(side) => format!("store {side}"),
                        CaptureTarget::Hole(hole) => hole.to_string(),
                    };
                    caption = format!("{count} captured from {from} → {to}");
                }
                StepEvent::StoreLift { side, count } => {
                    lap += 1;
                    match side {
                        Side::South => stores.0 = stores.0.map(|_| 0),
                        Side::North => stores.1 = stores.1.map(|_| 0),
                    }
                    origin = None;
                    let n = count.map(|c| c.to_string()).unwrap_or_else(|| "?".into());
                    lap_caption = format!("{}sows the store ({n})", of(lap));
                    caption = lap_caption.clone();
                }
                StepEvent::Pass { side } => caption = format!("{side} passes"),
                StepEvent::Skipped { steps } => {
                    caption = format!("{steps} step{} later", if *steps == 1 { "" } else { "s" })
                }
                StepEvent::Chose { .. }
                | StepEvent::Revealed { .. }
                | StepEvent::TurnEnd { .. }
                | StepEvent::GameEnd { .. } => {}
            }
            if let Some(o) = &origin {
                marks.entry(o.clone()).or_insert(Mark::Lifted);
            }
        }
        let decision = self.decision.as_deref().unwrap_or("?");
        let caption = format!("{} {decision} · {caption}", self.side);
        AnimFrame { holes, stores, marks, caption }
    }
}
