//! `mancala-arena`: plays bots against each other, N games per pairing with the seats alternating, for one
//! variant or all, and prints the strength table (wins, draws, losses, the score of the row bot against
//! the column bot with its 95 % interval), an Elo ladder fitted to every pairing, and the time each bot
//! takes per decision. Bots are given as specs (`tools/src/arena/mod.rs`): levels `1` … `8`,
//! `legacy-hard`, `search@NODES`, with `@NODES` and `+option`s for experiments.
//!
//! ```text
//! cargo run --release -p mancala-tools --bin mancala-arena -- --variant kubuguza --games 200 --seed 1
//! cargo run --release -p mancala-tools --bin mancala-arena -- --variant njombwa --games 100 \
//!     --levels 8,legacy-hard --pairs 8:legacy-hard
//! ```
//!
//! Runs on one thread. Every bot's generator is seeded from `--seed`, the variant, the pairing and the
//! game, and the budgets count nodes, so the results (not the times) are the same on any machine.

use anyhow::{Result, bail};
use clap::Parser;
use mancala_engine::{Side, Variant};
use mancala_tools::arena::rating::{self, wilson};
use mancala_tools::arena::{self, Contender, Timing, quantile_ms};
use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::time::Instant;

#[derive(Debug, Parser)]
#[command(name = "mancala-arena", about = "Plays bots against each other and prints the strength table")]
struct Args {
    /// A variant id, or `all`.
    #[arg(long, default_value = "all")]
    variant: String,
    /// Games per pairing (the seats alternate: South in even games for the first bot of the pair).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Seed from which every bot's generator is seeded.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The bots (specs), comma-separated; every pair of them plays unless `--pairs` is given.
    #[arg(long, value_delimiter = ',', default_value = "1,2,3,4")]
    levels: Vec<Contender>,
    /// Play only these pairings, `A:B` (specs of `--levels`), comma-separated.
    #[arg(long, value_delimiter = ',')]
    pairs: Vec<String>,
    /// Random decisions that open each pair of games (the same opening for both seatings of the pair):
    /// games between searching bots, whose only randomness is breaking ties, vary little from the start
    /// position alone. 0: every game from the start position.
    #[arg(long, default_value_t = 0)]
    openings: u32,
    /// The ladder's fixed point, `SPEC=ELO` (default: the first bot at 0).
    #[arg(long)]
    anchor: Option<String>,
}

/// Results of one bot against another, from the first bot's point of view.
#[derive(Debug, Default, Clone)]
struct Pairing {
    wins: u32,
    draws: u32,
    losses: u32,
    turns: u64,
    /// Games won by South (whichever bot sat there).
    south_wins: u32,
    reasons: BTreeMap<String, u32>,
    distinct: HashSet<u64>,
}

impl Pairing {
    fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    fn score(&self) -> f64 {
        100.0 * self.points() / self.games() as f64
    }

    /// `w-d-l (score %, 95 % interval)`.
    fn cell(&self) -> String {
        let (lo, hi) = wilson(self.points(), self.games() as f64);
        format!(
            "{}-{}-{} ({:.1} %, {:.1}–{:.1})",
            self.wins,
            self.draws,
            self.losses,
            self.score(),
            lo * 100.0,
            hi * 100.0
        )
    }
}

/// The pairings to play, as index pairs into `args.levels`.
fn pairings(args: &Args) -> Result<Vec<(usize, usize)>> {
    let n = args.levels.len();
    if args.pairs.is_empty() {
        return Ok((0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect());
    }
    let index = |name: &str| {
        args.levels.iter().position(|c| c.name == name).ok_or_else(|| anyhow::anyhow!("`{name}` is not in --levels"))
    };
    args.pairs
        .iter()
        .map(|p| {
            let (a, b) = p.split_once(':').ok_or_else(|| anyhow::anyhow!("expected A:B in --pairs, got `{p}`"))?;
            Ok((index(a)?, index(b)?))
        })
        .collect()
}

fn run_variant(variant: Variant, vi: u64, args: &Args, out: &mut impl Write) -> Result<()> {
    let started = Instant::now();
    let levels = &args.levels;
    let mut timing: Vec<Timing> = vec![Timing::default(); levels.len()];
    // Results keyed by (row, column), from the row bot's point of view.
    let mut table: BTreeMap<(usize, usize), Pairing> = BTreeMap::new();
    let pairs = pairings(args)?;
    for &(a, b) in &pairs {
        // Seeds depend on the pair's names, not on its place in the list, so `--pairs` replays the games
        // of a full run.
        let pi = arena::bot_seed(arena::name_seed(&levels[a].name), &[arena::name_seed(&levels[b].name)]);
        let pair_start = Instant::now();
        let mut p = Pairing::default();
        for g in 0..args.games as u64 {
            // `a` sits South in even games, North in odd ones.
            let a_side = if g % 2 == 0 { Side::South } else { Side::North };
            let bot_a = levels[a].bot(arena::bot_seed(args.seed, &[vi, pi, g, 0]));
            let bot_b = levels[b].bot(arena::bot_seed(args.seed, &[vi, pi, g, 1]));
            let opening =
                arena::Opening { plies: args.openings, seed: arena::bot_seed(args.seed, &[vi, pi, g / 2, 2]) };
            let (mut ta, mut tb) = (std::mem::take(&mut timing[a]), std::mem::take(&mut timing[b]));
            let (na, nb) = (levels[a].name.as_str(), levels[b].name.as_str());
            let game = if a_side == Side::South {
                arena::play(variant, opening, &mut [bot_a, bot_b], [na, nb], [&mut ta, &mut tb])
            } else {
                arena::play(variant, opening, &mut [bot_b, bot_a], [nb, na], [&mut tb, &mut ta])
            };
            (timing[a], timing[b]) = (ta, tb);
            let game = game?;
            match game.outcome.winner {
                None => p.draws += 1,
                Some(w) if w == a_side => p.wins += 1,
                Some(_) => p.losses += 1,
            }
            p.turns += game.turns as u64;
            p.south_wins += (game.outcome.winner == Some(Side::South)) as u32;
            *p.reasons.entry(game.outcome.reason.to_string()).or_default() += 1;
            p.distinct.insert(game.digest);
        }
        eprintln!(
            "{variant}: {} vs {}: {}, {:.1} s",
            levels[a].name,
            levels[b].name,
            p.cell(),
            pair_start.elapsed().as_secs_f64()
        );
        let mirror = Pairing { wins: p.losses, losses: p.wins, ..p.clone() };
        table.insert((a, b), p);
        table.insert((b, a), mirror);
    }
    report(variant, args, &pairs, &table, &mut timing, out)?;
    writeln!(out, "\nTotal time for {variant}: {:.1} s\n", started.elapsed().as_secs_f64())?;
    out.flush()?;
    Ok(())
}

fn report(
    variant: Variant,
    args: &Args,
    pairs: &[(usize, usize)],
    table: &BTreeMap<(usize, usize), Pairing>,
    timing: &mut [Timing],
    out: &mut impl Write,
) -> Result<()> {
    let levels = &args.levels;
    writeln!(out, "### {variant}\n")?;
    let start = match args.openings {
        0 => "from the start position".to_string(),
        n => format!("each pair of games from its own opening of {n} random decisions"),
    };
    writeln!(
        out,
        "Row bot against column bot, {} games per pairing ({start}): wins-draws-losses (score %, 95 % interval).\n",
        args.games
    )?;
    write!(out, "| |")?;
    for l in levels {
        write!(out, " {} |", l.name)?;
    }
    writeln!(out)?;
    writeln!(out, "|---|{}", "---|".repeat(levels.len()))?;
    for r in 0..levels.len() {
        write!(out, "| **{}** |", levels[r].name)?;
        for c in 0..levels.len() {
            match table.get(&(r, c)) {
                Some(p) => write!(out, " {} |", p.cell())?,
                None => write!(out, " — |")?,
            }
        }
        writeln!(out)?;
    }
    writeln!(out)?;
    writeln!(out, "| pairing | South wins | mean turns | distinct games | end reasons |")?;
    writeln!(out, "|---|---|---|---|---|")?;
    for &(a, b) in pairs {
        let p = &table[&(a, b)];
        let reasons: Vec<String> = p.reasons.iter().map(|(r, n)| format!("{r} {n}")).collect();
        writeln!(
            out,
            "| {} – {} | {} | {:.1} | {} | {} |",
            levels[a].name,
            levels[b].name,
            p.south_wins,
            p.turns as f64 / p.games() as f64,
            p.distinct.len(),
            reasons.join(", ")
        )?;
    }
    ladder(args, pairs, table, out)?;
    writeln!(out)?;
    writeln!(
        out,
        "| bot | decisions | mean ms | median ms (searched) | median CPU ms (searched) | p99 ms | max ms | mean nodes | searched | mean depth |"
    )?;
    writeln!(out, "|---|---|---|---|---|---|---|---|---|---|")?;
    for (l, t) in levels.iter().zip(timing.iter_mut()) {
        if t.decisions() == 0 {
            continue;
        }
        let n = t.decisions() as f64;
        let median = quantile_ms(&mut t.searched_micros, 0.5);
        let median_cpu = quantile_ms(&mut t.searched_cpu_micros, 0.5);
        let (p99, max) = (quantile_ms(&mut t.micros, 0.99), quantile_ms(&mut t.micros, 1.0));
        writeln!(
            out,
            "| {} | {} | {:.3} | {:.3} | {:.3} | {:.1} | {:.1} | {:.0} | {:.0} % | {:.1} |",
            l.name,
            t.decisions(),
            t.mean_ms(),
            median,
            median_cpu,
            p99,
            max,
            t.nodes as f64 / n,
            100.0 * t.searched as f64 / n,
            t.depth as f64 / t.searched.max(1) as f64
        )?;
    }
    Ok(())
}

/// The Elo ladder fitted to the pairings played.
fn ladder(
    args: &Args,
    pairs: &[(usize, usize)],
    table: &BTreeMap<(usize, usize), Pairing>,
    out: &mut impl Write,
) -> Result<()> {
    let (anchor, anchor_elo) = match &args.anchor {
        None => (0, 0.0),
        Some(text) => {
            let (name, elo) = text.split_once('=').ok_or_else(|| anyhow::anyhow!("expected SPEC=ELO, got `{text}`"))?;
            let i = args.levels.iter().position(|c| c.name == name);
            (i.ok_or_else(|| anyhow::anyhow!("anchor `{name}` is not in --levels"))?, elo.parse()?)
        }
    };
    let results: Vec<rating::Result> = pairs
        .iter()
        .map(|&(a, b)| {
            let p = &table[&(a, b)];
            rating::Result { a, b, points: p.points(), games: p.games() as f64 }
        })
        .collect();
    let elo = rating::ladder(args.levels.len(), &results, anchor, anchor_elo);
    writeln!(
        out,
        "\nElo ladder (Bradley–Terry fit of the pairings above, {} fixed at {anchor_elo}):\n",
        args.levels[anchor].name
    )?;
    writeln!(out, "| bot | Elo |")?;
    writeln!(out, "|---|---|")?;
    for (c, e) in args.levels.iter().zip(&elo) {
        writeln!(out, "| {} | {:.0} |", c.name, e)?;
    }
    Ok(())
}

fn main() -> Result<()> {
    let args = Args::parse();
    let variants: Vec<Variant> =
        if args.variant == "all" { Variant::ALL.to_vec() } else { vec![args.variant.parse()?] };
    if args.levels.len() < 2 {
        bail!("give at least two bots (got {})", args.levels.len());
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
