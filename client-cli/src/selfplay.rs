//! `mancala selfplay`: plays games with uniformly random legal decisions, on one thread, from a ChaCha8
//! generator seeded by `--seed` (so a run is reproducible on any machine), and reports speed, game length
//! (turns, decisions, laps, drops), results and end reasons, as text or as one JSON object.
//!
//! Games run through the engine's fast path: decisions come from `legal_decisions`, so they are applied
//! with `apply_unchecked`, and a counting [`EventSink`] measures laps and drops without storing events.

use crate::{EngineFault, GameArgs, json};
use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use mancala_engine::{BySide, EndReason, Event, EventSink, Outcome, Position, Side, ToMove};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::time::{Duration, Instant};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Number of games.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Seed of the ChaCha8 generator that picks the decisions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// A game that has taken this many decisions is assumed stuck (no variant's random games come near it):
/// better an error naming the position than a run that never ends.
const MAX_DECISIONS_PER_GAME: u64 = 10_000_000;

/// The progress bar appears only once a run has lasted this long, so quick runs print nothing extra.
const PROGRESS_AFTER: Duration = Duration::from_secs(1);

/// The end reasons the rules can produce, in the order reports list them (the others are set by a server).
const RULE_REASONS: [EndReason; 6] = [
    EndReason::NoLegalMove,
    EndReason::AllCaptured,
    EndReason::EndlessSowing,
    EndReason::TurnLimit,
    EndReason::SpecialWin,
    EndReason::BothPassed,
];

/// Counts laps (a hole or an Azigo store lifted) and counters dropped; discards everything else.
#[derive(Debug, Default)]
struct Counter {
    laps: u64,
    drops: u64,
}

impl EventSink for Counter {
    #[inline]
    fn push(&mut self, event: Event) {
        match event {
            // An Azigo store move is a lap too: it lifts the store and sows it (no `Lift` event).
            Event::Lift { .. } | Event::StoreLift { .. } => self.laps += 1,
            Event::Drop { .. } => self.drops += 1,
            _ => {}
        }
    }
}

/// Totals over all games so far.
#[derive(Debug, Default)]
struct Tally {
    turns: Vec<u32>,
    decisions: u64,
    wins: BySide<u64>,
    draws: u64,
    reasons: BTreeMap<EndReason, u64>,
}

impl Tally {
    fn record(&mut self, outcome: Outcome, turns: u32, decisions: u64) {
        self.turns.push(turns);
        self.decisions += decisions;
        match outcome.winner {
            Some(side) => self.wins[side] += 1,
            None => self.draws += 1,
        }
        *self.reasons.entry(outcome.reason).or_default() += 1;
    }
}

/// Applies one uniformly random legal decision of `side`.
#[inline]
fn decide(pos: &mut Position, side: Side, rng: &mut ChaCha8Rng, sink: &mut Counter) -> Result<()> {
    let legal = pos.legal_decisions(side);
    if legal.is_empty() {
        return Err(EngineFault(format!(
            "{}: {side} has no legal decision but the game is not over, in `{}`",
            pos.variant(),
            pos.to_text()
        ))
        .into());
    }
    let decision = legal[rng.random_range(0..legal.len())];
    pos.apply_unchecked(side, decision, sink);
    Ok(())
}

/// Plays one game from `start` to its end; returns the outcome and the number of decisions taken.
fn play(start: &Position, rng: &mut ChaCha8Rng, sink: &mut Counter) -> Result<(Outcome, u32, u64)> {
    let mut pos = start.clone();
    let mut decisions = 0u64;
    loop {
        match pos.to_move() {
            ToMove::Nobody(outcome) => return Ok((outcome, pos.turn(), decisions)),
            ToMove::Side(side) => {
                decide(&mut pos, side, rng, sink)?;
                decisions += 1;
            }
            // Ikibuguzo's secret choice: each waiting side chooses on its own, South's draw first.
            ToMove::Both { waiting } => {
                for side in Side::BOTH.into_iter().filter(|&s| waiting[s]) {
                    decide(&mut pos, side, rng, sink)?;
                    decisions += 1;
                }
            }
        }
        if decisions >= MAX_DECISIONS_PER_GAME {
            return Err(EngineFault(format!(
                "{}: a game passed {MAX_DECISIONS_PER_GAME} decisions without ending, at `{}`",
                pos.variant(),
                pos.to_text()
            ))
            .into());
        }
    }
}

#[derive(Debug, Serialize)]
struct TurnFigures {
    mean: f64,
    median: f64,
    min: u32,
    max: u32,
}

#[derive(Debug, Serialize)]
struct Wins {
    south: u64,
    north: u64,
}

#[derive(Debug, Serialize)]
struct Totals {
    decisions: u64,
    laps: u64,
    drops: u64,
}

/// Every figure of a run; `--json` prints exactly this. `seconds`, `games_per_second` and
/// `decisions_per_second` depend on the machine; everything else depends only on the arguments.
#[derive(Debug, Serialize)]
struct Report {
    /// The variant with its options, for the text report.
    #[serde(skip)]
    label: String,
    variant: &'static str,
    options: serde_json::Value,
    games: u64,
    seed: u64,
    seconds: f64,
    games_per_second: f64,
    decisions_per_second: f64,
    /// `Position::turn()` at the end: both players' turns, opening turns included.
    turns: TurnFigures,
    decisions_per_game: f64,
    laps_per_game: f64,
    drops_per_game: f64,
    wins: Wins,
    draws: u64,
    end_reasons: BTreeMap<&'static str, u64>,
    totals: Totals,
}

pub fn run(args: &Args) -> Result<()> {
    let variant = args.game.variant;
    let options = args.game.options()?;
    let start = Position::start(variant, options)?;
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let mut sink = Counter::default();
    let mut tally = Tally { turns: Vec::with_capacity(args.games as usize), ..Tally::default() };
    // The bar is made lazily after PROGRESS_AFTER, and never when stderr is not a terminal (indicatif
    // would hide it anyway; not making it keeps piped output and timings clean).
    let show_progress = std::io::stderr().is_terminal();
    let mut bar: Option<ProgressBar> = None;
    let began = Instant::now();
    for game in 0..args.games {
        let (outcome, turns, decisions) = play(&start, &mut rng, &mut sink)?;
        tally.record(outcome, turns, decisions);
        if show_progress && game % 64 == 63 {
            match &bar {
                Some(bar) => bar.set_position(game + 1),
                None if began.elapsed() >= PROGRESS_AFTER => bar = Some(progress_bar(args.games, game + 1)),
                None => {}
            }
        }
    }
    let seconds = began.elapsed().as_secs_f64();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let report = report(variant.id(), &options, args, seconds, &tally, &sink);
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{}", text(&report));
    }
    Ok(())
}

fn progress_bar(games: u64, done: u64) -> ProgressBar {
    let bar = ProgressBar::new(games);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, {eta} left")
            .expect("the template is valid"),
    );
    bar.set_position(done);
    bar
}

fn report(
    variant: &'static str,
    options: &mancala_engine::Options,
    args: &Args,
    seconds: f64,
    tally: &Tally,
    sink: &Counter,
) -> Report {
    let games = args.games;
    let per_game = |total: u64| total as f64 / games as f64;
    let mut sorted = tally.turns.clone();
    sorted.sort_unstable();
    let n = sorted.len();
    let median =
        if n % 2 == 1 { sorted[n / 2] as f64 } else { (sorted[n / 2 - 1] as f64 + sorted[n / 2] as f64) / 2.0 };
    let mut end_reasons: BTreeMap<&'static str, u64> = RULE_REASONS.iter().map(|r| (r.as_str(), 0)).collect();
    for (reason, count) in &tally.reasons {
        *end_reasons.entry(reason.as_str()).or_default() += count;
    }
    Report {
        label: crate::analyze::describe(args.game.variant, options),
        variant,
        options: json::options(options),
        games,
        seed: args.seed,
        seconds,
        games_per_second: games as f64 / seconds,
        decisions_per_second: tally.decisions as f64 / seconds,
        turns: TurnFigures {
            mean: sorted.iter().map(|&t| t as f64).sum::<f64>() / n as f64,
            median,
            min: sorted[0],
            max: sorted[n - 1],
        },
        decisions_per_game: per_game(tally.decisions),
        laps_per_game: per_game(sink.laps),
        drops_per_game: per_game(sink.drops),
        wins: Wins { south: tally.wins.south, north: tally.wins.north },
        draws: tally.draws,
        end_reasons,
        totals: Totals { decisions: tally.decisions, laps: sink.laps, drops: sink.drops },
    }
}

fn text(r: &Report) -> String {
    let pct = |n: u64| 100.0 * n as f64 / r.games as f64;
    // Rule reasons in their fixed order first, then any other reason that occurred.
    let mut reasons: Vec<String> =
        RULE_REASONS.iter().map(|x| format!("{} {}", x.as_str(), r.end_reasons[x.as_str()])).collect();
    for (id, n) in &r.end_reasons {
        if !RULE_REASONS.iter().any(|x| x.as_str() == *id) {
            reasons.push(format!("{id} {n}"));
        }
    }
    format!(
        "selfplay {label}: {games} games, seed {seed}, one thread\n\
         speed        {games_per_second:.0} games/s ({seconds:.3} s, {dps:.0} decisions/s)\n\
         turns/game   mean {tmean:.1}, median {tmedian}, min {tmin}, max {tmax}\n\
         decisions    {dpg:.1} per game\n\
         laps         {lpg:.1} per game\n\
         drops        {drpg:.1} per game\n\
         results      south {south} ({sp:.1}%), north {north} ({np:.1}%), draws {draws} ({dp:.1}%)\n\
         end reasons  {reasons}\n",
        label = r.label,
        games = r.games,
        seed = r.seed,
        games_per_second = r.games_per_second,
        seconds = r.seconds,
        dps = r.decisions_per_second,
        tmean = r.turns.mean,
        tmedian = r.turns.median,
        tmin = r.turns.min,
        tmax = r.turns.max,
        dpg = r.decisions_per_game,
        lpg = r.laps_per_game,
        drpg = r.drops_per_game,
        south = r.wins.south,
        sp = pct(r.wins.south),
        north = r.wins.north,
        np = pct(r.wins.north),
        draws = r.draws,
        dp = pct(r.draws),
        reasons = reasons.join(", "),
    )
}
