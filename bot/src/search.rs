//! Depth-limited alpha-beta (minimax with cutoffs) on a material evaluation, deepened two turns at a time
//! within a node budget, and the greedy one-decision choice of the easy level.
//!
//! **Whose decision.** A decision is not always a whole turn (RULES.md D9): inside a turn the same side may
//! decide again. The side deciding at a node is always read from [`Position::to_move`], so a node is a
//! maximising node when it is the searching side's decision and a minimising one otherwise. A decision that
//! continues the same turn, and a forced decision (the only legal one: Ikibuguzo's opening turns, a
//! Njombwa `pass`), does not use up depth, so a search of depth `d` looks `d` whole turns ahead.
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

use mancala_engine::{Decision, NoEvents, Outcome, Phase, Position, Side, ToMove, Variant};
use rand::RngExt;
use rand::rngs::ChaCha8Rng;

/// The value of a won game (less the number of decisions to reach it, so a quicker win scores higher).
pub(crate) const WIN: i32 = 1_000_000;
const INF: i32 = i32::MAX / 2;
/// Decisions below the root after which a line is evaluated whatever its depth (forced and same-turn
/// decisions do not use up depth, so this bounds a line of them).
const MAX_PLY: u32 = 96;
/// Scores at or beyond this are wins or losses found by the search, not evaluations.
const DECIDED: i32 = WIN - 2 * MAX_PLY as i32;

/// How far a search may go for one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Nodes: decisions applied. The root's own decisions are always applied, whatever this says.
    pub nodes: u64,
    /// Turns ahead, at most (the deepening goes 2, 4, 6, …; at least 2 is searched if the budget allows).
    pub depth: i32,
}

/// What a search did for one decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Decisions applied (nodes).
    pub nodes: u64,
    /// The depth (in turns) of the deepest iteration completed (0: none, or no search at this level).
    pub depth: u32,
}

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
    let of = |s: Side| pos.counters_of(s) as i32 + pos.store(s) as i32;
    let mut value = 2 * (of(me) - of(me.other()));
    if pos.variant() == Variant::Azigo {
        let geo = pos.geometry();
        let cols = geo.cols() as i32;
        for hole in geo.holes() {
            let n = pos.count(hole) as i32;
            if n == 0 {
                continue;
            }
            let owner = geo.owner(hole);
            let col = geo.col(hole) as i32;
            // South's left is column a, North's is the last column (RULES.md D1).
            let from_left = if owner == Side::South { col } else { cols - 1 - col };
            let overflow = (from_left + n - cols).max(0);
            value -= if owner == me { overflow } else { -overflow };
        }
    }
    value
}

/// The value of a finished game for `me`, `ply` decisions below the root.
fn terminal(outcome: Outcome, me: Side, ply: u32) -> i32 {
    match outcome.winner {
        Some(w) if w == me => WIN - ply as i32,
        Some(_) => -WIN + ply as i32,
        None => 0,
    }
}

/// The static value of `pos` for `me`: the result if the game is over, [`heuristic`] otherwise.
pub(crate) fn evaluate(pos: &Position, me: Side) -> i32 {
    match pos.outcome() {
        Some(outcome) => terminal(outcome, me, 0),
        None => heuristic(pos, me),
    }
}

/// Picks uniformly among the decisions whose score is the highest.
fn pick_best(scored: &[(Decision, i32)], rng: &mut ChaCha8Rng) -> Decision {
    let best = scored.iter().map(|&(_, s)| s).max().expect("at least one decision");
    let tied: Vec<Decision> = scored.iter().filter(|&&(_, s)| s == best).map(|&(d, _)| d).collect();
    tied[rng.random_range(0..tied.len())]
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
    (!scored.is_empty()).then(|| pick_best(&scored, rng))
}

/// Whether the decision that led from a node where `side` decided to `child` keeps the depth: it was
/// forced, or `side` decides again in the same turn.
fn keeps_depth(forced: bool, side: Side, child: &Position) -> bool {
    forced || (child.mid_turn().is_some() && child.to_move() == ToMove::Side(side))
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
    // The root's children, with their scores from the last completed iteration (first: static values).
    let mut root: Vec<(Decision, Position, i32)> = Vec::with_capacity(moves.len());
    for &d in &moves {
        // The budget always covers the root's children: a search must at least look one decision ahead.
        s.nodes += 1;
        let mut child = pos.clone();
        child.apply_unchecked(side, d, &mut NoEvents);
        let v = evaluate(&child, side);
        root.push((d, child, v));
    }
    let mut result: Vec<(Decision, i32)> = root.iter().map(|(d, _, v)| (*d, *v)).collect();
    for depth in (2..=limits.depth.max(2)).step_by(2) {
        // Best first; the sort is stable, so equal scores keep the legal order.
        root.sort_by_key(|&(_, _, v)| std::cmp::Reverse(v));
        s.horizon = false;
        let mut best = -INF;
        let mut done: Vec<(Decision, i32)> = Vec::with_capacity(root.len());
        for (d, child, _) in &root {
            let cd = if keeps_depth(false, side, child) { depth } else { depth - 1 };
            // A window just below the best so far: a decision as good as the best gets its exact value, so
            // ties are seen and broken at random; a worse one only needs to be proved worse.
            let v = s.value(child, cd, best.saturating_sub(1), INF, 1);
            if s.aborted {
                break;
            }
            best = best.max(v);
            done.push((*d, v));
        }
        if s.aborted {
            // A partial iteration counts when it searched at least the previous best decision (first in
            // order): its best is then at least as well founded as the last full iteration's.
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
        if !s.horizon || best.abs() >= DECIDED {
            // The whole game tree was searched, or the result is a forced win or loss.
            break;
        }
    }
    stats.nodes = s.nodes;
    Some(pick_best(&result, rng))
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

/// Ikibuguzo's secret choice: the 2×2 game of the two sides' array choices, each cell valued by a search
/// of a quarter of the budget, then a choice drawn from its optimal mixed strategy (a pure one when a choice
/// dominates). The opponent's choice is never looked at: if `pos` holds it, it is removed first.
fn choose_opening(
    pos: &Position,
    side: Side,
    limits: Limits,
    rng: &mut ChaCha8Rng,
    stats: &mut SearchStats,
) -> Option<Decision> {
    let base = without_choice_of(pos, side.other());
    let mine = base.legal_decisions(side);
    let theirs = base.legal_decisions(side.other());
    if mine.len() != 2 || theirs.len() != 2 {
        // Not the usual two-by-two choice: fall back to a plain look one decision ahead.
        return greedy(&base, side, rng);
    }
    let cell = Limits { nodes: (limits.nodes / 4).max(1), ..limits };
    let mut v = [[0i64; 2]; 2];
    for (i, &a) in mine.iter().enumerate() {
        for (j, &b) in theirs.iter().enumerate() {
            let mut p = base.clone();
            p.apply_unchecked(side, a, &mut NoEvents);
            p.apply_unchecked(side.other(), b, &mut NoEvents);
            v[i][j] = iterative_value(&p, side, cell, stats) as i64;
        }
    }
    let p0 = first_row_probability(v);
    let i = if rng.random_bool(p0) { 0 } else { 1 };
    Some(mine[i])
}

/// The probability of playing row 0 in the optimal strategy of the row (maximising) player of the 2×2
/// zero-sum game `v`.
fn first_row_probability(v: [[i64; 2]; 2]) -> f64 {
    let [[a, b], [c, d]] = v;
    if a == c && b == d {
        return 0.5;
    }
    if a >= c && b >= d {
        return 1.0;
    }
    if c >= a && d >= b {
        return 0.0;
    }
    // No row dominates: mix so that the column player is indifferent.
    let p = (d - c) as f64 / ((a - b) + (d - c)) as f64;
    p.clamp(0.0, 1.0)
}

/// `pos` with `other`'s secret array choice removed (a bot must not see it), or `pos` itself when
/// `other` has not chosen.
pub(crate) fn without_choice_of(pos: &Position, other: Side) -> Position {
    let Phase::Choosing(choices) = pos.phase() else { return pos.clone() };
    if choices[other].is_none() {
        return pos.clone();
    }
    let key = format!("choice.{}=", other.name());
    let full = pos.to_text();
    let text: Vec<&str> = full.split(' ').filter(|t| !t.starts_with(&key)).collect();
    Position::from_text(pos.variant(), *pos.options(), &text.join(" ")).unwrap_or_else(|_| pos.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::{Options, Variant};
    use rand::SeedableRng;

    /// Plain minimax with the same depth rules, for checking the cutoffs.
    fn minimax(pos: &Position, me: Side, depth: i32, ply: u32) -> i32 {
        let side = match pos.to_move() {
            ToMove::Nobody(o) => return terminal(o, me, ply),
            ToMove::Side(s) => s,
            ToMove::Both { .. } => unreachable!("not tested here"),
        };
        if depth <= 0 || ply >= MAX_PLY {
            return heuristic(pos, me);
        }
        let moves = pos.legal_decisions(side);
        let values = moves.iter().map(|&d| {
            let mut child = pos.clone();
            child.apply_unchecked(side, d, &mut NoEvents);
            let cd = if keeps_depth(moves.len() == 1, side, &child) { depth } else { depth - 1 };
            minimax(&child, me, cd, ply + 1)
        });
        if side == me { values.max().unwrap() } else { values.min().unwrap() }
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

    #[test]
    fn two_by_two_games() {
        // A dominant row.
        assert_eq!(first_row_probability([[3, 2], [1, 0]]), 1.0);
        assert_eq!(first_row_probability([[0, 1], [2, 3]]), 0.0);
        // Matching pennies: half and half.
        assert_eq!(first_row_probability([[1, -1], [-1, 1]]), 0.5);
        // A mixed strategy that makes the column player indifferent.
        let p = first_row_probability([[4, 0], [1, 2]]);
        assert!((p * 4.0 + (1.0 - p) * 1.0 - (p * 0.0 + (1.0 - p) * 2.0)).abs() < 1e-9);
    }
}
