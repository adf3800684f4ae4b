//! The root of a search, shared by both searches: the root's children are applied once (the budget
//! always covers them: a search looks at least one decision ahead), then searched again and again,
//! deeper each iteration, best first by the previous iteration's values. Each is searched with a window
//! just below the best so far: a decision as good as the best gets its exact value, so ties are seen and
//! broken at random (a bot that always answers the same way is dull to play); a worse one only needs to
//! be proved worse. When the budget runs out, the deepest iteration decides; a partial one counts once
//! it has searched the previous iteration's best decision, which it tries first.

use crate::search::{DECIDED, INF, SearchStats};
use mancala_engine::{Decision, NoEvents, Position, Side, ToMove};
use rand::RngExt;
use rand::rngs::ChaCha8Rng;

/// What the root needs of a search.
pub(crate) trait RootSearch {
    /// The static value of `pos` for the root's side.
    fn static_value(&self, pos: &Position) -> i32;
    /// Counts one node (a root child applied).
    fn count_node(&mut self);
    /// Starts an iteration (clears the horizon flag).
    fn begin_iteration(&mut self);
    /// The value for the root's side of `child` (reached by `decision`), `depth` turns deep, with the
    /// window's lower end at `alpha`; `None` when the budget ran out.
    fn child_value(&mut self, decision: Decision, child: &Position, depth: i32, alpha: i32) -> Option<i32>;
    /// Some line of the current iteration was cut by depth rather than ending the game.
    fn reached_horizon(&self) -> bool;
}

/// Whether the decision that led from a node where `side` decided to `child` keeps the depth: it was
/// forced, or `side` decides again in the same turn.
pub(crate) fn keeps_depth(forced: bool, side: Side, child: &Position) -> bool {
    forced || (child.mid_turn().is_some() && child.to_move() == ToMove::Side(side))
}

/// The decision of `side` in `pos` (which has at least two) by iterative deepening over `depths`.
pub(crate) fn deepen(
    pos: &Position,
    side: Side,
    moves: &[Decision],
    depths: impl Iterator<Item = i32>,
    s: &mut impl RootSearch,
    rng: &mut ChaCha8Rng,
    stats: &mut SearchStats,
) -> Decision {
    // The root's children, with their scores from the last completed iteration (first: static values).
    let mut root: Vec<(Decision, Position, i32)> = Vec::with_capacity(moves.len());
    for &d in moves {
        s.count_node();
        let mut child = pos.clone();
        child.apply_unchecked(side, d, &mut NoEvents);
        let v = s.static_value(&child);
        root.push((d, child, v));
    }
    let mut result: Vec<(Decision, i32)> = root.iter().map(|(d, _, v)| (*d, *v)).collect();
    for depth in depths {
        // Best first; the sort is stable, so equal scores keep the legal order.
        root.sort_by_key(|&(_, _, v)| std::cmp::Reverse(v));
        s.begin_iteration();
        let mut best = -INF;
        let mut done: Vec<(Decision, i32)> = Vec::with_capacity(root.len());
        let mut aborted = false;
        for (d, child, _) in &root {
            let cd = if keeps_depth(false, side, child) { depth } else { depth - 1 };
            let Some(v) = s.child_value(*d, child, cd, best.saturating_sub(1)) else {
                aborted = true;
                break;
            };
            best = best.max(v);
            done.push((*d, v));
        }
        if aborted {
            if !done.is_empty() {
                result = done;
            }
            break;
        }
        stats.depth = depth as u32;
        for (i, (_, _, v)) in root.iter_mut().enumerate() {
            *v = done[i].1;
        }
        result = done;
        if !s.reached_horizon() || best.abs() >= DECIDED {
            // The whole game tree was searched, or the result is a forced win or loss.
            break;
        }
    }
    pick_best(&result, rng)
}

/// Picks uniformly among the decisions whose score is the highest.
pub(crate) fn pick_best(scored: &[(Decision, i32)], rng: &mut ChaCha8Rng) -> Decision {
    let best = scored.iter().map(|&(_, s)| s).max().expect("at least one decision");
    let tied: Vec<Decision> = scored.iter().filter(|&&(_, s)| s == best).map(|&(d, _)| d).collect();
    tied[rng.random_range(0..tied.len())]
}
