//! `mancala-arena`: plays every pairing of the given bot levels against each other, N games per pairing with the
//! seats alternating, for one variant or all, and prints the strength table (wins, draws, losses and the
//! score of the row level against the column level) and the time each level takes per decision.
//!
//! ```text
//! cargo run --release -p mancala-tools --bin mancala-arena -- --variant kubuguza --games 200 --seed 1
//! ```
//!
//! Runs on one thread. Every bot's generator is seeded from `--seed`, the variant, the pairing and the
//! game, and the budgets count nodes, so the results (not the times) are the same on any machine.

use anyhow::{Result, bail};
use clap::Parser;
use mancala_bot::{Bot, Level, Limits};
use mancala_engine::{NoEvents, Options, Outcome, Position, Side, ToMove, Variant};
use std::collections::{BTreeMap, HashSet};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::Write;
use std::time::{Duration, Instant};

#[derive(Debug, Parser)]
#[command(name = "mancala-arena", about = "Plays bot levels against each other and prints the strength table")]
struct Args {
    /// A variant id, or `all`.
    #[arg(long, default_value = "all")]
    variant: String,
    /// Games per pairing (the seats alternate: South in even games for the first level of the pair).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Seed from which every bot's generator is seeded.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The levels, comma-separated; every pair of them plays.
    #[arg(long, value_delimiter = ',', default_value = "random,easy,medium,hard")]
    levels: Vec<Level>,
    /// For experiments: `LEVEL=NODES[/DEPTH]` replaces a searching level's limits (repeatable). The
    /// strength table uses the levels' own limits.
    #[arg(long, value_parser = parse_limits)]
    limits: Vec<(Level, Limits)>,
}

fn parse_limits(text: &str) -> Result<(Level, Limits), String> {
    let (level, rest) = text.split_once('=').ok_or_else(|| format!("expected LEVEL=NODES[/DEPTH], got `{text}`"))?;
    let level: Level = level.parse().map_err(|e: mancala_bot::ParseLevelError| e.to_string())?;
    let (nodes, depth) = rest.split_once('/').unwrap_or((rest, "64"));
    let nodes = nodes.parse().map_err(|_| format!("`{nodes}` is not a number of nodes"))?;
    let depth = depth.parse().map_err(|_| format!("`{depth}` is not a depth"))?;
    Ok((level, Limits { nodes, depth }))
}

/// A bot of `level`, with the limits given on the command line if any.
fn make_bot(level: Level, seed: u64, args: &Args) -> Bot {
    let bot = Bot::new(level, seed);
    match args.limits.iter().rev().find(|(l, _)| *l == level) {
        Some(&(_, limits)) => bot.with_limits(limits),
        None => bot,
    }
}

/// A game that takes this many decisions is a bug (the turn limits and D7 end every game far sooner).
const MAX_DECISIONS_PER_GAME: u64 = 1_000_000;

/// Time spent deciding, per level.
#[derive(Debug, Default, Clone)]
struct Timing {
    /// Every decision's time, in microseconds.
    micros: Vec<u32>,
    total: Duration,
    nodes: u64,
    /// Decisions that searched (a forced decision, or one of a level that does not search, does not).
    searched: u64,
    /// The depth reached, summed over the decisions that searched.
    depth: u64,
}

impl Timing {
    fn add(&mut self, t: Duration, nodes: u64, depth: u32) {
        self.micros.push(t.as_micros().min(u32::MAX as u128) as u32);
        self.total += t;
        self.nodes += nodes;
        if nodes > 0 {
            self.searched += 1;
            self.depth += depth as u64;
        }
    }

    fn decisions(&self) -> u64 {
        self.micros.len() as u64
    }

    fn mean_ms(&self) -> f64 {
        if self.micros.is_empty() { 0.0 } else { self.total.as_secs_f64() * 1e3 / self.micros.len() as f64 }
    }

    /// The `q` quantile of the decision times (0 ≤ q ≤ 1), in milliseconds.
    fn quantile_ms(&mut self, q: f64) -> f64 {
        if self.micros.is_empty() {
            return 0.0;
        }
        self.micros.sort_unstable();
        let i = ((self.micros.len() - 1) as f64 * q).round() as usize;
        self.micros[i] as f64 / 1e3
    }
}

/// Results of one level against another, from the first level's point of view.
#[derive(Debug, Default, Clone)]
struct Pairing {
    wins: u32,
    draws: u32,
    losses: u32,
    turns: u64,
    /// Games won by South (whichever level sat there).
    south_wins: u32,
    reasons: BTreeMap<String, u32>,
    distinct: HashSet<u64>,
}

impl Pairing {
    fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    fn score(&self) -> f64 {
        100.0 * (self.wins as f64 + self.draws as f64 / 2.0) / self.games() as f64
    }
}

/// SplitMix64: spreads (seed, variant, pairing, game, seat) over independent generator seeds.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

fn bot_seed(seed: u64, parts: &[u64]) -> u64 {
    parts.iter().fold(mix(seed), |acc, &p| mix(acc ^ p))
}

/// Asks `side`'s bot for a decision in `pos`, timing it, and checks it is legal.
fn ask(
    bot: &mut Bot,
    pos: &Position,
    side: Side,
    timing: &mut BTreeMap<Level, Timing>,
) -> Result<mancala_engine::Decision> {
    let start = Instant::now();
    let decision = bot.decide(pos, side);
    let elapsed = start.elapsed();
    let stats = bot.last_stats();
    timing.entry(bot.level()).or_default().add(elapsed, stats.nodes, stats.depth);
    match decision {
        Some(d) if pos.legal_decisions(side).contains(&d) => Ok(d),
        Some(d) => {
            bail!("{} bot chose the illegal `{}` in `{}`", bot.level(), d.notation(pos.geometry()), pos.to_text())
        }
        None => bail!("{} bot had no decision for {side} in `{}`", bot.level(), pos.to_text()),
    }
}

/// Plays one game; returns the outcome, the turns played and a digest of the decisions.
fn play(variant: Variant, bots: &mut [Bot; 2], timing: &mut BTreeMap<Level, Timing>) -> Result<(Outcome, u32, u64)> {
    let mut pos = Position::start(variant, Options::defaults(variant))?;
    let mut digest = DefaultHasher::new();
    let mut decisions = 0u64;
    loop {
        match pos.to_move() {
            ToMove::Nobody(outcome) => return Ok((outcome, pos.turn(), digest.finish())),
            ToMove::Side(side) => {
                let d = ask(&mut bots[side.index()], &pos, side, timing)?;
                d.hash(&mut digest);
                pos.apply(side, d, &mut NoEvents)?;
                decisions += 1;
            }
            ToMove::Both { waiting } => {
                // The secret choice: every waiting side chooses from the same position, in which no other
                // choice is visible yet; then the choices are applied.
                let mut chosen = Vec::new();
                for side in Side::BOTH.into_iter().filter(|&s| waiting[s]) {
                    chosen.push((side, ask(&mut bots[side.index()], &pos, side, timing)?));
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

fn run_variant(variant: Variant, vi: u64, args: &Args, out: &mut impl Write) -> Result<()> {
    let started = Instant::now();
    let levels = &args.levels;
    let mut timing: BTreeMap<Level, Timing> = BTreeMap::new();
    // Results keyed by (row level, column level), from the row level's point of view.
    let mut table: BTreeMap<(Level, Level), Pairing> = BTreeMap::new();
    let mut pi = 0u64;
    for (i, &a) in levels.iter().enumerate() {
        for &b in &levels[i + 1..] {
            pi += 1;
            let pair_start = Instant::now();
            let mut p = Pairing::default();
            for g in 0..args.games as u64 {
                // `a` sits South in even games, North in odd ones.
                let a_side = if g % 2 == 0 { Side::South } else { Side::North };
                let seed_a = bot_seed(args.seed, &[vi, pi, g, 0]);
                let seed_b = bot_seed(args.seed, &[vi, pi, g, 1]);
                let (south, north) = if a_side == Side::South {
                    (make_bot(a, seed_a, args), make_bot(b, seed_b, args))
                } else {
                    (make_bot(b, seed_b, args), make_bot(a, seed_a, args))
                };
                let mut bots = [south, north];
                let (outcome, turns, digest) = play(variant, &mut bots, &mut timing)?;
                match outcome.winner {
                    None => p.draws += 1,
                    Some(w) if w == a_side => p.wins += 1,
                    Some(_) => p.losses += 1,
                }
                p.turns += turns as u64;
                p.south_wins += (outcome.winner == Some(Side::South)) as u32;
                *p.reasons.entry(outcome.reason.to_string()).or_default() += 1;
                p.distinct.insert(digest);
            }
            eprintln!(
                "{variant}: {a} vs {b}: {}-{}-{} ({:.1} %), {:.1} s",
                p.wins,
                p.draws,
                p.losses,
                p.score(),
                pair_start.elapsed().as_secs_f64()
            );
            let mirror = Pairing { wins: p.losses, losses: p.wins, ..p.clone() };
            table.insert((a, b), p);
            table.insert((b, a), mirror);
        }
    }

    writeln!(out, "### {variant}\n")?;
    writeln!(out, "Row level against column level, {} games per pairing: wins-draws-losses (score %).\n", args.games)?;
    write!(out, "| |")?;
    for l in levels {
        write!(out, " {l} |")?;
    }
    writeln!(out)?;
    write!(out, "|---|")?;
    for _ in levels {
        write!(out, "---|")?;
    }
    writeln!(out)?;
    for &r in levels {
        write!(out, "| **{r}** |")?;
        for &c in levels {
            match table.get(&(r, c)) {
                Some(p) => write!(out, " {}-{}-{} ({:.1} %) |", p.wins, p.draws, p.losses, p.score())?,
                None => write!(out, " — |")?,
            }
        }
        writeln!(out)?;
    }
    writeln!(out)?;
    writeln!(out, "| pairing | South wins | mean turns | distinct games | end reasons |")?;
    writeln!(out, "|---|---|---|---|---|")?;
    for (i, &a) in levels.iter().enumerate() {
        for &b in &levels[i + 1..] {
            let p = &table[&(a, b)];
            let reasons: Vec<String> = p.reasons.iter().map(|(r, n)| format!("{r} {n}")).collect();
            writeln!(
                out,
                "| {a} – {b} | {} | {:.1} | {} | {} |",
                p.south_wins,
                p.turns as f64 / p.games() as f64,
                p.distinct.len(),
                reasons.join(", ")
            )?;
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "| level | decisions | mean ms / decision | p99 ms | max ms | mean nodes | searched | mean depth searched |"
    )?;
    writeln!(out, "|---|---|---|---|---|---|---|---|")?;
    for &l in levels {
        if let Some(t) = timing.get_mut(&l) {
            let n = t.decisions().max(1) as f64;
            let (p99, max) = (t.quantile_ms(0.99), t.quantile_ms(1.0));
            writeln!(
                out,
                "| {l} | {} | {:.3} | {:.1} | {:.1} | {:.0} | {:.0} % | {:.1} |",
                t.decisions(),
                t.mean_ms(),
                p99,
                max,
                t.nodes as f64 / n,
                100.0 * t.searched as f64 / n,
                t.depth as f64 / t.searched.max(1) as f64
            )?;
        }
    }
    writeln!(out, "\nTotal time for {variant}: {:.1} s\n", started.elapsed().as_secs_f64())?;
    out.flush()?;
    Ok(())
}

fn main() -> Result<()> {
    let args = Args::parse();
    let variants: Vec<Variant> =
        if args.variant == "all" { Variant::ALL.to_vec() } else { vec![args.variant.parse()?] };
    if args.levels.len() < 2 {
        bail!("give at least two levels (got {})", args.levels.len());
    }
    let started = Instant::now();
    let mut out = std::io::stdout().lock();
    for v in variants {
        let vi = Variant::ALL.iter().position(|&x| x == v).unwrap_or(0) as u64;
        run_variant(v, vi, &args, &mut out)?;
    }
    writeln!(out, "Total time: {:.1} s", started.elapsed().as_secs_f64())?;
    Ok(())
}
