//! Computer opponents for every variant of [`mancala_engine`], at eight [`Level`]s from random to strong.
//!
//! ```
//! use mancala_bot::{Bot, Level};
//! use mancala_engine::{NoEvents, Options, Position, Side, ToMove, Variant};
//!
//! let mut pos = Position::start(Variant::Kubuguza, Options::defaults(Variant::Kubuguza)).unwrap();
//! let mut south = Bot::new(Level::L3, 1);
//! let mut north = Bot::new(Level::L2, 2);
//! while let ToMove::Side(side) = pos.to_move() {
//!     let bot = if side == Side::South { &mut south } else { &mut north };
//!     let decision = bot.decide(&pos, side).expect("the side to move has a legal decision");
//!     pos.apply(side, decision, &mut NoEvents).unwrap();
//! }
//! assert!(pos.is_over());
//! ```
//!
//! # What a bot sees
//!
//! [`Bot::decide`] reads nothing but the position it is given, and the caller must give it the position
//! **as the bot's seat can know it**: a server or client rebuilds it by replaying the decisions visible to
//! that seat. Concretely:
//!
//! - During Ikibuguzo's secret array choice ([`ToMove::Both`]), the opponent's pending choice is simply
//!   absent from the position. As a safeguard, a bot also removes it itself if it is there: it never uses
//!   it.
//! - In Azigo the opponent's store is concealed from the players, but it is derivable from the board
//!   (docs/rules.md#azigo-concealed-store: every counter not on the board is in one of the stores, and a
//!   player knows its own store), so a position holding it tells the bot nothing it could not know.
//! - Everything else in a position is public.
//!
//! # Levels
//!
//! Eight levels, numbered as lichess numbers its computer levels, from a beginner's opponent (1) to the
//! strongest this crate plays in about one second a decision on the project's machine (8). Levels 1 to
//! 4 are also known by the names they had before there were eight: `random`, `easy`, `medium`, `hard`.
//!
//! | level | how it decides | budget |
//! |---|---|---|
//! | 1 (`random`) | a uniformly random legal decision | — |
//! | 2 (`easy`) | greedy: the decision after which the material is best, ties at random | one decision |
//! | 3 (`medium`) | alpha-beta on material, two turns deep (its own and the reply) | 5 000 nodes |
//! | 4 (`hard`) | alpha-beta on material deepened 2, 4, 6, … turns | 20 000 nodes |
//! | 5 | principal-variation search with a transposition table (below) | 50 000 nodes |
//! | 6 | the same | 150 000 nodes |
//! | 7 | the same | 400 000 nodes |
//! | 8 | the same | 1 000 000 nodes (Njombwa 5 000 000, Azigo 4 000 000): under 1 s a decision on the project's machine |
//!
//! A node is a decision applied, so budgets do not depend on the machine. The arena's Elo ladder of the
//! levels, per variant, is [`ladder`]; BENCHMARKS.md has the tables behind it and each level's time
//! per decision. Levels 2 to 4 are the searches of `legacy` (their behaviour is frozen: level 4 is
//! the fixed reference the arena measures the others against, [`Bot::legacy_hard`]).
//!
//! # The search of levels 5 to 8
//!
//! Negamax alpha-beta with principal-variation windows, deepened one turn at a time within the node
//! budget; a transposition table keyed by a Zobrist hash of the public position ([`zobrist`]); the
//! table's best decision tried first, then the others by their static value (or, next to the horizon,
//! by the history heuristic); and the search extended through the rest of a turn: a decision inside a
//! turn (relays and captures that go on, docs/rules.md#d9-decisions) or a forced one does not use up depth.
//! Details in the `search` module.
//!
//! A Monte Carlo tree search (`Bot::mcts`, the `mcts` module, behind the `mcts` feature that only the
//! arena turns on) is there for the arena's experiments; no level uses it, since it scored no better than
//! this search against the reference (BENCHMARKS.md).
//!
//! In every search, ties between equally valued decisions at the root are broken at random, so a level
//! does not repeat the same game against the same moves.
//!
//! # Evaluation
//!
//! Levels 2 to 4 evaluate material: the counters on the bot's holes less the opponent's, plus, in Azigo,
//! its store less the opponent's (a player's Azigo score is its store plus its row); in Azigo, counters
//! that a hole would sow into the opponent's row when moved count half (every turn a player must move).
//! Levels 5 to 8 evaluate a weighted sum of features ([`eval`]: material, mobility, the inner row (Azigo:
//! that overflow), exposure to capture, the captures each side threatens, the tempo, singletons (Azigo:
//! the store)) with one table of weights per variant ([`weights`]), fitted to the results of self-play
//! games. Only Kubuguza's fitted weights won in the arena; the other variants use the material weights
//! of levels 2 to 4. A finished game is worth more than any evaluation: a win (sooner is better), a draw
//! (0) or a loss.
//!
//! Ikibuguzo's secret choice is a simultaneous 2×2 game: the searching levels value each pair of choices
//! by a search and draw their choice from the optimal mixed strategy of that game; level 2, which sees
//! no difference one decision ahead, chooses at random.
//!
//! # Determinism
//!
//! A bot's only randomness is its ChaCha8 generator, seeded by [`Bot::new`], and its budgets count nodes,
//! not time: the same seed and the same sequence of positions give the same decisions on any machine. A
//! bot keeps nothing between decisions but its generator. The exceptions are a safety net, a search that
//! runs for [`SAFETY_TIME`] stops as if its budget were spent, which no level's budget comes near on an idle
//! machine but a search at low priority on a loaded one can reach (a measurement is then not of the level:
//! [`Bot::with_safety_time`] takes the net away); and a deadline its caller gives ([`Bot::decide_until`]: a
//! bot on a clock), which caps the budget by time.

pub mod analysis;
pub mod eval;
pub mod fairplay;
pub mod follower;
pub mod ladder;
mod legacy;
#[cfg(feature = "mcts")]
mod mcts;
mod opening;
#[cfg(test)]
mod reference;
pub mod review;
mod root;
mod search;
mod tt;
pub mod weights;
pub mod zobrist;

pub use search::{Config, Limits, SAFETY_TIME, SearchStats};

use mancala_engine::{Decision, Position, Side, ToMove, Variant};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::fmt;
use std::str::FromStr;
use std::time::Instant;

/// How strongly a bot plays, from 1 (random) to 8 (the strongest). The id (`Display` / `FromStr`) is the
/// one used in the CLI and the API: the level's number; `random`, `easy`, `medium` and `hard` are
/// accepted too, as the levels 1 to 4 they name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// A uniformly random legal decision (`random`).
    L1,
    /// The best decision one decision ahead, on material (`easy`).
    L2,
    /// Alpha-beta two turns deep on material (`medium`).
    L3,
    /// Alpha-beta on material deepened two turns at a time within 20 000 nodes (`hard`).
    L4,
    /// Principal-variation search with the tuned evaluation, within a node budget ([`Level::limits`]).
    L5,
    L6,
    L7,
    /// The same within the largest budget, about one second a decision on the project's machine.
    L8,
}

/// The ids accepted for the levels 1 to 4 besides their numbers.
const ALIASES: [(&str, Level); 4] =
    [("random", Level::L1), ("easy", Level::L2), ("medium", Level::L3), ("hard", Level::L4)];

/// How a bot decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Random,
    Greedy,
    /// The legacy alpha-beta of `legacy` on material.
    Legacy(Limits),
    /// The search of [`search`].
    Search(Limits, Config),
    /// Monte Carlo tree search (`mcts`): `nodes` decisions applied, continuations of `depth`.
    #[cfg(feature = "mcts")]
    Mcts(Limits),
}

/// The limits of the legacy `hard` level (level 4), also the arena's fixed reference, `legacy-hard`.
const LEGACY_HARD: Limits = Limits { nodes: 20_000, depth: 64 };

impl Level {
    pub const ALL: [Level; 8] =
        [Level::L1, Level::L2, Level::L3, Level::L4, Level::L5, Level::L6, Level::L7, Level::L8];

    /// The level's number, 1 to 8.
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The level of a number, 1 to 8.
    pub fn from_number(n: u8) -> Option<Level> {
        Level::ALL.get((n as usize).checked_sub(1)?).copied()
    }

    pub const fn id(self) -> &'static str {
        ["1", "2", "3", "4", "5", "6", "7", "8"][self as usize]
    }

    /// The name the levels 1 to 4 had before there were eight (`random`, `easy`, `medium`, `hard`).
    pub fn alias(self) -> Option<&'static str> {
        ALIASES.iter().find(|(_, l)| *l == self).map(|(a, _)| *a)
    }

    /// How far the searching levels look for one decision (`None` for levels 1 and 2): at most `nodes`
    /// decisions applied, and at most `depth` turns ahead. Level 8's budget depends on the variant
    /// ([`Level::limits_in`]); this is its budget in Kubuguza, the costliest variant per node.
    pub fn limits(self) -> Option<Limits> {
        match self.kind() {
            Kind::Random | Kind::Greedy => None,
            Kind::Legacy(l) | Kind::Search(l, _) => Some(l),
            #[cfg(feature = "mcts")]
            Kind::Mcts(l) => Some(l),
        }
    }

    /// The limits of the level in `variant`: [`Level::limits`], except level 8's node budget, which is
    /// set per variant so that its median decision costs under a second of CPU wherever the nodes are
    /// cheaper ([`level_8_nodes`]).
    pub fn limits_in(self, variant: Variant) -> Option<Limits> {
        let limits = self.limits()?;
        Some(if self == Level::L8 { Limits { nodes: level_8_nodes(variant), ..limits } } else { limits })
    }

    fn kind(self) -> Kind {
        let search = |nodes| Kind::Search(Limits { nodes, depth: 64 }, Config::DEFAULT);
        match self {
            Level::L1 => Kind::Random,
            Level::L2 => Kind::Greedy,
            Level::L3 => Kind::Legacy(Limits { nodes: 5_000, depth: 2 }),
            Level::L4 => Kind::Legacy(LEGACY_HARD),
            Level::L5 => search(LEVEL_NODES[0]),
            Level::L6 => search(LEVEL_NODES[1]),
            Level::L7 => search(LEVEL_NODES[2]),
            Level::L8 => search(LEVEL_NODES[3]),
        }
    }
}

/// The node budgets of levels 5 to 8 (BENCHMARKS.md: the ladder, and level 8's time per decision);
/// level 8's is Kubuguza's, see [`level_8_nodes`] for the others.
const LEVEL_NODES: [u64; 4] = [50_000, 150_000, 400_000, 1_000_000];

/// Level 8's node budget in `variant`. A node costs very different times across the variants (Njombwa's
/// and Azigo's boards are cheaper to copy and evaluate, and Njombwa's searches mostly end early on a
/// proved result), so one budget would leave those variants far under the second a decision level 8
/// may take; BENCHMARKS.md has the median CPU time of each, and the games that decided the numbers.
pub fn level_8_nodes(variant: Variant) -> u64 {
    match variant {
        Variant::Njombwa => 5_000_000,
        Variant::Azigo => 4_000_000,
        Variant::Kubuguza | Variant::Ikibuguzo | Variant::IkibuguzoOpening1 | Variant::IkibuguzoOpening2 => {
            LEVEL_NODES[3]
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The text is not a level id.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level `{0}` (known: 1 to 8, or random, easy, medium, hard)")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.id() == s)
            .or_else(|| ALIASES.iter().find(|(a, _)| *a == s).map(|(_, l)| *l))
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

/// A computer player. See the crate documentation for what it may be shown.
#[derive(Debug)]
pub struct Bot {
    kind: Kind,
    /// The level whose budget depends on the variant ([`Level::limits_in`]), unless the limits were
    /// set with [`Bot::with_limits`].
    level: Option<Level>,
    rng: ChaCha8Rng,
    stats: SearchStats,
    /// The wall-clock safety net of its searches ([`Bot::with_safety_time`]).
    safety: Option<std::time::Duration>,
}

impl Bot {
    /// A bot of `level` whose random choices come from a ChaCha8 generator seeded with `seed`.
    pub fn new(level: Level, seed: u64) -> Bot {
        Bot { level: Some(level), ..Bot::of_kind(level.kind(), seed) }
    }

    /// The legacy `hard` level (level 4 today), kept as the fixed reference opponent of the arena and
    /// the tests, whatever the levels become.
    pub fn legacy_hard(seed: u64) -> Bot {
        Bot::of_kind(Kind::Legacy(LEGACY_HARD), seed)
    }

    /// The search of levels 5 to 8 with any limits and configuration (experiments, the arena).
    pub fn searching(limits: Limits, config: Config, seed: u64) -> Bot {
        Bot::of_kind(Kind::Search(limits, config), seed)
    }

    #[cfg(feature = "mcts")]
    /// Monte Carlo tree search within `limits.nodes` decisions applied, each new position valued after
    /// `limits.depth` random decisions (experiments, the arena).
    pub fn mcts(limits: Limits, seed: u64) -> Bot {
        Bot::of_kind(Kind::Mcts(limits), seed)
    }

    fn of_kind(kind: Kind, seed: u64) -> Bot {
        Bot {
            kind,
            level: None,
            rng: ChaCha8Rng::seed_from_u64(seed),
            stats: SearchStats::default(),
            safety: Some(SAFETY_TIME),
        }
    }

    /// The same bot with other search limits (searching bots only; the decisions at the root are always
    /// looked at, whatever the budget).
    pub fn with_limits(mut self, limits: Limits) -> Bot {
        self.level = None;
        match &mut self.kind {
            Kind::Legacy(l) | Kind::Search(l, _) => *l = limits,
            #[cfg(feature = "mcts")]
            Kind::Mcts(l) => *l = limits,
            Kind::Random | Kind::Greedy => {}
        }
        self
    }

    /// The same bot with another safety net: a search of levels 5 to 8 that runs `safety` of wall-clock
    /// time stops as if its budget were spent ([`SAFETY_TIME`] unless set). `None`: the node budget alone
    /// decides, however long it takes, so the decisions are the level's whatever the machine's load; what
    /// a measurement of the level wants (`mancala-fairplay`: at low priority on a shared machine, a
    /// level-8 search took more than the net's 30 s and played outside level 8's reference).
    pub fn with_safety_time(mut self, safety: Option<std::time::Duration>) -> Bot {
        self.safety = safety;
        self
    }

    /// The safety net of its searches ([`Bot::with_safety_time`]).
    pub fn safety_time(&self) -> Option<std::time::Duration> {
        self.safety
    }

    /// What the search did for the last decision (zero for the bots that do not search).
    pub fn last_stats(&self) -> SearchStats {
        self.stats
    }

    /// The bot's decision for `side` in `pos`, or `None` when `side` has no legal decision (the game is
    /// over, or it is not `side`'s decision). `pos` must be the position as `side` may know it (see the
    /// crate documentation); nothing else is read.
    pub fn decide(&mut self, pos: &Position, side: Side) -> Option<Decision> {
        self.decide_until(pos, side, None)
    }

    /// [`Bot::decide`], searching until `deadline` at the latest: the search of levels 5 to 8 stops at
    /// whichever comes first, its node budget or the deadline, and plays the best decision of the deepest
    /// iteration it completed (a deadline already past still gets a legal decision, from the first
    /// iterations). Without a deadline this is [`Bot::decide`], reproducible for a seed; with one that
    /// binds, the decision depends on the machine's speed. Levels 1 to 4 ignore the deadline: their
    /// budgets are a few milliseconds (the legacy search is kept as it was, the arena's reference).
    pub fn decide_until(&mut self, pos: &Position, side: Side, deadline: Option<Instant>) -> Option<Decision> {
        self.stats = SearchStats::default();
        let hidden;
        let pos = if matches!(pos.to_move(), ToMove::Both { .. }) {
            // The opponent's secret choice, if the caller left it in, must not be used.
            hidden = opening::without_choice_of(pos, side.other());
            &hidden
        } else {
            pos
        };
        match self.kind {
            Kind::Random => {
                let moves = pos.legal_decisions(side);
                (!moves.is_empty()).then(|| moves[self.rng.random_range(0..moves.len())])
            }
            Kind::Greedy => legacy::greedy(pos, side, &mut self.rng),
            Kind::Legacy(limits) => legacy::alpha_beta(pos, side, limits, &mut self.rng, &mut self.stats),
            Kind::Search(limits, config) => {
                let limits = self.level.and_then(|l| l.limits_in(pos.variant())).unwrap_or(limits);
                self.search(pos, side, search::Budget { limits, deadline, safety: self.safety }, config)
            }
            #[cfg(feature = "mcts")]
            Kind::Mcts(limits) => {
                let weights = weights::of(pos.variant());
                mcts::best_decision(pos, side, limits, deadline, &weights, &mut self.rng, &mut self.stats).or_else(
                    || {
                        // Ikibuguzo's secret choice is a simultaneous game, which the tree does not model.
                        let limits = Limits { nodes: limits.nodes.min(100_000), depth: 64 };
                        self.search(
                            pos,
                            side,
                            search::Budget { limits, deadline, safety: self.safety },
                            Config::DEFAULT,
                        )
                    },
                )
            }
        }
    }

    /// The search of levels 5 to 8 within `budget`.
    fn search(&mut self, pos: &Position, side: Side, budget: search::Budget, config: Config) -> Option<Decision> {
        // A table per decision: a bot holds no memory between decisions (a server may run many), and a
        // decision depends on nothing but the position and the generator.
        let mut table = tt::Table::new(search::table_entries(budget.limits.nodes));
        search::best_decision(pos, side, budget, config, &mut table, &mut self.rng, &mut self.stats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only level 8's budget depends on the variant, and limits given to a bot replace it.
    #[test]
    fn level_8_has_a_budget_per_variant() {
        for variant in Variant::ALL {
            for level in Level::ALL {
                if level != Level::L8 {
                    assert_eq!(level.limits_in(variant), level.limits(), "{variant} {level}");
                }
            }
            assert_eq!(Level::L8.limits_in(variant).map(|l| l.nodes), Some(level_8_nodes(variant)));
        }
        assert_eq!(Level::L8.limits_in(Variant::Kubuguza), Level::L8.limits());
        let fixed = Limits { nodes: 3_000, depth: 64 };
        let bot = Bot::new(Level::L8, 1).with_limits(fixed);
        assert_eq!((bot.level, bot.kind), (None, Kind::Search(fixed, Config::DEFAULT)));
    }

    /// The decisions of a game between two searching bots (and both sides' secret choices in Ikibuguzo),
    /// as one FNV-1a hash of their notation.
    fn game_hash(variant: Variant, decide: impl Fn(&mut Bot, &Position, Side) -> Option<Decision>) -> u64 {
        let limits = Limits { nodes: 20_000, depth: 64 };
        let mut bots = [Bot::new(Level::L5, 11).with_limits(limits), Bot::new(Level::L6, 12).with_limits(limits)];
        let mut pos = Position::start(variant, mancala_engine::Options::defaults(variant)).unwrap();
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        loop {
            let sides: Vec<Side> = match pos.to_move() {
                ToMove::Nobody(_) => return hash,
                ToMove::Side(s) => vec![s],
                ToMove::Both { waiting } => Side::BOTH.into_iter().filter(|&s| waiting[s]).collect(),
            };
            let chosen: Vec<(Side, Decision)> =
                sides.iter().map(|&s| (s, decide(&mut bots[s.index()], &pos, s).expect("a decision"))).collect();
            for (s, d) in chosen {
                for b in d.notation(pos.geometry()).bytes().chain([b' ']) {
                    hash = (hash ^ b as u64).wrapping_mul(0x100_0000_01b3);
                }
                pos.apply(s, d, &mut mancala_engine::NoEvents).unwrap();
            }
        }
    }

    /// Searches without a deadline play exactly the games they played before deadlines existed (the
    /// hashes were taken then), and so does a deadline that never comes.
    #[test]
    fn without_a_deadline_the_games_are_unchanged() {
        let never = Instant::now() + std::time::Duration::from_secs(24 * 3600);
        for (variant, before) in [
            (Variant::Njombwa, 6_032_426_116_794_192_864),
            (Variant::Kubuguza, 13_886_238_569_498_153_504),
            (Variant::Ikibuguzo, 12_453_412_222_366_464_872),
        ] {
            assert_eq!(game_hash(variant, |b, p, s| b.decide(p, s)), before, "{variant}");
            assert_eq!(game_hash(variant, |b, p, s| b.decide_until(p, s, None)), before, "{variant}");
            assert_eq!(game_hash(variant, |b, p, s| b.decide_until(p, s, Some(never))), before, "{variant}");
        }
    }

    /// A deadline already past, or a few milliseconds off, still gets a legal decision, and the search
    /// stops at its first look at the clock instead of spending level 8's budget: at a turn's start, in
    /// the middle of a game, and in Ikibuguzo's secret choice (four searches, one per pair of arrays).
    #[test]
    fn a_deadline_past_or_near_still_answers_a_legal_decision() {
        use mancala_engine::{NoEvents, Options};
        let mut positions = Vec::new();
        for variant in [Variant::Kubuguza, Variant::Njombwa, Variant::Azigo, Variant::Ikibuguzo] {
            let mut pos = Position::start(variant, Options::defaults(variant)).unwrap();
            let mut random = Bot::new(Level::L1, 5);
            positions.push(pos.clone());
            for _ in 0..12 {
                let ToMove::Side(side) = pos.to_move() else { break };
                let d = random.decide(&pos, side).unwrap();
                pos.apply(side, d, &mut NoEvents).unwrap();
            }
            positions.push(pos);
        }
        assert!(positions.iter().any(|p| matches!(p.to_move(), ToMove::Both { .. })), "a secret choice is tried");
        for pos in &positions {
            let side = match pos.to_move() {
                ToMove::Side(s) => s,
                ToMove::Both { .. } => Side::South,
                ToMove::Nobody(_) => continue,
            };
            let legal = pos.legal_decisions(side);
            let past = Instant::now() - std::time::Duration::from_millis(50);
            let near = Instant::now() + std::time::Duration::from_millis(5);
            for deadline in [past, near] {
                let mut bot = Bot::new(Level::L8, 3);
                let d = bot.decide_until(pos, side, Some(deadline)).expect("a decision");
                assert!(legal.contains(&d), "{}: {d:?}", pos.to_text());
                let budget = Level::L8.limits_in(pos.variant()).unwrap().nodes;
                let nodes = bot.last_stats().nodes;
                assert!(nodes < budget, "{}: {nodes} nodes, the whole budget", pos.to_text());
                if deadline == past {
                    // The root's decisions, then at most one interval between two looks at the clock per
                    // search (four in the secret choice).
                    assert!(nodes <= 4 * search::CLOCK_EVERY + legal.len() as u64, "{}: {nodes} nodes", pos.to_text());
                }
            }
        }
    }

    #[test]
    fn level_ids_round_trip() {
        for level in Level::ALL {
            assert_eq!(level.id().parse::<Level>(), Ok(level));
            assert_eq!(level.to_string(), level.id());
        }
        for (alias, n) in [("random", 1), ("easy", 2), ("medium", 3), ("hard", 4)] {
            let level: Level = alias.parse().unwrap();
            assert_eq!(level.number(), n);
            assert_eq!(level.alias(), Some(alias));
            assert_eq!(Level::from_number(n), Some(level));
        }
        assert_eq!(Level::L8.alias(), None);
        assert_eq!(Level::from_number(0), None);
        assert_eq!(Level::from_number(9), None);
        for bad in ["expert", "0", "9", "legacy-hard"] {
            assert_eq!(
                bad.parse::<Level>().unwrap_err().to_string(),
                format!("unknown level `{bad}` (known: 1 to 8, or random, easy, medium, hard)")
            );
        }
    }
}
