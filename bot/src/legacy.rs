//! The first searches of this crate, kept unchanged because levels 2 to 4 are defined by them (and the
//! arena measures the newer search against level 4, `legacy-hard`): depth-limited alpha-beta (minimax
//! with cutoffs) on a material evaluation, deepened two turns at a time within a node budget, and the
//! greedy one-decision choice of level 2.
//!
//! **Whose decision.** A decision is not always a whole turn (docs/rules.md#d9-decisions): inside a turn the
//! same side may decide again. The side deciding at a node is always read from [`Position::to_move`], so a
//! node is a maximising node when it is the searching side's decision and a minimising one otherwise. A
//! decision that continues the same turn, and a forced decision (the only legal one: Ikibuguzo's opening
//! turns, a Njombwa `pass`), does not use up depth, so a search of depth `d` looks `d` whole turns ahead.
//!
//! **The secret choice.** During Ikibuguzo's simultaneous array choice ([`ToMove::Both`]), a node where
//! the searching side still has to choose is its own (maximising) node; a node where only the opponent
//! has to choose is a chance node: the opponent's choice is unknown, so both options count with equal
//! weight. The root of that phase is handled by [`choose_opening`], which solves the 2×2 game.
//!
//! **Deepening.** The search looks 2 turns ahead (its own and the opponent's reply), then 4, 6, … up to
//! the depth limit: every line ends after the opponent's reply, never right after the searching side's own
//! turn (which overrates a capture that the reply takes back; odd depths played worse in trials). Children
//! are tried best-first by their static value, the root's by the previous iteration's values.
//!
//! **Budgets.** Every decision applied during a search is a node; a search stops when its budget is
//! spent, and the deepest iteration decides (a partial one counts once it has searched the previous
//! iteration's best decision, which it tries first). Counting nodes rather than time keeps every decision
//! reproducible for a given seed.

use crate::eval;
use crate::opening;
use crate::root::{self, keeps_depth};
use crate::search::{DECIDED, INF, Limits, MAX_PLY, SearchStats, terminal};
use mancala_engine::{Decision, NoEvents, Position, Side, ToMove};
use rand::rngs::ChaCha8Rng;

/// The static value of a game in progress for `me`, in half counters: twice the material balance (counters
/// on `me`'s holes less the opponent's, Azigo's stores included: a player's Azigo score is its store plus
/// its row), and in Azigo less the balance of *overflow*.
///
/// Azigo's overflow: a hole of `n` counters `i` holes from its owner's left (0 to 19) sows `i + n − 20`
/// of them into the opponent's row whenever it is moved, and a player must move every turn, so counters
/// piled near the right end of the own row are partly the opponent's already. Each counts half. (Against
/// plain material, this term turned the hard level's 50 % against the medium one into 100 % in a 20-game
/// trial.)
pub(crate) fn heuristic(pos: &Position, me: Side) -> i32 {
    // The same sum as the material weights of [`eval`], which count in 1/32 counter.
    eval::evaluate(pos, me, &eval::material_weights(pos.variant())) / (eval::MATERIAL / 2)
}

/// The static value of `pos` for `me`: the result if the game is over, [`heuristic`] otherwise.
pub(crate) fn evaluate(pos: &Position, me: Side) -> i32 {
    match pos.outcome() {
        Some(outcome) => terminal(outcome, me, 0),
        None => heuristic(pos, me),
    }
}

/// The easy level: the decision whose resulting position evaluates best, ties broken at random.
pub(crate) fn greedy(pos: &Position, side: Side, rng: &mut ChaCha8Rng) -> Option<Decision> {
    let moves = pos.legal_decisions(side);
    let scored: Vec<(Decision, i32)> = moves
        .iter()
        .map(|&d| {
            let mut child = pos.clone();
            child.apply_unchecked(side, d, &mut NoEvents);
            (d, evaluate(&child, side))
        })
        .collect();
    (!scored.is_empty()).then(|| root::pick_best(&scored, rng))
}

/// A node being searched: who decides, how deep, and the window and best value so far.
struct Node {
    side: Side,
    maximising: bool,
    /// The side has a single legal decision.
    forced: bool,
    depth: i32,
    ply: u32,
    alpha: i32,
    beta: i32,
    best: i32,
}

/// One search: the side it plays for and its node budget.
struct Searcher {
    me: Side,
    nodes: u64,
    budget: u64,
    /// The budget ran out: every value since is meaningless.
    aborted: bool,
    /// Some line was cut by depth (rather than ending the game) in the current iteration.
    horizon: bool,
}

impl Searcher {
    fn new(me: Side, budget: u64) -> Searcher {
        Searcher { me, nodes: 0, budget, aborted: false, horizon: false }
    }

    /// Applies `decision` of `side` to a copy of `pos`, counting a node; `None` once the budget is spent.
    fn child(&mut self, pos: &Position, side: Side, decision: Decision) -> Option<Position> {
        if self.nodes >= self.budget {
            self.aborted = true;
            return None;
        }
        self.nodes += 1;
        let mut child = pos.clone();
        child.apply_unchecked(side, decision, &mut NoEvents);
        Some(child)
    }

    /// The minimax value of `pos` for `self.me`, searched `depth` turns deep, within `(alpha, beta)`
    /// (fail-soft).
    fn value(&mut self, pos: &Position, depth: i32, alpha: i32, beta: i32, ply: u32) -> i32 {
        let (side, maximising) = match pos.to_move() {
            ToMove::Nobody(outcome) => return terminal(outcome, self.me, ply),
            ToMove::Side(s) => (s, s == self.me),
            ToMove::Both { waiting } if waiting[self.me] => (self.me, true),
            ToMove::Both { .. } => return self.chance(pos, depth, ply),
        };
        if depth <= 0 || ply >= MAX_PLY {
            self.horizon = true;
            return heuristic(pos, self.me);
        }
        let moves = pos.legal_decisions(side);
        if moves.is_empty() {
            // Cannot happen in a game in progress (the engine ends a game whose mover has no decision).
            return heuristic(pos, self.me);
        }
        let mut node = Node {
            side,
            maximising,
            forced: moves.len() == 1,
            depth,
            ply,
            alpha,
            beta,
            best: if maximising { -INF } else { INF },
        };
        if depth >= 2 && moves.len() > 2 {
            // Order the children by their static value, best first for the side deciding: most cutoffs
            // come from trying the best decision first.
            let mut children = Vec::with_capacity(moves.len());
            for &d in &moves {
                let Some(child) = self.child(pos, side, d) else { return 0 };
                children.push((evaluate(&child, self.me), child));
            }
            if maximising {
                children.sort_by_key(|&(v, _)| std::cmp::Reverse(v));
            } else {
                children.sort_by_key(|&(v, _)| v);
            }
            for (_, child) in &children {
                if self.visit(&mut node, child) {
                    break;
                }
            }
        } else {
            for &d in &moves {
                let Some(child) = self.child(pos, side, d) else { return 0 };
                if self.visit(&mut node, &child) {
                    break;
                }
            }
        }
        if self.aborted { 0 } else { node.best }
    }

    /// Searches one child of `node` and folds its value in; true when the node is done (a cutoff, or the
    /// budget ran out).
    fn visit(&mut self, node: &mut Node, child: &Position) -> bool {
        let depth = if keeps_depth(node.forced, node.side, child) { node.depth } else { node.depth - 1 };
        let v = self.value(child, depth, node.alpha, node.beta, node.ply + 1);
        if self.aborted {
            return true;
        }
        if node.maximising {
            node.best = node.best.max(v);
            node.alpha = node.alpha.max(v);
        } else {
            node.best = node.best.min(v);
            node.beta = node.beta.min(v);
        }
        node.alpha >= node.beta
    }

    /// A node where only the opponent makes its secret choice: the mean over its options.
    fn chance(&mut self, pos: &Position, depth: i32, ply: u32) -> i32 {
        let opponent = self.me.other();
        let moves = pos.legal_decisions(opponent);
        if moves.is_empty() {
            return heuristic(pos, self.me);
        }
        let mut sum = 0i64;
        for &d in &moves {
            let Some(child) = self.child(pos, opponent, d) else { return 0 };
            sum += self.value(&child, depth, -INF, INF, ply + 1) as i64;
            if self.aborted {
                return 0;
            }
        }
        (sum / moves.len() as i64) as i32
    }
}

/// Alpha-beta with iterative deepening: the best decision of `side` within `limits`, ties between equally
/// valued decisions broken at random.
pub(crate) fn alpha_beta(
    pos: &Position,
    side: Side,
    limits: Limits,
    rng: &mut ChaCha8Rng,
    stats: &mut SearchStats,
) -> Option<Decision> {
    *stats = SearchStats::default();
    if matches!(pos.to_move(), ToMove::Both { .. }) {
        return choose_opening(pos, side, limits, rng, stats);
    }
    let moves = pos.legal_decisions(side);
    match moves.len() {
        0 => return None,
        1 => return Some(moves[0]),
        _ => {}
    }
    let mut s = Searcher::new(side, limits.nodes);
    let depths = (2..=limits.depth.max(2)).step_by(2);
    let d = root::deepen(pos, side, &moves, depths, &mut s, rng, stats);
    stats.nodes = s.nodes;
    Some(d)
}

impl root::RootSearch for Searcher {
    fn static_value(&self, pos: &Position) -> i32 {
        evaluate(pos, self.me)
    }

    fn count_node(&mut self) {
        self.nodes += 1;
    }

    fn begin_iteration(&mut self) {
        self.horizon = false;
    }

    fn child_value(&mut self, _: Decision, child: &Position, depth: i32, alpha: i32) -> Option<i32> {
        let v = self.value(child, depth, alpha, INF, 1);
        (!self.aborted).then_some(v)
    }

    fn reached_horizon(&self) -> bool {
        self.horizon
    }
}

/// The value of `pos` for `me` by iterative deepening within `limits`.
fn iterative_value(pos: &Position, me: Side, limits: Limits, stats: &mut SearchStats) -> i32 {
    let mut s = Searcher::new(me, limits.nodes);
    let mut value = evaluate(pos, me);
    for depth in (2..=limits.depth.max(2)).step_by(2) {
        s.horizon = false;
        let v = s.value(pos, depth, -INF, INF, 0);
        if s.aborted {
            break;
        }
        value = v;
        stats.depth = stats.depth.max(depth as u32);
        if !s.horizon || v.abs() >= DECIDED {
            break;
        }
    }
    stats.nodes += s.nodes;
    value
}

/// Ikibuguzo's secret choice: the 2×2 game of the two sides' array choices ([`opening::choose`]), each
/// cell valued by a search of a quarter of the budget.
fn choose_opening(
    pos: &Position,
    side: Side,
    limits: Limits,
    rng: &mut ChaCha8Rng,
    stats: &mut SearchStats,
) -> Option<Decision> {
    let cell = Limits { nodes: (limits.nodes / 4).max(1), ..limits };
    // Not the usual two-by-two choice: fall back to a plain look one decision ahead.
    opening::choose(pos, side, rng, |p| iterative_value(p, side, cell, stats))
        .or_else(|| greedy(&opening::without_choice_of(pos, side.other()), side, rng))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::{Options, Variant};
    use rand::{RngExt, SeedableRng};

    /// The reference minimax on the legacy heuristic.
    fn minimax(pos: &Position, me: Side, depth: i32, ply: u32) -> i32 {
        crate::reference::minimax(pos, me, depth, ply, &heuristic)
    }

    #[test]
    fn alpha_beta_agrees_with_minimax() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for variant in [Variant::Kubuguza, Variant::Njombwa, Variant::Azigo, Variant::IkibuguzoOpening1] {
            let mut pos = Position::start(variant, Options::defaults(variant)).unwrap();
            let mut checked = 0;
            while let ToMove::Side(side) = pos.to_move() {
                if pos.turn() % 7 == 3 && checked < 4 {
                    checked += 1;
                    for depth in 1..=3 {
                        let mut s = Searcher::new(side, u64::MAX);
                        let v = s.value(&pos, depth, -INF, INF, 0);
                        assert_eq!(v, minimax(&pos, side, depth, 0), "{variant} depth {depth}: {}", pos.to_text());
                    }
                }
                let moves = pos.legal_decisions(side);
                pos.apply_unchecked(side, moves[rng.random_range(0..moves.len())], &mut NoEvents);
            }
            assert!(checked > 0, "{variant}");
        }
    }
}
