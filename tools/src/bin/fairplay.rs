//! `mancala-fairplay`: the fair-play figures of the bots' own games at each level (`tools/src/fairplay.rs`),
//! the measurement behind the bars of `mancala_bot::fairplay` (BENCHMARKS.md, "Fair play").
//!
//! ```text
//! cargo run --release -p mancala-tools --bin mancala-fairplay -- --variant all --games 4 --save fairplay.txt
//! cargo run --release -p mancala-tools --bin mancala-fairplay -- --load fairplay.txt
//! ```

use anyhow::Result;
use clap::Parser;
use mancala_bot::Level;
use mancala_engine::Variant;
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
    /// Print the table of figures saved before instead of playing.
    #[arg(long)]
    load: Option<std::path::PathBuf>,
}

fn main() -> Result<()> {
    let args = Args::parse();
    let played = match &args.load {
        Some(path) => fairplay::load(&std::fs::read_to_string(path)?)?,
        None => {
            let variants: Vec<Variant> =
                if args.variant == "all" { Variant::ALL.to_vec() } else { vec![args.variant.parse()?] };
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
                eprintln!(
                    "{} of the {} games already saved, {} to play",
                    tasks.len() - todo.len(),
                    tasks.len(),
                    todo.len()
                );
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
            save.into_inner().expect("save").map_or(played, |f| f.saved)
        }
    };
    let mut out = std::io::stdout().lock();
    out.write_all(fairplay::report(&fairplay::cells(&played)).as_bytes())?;
    Ok(())
}
