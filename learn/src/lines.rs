//! The two lines a review explains a marked decision with: from the position before it, the better
//! decision and the played one, each followed by the engine's best play for the same number of turns
//! (the rest of the mover's turn, then the opponent's, the mover's, … ; fewer when the game ends). Each
//! turn carries the board before it, each decision's steps (as the game socket sends them) and the
//! counters it captured, so a page can sow the line turn by turn and every figure it says is a sum of the
//! turns' captures: what each side captured along each line, the mover's net, and what the played
//! decision gives away against the better one over these turns.
//!
//! How many turns: the review's mark comes from a deeper search whose value is an evaluation, not a count
//! of counters, so the lines are followed, an even number of turns at a time (as many for each side), until
//! what the played decision gives away reaches the counters its mark stands for (`target`); if it never
//! does within [`MAX_LINE_TURNS`], until it gives away the most; if it gives nothing away in counters
//! there, [`LINE_TURNS`] turns are kept and `gives` is 0 or less (a page says the cost comes later).
//!
//! Deterministic: each step is the first decision of an [`analysis`](mancala_bot::analysis) with a budget
//! in nodes.

use crate::referee;
use mancala_bot::analysis;
use mancala_engine::{Decision, Event, Position, Side, ToMove};
use mancala_protocol::{BoardView, StepEvent};
use serde::Serialize;

/// Turns in a line whose played decision gives nothing away in counters: two for each side.
pub const LINE_TURNS: usize = 4;
/// The most turns a line is followed for.
pub const MAX_LINE_TURNS: usize = 10;
/// The search budget of each decision of a line after its first.
pub const LINE_NODES: u64 = 4_000;

/// One decision of a line.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LineDecision {
    /// In canonical notation.
    pub decision: String,
    /// Its steps, lap by lap, as the game socket sends them.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub events: Vec<StepEvent>,
    /// Counters it captured.
    pub captured: u32,
}

/// One side's turn of a line (a turn can be several decisions: a relay's direction, a store entry).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LineTurn {
    /// `south` / `north`.
    pub side: &'static str,
    /// The board before the turn.
    pub board: BoardView,
    pub decisions: Vec<LineDecision>,
    /// Counters the turn captured (its decisions' sum).
    pub captured: u32,
}

/// A decision and the engine's best play after it.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Line {
    /// The decision the line starts with.
    pub first: String,
    pub turns: Vec<LineTurn>,
    /// The board at the line's end.
    pub board: BoardView,
    /// Counters the mover captured along the line (its turns' sum).
    pub mine: u32,
    /// Counters the opponent captured along the line.
    pub theirs: u32,
    /// `mine − theirs`.
    pub net: i64,
    /// The game ended along the line.
    pub over: bool,
}

/// The better line and the played one, from the same position, for the same side.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Lines {
    /// The side that made the decision.
    pub side: &'static str,
    pub better: Line,
    pub played: Line,
    /// Turns both lines were followed for (a line whose game ended has fewer).
    pub turns: usize,
    /// `better.net − played.net`: the counters the played decision gives away over these turns.
    pub gives: i64,
}

/// The better line and the played one for the decision to make at `before`, each step after the first
/// searched with `nodes` nodes, followed until the played one gives away `target` counters (see the
/// module's docs). An error when a first decision is not legal there.
pub fn lines(before: &Position, better: Decision, played: Decision, nodes: u64, target: f64) -> Result<Lines, String> {
    let ToMove::Side(mover) = before.to_move() else { return Err("no side decides alone here".into()) };
    let (b, p) = (line(before, mover, better, nodes)?, line(before, mover, played, nodes)?);
    let gives = |n: usize| b.cut(n, mover).net - p.cut(n, mover).net;
    let counts: Vec<usize> = (2..=MAX_LINE_TURNS).step_by(2).collect();
    let most = counts.iter().copied().max_by_key(|&n| (gives(n), std::cmp::Reverse(n))).unwrap_or(LINE_TURNS);
    let turns = match counts.iter().copied().find(|&n| gives(n) as f64 >= target) {
        Some(n) => n,
        None if gives(most) > 0 => most,
        None => LINE_TURNS,
    };
    let (better, played) = (b.cut(turns, mover), p.cut(turns, mover));
    Ok(Lines { side: mover.name(), gives: better.net - played.net, turns, better, played })
}

impl Line {
    /// The line's first `n` turns, its figures summed again.
    fn cut(&self, n: usize, mover: Side) -> Line {
        let turns: Vec<LineTurn> = self.turns.iter().take(n).cloned().collect();
        let sum = |mine: bool| turns.iter().filter(|t| (t.side == mover.name()) == mine).map(|t| t.captured).sum();
        let (mine, theirs): (u32, u32) = (sum(true), sum(false));
        let (board, over) = match self.turns.get(n) {
            Some(next) => (next.board.clone(), false),
            None => (self.board.clone(), self.over),
        };
        Line { first: self.first.clone(), turns, board, mine, theirs, net: i64::from(mine) - i64::from(theirs), over }
    }
}

/// `first` at `before`, then the engine's best decisions until [`MAX_LINE_TURNS`] turns were played or
/// the game ended.
fn line(before: &Position, mover: Side, first: Decision, nodes: u64) -> Result<Line, String> {
    let geo = before.geometry();
    let mut pos = before.clone();
    let mut turns: Vec<LineTurn> = Vec::new();
    let mut next = Some(first);
    while let Some(decision) = next {
        let ToMove::Side(side) = pos.to_move() else { break };
        if turns.last().is_none_or(|t| t.side != side.name()) {
            let board = referee::board_view(&pos, None, false);
            turns.push(LineTurn { side: side.name(), board, decisions: Vec::new(), captured: 0 });
        }
        let mut events: Vec<Event> = Vec::new();
        pos.apply(side, decision, &mut events)
            .map_err(|e| format!("`{}` does not play here: {e}", decision.notation(geo)))?;
        let captured =
            events.iter().map(|e| if let Event::Capture { count, .. } = e { *count as u32 } else { 0 }).sum();
        let turn = turns.last_mut().expect("a turn was opened above");
        turn.captured += captured;
        turn.decisions.push(LineDecision {
            decision: decision.notation(geo),
            events: referee::wire_events(&pos, &events, None),
            captured,
        });
        next = match pos.to_move() {
            // A fifth turn is not searched for.
            ToMove::Side(s) if s != side && turns.len() == MAX_LINE_TURNS => None,
            ToMove::Side(_) => analysis::analyse(&pos, nodes).ok().map(|a| a.decisions[0].decision),
            _ => None,
        };
    }
    let sum = |mine: bool| turns.iter().filter(|t| (t.side == mover.name()) == mine).map(|t| t.captured).sum();
    let (mine, theirs): (u32, u32) = (sum(true), sum(false));
    Ok(Line {
        first: first.notation(geo),
        turns,
        board: referee::board_view(&pos, None, false),
        mine,
        theirs,
        net: i64::from(mine) - i64::from(theirs),
        over: pos.is_over(),
    })
}
