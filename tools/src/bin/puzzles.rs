//! `mancala-puzzles`: makes puzzles from games between bots, or re-verifies a set (docs/puzzles.md).
//!
//! ```text
//! cargo build --release -p mancala-tools --bin mancala-puzzles
//! target/release/mancala-puzzles --seed 1 --count 300 --jobs 2 --out puzzles/data/starter.ndjson
//! target/release/mancala-puzzles verify puzzles/data/starter.ndjson --sample 20
//! nice -n 19 target/debug/mancala-puzzles reverify puzzles/data/starter.ndjson --progress puzzles/data/reverify.ndjson
//! target/debug/mancala-puzzles reverify puzzles/data/starter.ndjson --progress puzzles/data/reverify.ndjson --apply
//! ```
//!
//! The same `--seed`, `--count`, `--random-opening`, `--max-level`, `--known` and budgets give the same
//! file (sorted by id), whatever `--jobs` is.

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use mancala_engine::Variant;
use mancala_puzzles::make::find::{Keep, Stats};
use mancala_puzzles::make::{Budgets, Here, deep, guess, line};
use mancala_puzzles::{Puzzle, PuzzleGame, read_ndjson, write_ndjson};
use mancala_tools::puzzles::generate::{Plan, Run, SelfPlay, sorted};
use mancala_tools::puzzles::reverify;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

#[derive(Debug, Parser)]
#[command(name = "mancala-puzzles", about = "Makes puzzles from games between bots, or re-verifies a set")]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    make: Make,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Merges sets into one file, sorted by id, each id once (the first file's puzzle wins).
    Merge {
        /// The merged set.
        #[arg(long)]
        out: PathBuf,
        /// The sets to merge.
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
    },
    /// Re-verifies a sample of a set with the search, with the checks that made it.
    Verify {
        path: PathBuf,
        /// Puzzles checked, evenly spread over the file (0: all).
        #[arg(long, default_value_t = 20)]
        sample: usize,
        /// The solver's verification budget in nodes (default: per rule set, docs/puzzles.md).
        #[arg(long)]
        verify_nodes: Option<u64>,
    },
    /// The deep verdict: every solver's choice searched at 1, 2 and 4 times the verification budget;
    /// each puzzle holds, holds with alternatives, or fails. Resumable: reports are appended to
    /// `--progress`, and puzzles reported there are not searched again.
    Reverify {
        /// The set.
        path: PathBuf,
        /// The progress file (NDJSON, one report per puzzle).
        #[arg(long)]
        progress: PathBuf,
        /// Only these puzzles (ids, repeatable).
        #[arg(long)]
        only: Vec<String>,
        /// Where the summary goes once every puzzle asked is reported (default: the progress file's
        /// name with `.summary.md`).
        #[arg(long)]
        summary: Option<PathBuf>,
        /// Rewrite the set from a complete progress file (failing puzzles dropped, the others as their
        /// reports leave them) instead of searching; refused while a puzzle has no report.
        #[arg(long, conflicts_with = "apply_reported")]
        apply: bool,
        /// Rewrite the set from the reports there are: reported puzzles as `--apply` leaves them, the
        /// others as they stand, so a long run's findings reach the set before it ends.
        #[arg(long)]
        apply_reported: bool,
        /// The solver's verification budget in nodes at factor 1 (default: per rule set, docs/puzzles.md).
        #[arg(long)]
        verify_nodes: Option<u64>,
    },
}

#[derive(Debug, clap::Args)]
struct Make {
    /// A game (`kubuguza`, `ikibuguzo`, `njombwa`, `azigo`) or `all`.
    #[arg(long, default_value = "all", conflicts_with = "variant")]
    game: String,
    /// One rule set only (a variant id), instead of a game's rule sets.
    #[arg(long)]
    variant: Option<Variant>,
    /// Puzzles per game.
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    count: u64,
    /// The seed every game's rule set, levels and generators derive from.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Where to write the set (NDJSON, sorted by id); rewritten after every round of games. Required.
    #[arg(long)]
    out: Option<PathBuf>,
    /// The solver's verification budget in nodes (default: per rule set, docs/puzzles.md).
    #[arg(long, value_parser = clap::value_parser!(u64).range(2_000..=1_000_000_000))]
    verify_nodes: Option<u64>,
    /// Threads, each playing and mining one game at a time.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    jobs: u64,
    /// Games played at most per game (a guard when a rule set yields few puzzles).
    #[arg(long, default_value_t = 100_000)]
    max_games: usize,
    /// Each game's first 1 to N decisions drawn at random from the legal ones (0: the bots play from the
    /// start). Recorded in each puzzle's source.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=40))]
    random_opening: u32,
    /// The strongest bot level that plays (each side's level drawn from `--min-level` to this). Recorded in
    /// each puzzle's source with the levels drawn.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u8).range(1..=8))]
    max_level: u8,
    /// The weakest bot level that plays (each side's level drawn from this to `--max-level`). Levels 1
    /// (random) and 2 (greedy) leave more gains to find. Recorded in each puzzle's source.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=8))]
    min_level: u8,
    /// A set whose positions are not searched again (repeatable): the output holds only new positions.
    #[arg(long)]
    known: Vec<PathBuf>,
    /// Gains and wins only: a defence is refused as soon as its line is solved, before its rating and
    /// deep verdict (for a game whose set holds too many defences).
    #[arg(long)]
    gains_only: bool,
}

fn main() -> Result<()> {
    let args = Args::parse();
    match args.command {
        Some(Command::Verify { path, sample, verify_nodes }) => verify(&path, sample, verify_nodes),
        Some(Command::Merge { out, inputs }) => merge(&out, &inputs),
        Some(Command::Reverify { path, progress, only, summary, apply, apply_reported, verify_nodes }) => {
            let apply = (apply || apply_reported).then_some(apply_reported);
            reverify(&path, &progress, &only, summary, apply, verify_nodes)
        }
        None => make(&args.make),
    }
}

/// The plans of `make`'s `--game`/`--variant`.
fn plans(make: &Make) -> Result<Vec<Plan>> {
    let mut known = BTreeMap::new();
    for path in &make.known {
        let text = std::fs::read_to_string(path).with_context(|| format!("--known: reading {}", path.display()))?;
        for p in read_ndjson(&text).with_context(|| format!("--known: {}", path.display()))? {
            known.insert(p.id.clone(), p.solution.len() as u32);
        }
    }
    let known = Arc::new(known);
    let plan = |game: PuzzleGame, variants: Vec<Variant>| Plan {
        game,
        variants,
        seed: make.seed,
        count: make.count as usize,
        max_games: make.max_games,
        verify: make.verify_nodes,
        random_opening: make.random_opening,
        max_level: make.max_level,
        min_level: make.min_level,
        known: known.clone(),
        keep: if make.gains_only { Keep::Gains } else { Keep::Every },
    };
    if let Some(v) = make.variant {
        return Ok(vec![plan(PuzzleGame::of(v), vec![v])]);
    }
    let games: Vec<PuzzleGame> = match make.game.as_str() {
        "all" => PuzzleGame::ALL.to_vec(),
        id => match PuzzleGame::ALL.into_iter().find(|g| g.id() == id) {
            Some(g) => vec![g],
            None => bail!("--game: unknown game `{id}` (known: kubuguza, ikibuguzo, njombwa, azigo, all)"),
        },
    };
    Ok(games
        .into_iter()
        .map(|g| plan(g, Variant::ALL.into_iter().filter(|v| PuzzleGame::of(*v) == g).collect()))
        .collect())
}

fn make(make: &Make) -> Result<()> {
    let Some(out) = &make.out else { bail!("--out: where to write the set is required") };
    if make.min_level > make.max_level {
        bail!(
            "--min-level {} is above --max-level {}: the weakest level cannot be the stronger",
            make.min_level,
            make.max_level
        );
    }
    let started = Instant::now();
    let mut runs: Vec<Run> = plans(make)?.into_iter().map(Run::new).collect();
    let jobs = make.jobs as usize;
    let report = |g: &SelfPlay, index: usize, s: &Stats, secs: f64| {
        eprintln!(
            "{} game {index} (levels {} v {}, {} random): {} positions, {} candidates, {} puzzles, {secs:.1} s {:?} rejected {:?}",
            g.variant, g.south, g.north, g.random_plies, s.positions, s.candidates, s.accepted, s.seconds, s.rejected
        );
    };
    // Rounds over the games in turn, so that an interrupted run has puzzles of every game.
    while runs.iter().any(|r| !r.done()) {
        for run in runs.iter_mut().filter(|r| !r.done()) {
            run.step(jobs, jobs, &report);
        }
        write(out, &runs)?;
        // An interrupted run's file is this command's output with `--max-games` set to the games played
        // (as long as no game reached its count).
        let played: Vec<String> = runs.iter().map(|r| format!("{} {}", r.plan.game.id(), r.stats.games)).collect();
        eprintln!("written {} after games played: {}", out.display(), played.join(", "));
    }
    let secs = started.elapsed().as_secs_f64();
    for r in &runs {
        let s = &r.stats;
        eprintln!(
            "{}: {} puzzles from {} games, {} positions screened, {} candidates, rejected {:?}, seconds {:?}",
            r.plan.game.id(),
            r.puzzles.len(),
            s.games,
            s.positions,
            s.candidates,
            s.rejected,
            s.seconds
        );
    }
    eprintln!("{} puzzles in {secs:.0} s, written to {}", sorted(&runs).len(), out.display());
    Ok(())
}

fn merge(out: &PathBuf, inputs: &[PathBuf]) -> Result<()> {
    let mut all: Vec<Puzzle> = Vec::new();
    for path in inputs {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        all.extend(read_ndjson(&text).with_context(|| format!("{}", path.display()))?);
    }
    all.sort_by(|a, b| a.id.cmp(&b.id));
    all.dedup_by(|a, b| a.id == b.id);
    let written = write_set(out, &all)?;
    eprintln!("{written} puzzles written to {}", out.display());
    Ok(())
}

fn write(path: &PathBuf, runs: &[Run]) -> Result<()> {
    write_set(path, &sorted(runs)).map(drop)
}

/// Writes a set, leaving out the puzzles a random player solves too often (`guess::guessable`):
/// every set written (a run's, a merge's, a re-verification's) follows the generator's rule, whenever
/// its puzzles were made. Returns how many were written.
fn write_set(path: &PathBuf, puzzles: &[Puzzle]) -> Result<usize> {
    let (kept, guessable): (Vec<&Puzzle>, Vec<&Puzzle>) =
        puzzles.iter().partition(|p| matches!(guess::guessable(p), Ok(None)));
    if !guessable.is_empty() {
        let ids: Vec<&str> = guessable.iter().map(|p| p.id.as_str()).collect();
        eprintln!("{} puzzles left out as too easy to guess: {}", ids.len(), ids.join(" "));
        withdraw(path, &ids, "guessable")?;
    }
    let kept: Vec<Puzzle> = kept.into_iter().cloned().collect();
    let tmp = path.with_extension("ndjson.tmp");
    std::fs::File::create(&tmp)
        .and_then(|mut f| f.write_all(write_ndjson(&kept).as_bytes()))
        .with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("renaming {} to {}", tmp.display(), path.display()))?;
    Ok(kept.len())
}

/// Appends `ids` to the withdrawn list beside the set at `path` (`withdrawn.txt` in its folder), when there
/// is one: the published set's folder keeps what left it, so servers that stored those puzzles retire them.
fn withdraw(path: &std::path::Path, ids: &[&str], reason: &str) -> Result<()> {
    let list = path.with_file_name("withdrawn.txt");
    if ids.is_empty() || !list.exists() {
        return Ok(());
    }
    let text = std::fs::read_to_string(&list).with_context(|| format!("reading {}", list.display()))?;
    let known: std::collections::HashSet<String> =
        mancala_puzzles::read_withdrawn(&text).into_iter().map(|w| w.id).collect();
    let mut f = std::fs::OpenOptions::new().append(true).open(&list)?;
    for id in ids.iter().filter(|id| !known.contains(**id)) {
        writeln!(f, "{id} {reason}").with_context(|| format!("writing {}", list.display()))?;
    }
    Ok(())
}

fn verify(path: &PathBuf, sample: usize, verify_nodes: Option<u64>) -> Result<()> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let puzzles = read_ndjson(&text).with_context(|| format!("{}", path.display()))?;
    let n = puzzles.len();
    let k = if sample == 0 { n } else { sample.min(n) };
    let mut failed = 0;
    for i in 0..k {
        let p = &puzzles[i * n / k];
        let started = Instant::now();
        match line::check(p, &Budgets::of(p.variant, verify_nodes)) {
            Ok(()) => eprintln!("{} ({}): verified in {:.1} s", p.id, p.variant, started.elapsed().as_secs_f64()),
            Err(e) => {
                failed += 1;
                eprintln!("{} ({}): {e}", p.id, p.variant);
            }
        }
    }
    if failed > 0 {
        bail!("{failed} of {k} puzzles do not stand");
    }
    eprintln!("{k} of {n} puzzles verified");
    Ok(())
}

fn reverify(
    path: &PathBuf,
    progress: &std::path::Path,
    only: &[String],
    summary: Option<PathBuf>,
    apply: Option<bool>,
    verify_nodes: Option<u64>,
) -> Result<()> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let set = read_ndjson(&text).with_context(|| format!("{}", path.display()))?;
    for id in only {
        if !set.iter().any(|p| &p.id == id) {
            bail!("--only: no puzzle `{id}` in {}", path.display());
        }
    }
    let mut reports = reverify::read_progress(progress)?;
    // `Some(partial)`: rewrite the set rather than search.
    if let Some(partial) = apply {
        let kept = reverify::applied(&set, &reports, partial)?;
        let failed: Vec<&str> =
            set.iter().filter(|p| !kept.iter().any(|k| k.id == p.id)).map(|p| p.id.as_str()).collect();
        withdraw(path, &failed, "deep")?;
        let written = write_set(path, &kept)?;
        eprintln!("{written} of {} puzzles kept, written to {}", set.len(), path.display());
        return Ok(());
    }
    let asked: Vec<&Puzzle> =
        reverify::order(&set).into_iter().filter(|p| only.is_empty() || only.contains(&p.id)).collect();
    let todo: Vec<&Puzzle> = asked.iter().copied().filter(|p| !reports.contains_key(&p.id)).collect();
    eprintln!("{} puzzles asked, {} reported already, {} to search", asked.len(), asked.len() - todo.len(), todo.len());
    for (i, p) in todo.iter().enumerate() {
        let started = Instant::now();
        let budgets = Budgets::of(p.variant, verify_nodes);
        let report = match deep::reverify_on(p, &deep::FACTORS, &budgets, &mut Here) {
            Ok(r) => r,
            Err(e) => deep::Report {
                id: p.id.clone(),
                game: p.game(),
                standing: deep::Standing::Fails,
                reason: Some(e.to_string()),
                puzzle: None,
                searches: vec![],
            },
        };
        reverify::append(progress, &report)?;
        let alternatives = report.puzzle.as_ref().map(|q| q.alternatives.len()).unwrap_or(0);
        eprintln!(
            "[{}/{}] {} ({}): {:?}{}{} in {:.1} s",
            i + 1,
            todo.len(),
            p.id,
            p.variant,
            report.standing,
            if alternatives > 0 { format!(", {alternatives} alternatives") } else { String::new() },
            report.reason.as_ref().map(|r| format!(": {r}")).unwrap_or_default(),
            started.elapsed().as_secs_f64()
        );
        reports.insert(report.id.clone(), report);
    }
    let asked_set: Vec<Puzzle> = asked.into_iter().cloned().collect();
    let text = reverify::summary(&asked_set, &reports);
    let out = summary.unwrap_or_else(|| progress.with_extension("summary.md"));
    std::fs::write(&out, &text).with_context(|| format!("writing {}", out.display()))?;
    eprintln!("{text}summary written to {}", out.display());
    Ok(())
}
