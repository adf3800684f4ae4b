//! The only module that talks to the rules engine: it builds a step's position, plays the learner's
//! decisions, and reports what the engine said (accepted or refused, the events, the position after) as
//! plain facts. Everything else in this crate reads these facts and never a rule.

use mancala_engine::{
    CaptureTo, Decision, Direction, Event, Options, PlayError, Position, Side, ToMove, Variant, Viewer, position_text,
};
use mancala_protocol::http::OptionsPatch;
use mancala_protocol::{BoardView, StepEvent};

/// Most decisions one attempt may hold: a turn of the shipped lessons never asks for more than a few.
pub const MAX_DECISIONS: usize = 16;

/// Most positions [`opponent_can_capture`] looks at before giving up.
const MAX_REPLY_NODES: usize = 20_000;

/// A board to start from: a rule set, its options, and a position text (the start when absent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub variant: Variant,
    pub options: Options,
    pub position: Option<String>,
}

impl Setup {
    pub fn new(variant: Variant, patch: &OptionsPatch, position: Option<String>) -> Setup {
        Setup { variant, options: patch.apply(variant), position }
    }

    /// The engine's position, or why it cannot be built.
    pub fn position(&self) -> Result<Position, String> {
        self.options.validate(self.variant).map_err(|e| e.to_string())?;
        match &self.position {
            Some(text) => position_text::parse(self.variant, self.options, text).map_err(|e| e.to_string()),
            None => Position::start(self.variant, self.options).map_err(|e| e.to_string()),
        }
    }
}

/// The side that decides at `pos`: the side to move, South while both choose, `None` once it is over.
pub fn decider(pos: &Position) -> Option<Side> {
    match pos.to_move() {
        ToMove::Side(side) => Some(side),
        ToMove::Both { waiting } => Some(if waiting.south { Side::South } else { Side::North }),
        ToMove::Nobody(_) => None,
    }
}

/// The board as `viewer` sees it, with the legal decisions when `can_play`.
pub fn board_view(pos: &Position, viewer: Option<Side>, can_play: bool) -> BoardView {
    let viewer = viewer.map_or(Viewer::Analysis, Viewer::Player);
    BoardView::from_view(&pos.view(viewer), can_play)
}

/// The events as player `side` sees them while the game goes on (even if they end it: an end reached
/// in a preview reveals nothing), on the wire.
pub fn player_events(pos_after: &Position, events: &[Event], side: Side) -> Vec<StepEvent> {
    let geo = pos_after.geometry();
    events.iter().map(|e| StepEvent::from_event(e.project(Viewer::Player(side), false), geo)).collect()
}

/// The events as `viewer` sees them (`None`: everything), on the wire.
pub fn wire_events(pos_after: &Position, events: &[Event], viewer: Option<Side>) -> Vec<StepEvent> {
    let viewer = viewer.map_or(Viewer::Analysis, Viewer::Player);
    let over = pos_after.is_over();
    events.iter().map(|e| StepEvent::from_event(e.project(viewer, over), pos_after.geometry())).collect()
}

/// Is `name` a hole of this position's board?
pub fn is_hole(pos: &Position, name: &str) -> bool {
    pos.geometry().parse_hole(name).is_some()
}

/// A decision in its canonical notation, or why it cannot be read.
pub fn canonical(pos: &Position, text: &str) -> Result<String, String> {
    let geo = pos.geometry();
    Decision::parse(text, geo).map(|d| d.notation(geo)).map_err(|e| e.to_string())
}

/// Why the engine refused a decision, as far as the position shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The hole holds one counter.
    Single,
    Empty,
    /// The hole belongs to the opponent.
    Opponent,
    /// Clockwise was refused where anticlockwise is legal.
    Clockwise,
    Other,
}

/// How far an attempt got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The engine refused the last decision (the position is the one before it).
    Refused(Refusal),
    /// The turn goes on and waits for another decision of the learner.
    Waiting,
    /// The turn (or the game) is over.
    TurnOver,
}

/// What the attempt did, read off the engine's events and the position after.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    pub captured: u32,
    /// Laps that lifted the hole where the previous lap ended.
    pub relays: u32,
    pub laps: u32,
    pub clockwise: bool,
    /// The hole of the last counter dropped.
    pub last_drop: Option<String>,
    pub won: bool,
    pub lost: bool,
    pub end_reason: Option<String>,
}

/// The learner's decisions played from a step's position.
#[derive(Clone, Debug)]
pub struct Attempt {
    pub learner: Side,
    /// The decisions the engine accepted, in canonical notation, then the refused one (if any).
    pub decisions: Vec<String>,
    pub progress: Progress,
    pub events: Vec<Event>,
    pub after: Position,
    pub facts: Facts,
}

/// Plays `decisions` (notation) for the side that decides at `start`, until the turn is over, a decision
/// is refused, or the decisions run out. A decision that cannot be read is an error naming it.
pub fn attempt(start: &Position, decisions: &[&str]) -> Result<Attempt, String> {
    let learner = decider(start).ok_or("the game is already over at this position")?;
    if decisions.is_empty() {
        return Err("no decision given".into());
    }
    if decisions.len() > MAX_DECISIONS {
        return Err(format!("at most {MAX_DECISIONS} decisions in one attempt (got {})", decisions.len()));
    }
    let geo = start.geometry();
    let mut pos = start.clone();
    let mut events = Vec::new();
    let mut made = Vec::new();
    let mut progress = Progress::Waiting;
    for (i, text) in decisions.iter().enumerate() {
        if progress == Progress::TurnOver {
            return Err(format!("decision {} `{text}`: the turn was already over", i + 1));
        }
        let decision = Decision::parse(text, geo).map_err(|e| format!("decision {}: {e}", i + 1))?;
        made.push(decision.notation(geo));
        if let Err(e) = pos.apply(learner, decision, &mut events) {
            // Only an illegal decision has legal alternatives; the other refusals have none.
            let legal = match &e {
                PlayError::Illegal { legal, .. } => legal.as_slice(),
                _ => &[],
            };
            progress = Progress::Refused(refusal(&pos, learner, decision, legal));
            break;
        }
        progress = if decider(&pos) == Some(learner) && pos.mid_turn().is_some() {
            Progress::Waiting
        } else {
            Progress::TurnOver
        };
    }
    let facts = facts(&pos, &events, learner);
    Ok(Attempt { learner, decisions: made, progress, events, after: pos, facts })
}

/// Why `decision` was refused, given the `legal` decisions the engine listed with the refusal.
fn refusal(pos: &Position, learner: Side, decision: Decision, legal: &[Decision]) -> Refusal {
    let Decision::Sow { hole, direction } = decision else { return Refusal::Other };
    let geo = pos.geometry();
    if hole.index() >= geo.hole_count() {
        Refusal::Other
    } else if geo.owner(hole) != learner {
        Refusal::Opponent
    } else if pos.count(hole) == 0 {
        Refusal::Empty
    } else if direction == Direction::Clockwise && legal.contains(&Decision::acw(hole)) {
        Refusal::Clockwise
    } else if pos.count(hole) == 1 {
        Refusal::Single
    } else {
        Refusal::Other
    }
}

fn facts(after: &Position, events: &[Event], learner: Side) -> Facts {
    let geo = after.geometry();
    let mut f = Facts::default();
    let mut last_drop = None;
    for event in events {
        match *event {
            Event::Lift { hole, direction, .. } => {
                f.laps += 1;
                if last_drop == Some(hole) {
                    f.relays += 1;
                }
                f.clockwise |= direction == Direction::Clockwise;
            }
            Event::Drop { hole } => last_drop = Some(hole),
            Event::Capture { count, to, .. } => {
                f.captured += count as u32;
                // Captured counters put back into a hole are not a landing: the next lap starts there.
                if let CaptureTo::Hole(_) = to {
                    last_drop = None;
                }
            }
            _ => {}
        }
    }
    f.last_drop = events.iter().rev().find_map(|e| match e {
        Event::Drop { hole } => Some(geo.name(*hole).to_string()),
        _ => None,
    });
    if let Some(outcome) = after.outcome() {
        f.won = outcome.winner == Some(learner);
        f.lost = outcome.winner == Some(learner.other());
        f.end_reason = Some(outcome.reason.as_str().to_string());
    }
    f
}

/// After a turn: may the side to move capture anything in its turn, whatever it decides (inside the turn
/// too)? `Err` when the replies are too many to look at.
pub fn opponent_can_capture(after: &Position) -> Result<bool, String> {
    let Some(side) = decider(after) else { return Ok(false) };
    let mut budget = MAX_REPLY_NODES;
    captures_somewhere(after, side, &mut budget)
}

fn captures_somewhere(pos: &Position, side: Side, budget: &mut usize) -> Result<bool, String> {
    for decision in pos.legal_decisions(side) {
        if *budget == 0 {
            return Err(format!("more than {MAX_REPLY_NODES} replies to look at"));
        }
        *budget -= 1;
        let mut next = pos.clone();
        let mut events = Vec::new();
        next.apply(side, decision, &mut events).map_err(|e| e.to_string())?;
        if events.iter().any(|e| matches!(e, Event::Capture { .. })) {
            return Ok(true);
        }
        if decider(&next) == Some(side) && next.mid_turn().is_some() && captures_somewhere(&next, side, budget)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Every attempt of one turn from `start`: each legal decision followed through every decision inside the
/// turn, plus every single decision the engine refuses among the sowings of the decider's holes (both
/// directions) and the opponent's. For tests and authors' tools; at most `limit` attempts.
pub fn all_attempts(start: &Position, limit: usize) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let Some(side) = decider(start) else { return out };
    let geo = start.geometry();
    let mut stack = vec![(start.clone(), Vec::<String>::new())];
    while let Some((pos, made)) = stack.pop() {
        for decision in pos.legal_decisions(side) {
            let mut seq = made.clone();
            seq.push(decision.notation(geo));
            let mut next = pos.clone();
            if next.apply(side, decision, &mut mancala_engine::NoEvents).is_err() {
                continue;
            }
            if decider(&next) == Some(side) && next.mid_turn().is_some() && out.len() + stack.len() < limit {
                stack.push((next, seq));
            } else {
                out.push(seq);
            }
            if out.len() >= limit {
                return out;
            }
        }
    }
    let legal = start.legal_decisions(side);
    for hole in geo.holes() {
        for decision in [Decision::acw(hole), Decision::cw(hole)] {
            if !legal.contains(&decision) && out.len() < limit {
                out.push(vec![decision.notation(geo)]);
            }
        }
    }
    out
}

/// Is `id` an end-reason id of the engine (`special-win`, `no-legal-move`, …)?
pub fn is_end_reason(id: &str) -> bool {
    mancala_engine::EndReason::parse(id).is_some()
}

/// Plays `decisions` (notation, separated by spaces) from `start`, each by the side that decides at that
/// moment (a demonstration may cross turns): the events and the position after.
pub fn play_through(start: &Position, decisions: &str) -> Result<(Vec<Event>, Position), String> {
    let geo = start.geometry();
    let mut pos = start.clone();
    let mut events = Vec::new();
    for (i, text) in decisions.split_whitespace().enumerate() {
        let decision = Decision::parse(text, geo).map_err(|e| format!("decision {}: {e}", i + 1))?;
        let side = decider(&pos).ok_or_else(|| format!("decision {} `{text}`: the game is over", i + 1))?;
        pos.apply(side, decision, &mut events).map_err(|e| format!("decision {} `{text}`: {e}", i + 1))?;
    }
    Ok((events, pos))
}
