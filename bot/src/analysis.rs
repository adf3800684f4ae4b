//! Analysis of a position, for a player studying it: the value of **every** legal decision of the side to
//! decide (not only the best, as a bot needs), the position's value, and the principal line.
//!
//! It is the search of levels 5 to 8 ([`crate::search`]) with the tuned evaluation and a transposition
//! table, deepened one turn at a time within a node budget, but each root decision is searched with the
//! whole window, so its value is exact at the depth reached rather than only proved worse than the best.
//! A partial iteration is dropped: every value comes from the same depth. The principal line is read
//! from the table after the search (each position's stored best decision), as far as the table knows it.
//!
//! Deterministic: a budget in nodes and no randomness (ties keep the legal order), so the same position
//! and budget give the same answer on any machine.

use crate::eval::MATERIAL;
use crate::root::{RootSearch, keeps_depth};
use crate::search::{Config, DECIDED, INF, Searcher, WIN, table_entries};
use crate::tt::Table;
use crate::zobrist;
use mancala_engine::{Decision, NoEvents, Position, Side, ToMove};

/// The most decisions of a principal line.
pub const MAX_LINE: usize = 24;

/// The fewest nodes an analysis may be given: enough to apply every root decision and search each one
/// turn deep in any position of any variant.
pub const MIN_NODES: u64 = 2_000;

/// What a position (or a decision) is worth to the side that decides.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// The evaluation, in counters (material ahead, plus the other features weighed in counters).
    Counters(f64),
    /// A win the search proved, this many decisions from here (the side's and the opponent's).
    Win(u32),
    /// A loss the search proved, this many decisions from here.
    Loss(u32),
}

impl Value {
    /// The value of a search score of a decision at the root (wins and losses count the decisions from
    /// the root, that one included).
    fn of(v: i32) -> Value {
        if v >= DECIDED {
            Value::Win((WIN - v) as u32)
        } else if v <= -DECIDED {
            Value::Loss((WIN + v) as u32)
        } else {
            Value::Counters(v as f64 / MATERIAL as f64)
        }
    }
}

/// One legal decision and its value for the side that makes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scored {
    pub decision: Decision,
    pub value: Value,
}

/// The analysis of a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The side that decides.
    pub side: Side,
    /// The position's value for `side`: its best decision's.
    pub value: Value,
    /// The principal line: the best decision, the best answer, and so on, as far as the search knows it.
    pub line: Vec<Decision>,
    /// Every legal decision of `side`, best first (equal values in the legal order).
    pub decisions: Vec<Scored>,
    /// Decisions applied by the search.
    pub nodes: u64,
    /// Turns deep of the deepest complete iteration (0: the decisions' static values only).
    pub depth: u32,
}

/// A position that cannot be analysed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    #[error("the game is over: there is nothing to decide")]
    Over,
    #[error("both sides are choosing their opening arrays in secret: analyse the position once both choices are made")]
    SecretChoice,
}

/// Analyses `pos` for the side to decide within `nodes` nodes (at least [`MIN_NODES`]), or until the
/// wall-clock safety net ([`crate::SAFETY_TIME`]) if that comes first.
pub fn analyse(pos: &Position, nodes: u64) -> Result<Analysis, AnalysisError> {
    analyse_to(pos, nodes, 64, Some(crate::SAFETY_TIME))
}

/// [`analyse`] without the safety net: only the node budget stops the search, so the analysis is the
/// same on any machine under any load, however long it takes. Puzzles are made and verified with it (a
/// search cut short by the clock on a starved machine judged a shallower tree, and let through
/// decisions that did not stand when searched again).
pub fn analyse_exact(pos: &Position, nodes: u64) -> Result<Analysis, AnalysisError> {
    analyse_to(pos, nodes, 64, None)
}

/// [`analyse`], at most `max_depth` turns deep, stopped by the clock after `safety` if given.
fn analyse_to(
    pos: &Position,
    nodes: u64,
    max_depth: i32,
    safety: Option<std::time::Duration>,
) -> Result<Analysis, AnalysisError> {
    let side = match pos.to_move() {
        ToMove::Side(side) => side,
        ToMove::Nobody(_) => return Err(AnalysisError::Over),
        ToMove::Both { .. } => return Err(AnalysisError::SecretChoice),
    };
    let nodes = nodes.max(MIN_NODES);
    let moves = pos.legal_decisions(side);
    let mut table = Table::new(table_entries(nodes));
    let children: Vec<(Decision, Position)> = moves
        .iter()
        .map(|&d| {
            let mut child = pos.clone();
            child.apply_unchecked(side, d, &mut NoEvents);
            (d, child)
        })
        .collect();
    let (values, depth, spent) = values_of(side, &children, nodes, max_depth, safety, &mut table);
    let mut decisions: Vec<(Decision, i32, &Position)> =
        children.iter().zip(&values).map(|((d, c), &v)| (*d, v, c)).collect();
    decisions.sort_by_key(|&(_, v, _)| std::cmp::Reverse(v));
    let (best, best_value, after) = decisions[0];
    let mut line = vec![best];
    line.extend(continuation(after, best == Decision::Pass, &table));
    Ok(Analysis {
        side,
        value: Value::of(best_value),
        line,
        decisions: decisions.iter().map(|&(decision, v, _)| Scored { decision, value: Value::of(v) }).collect(),
        nodes: spent,
        depth,
    })
}

/// The values for `side` of the root's `children` (each a decision and the position it leads to), by
/// iterative deepening up to `max_depth` turns within `nodes` nodes: the values of the deepest complete
/// iteration, that depth, and the nodes used.
fn values_of(
    side: Side,
    children: &[(Decision, Position)],
    nodes: u64,
    max_depth: i32,
    safety: Option<std::time::Duration>,
    table: &mut Table,
) -> (Vec<i32>, u32, u64) {
    // The searcher reads only the variant of the position it is made with (its evaluation's weights).
    let mut s = Searcher::new(&children[0].1, Config::DEFAULT, nodes, (None, safety), table).deciding(side);
    let forced = children.len() == 1;
    let mut values: Vec<i32> = children
        .iter()
        .map(|(_, c)| {
            s.count_node();
            s.static_value(c)
        })
        .collect();
    let mut depth = 0;
    for d in 1..=max_depth {
        s.begin_iteration();
        let mut next = Vec::with_capacity(children.len());
        for (decision, child) in children {
            let cd = if keeps_depth(forced, side, child) { d } else { d - 1 };
            match s.child_value(*decision, child, cd, -INF) {
                Some(v) => next.push(v),
                None => break,
            }
        }
        if next.len() < children.len() {
            break;
        }
        values = next;
        depth = d as u32;
        let proven = values.iter().all(|v| v.abs() >= DECIDED);
        if !s.reached_horizon() || proven {
            break;
        }
    }
    (values, depth, s.nodes())
}

/// The wire form of an analysis of `pos` (`POST /api/analysis`, `mancala analyze --json`): decisions in
/// notation, counters rounded to hundredths.
#[cfg(feature = "wire")]
pub fn wire(pos: &Position, a: &Analysis) -> mancala_protocol::analysis::Analysis {
    use mancala_protocol::analysis::{AnalysisValue, ScoredDecision};
    let value = |v: Value| match v {
        Value::Counters(c) => AnalysisValue::Counters((c * 100.0).round() / 100.0),
        Value::Win(n) => AnalysisValue::WinIn(n),
        Value::Loss(n) => AnalysisValue::LossIn(n),
    };
    let geo = pos.geometry();
    mancala_protocol::analysis::Analysis {
        variant: pos.variant().id().to_string(),
        position: pos.to_text(),
        side: a.side.to_string(),
        board: None,
        value: value(a.value),
        best: a.line.iter().map(|d| d.notation(geo)).collect(),
        best_turns: turns(pos, &a.line),
        decisions: a
            .decisions
            .iter()
            .map(|s| ScoredDecision { decision: s.decision.notation(geo), value: value(s.value) })
            .collect(),
        depth: a.depth,
        nodes: a.nodes,
    }
}

/// `line` from `pos` as the players' turns (the engine says whose each decision is and what it does).
#[cfg(feature = "wire")]
fn turns(pos: &Position, line: &[Decision]) -> Vec<mancala_protocol::analysis::LineTurn> {
    use mancala_protocol::analysis::{LineStep, LineTurn};
    let geo = pos.geometry();
    let mut pos = pos.clone();
    let mut out: Vec<LineTurn> = Vec::new();
    for &d in line {
        let ToMove::Side(side) = pos.to_move() else { break };
        let kind = match pos.mid_turn() {
            None => "turn",
            Some(m) if m.captured => "capture",
            Some(m) if pos.count(m.at) > 0 => "relay",
            Some(_) => "other",
        };
        if kind == "turn" || out.last().is_none_or(|t| t.side != side.name()) {
            out.push(LineTurn { side: side.name().to_string(), decisions: Vec::new() });
        }
        let step = LineStep { decision: d.notation(geo), kind: kind.to_string() };
        out.last_mut().expect("a turn was opened above").decisions.push(step);
        if pos.apply(side, d, &mut NoEvents).is_err() {
            break;
        }
    }
    out
}

/// The best decisions the table stores from `pos` on, each applied in turn, until the game ends, the
/// table has no entry, or the line is [`MAX_LINE`] long.
fn continuation(pos: &Position, passed: bool, table: &Table) -> Vec<Decision> {
    let mut line = Vec::new();
    let (mut pos, mut passed) = (pos.clone(), passed);
    while line.len() + 1 < MAX_LINE {
        let ToMove::Side(side) = pos.to_move() else { break };
        let Some(entry) = table.get(zobrist::key(&pos, passed)) else { break };
        let moves = pos.legal_decisions(side);
        let Some(&d) = moves.get(entry.best as usize) else { break };
        pos.apply_unchecked(side, d, &mut NoEvents);
        passed = d == Decision::Pass;
        line.push(d);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{self, Weights};
    use mancala_engine::{Options, Variant};
    use rand::rngs::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};

    /// The reference minimax on the search's evaluation, `ply` decisions below the root.
    fn minimax(pos: &Position, me: Side, depth: i32, ply: u32, w: &Weights) -> i32 {
        crate::reference::minimax(pos, me, depth, ply, &|p, me| eval::evaluate(p, me, w))
    }

    /// Every decision's value (not only the best one's) is its exact minimax value at the depth the
    /// analysis reached, the decisions come best first, and the line starts with the best and is legal.
    #[test]
    fn every_decision_gets_its_exact_value_best_first() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for variant in [Variant::Kubuguza, Variant::Njombwa, Variant::Azigo, Variant::IkibuguzoOpening1] {
            let w = crate::weights::of(variant);
            let mut pos = Position::start(variant, Options::defaults(variant)).unwrap();
            let mut checked = 0;
            while let ToMove::Side(side) = pos.to_move() {
                let moves = pos.legal_decisions(side);
                if pos.turn() % 9 == 4 && moves.len() > 1 && checked < 2 {
                    checked += 1;
                    let a = analyse_to(&pos, u64::MAX, 2, None).unwrap();
                    assert_eq!(a.depth, 2, "{variant}: {}", pos.to_text());
                    assert_eq!(a.decisions.len(), moves.len());
                    for s in &a.decisions {
                        let mut child = pos.clone();
                        child.apply_unchecked(side, s.decision, &mut NoEvents);
                        let cd = if keeps_depth(false, side, &child) { 2 } else { 1 };
                        assert_eq!(s.value, Value::of(minimax(&child, side, cd, 1, &w)), "{variant} {:?}", s.decision);
                    }
                    let key = |v: &Value| match *v {
                        Value::Win(n) => 1e9 - n as f64,
                        Value::Loss(n) => -1e9 + n as f64,
                        Value::Counters(c) => c,
                    };
                    assert!(a.decisions.windows(2).all(|p| key(&p[0].value) >= key(&p[1].value)), "best first");
                    assert_eq!(a.value, a.decisions[0].value);
                    assert_eq!(a.line[0], a.decisions[0].decision);
                    let mut after = pos.clone();
                    for d in &a.line {
                        let ToMove::Side(s) = after.to_move() else { panic!("a line past the end") };
                        after.apply(s, *d, &mut NoEvents).expect("every decision of the line is legal");
                    }
                }
                pos.apply_unchecked(side, moves[rng.random_range(0..moves.len())], &mut NoEvents);
            }
            assert!(checked > 0, "{variant}");
        }
    }

    #[test]
    fn the_same_position_and_budget_give_the_same_analysis() {
        let pos = Position::start(Variant::Kubuguza, Options::defaults(Variant::Kubuguza)).unwrap();
        let a = analyse(&pos, 20_000).unwrap();
        assert_eq!(a, analyse(&pos, 20_000).unwrap());
        assert!(a.nodes <= 20_000 + 64 && a.depth >= 1, "{} nodes, depth {}", a.nodes, a.depth);
    }

    /// A safety net that fires at the search's first look at the clock cuts the analysis short, and the
    /// exact analysis is the one without a net, node for node.
    #[test]
    fn a_net_cuts_the_analysis_short_and_the_exact_one_has_none() {
        let pos = Position::start(Variant::Njombwa, Options::defaults(Variant::Njombwa)).unwrap();
        let exact = analyse_exact(&pos, 200_000).unwrap();
        assert_eq!(exact, analyse_to(&pos, 200_000, 64, None).unwrap());
        let cut = analyse_to(&pos, 200_000, 64, Some(std::time::Duration::ZERO)).unwrap();
        assert!(cut.nodes < exact.nodes / 10, "cut at {} nodes, exact {}", cut.nodes, exact.nodes);
        assert!(cut.depth < exact.depth, "cut at depth {}, exact {}", cut.depth, exact.depth);
    }

    #[test]
    fn values_are_counters_or_proven_results() {
        assert_eq!(Value::of(64), Value::Counters(2.0));
        assert_eq!(Value::of(-16), Value::Counters(-0.5));
        assert_eq!(Value::of(WIN - 3), Value::Win(3));
        assert_eq!(Value::of(-WIN + 5), Value::Loss(5));
    }

    #[test]
    fn a_finished_game_or_a_secret_choice_is_refused() {
        let ikibuguzo = Position::start(Variant::Ikibuguzo, Options::defaults(Variant::Ikibuguzo)).unwrap();
        assert_eq!(analyse(&ikibuguzo, 10_000), Err(AnalysisError::SecretChoice));
    }

    /// The best line as turns: read in order they are the line, each turn one side's decisions in a row
    /// (a new turn whenever the engine's turn begins), the first decision of each a `turn`.
    #[cfg(feature = "wire")]
    #[test]
    fn the_best_line_as_turns_is_the_line_grouped_by_whose_turn_it_is() {
        for variant in [Variant::Kubuguza, Variant::Njombwa, Variant::Azigo] {
            let pos = Position::start(variant, Options::defaults(variant)).unwrap();
            let a = analyse(&pos, 20_000).unwrap();
            let w = wire(&pos, &a);
            let flat: Vec<&str> =
                w.best_turns.iter().flat_map(|t| t.decisions.iter().map(|d| d.decision.as_str())).collect();
            assert_eq!(flat, w.best, "{variant}");
            let mut replay = pos.clone();
            for turn in &w.best_turns {
                assert_eq!(turn.decisions[0].kind, "turn", "{variant}: {turn:?}");
                for d in &turn.decisions {
                    let ToMove::Side(side) = replay.to_move() else { panic!("{variant}: the line goes on") };
                    assert_eq!(side.name(), turn.side, "{variant}");
                    let decision = Decision::parse(&d.decision, replay.geometry()).unwrap();
                    replay.apply(side, decision, &mut NoEvents).unwrap();
                }
            }
        }
    }
}
