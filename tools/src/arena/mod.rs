//! The arena's players and games: a *contender* is a bot described by a short spec, and [`play`] plays
//! one game between two of them, timing every decision and checking that it is legal.
//!
//! A spec is `BASE[@NODES[/DEPTH]][+OPTION…]`:
//!
//! - `BASE`: a level id (`1` … `8`, or `random`, `easy`, `medium`, `hard`), `legacy-hard` (the fixed
//!   reference: the search of level 4 as it was when levels 5 to 8 were added), or `search` (the search
//!   of levels 5 to 8, which then needs `@NODES`), or `mcts` (Monte Carlo tree search,
//!   `mancala_bot::Bot::mcts`, which needs `@NODES/ROLLOUT`: decisions applied, and the random
//!   continuation's length before each new position is evaluated);
//! - `@NODES[/DEPTH]`: other search limits than the level's (a level without them, and without
//!   options, has its own limits in every variant: level 8's budget depends on the variant; level 8
//!   with an option searches within its Kubuguza budget, `mancala_bot::Level::limits`);
//! - options of the search of levels 5 to 8 (to measure what each part is worth): `+material` (the
//!   legacy material evaluation instead of the tuned one), `+nott` (no transposition table), `+nopvs`
//!   (plain alpha-beta windows), `+step2` (deepen two turns at a time), `+array1`, `+array2`
//!   (Ikibuguzo's secret choice always made with this array), `+w:W0/W1/…` (these evaluation weights,
//!   all eight, in the order of `mancala_bot::eval`).

pub mod rating;

use anyhow::{Result, bail};
use mancala_bot::eval::{Eval, FEATURES, Weights};
use mancala_bot::{Bot, Config, Level, Limits};
use mancala_engine::{Decision, NoEvents, OpeningArray, Options, Outcome, Position, Side, ToMove, Variant};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::{Duration, Instant};

/// A bot of the arena, by its spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contender {
    /// The spec it was parsed from (its name in the tables).
    pub name: String,
    base: Base,
    limits: Option<Limits>,
    config: Config,
    /// Any `+` option was given.
    configured: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Base {
    Level(Level),
    LegacyHard,
    Search,
    Mcts,
}

impl std::str::FromStr for Contender {
    type Err = String;

    fn from_str(spec: &str) -> std::result::Result<Contender, String> {
        let mut parts = spec.split('+');
        let head = parts.next().unwrap_or_default();
        let (base, limits) = match head.split_once('@') {
            Some((b, l)) => (b, Some(parse_limits(l)?)),
            None => (head, None),
        };
        let base = match base {
            "legacy-hard" => Base::LegacyHard,
            "search" => Base::Search,
            "mcts" => Base::Mcts,
            other => Base::Level(other.parse().map_err(|e: mancala_bot::ParseLevelError| e.to_string())?),
        };
        if base == Base::Mcts && limits.is_none() {
            return Err(format!("`{spec}`: `mcts` needs its limits, e.g. mcts@1000000/10"));
        }
        if base == Base::Search && limits.is_none() {
            return Err(format!("`{spec}`: `search` needs its limits, e.g. search@20000"));
        }
        let mut config = Config::DEFAULT;
        let mut configured = false;
        for option in parts {
            configured = true;
            match option {
                "material" => config.eval = Eval::Material,
                "nott" => config.tt = false,
                "nopvs" => config.pvs = false,
                "step2" => config.step = 2,
                "array1" => config.array = Some(OpeningArray::One),
                "array2" => config.array = Some(OpeningArray::Two),
                w if w.starts_with("w:") => config.eval = Eval::Weights(parse_weights(&w[2..])?),
                _ => {
                    return Err(format!(
                        "`{spec}`: unknown option `+{option}` (known: material, nott, nopvs, step2, array1, array2, w:W0/W1/…)"
                    ));
                }
            }
        }
        let searching = matches!(base, Base::Search | Base::Level(Level::L5 | Level::L6 | Level::L7 | Level::L8));
        if configured && !searching {
            return Err(format!("`{spec}`: `+` options apply only to levels 5 to 8 and `search`"));
        }
        Ok(Contender { name: spec.to_string(), base, limits, config, configured })
    }
}

/// Evaluation weights written `32/20/-26/…` (all of them).
fn parse_weights(text: &str) -> std::result::Result<Weights, String> {
    let values: Vec<i32> =
        text.split('/').map(|w| w.parse().map_err(|_| format!("`{w}` is not a weight"))).collect::<Result<_, _>>()?;
    values.try_into().map_err(|v: Vec<i32>| format!("{} weights given, {FEATURES} needed", v.len()))
}

fn parse_limits(text: &str) -> std::result::Result<Limits, String> {
    let (nodes, depth) = text.split_once('/').unwrap_or((text, "64"));
    let nodes = nodes.replace('_', "").parse().map_err(|_| format!("`{nodes}` is not a number of nodes"))?;
    let depth = depth.parse().map_err(|_| format!("`{depth}` is not a depth"))?;
    Ok(Limits { nodes, depth })
}

impl Contender {
    /// A new bot of this contender, seeded with `seed`.
    pub fn bot(&self, seed: u64) -> Bot {
        let bot = match self.base {
            Base::LegacyHard => Bot::legacy_hard(seed),
            Base::Search => Bot::searching(self.limits.expect("checked when parsed"), self.config, seed),
            Base::Mcts => Bot::mcts(self.limits.expect("checked when parsed"), seed),
            Base::Level(level) if self.configured => {
                let limits = self.limits.or(level.limits()).expect("a searching level has limits");
                Bot::searching(limits, self.config, seed)
            }
            Base::Level(level) => Bot::new(level, seed),
        };
        match self.limits {
            Some(limits) => bot.with_limits(limits),
            None => bot,
        }
    }
}

/// Every decision's time and search statistics, per contender.
#[derive(Debug, Default, Clone)]
pub struct Timing {
    /// Every decision's time, in microseconds.
    pub micros: Vec<u32>,
    pub total: Duration,
    pub nodes: u64,
    /// Decisions that searched (a forced decision, or one of a bot that does not search, does not).
    pub searched: u64,
    /// The depth reached, summed over the decisions that searched.
    pub depth: u64,
    /// The times of the decisions that searched, in microseconds.
    pub searched_micros: Vec<u32>,
    /// The thread's CPU time of the decisions that searched, in microseconds: what a decision costs
    /// whatever else the machine is running.
    pub searched_cpu_micros: Vec<u32>,
}

impl Timing {
    fn add(&mut self, t: Duration, cpu: Duration, nodes: u64, depth: u32) {
        let micros = |d: Duration| d.as_micros().min(u32::MAX as u128) as u32;
        self.micros.push(micros(t));
        self.total += t;
        self.nodes += nodes;
        if nodes > 0 {
            self.searched += 1;
            self.depth += depth as u64;
            self.searched_micros.push(micros(t));
            self.searched_cpu_micros.push(micros(cpu));
        }
    }

    pub fn decisions(&self) -> u64 {
        self.micros.len() as u64
    }

    pub fn mean_ms(&self) -> f64 {
        if self.micros.is_empty() { 0.0 } else { self.total.as_secs_f64() * 1e3 / self.micros.len() as f64 }
    }
}

/// The `q` quantile (0 ≤ q ≤ 1) of `micros`, in milliseconds.
pub fn quantile_ms(micros: &mut [u32], q: f64) -> f64 {
    if micros.is_empty() {
        return 0.0;
    }
    micros.sort_unstable();
    let i = ((micros.len() - 1) as f64 * q).round() as usize;
    micros[i] as f64 / 1e3
}

/// A game that takes this many decisions is a bug (the turn limits and docs/rules.md#d7-endless-turns end
/// every game far sooner).
const MAX_DECISIONS_PER_GAME: u64 = 1_000_000;

/// One finished game.
#[derive(Debug, Clone, Copy)]
pub struct Game {
    pub outcome: Outcome,
    pub turns: u32,
    /// A digest of the decisions (to count distinct games).
    pub digest: u64,
}

/// The CPU time the calling thread has used, from Linux's scheduler statistics (its first field is
/// the time on a CPU, in nanoseconds); zero where they cannot be read.
fn thread_cpu() -> Duration {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    Duration::from_nanos(text.split_whitespace().next().and_then(|n| n.parse().ok()).unwrap_or(0))
}

/// Asks `bot` for `side`'s decision in `pos`, timing it, and checks it is legal.
fn ask(bot: &mut Bot, name: &str, pos: &Position, side: Side, timing: &mut Timing) -> Result<Decision> {
    let (start, cpu) = (Instant::now(), thread_cpu());
    let decision = bot.decide(pos, side);
    let (elapsed, cpu) = (start.elapsed(), thread_cpu().saturating_sub(cpu));
    let stats = bot.last_stats();
    timing.add(elapsed, cpu, stats.nodes, stats.depth);
    match decision {
        Some(d) if pos.legal_decisions(side).contains(&d) => Ok(d),
        Some(d) => bail!("{name} chose the illegal `{}` in `{}`", d.notation(pos.geometry()), pos.to_text()),
        None => bail!("{name} had no decision for {side} in `{}`", pos.to_text()),
    }
}

/// A game's start: the variant's start position, then `plies` random legal decisions drawn from a
/// generator seeded with `seed` (forced decisions are played and not counted; a secret choice draws
/// both arrays), so that two games with the same opening differ only by the bots and their seats.
#[derive(Clone, Copy, Debug)]
pub struct Opening {
    pub plies: u32,
    pub seed: u64,
}

impl Opening {
    /// The position after the opening's random decisions (or earlier, if the game ends in them).
    pub fn position(&self, variant: Variant) -> Result<Position> {
        let mut pos = Position::start(variant, Options::defaults(variant))?;
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let mut counted = 0;
        while counted < self.plies {
            let sides: Vec<Side> = match pos.to_move() {
                ToMove::Nobody(_) => break,
                ToMove::Side(s) => vec![s],
                ToMove::Both { waiting } => Side::BOTH.into_iter().filter(|&s| waiting[s]).collect(),
            };
            for side in sides {
                let moves = pos.legal_decisions(side);
                counted += (moves.len() > 1) as u32;
                pos.apply(side, moves[rng.random_range(0..moves.len())], &mut NoEvents)?;
            }
        }
        Ok(pos)
    }
}

/// Plays one game of `variant` from `opening`: `bots` and `names` South first, each bot's decisions
/// timed into the matching `timing`.
pub fn play(
    variant: Variant,
    opening: Opening,
    bots: &mut [Bot; 2],
    names: [&str; 2],
    timing: [&mut Timing; 2],
) -> Result<Game> {
    let [t_south, t_north] = timing;
    let timing = [t_south, t_north];
    let mut pos = opening.position(variant)?;
    let mut digest = DefaultHasher::new();
    let mut decisions = 0u64;
    loop {
        match pos.to_move() {
            ToMove::Nobody(outcome) => return Ok(Game { outcome, turns: pos.turn(), digest: digest.finish() }),
            ToMove::Side(side) => {
                let i = side.index();
                let d = ask(&mut bots[i], names[i], &pos, side, timing[i])?;
                d.hash(&mut digest);
                pos.apply(side, d, &mut NoEvents)?;
                decisions += 1;
            }
            ToMove::Both { waiting } => {
                // The secret choice: every waiting side chooses from the same position, in which no other
                // choice is visible yet; then the choices are applied.
                let mut chosen = Vec::new();
                for side in Side::BOTH.into_iter().filter(|&s| waiting[s]) {
                    let i = side.index();
                    chosen.push((side, ask(&mut bots[i], names[i], &pos, side, timing[i])?));
                }
                for (side, d) in chosen {
                    d.hash(&mut digest);
                    pos.apply(side, d, &mut NoEvents)?;
                    decisions += 1;
                }
            }
        }
        if decisions > MAX_DECISIONS_PER_GAME {
            bail!("{variant}: a game passed {MAX_DECISIONS_PER_GAME} decisions, at `{}`", pos.to_text());
        }
    }
}

/// SplitMix64: spreads (seed, variant, pairing, game, seat) over independent generator seeds.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A stable number for a contender's name (FNV-1a), to seed its games.
pub fn name_seed(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
}

/// A bot's seed from the run's seed and the parts that identify its seat in its game.
pub fn bot_seed(seed: u64, parts: &[u64]) -> u64 {
    parts.iter().fold(mix(seed), |acc, &p| mix(acc ^ p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        let c: Contender = "8".parse().unwrap();
        assert_eq!(c.bot(1).last_stats().nodes, 0);
        assert!("search".parse::<Contender>().unwrap_err().contains("needs its limits"));
        assert!("hard+material".parse::<Contender>().unwrap_err().contains("only to levels 5 to 8"));
        assert!("5+fast".parse::<Contender>().unwrap_err().contains("unknown option `+fast`"));
        assert!("9".parse::<Contender>().is_err());
        let c: Contender = "search@20_000/6+material+nott".parse().unwrap();
        assert_eq!(c.limits, Some(Limits { nodes: 20_000, depth: 6 }));
        assert_eq!(c.config, Config { eval: Eval::Material, tt: false, ..Config::DEFAULT });
        assert_eq!("legacy-hard@500".parse::<Contender>().unwrap().base, Base::LegacyHard);
        let mcts: Contender = "mcts@30000/10".parse().unwrap();
        assert_eq!((mcts.base, mcts.limits), (Base::Mcts, Some(Limits { nodes: 30_000, depth: 10 })));
        assert!("mcts".parse::<Contender>().unwrap_err().contains("needs its limits"));
        assert_eq!("8+array2".parse::<Contender>().unwrap().config.array, Some(OpeningArray::Two));
    }

    /// `+array2` makes Ikibuguzo's secret choice with array 2, whatever the 2×2 game says.
    #[test]
    fn a_spec_forces_the_secret_array() {
        let pos = Position::start(Variant::Ikibuguzo, Options::defaults(Variant::Ikibuguzo)).unwrap();
        for (spec, array) in [("5@2000+array2", OpeningArray::Two), ("5@2000+array1", OpeningArray::One)] {
            let mut bot = spec.parse::<Contender>().unwrap().bot(1);
            assert_eq!(bot.decide(&pos, Side::South), Some(Decision::Opening(array)), "{spec}");
        }
    }

    /// A contender's bot searches within the spec's budget.
    #[test]
    fn a_spec_sets_the_budget() {
        let variant = Variant::Kubuguza;
        let mut pos = Position::start(variant, Options::defaults(variant)).unwrap();
        pos.play(pos.legal_moves()[0]).unwrap();
        for spec in ["search@300", "legacy-hard@300", "5@300+nopvs"] {
            let c: Contender = spec.parse().unwrap();
            let mut bot = c.bot(1);
            bot.decide(&pos, Side::North).unwrap();
            let nodes = bot.last_stats().nodes;
            assert!(nodes > 8 && nodes <= 300, "{spec}: {nodes}");
        }
    }
}
