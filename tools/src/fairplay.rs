//! `mancala-fairplay`: measures the fair-play figures ([`mancala_bot::fairplay`]) of the bots' own games,
//! the honest "players" of known strength. Each level plays itself from a few random opening decisions
//! (so games differ); every decision with a choice gets its reference (level 8's own search at its budget
//! in the variant, as the server computes it) and every game is reviewed as the server reviews a rated
//! game (for the accuracy), and each side's figures are one sample of its level. Per variant and level it
//! prints the spread of one game's agreement and the highest and lowest pooled agreement of every run of
//! consecutive samples from [`MIN_GAMES`] to [`WINDOW`] long: the windows an account playing like that
//! level would show. Level 8's lowest window is what a copier of level 8 shows at worst; the honest
//! levels' highest is what the bar must stay above.
//!
//! Deterministic: the bots' budgets count nodes (their searches have no wall-clock safety net, nor has
//! the reference, so a loaded machine only makes them slower) and their generators are seeded from
//! `--seed`, the variant, the level and the game, so the figures (not the times) are the same on any
//! machine.

use crate::arena::{Opening, bot_seed};
use anyhow::{Result, bail};
use mancala_bot::fairplay::{Figures, MIN_GAMES, WINDOW, expected, reference, reference_nodes, threshold};
use mancala_bot::ladder::elo;
use mancala_bot::review::{self, Reviewed, Thresholds};
use mancala_bot::{Bot, Level};
use mancala_engine::{NoEvents, Side, ToMove, Variant};
use mancala_protocol::review::REVIEW_NODES;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

pub mod copier;
mod saved;
pub use saved::{DEFAULT_ORIGIN, Origin, SaveFile, load, pending, save};

/// One game to play: a level against itself in a variant.
#[derive(Clone, Copy, Debug)]
pub struct Task {
    pub variant: Variant,
    pub level: Level,
    pub game: u32,
}

/// A played and reviewed game: each side's figures (South, North) and the decisions it took.
#[derive(Clone, Copy, Debug)]
pub struct Played {
    pub task: Task,
    pub figures: [Figures; 2],
    pub decisions: u32,
}

/// The two bots (South, North) of a game of `level` whose seeds come from `seed` and `parts` (variant,
/// level, game). No wall-clock safety net: at low priority on a loaded machine a search can pass its
/// 30 s, and a search it cuts short is neither the level's nor reproducible (BENCHMARKS.md, "Fair play":
/// the level-8 game that agreed 94.4 %).
fn players(level: Level, seed: u64, parts: [u64; 3]) -> [Bot; 2] {
    [0, 1].map(|side| Bot::new(level, bot_seed(seed, &[parts[0], parts[1], parts[2], side])).with_safety_time(None))
}

/// Plays and reviews `task`'s game from an opening of `openings` random decisions.
pub fn play(task: Task, seed: u64, openings: u32) -> Result<Played> {
    let Task { variant, level, game } = task;
    let vi = Variant::ALL.iter().position(|&v| v == variant).unwrap_or(0) as u64;
    let parts = [vi, level.number() as u64, game as u64];
    let opening = Opening { plies: openings, seed: bot_seed(seed, &parts) };
    let start = opening.position(variant)?;
    let mut bots = players(level, seed, parts);
    let th = Thresholds::of(&start);
    let mut pos = start.clone();
    let mut reviewed = Vec::new();
    let mut references = Vec::new();
    let nodes = reference_nodes(variant);
    let mut ply = 0;
    loop {
        let movers: Vec<Side> = match pos.to_move() {
            ToMove::Nobody(_) => break,
            ToMove::Side(s) => vec![s],
            ToMove::Both { waiting } => Side::BOTH.into_iter().filter(|&s| waiting[s]).collect(),
        };
        // The secret choice of arrays is not judged (nor is it by the server's review).
        let secret = matches!(pos.to_move(), ToMove::Both { .. });
        let mut chosen = Vec::new();
        for side in movers {
            let Some(d) = bots[side.index()].decide(&pos, side) else {
                bail!("{variant} level {level}: no decision for {side} in `{}`", pos.to_text())
            };
            chosen.push((side, d));
        }
        for (side, d) in chosen {
            ply += 1;
            let judged = if secret { None } else { review::judge(&pos, d, REVIEW_NODES, &th) };
            reviewed.push(Reviewed { ply, side, decision: d, judged });
            references.push(if secret { Vec::new() } else { reference(&pos, side, nodes) });
            pos.apply(side, d, &mut NoEvents)?;
        }
        if ply > 100_000 {
            bail!("{variant} level {level}: game {game} passed 100 000 decisions");
        }
    }
    let r = review::summary(th, reviewed);
    let mut figures = [Figures::new(r.accuracy[0]), Figures::new(r.accuracy[1])];
    for (d, reference) in r.decisions.iter().zip(&references) {
        figures[d.side.index()].add(d.decision, reference);
    }
    Ok(Played { task, figures, decisions: ply })
}

/// Plays every task on `threads` threads, giving each game to `progress` as soon as it is played (an error
/// of `progress` stops the run); the results in the tasks' order.
pub fn play_all(
    tasks: &[Task],
    seed: u64,
    openings: u32,
    threads: usize,
    progress: impl Fn(&Played) -> Result<()> + Sync,
) -> Result<Vec<Played>> {
    run_all(tasks, threads, |&task| play(task, seed, openings), progress)
}

/// Runs `work` on every task on `threads` threads, giving each result to `progress` as soon as it is
/// there (an error of either stops the run); the results in the tasks' order.
pub fn run_all<T: Sync, R: Clone + Send>(
    tasks: &[T],
    threads: usize,
    work: impl Fn(&T) -> Result<R> + Sync,
    progress: impl Fn(&R) -> Result<()> + Sync,
) -> Result<Vec<R>> {
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![None; tasks.len()]);
    let failed = Mutex::new(None);
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(task) = tasks.get(i) else { break };
                    match work(task).and_then(|p| progress(&p).map(|()| p)) {
                        Ok(p) => results.lock().expect("results")[i] = Some(p),
                        Err(e) => {
                            *failed.lock().expect("failed") = Some(e);
                            break;
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = failed.into_inner().expect("failed") {
        return Err(e);
    }
    Ok(results.into_inner().expect("results").into_iter().flatten().collect())
}

/// The figures of one level in one variant: its samples in order (game by game, South then North).
#[derive(Clone, Debug)]
pub struct Cell {
    pub variant: Variant,
    pub level: Level,
    pub samples: Vec<Figures>,
}

/// Pooled agreement of `run`.
fn pooled(run: &[Figures]) -> Option<f64> {
    let (c, a) = run.iter().fold((0, 0), |(c, a), f| (c + f.counted, a + f.agreed));
    (c > 0).then(|| 100.0 * f64::from(a) / f64::from(c))
}

impl Cell {
    /// Each sample's agreement (percent), the samples without a counted decision left out.
    pub fn agreements(&self) -> Vec<f64> {
        self.samples.iter().filter_map(Figures::agreement).collect()
    }

    /// The lowest and highest pooled agreement over every run of consecutive samples [`MIN_GAMES`] to
    /// [`WINDOW`] long; `None` with fewer than [`MIN_GAMES`] samples.
    pub fn windows(&self) -> Option<(f64, f64)> {
        let mut range: Option<(f64, f64)> = None;
        for len in MIN_GAMES..=WINDOW.min(self.samples.len()) {
            for run in self.samples.windows(len) {
                if let Some(p) = pooled(run) {
                    range = Some(range.map_or((p, p), |(lo, hi)| (lo.min(p), hi.max(p))));
                }
            }
        }
        range
    }

    /// The mean accuracy of the samples.
    pub fn accuracy(&self) -> Option<f64> {
        let a: Vec<f64> = self.samples.iter().filter_map(|f| f.accuracy).collect();
        (!a.is_empty()).then(|| a.iter().sum::<f64>() / a.len() as f64)
    }

    /// Every decision of the samples pooled (percent): the level's agreement.
    pub fn pooled(&self) -> Option<f64> {
        pooled(&self.samples)
    }

    /// The level's rating on the ladder of its variant (`None` where the arena has not measured it).
    pub fn rating(&self) -> Option<f64> {
        elo(self.variant, self.level).map(f64::from)
    }

    /// The bar an account rated as this level is compared with ([`threshold`]) for a window of this
    /// level's mean decisions in [`MIN_GAMES`] games; the absolute bar when the level has no rating.
    pub fn bar(&self) -> f64 {
        let counted: u32 = self.samples.iter().map(|f| f.counted).sum();
        let typical = (counted as usize * MIN_GAMES / self.samples.len().max(1)) as u32;
        threshold(self.variant, self.rating().unwrap_or(f64::INFINITY), typical)
    }

    /// The windows (every run of consecutive samples [`MIN_GAMES`] to [`WINDOW`] long) that the signal
    /// would report at the level's rating, and how many windows there are.
    pub fn windows_over(&self) -> (usize, usize) {
        let rating = self.rating().unwrap_or(f64::INFINITY);
        let (mut over, mut all) = (0, 0);
        for w in self.runs() {
            all += 1;
            over += usize::from(mancala_bot::fairplay::over(self.variant, rating, &w));
        }
        (over, all)
    }

    /// The window nearest its bar at the level's rating (of those with enough decisions to be compared):
    /// its agreement and its bar.
    pub fn nearest(&self) -> Option<(f64, f64)> {
        let rating = self.rating().unwrap_or(f64::INFINITY);
        self.runs()
            .filter(|w| w.counted >= mancala_bot::fairplay::MIN_DECISIONS)
            .filter_map(|w| Some((w.agreement()?, threshold(self.variant, rating, w.counted))))
            .max_by(|a, b| (a.0 - a.1).total_cmp(&(b.0 - b.1)))
    }

    /// Every run of consecutive samples [`MIN_GAMES`] to [`WINDOW`] long, pooled.
    fn runs(&self) -> impl Iterator<Item = mancala_bot::fairplay::Window> + '_ {
        (MIN_GAMES..=WINDOW.min(self.samples.len())).flat_map(move |len| {
            self.samples
                .windows(len)
                .map(|run| mancala_bot::fairplay::window(&run.iter().rev().copied().collect::<Vec<_>>()))
        })
    }

    /// Games until an account with these samples, in order, at the level's rating, is over the bar: the
    /// first window of at least [`MIN_GAMES`] games from the first sample that is over it (`None`: never).
    pub fn games_to_flag(&self) -> Option<usize> {
        let rating = self.rating().unwrap_or(f64::INFINITY);
        (MIN_GAMES..=self.samples.len()).find(|&n| {
            let run = &self.samples[n.saturating_sub(WINDOW)..n];
            let w = mancala_bot::fairplay::window(&run.iter().rev().copied().collect::<Vec<_>>());
            mancala_bot::fairplay::over(self.variant, rating, &w)
        })
    }
}

/// The cells of `played`, in the order it first names them, each cell's samples in order of game (a
/// resumed measurement saves its games in the order they finished).
pub fn cells(played: &[Played]) -> Vec<Cell> {
    let mut played = played.to_vec();
    played.sort_by_key(|p| p.task.game);
    let mut cells: Vec<Cell> = Vec::new();
    for p in &played {
        let at = cells.iter().position(|c| c.variant == p.task.variant && c.level == p.task.level);
        let cell = match at {
            Some(i) => &mut cells[i],
            None => {
                cells.push(Cell { variant: p.task.variant, level: p.task.level, samples: Vec::new() });
                cells.last_mut().expect("pushed")
            }
        };
        cell.samples.extend(p.figures);
    }
    cells
}

/// The table of `cells`: a line per level and variant with the level's rating and the bar there, then per
/// variant the honest window nearest its bar, the false alarms and when level 8 is flagged.
pub fn report(cells: &[Cell]) -> String {
    let mut out = String::new();
    out.push_str("| variant | level | rating | samples | agreement per game min / median / max | pooled | windows min – max | expected | bar (3 games) | accuracy | windows over the bar |\n");
    out.push_str("|---|---|---|---|---|---|---|---|---|---|---|\n");
    let f = |x: Option<f64>| x.map_or("–".to_string(), |x| format!("{x:.1}"));
    for c in cells {
        let mut a = c.agreements();
        a.sort_by(f64::total_cmp);
        let (min, med, max) = (a.first().copied(), a.get(a.len() / 2).copied(), a.last().copied());
        let (lo, hi) = c.windows().unzip();
        let (over, all) = c.windows_over();
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} / {} / {} | {} | {} – {} | {} | {:.1} | {} | {over} of {all} |\n",
            c.variant,
            c.level,
            c.rating().map_or("–".to_string(), |r| format!("{r:.0}")),
            c.samples.len(),
            f(min),
            f(med),
            f(max),
            f(c.pooled()),
            f(lo),
            f(hi),
            f(c.rating().map(|r| expected(c.variant, r))),
            c.bar(),
            f(c.accuracy()),
        ));
    }
    out.push('\n');
    let mut variants: Vec<Variant> = cells.iter().map(|c| c.variant).collect();
    variants.dedup();
    out.push_str(
        "| variant | honest (1–7) window nearest its bar | false alarms 1–7 (windows) | level 8 flagged after |\n",
    );
    out.push_str("|---|---|---|---|\n");
    for v in variants {
        let of = |honest: bool| cells.iter().filter(move |c| c.variant == v && (c.level != Level::L8) == honest);
        let nearest = of(true)
            .filter_map(|c| c.nearest().map(|n| (n, c.level)))
            .max_by(|a, b| (a.0.0 - a.0.1).total_cmp(&(b.0.0 - b.0.1)))
            .map_or("–".to_string(), |((window, bar), level)| {
                format!("level {level}: {window:.1} under {bar:.1} ({:.1} points)", bar - window)
            });
        let (over, all) = of(true).map(|c| c.windows_over()).fold((0, 0), |(o, a), (x, y)| (o + x, a + y));
        let flag = of(false)
            .map(|c| c.games_to_flag().map_or("never".to_string(), |n| format!("{n} games")))
            .collect::<Vec<_>>()
            .join(", ");
        out.push_str(&format!(
            "| {v} | {nearest} | {over} of {all} | {} |\n",
            if flag.is_empty() { "–".to_string() } else { flag },
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The measured bots' decisions depend on their nodes alone, not on how loaded the machine is.
    #[test]
    fn the_measured_bots_have_no_clock() {
        for level in Level::ALL {
            for bot in players(level, 1, [0, level.number() as u64, 3]) {
                assert_eq!(bot.safety_time(), None, "level {level}");
            }
        }
    }

    /// The saved measurements (`tools/bench/fairplay/`) of every variant's levels, and of the copiers.
    fn measured() -> Vec<(Variant, Vec<Cell>)> {
        [
            (Variant::Kubuguza, include_str!("../bench/fairplay/kubuguza.txt")),
            (Variant::Njombwa, include_str!("../bench/fairplay/njombwa.txt")),
            (Variant::Ikibuguzo, include_str!("../bench/fairplay/ikibuguzo.txt")),
            (Variant::Azigo, include_str!("../bench/fairplay/azigo.txt")),
        ]
        .into_iter()
        .map(|(v, text)| (v, cells(&load(text).unwrap())))
        .collect()
    }

    /// The levels' figures the bar is drawn from are the saved measurements' pooled agreements.
    #[test]
    fn the_curves_figures_are_the_measured_ones() {
        for (variant, cells) in measured() {
            for &level in &Level::ALL[..7] {
                let cell = cells.iter().find(|c| c.level == level).expect("every honest level measured");
                let (code, saved) =
                    (mancala_bot::fairplay::level_agreement(variant, level).unwrap(), cell.pooled().unwrap());
                assert!((code - saved).abs() < 0.05, "{variant} level {level}: {code} in code, {saved} measured");
            }
        }
    }

    /// No window of an honest level (1 to 7: every run of 3 to 10 consecutive samples) is over the bar at
    /// the level's rating. Level 8 is the reference: it agrees on every decision, and each of its windows
    /// of enough decisions for the absolute bar is over it at any rating.
    #[test]
    fn no_honest_levels_window_is_over_the_bar_at_its_rating() {
        for (variant, cells) in measured() {
            for cell in &cells {
                let (over, all) = cell.windows_over();
                if cell.level == Level::L8 {
                    for w in cell.runs().filter(|w| w.counted >= mancala_bot::fairplay::CEILING_DECISIONS) {
                        assert!(mancala_bot::fairplay::over(variant, f64::INFINITY, &w), "{variant}: {w:?}");
                    }
                    continue;
                }
                assert!(all > 0 || cell.samples.len() < MIN_GAMES, "{variant} level {}: no window", cell.level);
                assert_eq!(over, 0, "{variant} level {}: {over} of {all} windows over {:.1}", cell.level, cell.bar());
            }
        }
    }

    /// A copier of the analysis (the analysis board's default, 200 000 nodes, and level 8's budget, in
    /// every variant measured) is reported within 10 rated games at the ratings the site's update gives
    /// it from 1500, against one new opponent and against a new one each game (its fastest climb, still
    /// under 2000), and also when rated 2000 for all ten.
    #[test]
    fn a_copier_rated_2000_or_less_is_reported_within_10_games() {
        let mut games = copier::load(include_str!("../bench/fairplay/copier-kubuguza.txt")).unwrap();
        games.extend(copier::load(include_str!("../bench/fairplay/copier-njombwa.txt")).unwrap());
        // Azigo's games are long (500 to 1 000 decisions): 3 of them were measured.
        games.extend(copier::load(include_str!("../bench/fairplay/copier-azigo.txt")).unwrap());
        let mut runs: Vec<(Variant, u64)> = games.iter().map(|g| (g.task.variant, g.task.nodes)).collect();
        runs.dedup();
        assert!(runs.contains(&(Variant::Kubuguza, 200_000)) && runs.contains(&(Variant::Kubuguza, 1_000_000)));
        for (variant, nodes) in runs {
            let mut run: Vec<copier::CopierGame> =
                games.iter().filter(|g| (g.task.variant, g.task.nodes) == (variant, nodes)).copied().collect();
            run.sort_by_key(|g| g.task.game);
            run.truncate(10);
            assert!(run.len() == 10 || variant == Variant::Azigo, "{variant} at {nodes}: {} games", run.len());
            for opponent in [copier::Opponent::Same, copier::Opponent::New] {
                let ratings = copier::simulated(&run, opponent);
                assert!(ratings.iter().all(|&r| r < 2000.0), "{ratings:?}");
                let steps = copier::steps(variant, &run, &ratings);
                assert!(steps.iter().any(|s| s.reported), "{variant} at {nodes} nodes, {opponent:?}: {steps:?}");
            }
            let at_2000 = copier::steps(variant, &run, &vec![2000.0; run.len()]);
            assert!(at_2000.iter().any(|s| s.reported), "{variant} at {nodes} nodes, rated 2000: {at_2000:?}");
        }
    }
}
