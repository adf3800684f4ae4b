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
use mancala_bot::fairplay::{Figures, MIN_GAMES, WINDOW, reference, reference_nodes, threshold};
use mancala_bot::review::{self, Reviewed, Thresholds};
use mancala_bot::{Bot, Level};
use mancala_engine::{NoEvents, Side, ToMove, Variant};
use mancala_protocol::review::REVIEW_NODES;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

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
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![None; tasks.len()]);
    let failed = Mutex::new(None);
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&task) = tasks.get(i) else { break };
                    match play(task, seed, openings).and_then(|p| progress(&p).map(|()| p)) {
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

    /// Games until an account with these samples, in order, is over the bar of its variant: the first
    /// window of at least [`MIN_GAMES`] games from the first sample that is over it (`None`: never).
    pub fn games_to_flag(&self) -> Option<usize> {
        (MIN_GAMES..=self.samples.len()).find(|&n| {
            let run = &self.samples[n.saturating_sub(WINDOW)..n];
            let w = mancala_bot::fairplay::window(&run.iter().rev().copied().collect::<Vec<_>>());
            mancala_bot::fairplay::over(self.variant, &w)
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

/// The table of `cells`: a line per level and variant, then per variant the honest levels' highest window,
/// level 8's lowest and the bar in code.
pub fn report(cells: &[Cell]) -> String {
    let mut out = String::new();
    out.push_str("| variant | level | samples | agreement per game min / median / max | windows min – max | accuracy | games to flag |\n");
    out.push_str("|---|---|---|---|---|---|---|\n");
    let f = |x: Option<f64>| x.map_or("–".to_string(), |x| format!("{x:.1}"));
    for c in cells {
        let mut a = c.agreements();
        a.sort_by(f64::total_cmp);
        let (min, med, max) = (a.first().copied(), a.get(a.len() / 2).copied(), a.last().copied());
        let (lo, hi) = c.windows().unzip();
        out.push_str(&format!(
            "| {} | {} | {} | {} / {} / {} | {} – {} | {} | {} |\n",
            c.variant,
            c.level,
            c.samples.len(),
            f(min),
            f(med),
            f(max),
            f(lo),
            f(hi),
            f(c.accuracy()),
            c.games_to_flag().map_or("never".to_string(), |n| n.to_string()),
        ));
    }
    out.push('\n');
    let mut variants: Vec<Variant> = cells.iter().map(|c| c.variant).collect();
    variants.dedup();
    out.push_str("| variant | honest (1–7) highest window | level 8 lowest window | bar in code | false alarms 1–7 | level 8 flagged after |\n");
    out.push_str("|---|---|---|---|---|---|\n");
    for v in variants {
        let of = |honest: bool| cells.iter().filter(move |c| c.variant == v && (c.level != Level::L8) == honest);
        let honest_hi = of(true)
            .filter_map(|c| c.windows().map(|w| w.1))
            .fold(None, |m: Option<f64>, x| Some(m.map_or(x, |m| m.max(x))));
        let eight_lo = of(false)
            .filter_map(|c| c.windows().map(|w| w.0))
            .fold(None, |m: Option<f64>, x| Some(m.map_or(x, |m| m.min(x))));
        let alarms = of(true).filter(|c| c.games_to_flag().is_some()).count();
        let flag = of(false)
            .map(|c| c.games_to_flag().map_or("never".to_string(), |n| format!("{n} games")))
            .collect::<Vec<_>>()
            .join(", ");
        out.push_str(&format!(
            "| {v} | {} | {} | {:.1} | {alarms} | {} |\n",
            f(honest_hi),
            f(eight_lo),
            threshold(v),
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
}
