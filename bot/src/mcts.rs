//! Monte Carlo tree search (UCT), an alternative to the alpha-beta search of levels 5 to 8 measured in
//! the arena (`mcts@NODES/ROLLOUT`): the tree grows one position a visit towards the decisions that
//! have done best so far (UCB1), and each new position is valued by a short random continuation
//! (`rollout` decisions) followed by the evaluation squashed to a probability of winning, or by the
//! game's result where it ends. The decision played is the root's most visited.
//!
//! The budget counts decisions applied (tree and continuations alike), as the search's does, so a
//! budget costs about the same time in both. Each tree node keeps its position (no replay from the
//! root), which bounds the budgets this is meant for to a few million.

use crate::eval::{self, Weights};
use crate::search::{Limits, SAFETY_TIME, SearchStats};
use mancala_engine::{Decision, NoEvents, Position, Side, ToMove};
use rand::RngExt;
use rand::rngs::ChaCha8Rng;
use std::time::Instant;

/// UCB1's exploration constant (values are probabilities of winning, 0 to 1).
const EXPLORATION: f64 = 0.7;
/// The evaluation's scale in the squash to a probability: this many 1/32 counters ahead is about 73 %.
const SCALE: f64 = 32.0 * 4.0;

struct Node {
    pos: Position,
    /// The decision that led here from the parent.
    decision: Decision,
    parent: usize,
    children: Vec<usize>,
    /// Decisions not yet expanded.
    untried: Vec<Decision>,
    visits: u32,
    /// Sum of the values for the side that made `decision` (the parent's mover).
    value: f64,
}

/// The side to decide in `pos`, if one side decides alone.
fn mover(pos: &Position) -> Option<Side> {
    match pos.to_move() {
        ToMove::Side(s) => Some(s),
        _ => None,
    }
}

/// The value of `pos` for `me`, as a probability of winning.
fn leaf_value(pos: &Position, me: Side, weights: &Weights) -> f64 {
    match pos.outcome() {
        Some(o) => match o.winner {
            Some(w) if w == me => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        },
        None => 1.0 / (1.0 + (-(eval::evaluate(pos, me, weights) as f64) / SCALE).exp()),
    }
}

/// The decision of `side` in `pos` by UCT within `limits` (`nodes` decisions applied, `depth` the random
/// continuation's length), and until `deadline` (or [`SAFETY_TIME`]) at the latest. `None` when `side`
/// does not decide alone in `pos`.
pub(crate) fn best_decision(
    pos: &Position,
    side: Side,
    limits: Limits,
    deadline: Option<Instant>,
    weights: &Weights,
    rng: &mut ChaCha8Rng,
    stats: &mut SearchStats,
) -> Option<Decision> {
    if mover(pos) != Some(side) {
        return None;
    }
    let moves: Vec<Decision> = pos.legal_decisions(side).iter().copied().collect();
    if moves.len() <= 1 {
        return moves.first().copied();
    }
    let root = Node {
        pos: pos.clone(),
        decision: moves[0],
        parent: usize::MAX,
        children: Vec::new(),
        untried: moves,
        visits: 0,
        value: 0.0,
    };
    let mut tree = vec![root];
    let mut applied = 0u64;
    // A visit that ends on a finished game applies nothing: it counts one towards the budget, so a tree
    // that has reached every end still stops.
    let mut spent = 0u64;
    let stop_at = deadline.unwrap_or_else(|| Instant::now() + SAFETY_TIME).min(Instant::now() + SAFETY_TIME);
    for visit in 0u64.. {
        if spent >= limits.nodes || (visit % 256 == 255 && Instant::now() >= stop_at) {
            break;
        }
        let before = applied;
        // Selection: down the tree by UCB1 while every decision of a node has been tried.
        let mut at = 0;
        while tree[at].untried.is_empty() && !tree[at].children.is_empty() {
            let ln = (tree[at].visits.max(1) as f64).ln();
            let pick = |&c: &usize| {
                let n = &tree[c];
                n.value / n.visits as f64 + EXPLORATION * (ln / n.visits as f64).sqrt()
            };
            at = *tree[at].children.iter().max_by(|a, b| pick(a).total_cmp(&pick(b))).expect("children");
        }
        // Expansion: one untried decision, chosen at random.
        if let (false, Some(side)) = (tree[at].untried.is_empty(), mover(&tree[at].pos)) {
            let i = rng.random_range(0..tree[at].untried.len());
            let decision = tree[at].untried.swap_remove(i);
            let mut pos = tree[at].pos.clone();
            pos.apply_unchecked(side, decision, &mut NoEvents);
            applied += 1;
            let untried = match mover(&pos) {
                Some(s) => pos.legal_decisions(s).iter().copied().collect(),
                None => Vec::new(),
            };
            tree.push(Node { pos, decision, parent: at, children: Vec::new(), untried, visits: 0, value: 0.0 });
            let child = tree.len() - 1;
            tree[at].children.push(child);
            at = child;
        }
        // Simulation: a short random continuation, then the evaluation (or the result).
        let mut pos = tree[at].pos.clone();
        for _ in 0..limits.depth {
            let Some(s) = mover(&pos) else { break };
            let legal = pos.legal_decisions(s);
            let d = legal[rng.random_range(0..legal.len())];
            pos.apply_unchecked(s, d, &mut NoEvents);
            applied += 1;
        }
        let south = leaf_value(&pos, Side::South, weights);
        // Back-propagation: each node's value for the side that moved into it.
        let mut n = at;
        while n != usize::MAX {
            let parent = tree[n].parent;
            let by = if parent == usize::MAX { None } else { mover(&tree[parent].pos) };
            tree[n].visits += 1;
            tree[n].value += match by {
                Some(Side::South) => south,
                Some(Side::North) => 1.0 - south,
                None => 0.0,
            };
            n = parent;
        }
        spent += (applied - before).max(1);
    }
    stats.nodes = applied;
    stats.depth = 0;
    let most = tree[0].children.iter().map(|&c| tree[c].visits).max()?;
    let best: Vec<usize> = tree[0].children.iter().copied().filter(|&c| tree[c].visits == most).collect();
    Some(tree[best[rng.random_range(0..best.len())]].decision)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bot, Level};
    use mancala_engine::{Options, Variant};

    const LIMITS: Limits = Limits { nodes: 20_000, depth: 10 };

    /// The tree beats random play from either seat: a value backed up for the wrong side would have it
    /// play to lose.
    #[test]
    fn beats_random_play() {
        for variant in [Variant::Kubuguza, Variant::Njombwa, Variant::Azigo] {
            for (game, mcts_side) in [Side::South, Side::North, Side::South, Side::North].into_iter().enumerate() {
                let mut pos = Position::start(variant, Options::defaults(variant)).unwrap();
                let mut mcts = Bot::mcts(Limits { nodes: 5_000, depth: 10 }, game as u64);
                let mut random = Bot::new(Level::L1, game as u64);
                let mut turns = 0;
                while let ToMove::Side(side) = pos.to_move() {
                    let bot = if side == mcts_side { &mut mcts } else { &mut random };
                    let d = bot.decide(&pos, side).expect("a decision");
                    pos.apply(side, d, &mut NoEvents).unwrap();
                    turns += 1;
                    if turns == 300 && variant == Variant::Azigo {
                        break;
                    }
                }
                let ahead = |s: Side| pos.counters_of(s) + pos.store(s) as u32;
                match pos.outcome() {
                    Some(o) => assert_eq!(o.winner, Some(mcts_side), "{variant}, game {game}: {}", pos.to_text()),
                    // Azigo's games run to hundreds of turns: the tree must be well ahead by then.
                    None => assert!(ahead(mcts_side) > 2 * ahead(mcts_side.other()), "{variant}: {}", pos.to_text()),
                }
            }
        }
    }

    /// The same seed gives the same decision; the budget is kept (within one continuation).
    #[test]
    fn reproducible_for_a_seed_and_within_its_budget() {
        let pos = Position::start(Variant::Azigo, Options::defaults(Variant::Azigo)).unwrap();
        let decide = |seed| {
            let mut bot = Bot::mcts(LIMITS, seed);
            let d = bot.decide(&pos, Side::South).expect("a decision");
            (d, bot.last_stats().nodes)
        };
        let (d, nodes) = decide(5);
        assert_eq!(decide(5), (d, nodes));
        assert!(pos.legal_decisions(Side::South).contains(&d));
        assert!((LIMITS.nodes..=LIMITS.nodes + LIMITS.depth as u64 + 1).contains(&nodes), "{nodes} nodes");
    }
}
