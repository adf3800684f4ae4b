//! `mancala-fairplay`: the fair-play figures of the bots' own games at each level (`tools/src/fairplay.rs`),
//! the measurement behind the bars of `mancala_bot::fairplay` (BENCHMARKS.md, "Fair play"), and with
//! `--copier-nodes` the games of a copier of the analysis against a random player, with the rating it
//! climbs to and when the signal reports it (`tools/src/fairplay/copier.rs`).
//!
//! ```text
//! cargo run --release -p mancala-tools --bin mancala-fairplay -- --variant all --games 4 --save fairplay.txt
//! cargo run --release -p mancala-tools --bin mancala-fairplay -- --variant kubuguza --games 10 \
//!     --copier-nodes 200000,1000000 --save copier.txt
//! cargo run --release -p mancala-tools --bin mancala-fairplay -- --load fairplay.txt,copier.txt
//! ```

use anyhow::Result;
use clap::Parser;
use mancala_bot::Level;
use mancala_engine::Variant;
use mancala_tools::fairplay::copier::{self, CopierGame, CopierTask};
use mancala_tools::fairplay::{self, Origin, SaveFile, Task};
use std::io::Write;
use std::sync::Mutex;
use std::time::Instant;

#[derive(Debug, Parser)]
#[command(
    name = "mancala-fairplay",
    about = "Measures the bots' agreement with level 8's decisions, per variant and level"
)]
struct Args {
    /// A variant id, or `all`.
    #[arg(long, default_value = "all")]
    variant: String,
    /// Games per level and variant (each level plays itself: two samples a game).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// The levels, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "1,2,3,4,5,6,7,8")]
    levels: Vec<u8>,
    /// Random decisions that open each game (searching bots vary little from the start position alone).
    #[arg(long, default_value_t = 2)]
    openings: u32,
    /// Seed from which every bot and opening is seeded.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Append each game's figures to this file as soon as it is played; the games it already holds (same
    /// variant, level and game) are not played again, so a stopped run resumes where it was.
    #[arg(long)]
    save: Option<std::path::PathBuf>,
    /// Instead of the levels, a copier of the analysis at these budgets (nodes, comma-separated) against
    /// a random player, `--games` games each.
    #[arg(long, value_delimiter = ',')]
    copier_nodes: Vec<u64>,
    /// Print the tables of games saved before (files, comma-separated: the levels' and the copier's)
    /// instead of playing.
    #[arg(long, value_delimiter = ',')]
    load: Vec<std::path::PathBuf>,
}

fn main() -> Result<()> {
    let args = Args::parse();
    let mut out = std::io::stdout().lock();
    if !args.load.is_empty() {
        let (mut played, mut copied) = (Vec::new(), Vec::new());
        for path in &args.load {
            let text = std::fs::read_to_string(path)?;
            if text.lines().any(|l| l.starts_with("copier ")) {
                copied.extend(copier::load(&text)?);
            } else {
                played.extend(fairplay::load(&text)?);
            }
        }
        if !played.is_empty() {
            out.write_all(fairplay::report(&fairplay::cells(&played)).as_bytes())?;
            out.write_all(b"\n")?;
        }
        out.write_all(copier::report(&copied).as_bytes())?;
        return Ok(());
    }
    let variants: Vec<Variant> =
        if args.variant == "all" { Variant::ALL.to_vec() } else { vec![args.variant.parse()?] };
    if !args.copier_nodes.is_empty() {
        let games = copy(&args, &variants)?;
        return Ok(out.write_all(copier::report(&games).as_bytes())?);
    }
    let mut levels = Vec::new();
    for &n in &args.levels {
        levels.push(Level::from_number(n).ok_or_else(|| anyhow::anyhow!("no level {n}: 1 to 8"))?);
    }
    let tasks: Vec<Task> = variants
        .iter()
        .flat_map(|&variant| {
            levels.iter().flat_map(move |&level| (0..args.games).map(move |game| Task { variant, level, game }))
        })
        .collect();
    let save = match &args.save {
        Some(path) => Some(SaveFile::open(path, Origin { seed: args.seed, openings: args.openings })?),
        None => None,
    };
    let todo = save.as_ref().map_or(tasks.clone(), |f| fairplay::pending(&tasks, &f.saved));
    if todo.len() < tasks.len() {
        eprintln!("{} of the {} games already saved, {} to play", tasks.len() - todo.len(), tasks.len(), todo.len());
    }
    let save = Mutex::new(save);
    let started = Instant::now();
    let played = fairplay::play_all(&todo, args.seed, args.openings, args.threads, |p| {
        let [s, n] = p.figures;
        eprintln!(
            "{:>6.0}s {} level {} game {}: {} decisions, agreement {:?} / {:?}",
            started.elapsed().as_secs_f64(),
            p.task.variant,
            p.task.level,
            p.task.game,
            p.decisions,
            s.agreement().map(|a| a.round()),
            n.agreement().map(|a| a.round())
        );
        save.lock().expect("save").as_mut().map_or(Ok(()), |f| f.append(p))
    })?;
    // With a file, the table is of every game in it, those of earlier runs too.
    let played = save.into_inner().expect("save").map_or(played, |f| f.saved);
    out.write_all(fairplay::report(&fairplay::cells(&played)).as_bytes())?;
    Ok(())
}

/// Plays the copier's games (`--copier-nodes`), appending each to `--save`'s file as it is played (the
/// games already in it are not played again); every game of the file and of the run.
fn copy(args: &Args, variants: &[Variant]) -> Result<Vec<CopierGame>> {
    let saved = match &args.save {
        Some(path) if path.exists() => copier::load(&std::fs::read_to_string(path)?)?,
        _ => Vec::new(),
    };
    let tasks: Vec<CopierTask> = variants
        .iter()
        .flat_map(|&variant| {
            args.copier_nodes
                .iter()
                .flat_map(move |&nodes| (0..args.games).map(move |game| CopierTask { variant, nodes, game }))
        })
        .filter(|t| !saved.iter().any(|g| g.task == *t))
        .collect();
    let file = match &args.save {
        Some(path) => {
            let mut f = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
            if saved.is_empty() {
                f.write_all(format!("# seed {} openings {}\n", args.seed, args.openings).as_bytes())?;
            }
            Some(f)
        }
        None => None,
    };
    let file = Mutex::new(file);
    let started = Instant::now();
    let played = fairplay::run_all(
        &tasks,
        args.threads,
        |&task| copier::play(task, args.seed, args.openings),
        |g| {
            eprintln!(
                "{:>6.0}s {} copier at {} nodes, game {}: {} decisions, agreement {:?}, won {:?}",
                started.elapsed().as_secs_f64(),
                g.task.variant,
                g.task.nodes,
                g.task.game,
                g.decisions,
                g.figures.agreement().map(|a| a.round()),
                g.won
            );
            let mut file = file.lock().expect("save");
            let Some(f) = file.as_mut() else { return Ok(()) };
            f.write_all(copier::save(std::slice::from_ref(g)).as_bytes())?;
            Ok(f.sync_data()?)
        },
    )?;
    Ok(saved.into_iter().chain(played).collect())
}
