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
    pick_best(&scores(pos, side, moves, depths, s, stats), rng)
}

/// The root's decisions with the scores that decide between them (the deepest iteration's, or the partial
/// one that counts): [`deepen`] picks among the highest. The generator plays no part before that pick, so
/// the highest are the same for a position and a budget whatever the seed.
pub(crate) fn scores(
    pos: &Position,
    side: Side,
    moves: &[Decision],
    depths: impl Iterator<Item = i32>,
    s: &mut impl RootSearch,
    stats: &mut SearchStats,
) -> Vec<(Decision, i32)> {
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
    result
}

/// Picks uniformly among the decisions whose score is the highest.
pub(crate) fn pick_best(scored: &[(Decision, i32)], rng: &mut ChaCha8Rng) -> Decision {
    let best = scored.iter().map(|&(_, s)| s).max().expect("at least one decision");
    let tied: Vec<Decision> = scored.iter().filter(|&&(_, s)| s == best).map(|&(d, _)| d).collect();
    tied[rng.random_range(0..tied.len())]
}

#[cfg(test)]
mod tests {
    use crate::analysis::{self, Value};
    use crate::search::{self, Config, Limits, SearchStats};
    use crate::tt::Table;
    use mancala_engine::{NoEvents, Options, Position, ToMove, Variant};
    use rand::RngExt;
    use rand::SeedableRng;
    use rand::rngs::ChaCha8Rng;

    /// Against a fallible opponent a lost position is not lost yet: where every decision loses, the search
    /// plays the one whose loss is furthest off (the opponent then needs the longest exact line); where
    /// some decision wins, it plays the quickest win. Checked against the analysis's exact values in the
    /// positions of random games where the result is proved.
    #[test]
    fn the_longest_loss_and_the_quickest_win() {
        let nodes = 20_000;
        let (mut losses, mut wins) = (0, 0);
        for (variant, seed) in [(Variant::Kubuguza, 1), (Variant::Njombwa, 2), (Variant::Kubuguza, 3)] {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut pos = Position::start(variant, Options::defaults(variant)).unwrap();
            while let ToMove::Side(side) = pos.to_move() {
                let moves = pos.legal_decisions(side);
                if moves.len() > 1 {
                    let a = analysis::analyse(&pos, nodes).unwrap();
                    let all_lost = a.decisions.iter().all(|s| matches!(s.value, Value::Loss(_)));
                    let won = matches!(a.value, Value::Win(_));
                    if all_lost || won {
                        let mut tt = Table::new(search::table_entries(nodes));
                        let limits = Limits { nodes, depth: 64 };
                        let mut stats = SearchStats::default();
                        let d = search::best_decision(
                            &pos,
                            side,
                            limits.into(),
                            Config::DEFAULT,
                            &mut tt,
                            &mut rng,
                            &mut stats,
                        )
                        .unwrap();
                        let value = a.decisions.iter().find(|s| s.decision == d).unwrap().value;
                        if all_lost {
                            losses += 1;
                            let longest = a
                                .decisions
                                .iter()
                                .map(|s| match s.value {
                                    Value::Loss(n) => n,
                                    _ => 0,
                                })
                                .max();
                            assert_eq!(value, Value::Loss(longest.unwrap()), "{variant}: {}", pos.to_text());
                        } else {
                            wins += 1;
                            assert_eq!(value, a.value, "{variant}: {}", pos.to_text());
                        }
                    }
                }
                pos.apply_unchecked(side, moves[rng.random_range(0..moves.len())], &mut NoEvents);
            }
        }
        assert!(losses > 0 && wins > 0, "{losses} lost positions, {wins} won");
    }
}
