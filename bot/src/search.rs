//! The search of levels 5 to 8: principal-variation search (negamax alpha-beta that proves every decision
//! after the first with a null window) with a transposition table, deepened one turn at a time within a
//! node budget, on the tuned evaluation of [`crate::eval`].
//!
//! **Whose decision.** A decision is not always a whole turn (docs/rules.md#d9-decisions): inside a turn the
//! same side may decide again. A node's value is for the side deciding there; a child where the same side
//! decides again keeps the window and the sign, a child of the other side negates both. A decision that
//! continues the same turn, and a forced decision (the only legal one: Ikibuguzo's opening turns, a Njombwa
//! `pass`), does not use up depth: the search is extended through the rest of a turn, so a search of depth
//! `d` looks `d` whole turns ahead.
//!
//! **Move ordering.** The transposition table's best decision first; then, where at least two turns
//! remain, every other child is applied and tried best first by its static value for the side deciding
//! (most cutoffs come from the best decision, and a sowing game's captures show in the material at
//! once); near the horizon, by the history heuristic (decisions that caused cutoffs elsewhere).
//!
//! **The root.** Decisions are tried in the order of the previous iteration's values, each with a window
//! just below the best so far: a decision as good as the best gets its exact value, so ties are seen and
//! broken at random (a bot that always answers the same way is dull to play); a worse one only needs to
//! be proved worse.
//!
//! **Budgets.** Every decision applied is a node; the search stops when its budget is spent, and the
//! deepest iteration decides (a partial one counts once it has searched the previous iteration's best
//! decision, which it tries first). Counting nodes, not time, keeps every decision reproducible for a
//! seed. A time limit far above any level's budget ([`SAFETY_TIME`]) only guards against a runaway.
//! A caller with a clock (a bot in a timed game) may also give a deadline: the search stops at whichever
//! comes first, its budget or the deadline, the same way; a decision that a deadline cut short is no
//! longer reproducible, which is why the budget stays the rule and the deadline only a cap.
//!
//! **The secret choice.** Ikibuguzo's simultaneous array choice is solved by [`crate::opening`], each
//! cell valued by a search of a quarter of the budget.

use crate::eval::{self, Eval, Weights};
use crate::opening;
use crate::root::{self, keeps_depth};
use crate::tt::{Bound, Entry, Table};
use crate::zobrist;
use mancala_engine::{Decision, Direction, NoEvents, OpeningArray, Outcome, Position, Side, StoreMove, ToMove};
use rand::rngs::ChaCha8Rng;
use std::time::{Duration, Instant};

/// The value of a won game (less the number of decisions to reach it, so a quicker win scores higher).
pub(crate) const WIN: i32 = 1_000_000;
pub(crate) const INF: i32 = i32::MAX / 2;
/// Decisions below the root after which a line is evaluated whatever its depth (forced and same-turn
/// decisions do not use up depth, so this bounds a line of them).
pub(crate) const MAX_PLY: u32 = 96;
/// Scores at or beyond this are wins or losses found by the search, not evaluations.
pub(crate) const DECIDED: i32 = WIN - 2 * MAX_PLY as i32;
/// A search that runs this long (wall clock) stops as if its node budget were spent: a safety net far
/// above any level's budget, even on a machine loaded several times over (BENCHMARKS.md), since a
/// decision it cuts short is no longer reproducible.
pub const SAFETY_TIME: Duration = Duration::from_secs(30);
/// The clock is read once per this many nodes.
pub(crate) const CLOCK_EVERY: u64 = 1024;

/// How far a search may go for one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Nodes: decisions applied. The root's own decisions are always applied, whatever this says.
    pub nodes: u64,
    /// Turns ahead, at most.
    pub depth: i32,
}

/// What bounds one search: its limits, the instant it must stop by, if any, and its safety net: the wall
/// clock time after which it stops as if its budget were spent ([`SAFETY_TIME`] for a bot; `None` where
/// the node budget alone must decide, however long it takes on a loaded machine: the fair-play reference
/// and the measurements that compare a bot with it).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    pub limits: Limits,
    pub deadline: Option<Instant>,
    pub safety: Option<Duration>,
}

impl From<Limits> for Budget {
    fn from(limits: Limits) -> Budget {
        Budget { limits, deadline: None, safety: Some(SAFETY_TIME) }
    }
}

/// What a search did for one decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Decisions applied (nodes).
    pub nodes: u64,
    /// The depth (in turns) of the deepest iteration completed (0: none, or no search at this level).
    pub depth: u32,
}

/// The parts of the search that can be switched off, to measure what each is worth (`mancala-arena`'s
/// `+` options). The levels use [`Config::default`], everything on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    pub eval: Eval,
    pub tt: bool,
    /// Null-window proofs for every decision but the first (plain alpha-beta otherwise).
    pub pvs: bool,
    /// Iterations go 1, 2, 3, … turns deep (`1`) or 2, 4, 6, … (`2`).
    pub step: i32,
    /// Ikibuguzo's secret choice made always with this array (the arena's experiments on the choice);
    /// `None`, the levels': the 2×2 game is solved.
    pub array: Option<OpeningArray>,
}

impl Config {
    /// Everything on: the levels' configuration.
    pub const DEFAULT: Config = Config { eval: Eval::Tuned, tt: true, pvs: true, step: 1, array: None };
}

impl Default for Config {
    fn default() -> Config {
        Config::DEFAULT
    }
}

/// Entries of the transposition table for a search of `nodes` nodes: about one per node, between 2^10
/// and 2^20 (16 MiB).
pub(crate) fn table_entries(nodes: u64) -> usize {
    (nodes as usize).clamp(1 << 10, 1 << 20)
}

/// The value of a finished game for `me`, `ply` decisions below the root.
pub(crate) fn terminal(outcome: Outcome, me: Side, ply: u32) -> i32 {
    match outcome.winner {
        Some(w) if w == me => WIN - ply as i32,
        Some(_) => -WIN + ply as i32,
        None => 0,
    }
}

/// A won or lost value is stored relative to the node (decisions to the end from there), so that it is
/// right wherever the node is found again.
fn to_table(v: i32, ply: u32) -> i32 {
    if v >= DECIDED {
        v + ply as i32
    } else if v <= -DECIDED {
        v - ply as i32
    } else {
        v
    }
}

fn from_table(v: i32, ply: u32) -> i32 {
    if v >= DECIDED {
        v - ply as i32
    } else if v <= -DECIDED {
        v + ply as i32
    } else {
        v
    }
}

/// A decision's slot in the history table.
fn history_index(d: Decision) -> usize {
    match d {
        Decision::Sow { hole, direction } => hole.index() * 2 + (direction == Direction::Clockwise) as usize,
        Decision::Store(m) => {
            80 + match m {
                StoreMove::Plain => 0,
                StoreMove::Loop => 1,
                StoreMove::Cross => 2,
            }
        }
        Decision::Pass => 83,
        Decision::Opening(a) => 83 + a.number() as usize,
    }
}

const HISTORY: usize = 86;

/// One search for one decision.
pub(crate) struct Searcher<'t> {
    cfg: Config,
    weights: Weights,
    tt: &'t mut Table,
    history: [[u32; HISTORY]; 2],
    nodes: u64,
    budget: u64,
    /// The search stops as if its budget were spent once the clock reads this: its deadline, or its
    /// safety time after it started, whichever is first (`None`: only the budget stops it).
    stop_at: Option<Instant>,
    /// The budget (or the time) ran out: every value since is meaningless.
    aborted: bool,
    /// Some line was cut by depth (rather than ending the game) in the current iteration.
    horizon: bool,
    /// The side the search decides for.
    root: Side,
}

impl<'t> Searcher<'t> {
    /// A search of `pos` within `budget` nodes, and until `deadline` or for `safety` at most when there
    /// are.
    pub(crate) fn new(
        pos: &Position,
        cfg: Config,
        budget: u64,
        (deadline, safety): (Option<Instant>, Option<Duration>),
        tt: &'t mut Table,
    ) -> Searcher<'t> {
        let weights = match cfg.eval {
            Eval::Material => eval::material_weights(pos.variant()),
            Eval::Tuned => crate::weights::of(pos.variant()),
            Eval::Weights(w) => w,
        };
        tt.clear();
        let safety = safety.map(|t| Instant::now() + t);
        Searcher {
            cfg,
            weights,
            tt,
            history: [[0; HISTORY]; 2],
            nodes: 0,
            budget,
            stop_at: match (deadline, safety) {
                (Some(d), Some(s)) => Some(d.min(s)),
                (d, s) => d.or(s),
            },
            aborted: false,
            horizon: false,
            root: Side::South,
        }
    }

    /// The same searcher deciding for `side` at its root.
    pub(crate) fn deciding(mut self, side: Side) -> Searcher<'t> {
        self.root = side;
        self
    }

    /// Decisions applied so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    fn static_value(&self, pos: &Position, me: Side) -> i32 {
        match pos.outcome() {
            Some(o) => terminal(o, me, 0),
            None => eval::evaluate(pos, me, &self.weights),
        }
    }

    /// Applies `decision` of `side` to a copy of `pos`, counting a node; `None` once the budget is spent.
    fn child(&mut self, pos: &Position, side: Side, decision: Decision) -> Option<Position> {
        if self.nodes >= self.budget
            || (self.nodes.is_multiple_of(CLOCK_EVERY)
                && self.nodes > 0
                && self.stop_at.is_some_and(|t| Instant::now() >= t))
        {
            self.aborted = true;
            return None;
        }
        self.nodes += 1;
        let mut child = pos.clone();
        child.apply_unchecked(side, decision, &mut NoEvents);
        Some(child)
    }

    /// The value of `child` for `side` (who decided at its parent), searched `depth` turns within
    /// `window` (alpha, beta). `passed`: the decision that led to it was a pass.
    fn value_for(
        &mut self,
        child: &Position,
        passed: bool,
        side: Side,
        depth: i32,
        window: (i32, i32),
        ply: u32,
    ) -> i32 {
        let key = zobrist::key(child, passed);
        let (alpha, beta) = window;
        match child.to_move() {
            ToMove::Side(s) if s != side => -self.negamax(child, key, s, depth, (-beta, -alpha), ply),
            _ => self.negamax(child, key, side, depth, window, ply),
        }
    }

    /// The value of `pos` for `side`, who decides there (or, if the game is over, decided last),
    /// searched `depth` turns deep within `window` (alpha, beta), fail-soft.
    fn negamax(&mut self, pos: &Position, key: u64, side: Side, depth: i32, window: (i32, i32), ply: u32) -> i32 {
        let (alpha, beta) = window;
        match pos.to_move() {
            ToMove::Nobody(outcome) => return terminal(outcome, side, ply),
            ToMove::Side(_) => {}
            // Below the root the secret choice is never reached (the root solves it first).
            ToMove::Both { .. } => return self.static_value(pos, side),
        }
        if depth <= 0 || ply >= MAX_PLY {
            self.horizon = true;
            return self.static_value(pos, side);
        }
        let mut tt_best = None;
        if self.cfg.tt
            && let Some(e) = self.tt.get(key)
        {
            tt_best = Some(e.best);
            if e.depth as i32 >= depth {
                let v = from_table(e.value, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if cut {
                    if v.abs() < DECIDED {
                        self.horizon = true;
                    }
                    return v;
                }
            }
        }
        let moves = pos.legal_decisions(side);
        if moves.is_empty() {
            // Cannot happen in a game in progress (the engine ends a game whose mover has no decision).
            return self.static_value(pos, side);
        }
        let mut node = Node {
            side,
            forced: moves.len() == 1,
            depth,
            ply,
            alpha0: alpha,
            alpha,
            beta,
            best: -INF,
            best_i: u8::MAX,
            searched: 0,
        };
        let tt_i = tt_best.filter(|&i| (i as usize) < moves.len()).map(|i| i as usize);
        // The table's decision first, before the others are even applied: it often cuts at once.
        if let Some(i) = tt_i {
            let Some(child) = self.child(pos, side, moves[i]) else { return 0 };
            self.visit(&mut node, i, moves[i], &child);
        }
        if !self.aborted && node.alpha < node.beta {
            let rest = (0..moves.len()).filter(|&i| Some(i) != tt_i);
            if depth >= 2 && moves.len() > 2 {
                // Every other child applied and tried best first by its static value for the side deciding.
                let mut children = Vec::with_capacity(moves.len());
                for i in rest {
                    let Some(child) = self.child(pos, side, moves[i]) else { return 0 };
                    children.push((self.static_value(&child, side), i, child));
                }
                children.sort_by_key(|&(v, i, _)| (std::cmp::Reverse(v), i));
                for (_, i, child) in &children {
                    if self.visit(&mut node, *i, moves[*i], child) {
                        break;
                    }
                }
            } else {
                // Near the horizon, applying every child to order them costs more than it saves.
                let h = &self.history[side.index()];
                let mut order: Vec<usize> = rest.collect();
                order.sort_by_key(|&i| std::cmp::Reverse(h[history_index(moves[i])]));
                for i in order {
                    let Some(child) = self.child(pos, side, moves[i]) else { return 0 };
                    if self.visit(&mut node, i, moves[i], &child) {
                        break;
                    }
                }
            }
        }
        if self.aborted {
            return 0;
        }
        self.record(key, &node, &moves);
        node.best
    }

    /// A searched node's result: the history of a decision that cut, and the table's entry.
    fn record(&mut self, key: u64, node: &Node, moves: &[Decision]) {
        if node.best >= node.beta && node.best_i != u8::MAX {
            let d = moves[node.best_i as usize];
            let h = &mut self.history[node.side.index()][history_index(d)];
            *h = h.saturating_add((node.depth * node.depth) as u32);
        }
        if self.cfg.tt {
            let bound = if node.best <= node.alpha0 {
                Bound::Upper
            } else if node.best >= node.beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let entry =
                Entry { value: to_table(node.best, node.ply), depth: node.depth as i16, bound, best: node.best_i };
            self.tt.put(key, entry);
        }
    }

    /// Searches child `i` (`decision`) of `node` and folds its value in; true when the node is done (a
    /// cutoff, or the budget ran out). Every child after the first is searched with a null window first
    /// (PVS), and again with the full window when that fails high inside it.
    fn visit(&mut self, node: &mut Node, i: usize, decision: Decision, child: &Position) -> bool {
        let depth = if keeps_depth(node.forced, node.side, child) { node.depth } else { node.depth - 1 };
        let (passed, side, ply) = (decision == Decision::Pass, node.side, node.ply + 1);
        let (alpha, beta) = (node.alpha, node.beta);
        let v = if node.searched == 0 || !self.cfg.pvs || beta - alpha <= 1 {
            self.value_for(child, passed, side, depth, (alpha, beta), ply)
        } else {
            let v = self.value_for(child, passed, side, depth, (alpha, alpha + 1), ply);
            if v > alpha && v < beta && !self.aborted {
                self.value_for(child, passed, side, depth, (v, beta), ply)
            } else {
                v
            }
        };
        if self.aborted {
            return true;
        }
        node.searched += 1;
        if v > node.best {
            node.best = v;
            node.best_i = i as u8;
        }
        node.alpha = node.alpha.max(v);
        node.alpha >= node.beta
    }
}

/// A node being searched: who decides, how deep, the window and the best so far.
struct Node {
    side: Side,
    /// The side has a single legal decision.
    forced: bool,
    depth: i32,
    ply: u32,
    /// The window's lower end as the node was entered (a best value at or below it is an upper bound).
    alpha0: i32,
    alpha: i32,
    beta: i32,
    best: i32,
    /// The index of the best decision so far in the legal decisions (`u8::MAX`: none yet).
    best_i: u8,
    searched: usize,
}

/// The decision of `side` in `pos` by iterative deepening within `budget`, ties between equally valued
/// decisions broken at random.
pub(crate) fn best_decision(
    pos: &Position,
    side: Side,
    budget: Budget,
    cfg: Config,
    tt: &mut Table,
    rng: &mut ChaCha8Rng,
    stats: &mut SearchStats,
) -> Option<Decision> {
    *stats = SearchStats::default();
    let Budget { limits, deadline, safety } = budget;
    if matches!(pos.to_move(), ToMove::Both { .. }) {
        let forced = cfg.array.map(Decision::Opening).filter(|d| pos.legal_decisions(side).contains(d));
        if forced.is_some() {
            return forced;
        }
        let cell = Budget { limits: Limits { nodes: (limits.nodes / 4).max(1), ..limits }, deadline, safety };
        return opening::choose(pos, side, rng, |p| value(p, side, cell, cfg, tt, stats)).or_else(|| {
            let moves = pos.legal_decisions(side);
            moves.first().copied()
        });
    }
    let moves = pos.legal_decisions(side);
    match moves.len() {
        0 => return None,
        1 => return Some(moves[0]),
        _ => {}
    }
    let mut s = Searcher::new(pos, cfg, limits.nodes, (deadline, safety), tt);
    s.root = side;
    let step = cfg.step.max(1);
    let depths = (step..=limits.depth.max(step)).step_by(step as usize);
    let d = root::deepen(pos, side, &moves, depths, &mut s, rng, stats);
    stats.nodes = s.nodes;
    Some(d)
}

/// The decisions among which [`best_decision`] would pick for `side` in `pos` within `limits` and `cfg`
/// (no deadline, a fresh table of the size a bot's search has): those of the highest score, in legal
/// order; empty unless `side` alone is to decide with a choice of at least two decisions. No safety net
/// either: a bot's search cut by it is no longer the search of its budget, and neither would this be, so
/// the nodes alone decide, however loaded the machine.
pub(crate) fn best_decisions(pos: &Position, side: Side, limits: Limits, cfg: Config) -> Vec<Decision> {
    if pos.to_move() != ToMove::Side(side) {
        return Vec::new();
    }
    let moves = pos.legal_decisions(side);
    if moves.len() < 2 {
        return Vec::new();
    }
    let mut tt = Table::new(table_entries(limits.nodes));
    let mut s = Searcher::new(pos, cfg, limits.nodes, (None, None), &mut tt);
    s.root = side;
    let step = cfg.step.max(1);
    let depths = (step..=limits.depth.max(step)).step_by(step as usize);
    let scored = root::scores(pos, side, &moves, depths, &mut s, &mut SearchStats::default());
    let best = scored.iter().map(|&(_, v)| v).max().unwrap_or(i32::MIN);
    moves.into_iter().filter(|d| scored.iter().any(|&(e, v)| e == *d && v == best)).collect()
}

impl root::RootSearch for Searcher<'_> {
    fn static_value(&self, pos: &Position) -> i32 {
        Searcher::static_value(self, pos, self.root)
    }

    fn count_node(&mut self) {
        self.nodes += 1;
    }

    fn begin_iteration(&mut self) {
        self.horizon = false;
    }

    fn child_value(&mut self, decision: Decision, child: &Position, depth: i32, alpha: i32) -> Option<i32> {
        let v = self.value_for(child, decision == Decision::Pass, self.root, depth, (alpha, INF), 1);
        (!self.aborted).then_some(v)
    }

    fn reached_horizon(&self) -> bool {
        self.horizon
    }
}

/// The value of `pos` for `me` by iterative deepening within `budget`.
fn value(pos: &Position, me: Side, budget: Budget, cfg: Config, tt: &mut Table, stats: &mut SearchStats) -> i32 {
    let Budget { limits, deadline, safety } = budget;
    let mut s = Searcher::new(pos, cfg, limits.nodes, (deadline, safety), tt);
    let mut value = s.static_value(pos, me);
    let step = cfg.step.max(1);
    let mut depth = step;
    while depth <= limits.depth.max(step) {
        s.horizon = false;
        let v = s.value_for(pos, false, me, depth, (-INF, INF), 0);
        if s.aborted {
            break;
        }
        value = v;
        stats.depth = stats.depth.max(depth as u32);
        if !s.horizon || v.abs() >= DECIDED {
            break;
        }
        depth += step;
    }
    stats.nodes += s.nodes;
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::{Options, Variant};
    use rand::{RngExt, SeedableRng};

    /// The reference minimax on this search's evaluation.
    fn minimax(pos: &Position, me: Side, depth: i32, ply: u32, w: &Weights) -> i32 {
        crate::reference::minimax(pos, me, depth, ply, &|p, me| eval::evaluate(p, me, w))
    }

    /// Every combination of the table and the null windows gives the minimax value, at every depth of
    /// an iterative deepening that shares one table.
    #[test]
    fn pvs_with_the_table_agrees_with_minimax() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut tt = Table::new(1 << 14);
        for variant in [Variant::Kubuguza, Variant::Njombwa, Variant::Azigo, Variant::IkibuguzoOpening2] {
            let mut pos = Position::start(variant, Options::defaults(variant)).unwrap();
            let mut checked = 0;
            while let ToMove::Side(side) = pos.to_move() {
                if pos.turn() % 7 == 3 && checked < 3 {
                    checked += 1;
                    let w = crate::weights::of(variant);
                    for (tt_on, pvs) in [(false, false), (true, false), (false, true), (true, true)] {
                        let cfg = Config { tt: tt_on, pvs, ..Config::default() };
                        let mut s = Searcher::new(&pos, cfg, u64::MAX, (None, None), &mut tt);
                        for depth in 1..=3 {
                            let v = s.value_for(&pos, false, side, depth, (-INF, INF), 0);
                            assert_eq!(
                                v,
                                minimax(&pos, side, depth, 0, &w),
                                "{variant} depth {depth} tt {tt_on} pvs {pvs}: {}",
                                pos.to_text()
                            );
                        }
                    }
                }
                let moves = pos.legal_decisions(side);
                pos.apply_unchecked(side, moves[rng.random_range(0..moves.len())], &mut NoEvents);
            }
            assert!(checked > 0, "{variant}");
        }
    }

    #[test]
    fn table_values_of_won_games_are_relative_to_the_node() {
        let v = WIN - 10;
        assert_eq!(from_table(to_table(v, 4), 4), v);
        assert_eq!(from_table(to_table(v, 4), 6), v - 2, "found two decisions deeper: the win is further");
        assert_eq!(from_table(to_table(-v, 3), 3), -v);
        assert_eq!(to_table(123, 9), 123);
    }
}
