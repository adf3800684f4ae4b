//! Making a set: games between bots (levels 3 to 8), each game's rule set, levels and generators derived
//! from one seed and the game's number, every position at the start of a turn screened with a cheap
//! analysis, the candidates solved at the verification budget, themed and rated
//! ([`mancala_puzzles::make::find`]).
//!
//! Deterministic: a game's puzzles depend only on the seed, the game's number, the random opening and the
//! budgets, and the games' puzzles are taken in the games' order until the count is reached, whatever
//! `jobs` is. Positions a set holds already (`known`) are not searched again: they count as taken where
//! they stand, so the rest of the game is looked at as if they had been found again.

use mancala_bot::{Bot, Level};
use mancala_engine::{Decision, NoEvents, Options, Position, Side, ToMove, Variant};
use mancala_puzzles::make::find::{Keep, Stats, find_kept, id_at};
use mancala_puzzles::make::{Budgets, Here};
use mancala_puzzles::{Puzzle, PuzzleGame, Source};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// The most puzzles taken from one game, so a set is not a few long games' positions.
pub const MAX_PER_GAME: usize = 6;

/// The fewest decisions between the end of one puzzle's line and the next puzzle of the same game, so
/// two puzzles are not the same fight seen twice.
pub const SPACING: u32 = 8;

/// The most decisions of a self-play game (every rule set ends far sooner; a guard only).
const MAX_GAME_DECISIONS: u32 = 4_000;

/// What to make.
#[derive(Clone, Debug)]
pub struct Plan {
    pub game: PuzzleGame,
    /// The rule sets played, in turn by game number.
    pub variants: Vec<Variant>,
    pub seed: u64,
    /// Puzzles wanted.
    pub count: usize,
    /// Games played at most (a guard when a rule set yields few puzzles).
    pub max_games: usize,
    /// The solver's verification budget, when not the default ([`Budgets::of`]).
    pub verify: Option<u64>,
    /// The most decisions at the start of a game drawn at random from the legal ones (each game draws
    /// 1 to this many; 0: none, the bots play from the start). Bots of the same two levels play nearly
    /// the same game whatever their seeds, so without it a few hundred games hold few new positions.
    pub random_opening: u32,
    /// The strongest bot level that plays (1 to 8; each side's level is drawn from `min_level` to this).
    /// Lower is cheaper where level 8's games are long (Azigo), and its games hold more mistakes to punish.
    pub max_level: u8,
    /// The weakest bot level that plays (1 to `max_level`; 3 unless asked). Levels 1 (random) and 2
    /// (greedy) leave the gains a puzzle asks for far more often than a searching level does: where a
    /// game's gains are rare among its defences (Azigo), their games are where the gains are.
    pub min_level: u8,
    /// Positions already in a set, by id, with their solution's length in decisions: not searched again.
    pub known: Arc<BTreeMap<String, u32>>,
    /// Which puzzles are kept: every one, or gains and wins only (where a game's set has too many
    /// defences, their searches are saved for the rest).
    pub keep: Keep,
}

/// One self-play game, all of it derived from the seed and the game's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelfPlay {
    pub variant: Variant,
    /// The game's seed, stored in its puzzles' source: the bots' generators are derived from it.
    pub seed: u64,
    pub south: Level,
    pub north: Level,
    /// The game's first decisions drawn at random from the legal ones.
    pub random_plies: u32,
}

/// SplitMix64's output function: spreads a counter into well-mixed bits.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl SelfPlay {
    /// Game number `index` of `plan`.
    pub fn of(plan: &Plan, index: usize) -> SelfPlay {
        let game_no = PuzzleGame::ALL.iter().position(|g| *g == plan.game).unwrap_or(0) as u64;
        let seed = mix(mix(plan.seed ^ (game_no << 56)) ^ index as u64);
        let max = plan.max_level.clamp(1, 8);
        let min = plan.min_level.clamp(1, max);
        let span = u64::from(max - min + 1);
        let level = |salt: u64| Level::from_number(min + (mix(seed ^ salt) % span) as u8).expect("levels 1 to 8");
        let random_plies = match plan.random_opening {
            0 => 0,
            n => 1 + (mix(seed ^ 3) % u64::from(n)) as u32,
        };
        SelfPlay {
            variant: plan.variants[index % plan.variants.len()],
            seed,
            south: level(1),
            north: level(2),
            random_plies,
        }
    }

    /// The decision drawn for `side` at `ply` of the random opening.
    fn random_decision(&self, pos: &Position, side: Side, ply: u32) -> Decision {
        let legal = pos.legal_decisions(side);
        let draw = mix(self.seed ^ (0x0de4 + side.index() as u64) ^ (u64::from(ply) << 32));
        legal[(draw % legal.len() as u64) as usize]
    }

    /// The bot's generator seed of `side` in this game.
    pub fn bot_seed(&self, side: Side) -> u64 {
        mix(self.seed ^ (0x5eed + side.index() as u64))
    }

    /// Plays the game, showing `visit` every position at the start of a turn where the side to move has
    /// a choice, with the decisions played before it, until the game ends or `visit` says stop. Returns
    /// the seconds the bots spent deciding.
    pub fn play(&self, mut visit: impl FnMut(u32, &Position) -> bool) -> f64 {
        let mut pos = Position::start(self.variant, Options::defaults(self.variant)).expect("default options");
        // No wall-clock net: a decision cut short on a loaded machine would change the game, and the
        // file would depend on the machine's load instead of the seed alone.
        let bot = |level, side| Bot::new(level, self.bot_seed(side)).with_safety_time(None);
        let mut bots = [bot(self.south, Side::South), bot(self.north, Side::North)];
        let mut deciding = 0.0;
        let mut ply = 0u32;
        while ply < MAX_GAME_DECISIONS {
            let sides: Vec<Side> = match pos.to_move() {
                ToMove::Nobody(_) => break,
                ToMove::Side(s) => {
                    if pos.mid_turn().is_none() && pos.legal_decisions(s).len() > 1 && !visit(ply, &pos) {
                        break;
                    }
                    vec![s]
                }
                ToMove::Both { waiting } => Side::BOTH.into_iter().filter(|&s| waiting[s]).collect(),
            };
            let started = std::time::Instant::now();
            let chosen: Vec<(Side, Decision)> = sides
                .iter()
                .map(|&s| {
                    let d = if ply < self.random_plies {
                        self.random_decision(&pos, s, ply)
                    } else {
                        bots[s.index()].decide(&pos, s).expect("the side to move has a legal decision")
                    };
                    (s, d)
                })
                .collect();
            deciding += started.elapsed().as_secs_f64();
            for (s, d) in chosen {
                pos.apply(s, d, &mut NoEvents).expect("a bot's decision is legal");
                ply += 1;
            }
        }
        deciding
    }
}

/// The puzzles of one self-play game (at most [`MAX_PER_GAME`] with the `known` ones it meets, none
/// inside another's line). A known position is not searched: it is taken as found again, so the game's
/// other puzzles are the same as without it.
pub fn mine(game: &SelfPlay, budgets: &Budgets, known: &BTreeMap<String, u32>, keep: Keep) -> (Vec<Puzzle>, Stats) {
    let mut stats = Stats { games: 1, ..Stats::default() };
    let mut out = Vec::new();
    let (mut covered_until, mut taken) = (0, 0);
    let deciding = game.play(|ply, pos| {
        if ply < covered_until {
            return true;
        }
        let length = match id_at(pos).and_then(|id| known.get(&id)) {
            Some(&length) => {
                stats.positions += 1;
                stats.reject("known");
                Some(length)
            }
            None => look_at(game, budgets, keep, ply, pos, &mut stats).map(|p| {
                let length = p.solution.len() as u32;
                out.push(p);
                length
            }),
        };
        if let Some(length) = length {
            covered_until = ply + length + SPACING;
            taken += 1;
        }
        taken < MAX_PER_GAME
    });
    *stats.seconds.entry("play").or_default() += deciding;
    (out, stats)
}

/// The puzzle at `pos` (`ply` decisions into `game`), if it is one.
fn look_at(
    game: &SelfPlay,
    budgets: &Budgets,
    keep: Keep,
    ply: u32,
    pos: &Position,
    stats: &mut Stats,
) -> Option<Puzzle> {
    let source = Source::Selfplay {
        seed: game.seed,
        south_level: game.south.number(),
        north_level: game.north.number(),
        ply,
        random_plies: game.random_plies,
    };
    find_kept(pos, source, game.seed, budgets, &mut Here, stats, keep)
        .expect("searches on this thread are never stopped")
}

/// The state of a plan's run: the puzzles taken so far and the next game to play.
#[derive(Debug)]
pub struct Run {
    pub plan: Plan,
    pub puzzles: Vec<Puzzle>,
    pub stats: Stats,
    next_game: usize,
    ids: BTreeSet<String>,
}

impl Run {
    pub fn new(plan: Plan) -> Run {
        Run { plan, puzzles: Vec::new(), stats: Stats::default(), next_game: 0, ids: BTreeSet::new() }
    }

    /// True when the count is reached or no game is left to play.
    pub fn done(&self) -> bool {
        self.puzzles.len() >= self.plan.count || self.next_game >= self.plan.max_games
    }

    /// Plays the next `games` games on up to `jobs` threads and takes their puzzles in the games' order;
    /// `report` hears of each game as it ends (in any order).
    pub fn step(&mut self, games: usize, jobs: usize, report: &(dyn Fn(&SelfPlay, usize, &Stats, f64) + Sync)) {
        let first = self.next_game;
        let last = (first + games).min(self.plan.max_games);
        let budgets_of = |v: Variant| Budgets::of(v, self.plan.verify);
        let queue = AtomicUsize::new(first);
        let results: Mutex<BTreeMap<usize, (Vec<Puzzle>, Stats)>> = Mutex::new(BTreeMap::new());
        std::thread::scope(|scope| {
            for _ in 0..jobs.max(1) {
                scope.spawn(|| {
                    loop {
                        let index = queue.fetch_add(1, Ordering::SeqCst);
                        if index >= last {
                            break;
                        }
                        let game = SelfPlay::of(&self.plan, index);
                        let started = std::time::Instant::now();
                        let (puzzles, stats) = mine(&game, &budgets_of(game.variant), &self.plan.known, self.plan.keep);
                        report(&game, index, &stats, started.elapsed().as_secs_f64());
                        results.lock().expect("no thread panicked").insert(index, (puzzles, stats));
                    }
                });
            }
        });
        self.next_game = last;
        for (_, (puzzles, stats)) in results.into_inner().expect("no thread panicked") {
            if self.puzzles.len() >= self.plan.count {
                break;
            }
            self.stats.add(&stats);
            for p in puzzles {
                if self.puzzles.len() >= self.plan.count {
                    break;
                }
                if self.ids.insert(p.id.clone()) {
                    self.puzzles.push(p);
                } else {
                    self.stats.reject("duplicate");
                }
            }
        }
    }
}

/// Every puzzle of `runs`, sorted by id.
pub fn sorted(runs: &[Run]) -> Vec<Puzzle> {
    let mut all: Vec<Puzzle> = runs.iter().flat_map(|r| r.puzzles.iter().cloned()).collect();
    all.sort_by(|a, b| a.id.cmp(&b.id));
    all.dedup_by(|a, b| a.id == b.id);
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(random_opening: u32) -> Plan {
        Plan {
            game: PuzzleGame::Kubuguza,
            variants: vec![Variant::Kubuguza],
            seed: 7,
            count: 10,
            max_games: 10,
            verify: None,
            random_opening,
            max_level: 8,
            min_level: 3,
            known: Arc::default(),
            keep: Keep::Every,
        }
    }

    /// The positions with a choice at the start of a turn, until the bots' first decision.
    fn opening(game: &SelfPlay) -> Vec<String> {
        let mut seen = Vec::new();
        game.play(|ply, pos| {
            seen.push(pos.to_text());
            ply < game.random_plies
        });
        seen
    }

    #[test]
    fn a_random_opening_draws_each_game_s_first_decisions_from_its_seed() {
        let games: Vec<SelfPlay> = (0..12).map(|i| SelfPlay::of(&plan(6), i)).collect();
        assert!(games.iter().all(|g| (1..=6).contains(&g.random_plies)), "{games:?}");
        let openings: Vec<Vec<String>> = games.iter().map(opening).collect();
        assert_eq!(openings, games.iter().map(opening).collect::<Vec<_>>(), "the same seed, the same game");
        let ends: BTreeSet<&String> = openings.iter().filter_map(|o| o.last()).collect();
        assert!(ends.len() >= 8, "12 games reach {} positions after their random decisions", ends.len());
        assert!((0..12).all(|i| SelfPlay::of(&plan(0), i).random_plies == 0), "none without it");
    }

    #[test]
    fn the_levels_are_drawn_from_the_floor_to_the_strongest_allowed() {
        let levels = |max_level| {
            let plan = Plan { max_level, ..plan(0) };
            (0..60)
                .flat_map(|i| {
                    let g = SelfPlay::of(&plan, i);
                    [g.south.number(), g.north.number()]
                })
                .collect::<BTreeSet<u8>>()
        };
        assert_eq!(levels(8), (3..=8).collect(), "every level from 3 to 8 plays");
        assert_eq!(levels(6), (3..=6).collect(), "none above the cap, each below it");
        let weak: BTreeSet<u8> = (0..60)
            .flat_map(|i| {
                let g = SelfPlay::of(&Plan { max_level: 3, min_level: 1, ..plan(0) }, i);
                [g.south.number(), g.north.number()]
            })
            .collect();
        assert_eq!(weak, (1..=3).collect(), "a floor below 3 lets the random and greedy levels play");
    }

    #[test]
    fn a_known_position_is_not_searched_and_the_game_s_other_puzzles_stay() {
        let level = |n| Level::from_number(n).expect("a level");
        let game = SelfPlay { variant: Variant::Kubuguza, seed: 4, south: level(3), north: level(4), random_plies: 2 };
        let budgets = Budgets { screen: 5_000, verify: 20_000, reply: 10_000 };
        let (all, _) = mine(&game, &budgets, &BTreeMap::new(), Keep::Every);
        assert!(all.len() >= 2, "the game holds puzzles to leave out: {}", all.len());
        let known = BTreeMap::from([(all[0].id.clone(), all[0].solution.len() as u32)]);
        let (rest, stats) = mine(&game, &budgets, &known, Keep::Every);
        assert_eq!(rest, all[1..], "the same puzzles but the known one");
        assert_eq!(stats.rejected.get("known"), Some(&1), "{stats:?}");
        assert!(matches!(rest[0].source, Source::Selfplay { random_plies: 2, .. }), "{:?}", rest[0].source);
    }

    #[test]
    fn gains_only_refuses_the_defences_and_keeps_the_gains_before_them() {
        let level = |n| Level::from_number(n).expect("a level");
        let game = SelfPlay { variant: Variant::Azigo, seed: 5, south: level(1), north: level(2), random_plies: 3 };
        let budgets = Budgets { screen: 5_000, verify: 20_000, reply: 10_000 };
        let (all, _) = mine(&game, &budgets, &BTreeMap::new(), Keep::Every);
        let first_defence = all.iter().position(|p| p.goal.is_defence()).expect("the game holds a defence");
        let (gains, stats) = mine(&game, &budgets, &BTreeMap::new(), Keep::Gains);
        assert!(gains.iter().all(|p| !p.goal.is_defence()), "{gains:?}");
        assert!(stats.rejected.get("defence").is_some_and(|&n| n >= 1), "{stats:?}");
        assert_eq!(gains[..first_defence], all[..first_defence], "the same gains up to the first defence");
    }
}
