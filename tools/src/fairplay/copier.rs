//! The copier of `mancala-fairplay --copier-nodes N`: an account that plays every decision the site's
//! analysis ranks first at N nodes (`mancala_bot::analysis`, as the analysis board and `mancala analyze`
//! give it, without the wall-clock net so that the games repeat) against a random player (level 1), as
//! an outsider checking the signal would. Each game gives the copier's figures (its decisions with a
//! choice and how many are in level 8's reference) and its result; the ratings it would have are the
//! site's own update ([`mancala_server::ratings::rate_game`]) replayed from a new account's 1500 against
//! the same random player, a new account too, that loses every game. Per game count it prints what the
//! server's signal does: the window since the last report, the rating before the game, the bar for that
//! rating ([`mancala_bot::fairplay::threshold`]) and whether the account is reported.
//!
//! The copier's window is of its games only; the random player's decisions are not judged (no review
//! either: the accuracy is not part of the bar), so a game costs the copier's analyses and references.

use crate::arena::{Opening, bot_seed};
use anyhow::{Result, bail};
use mancala_bot::analysis::analyse_exact;
use mancala_bot::fairplay::{Figures, WINDOW, expected, over, reference, reference_nodes, threshold, window};
use mancala_bot::{Bot, Level, Limits};
use mancala_engine::{BySide, NoEvents, Side, ToMove, Variant};
use mancala_server::ratings::{Rating, rate_game};

/// One copier game: the variant, the analysis' budget and the game's number (the copier is South in even
/// games, North in odd ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CopierTask {
    pub variant: Variant,
    pub nodes: u64,
    pub game: u32,
}

/// A played copier game: its decisions (both sides), the copier's figures and whether it won (`None`: a
/// draw).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CopierGame {
    pub task: CopierTask,
    pub decisions: u32,
    pub figures: Figures,
    pub won: Option<bool>,
}

/// Plays `task`'s game from an opening of `openings` random decisions, the random player seeded from
/// `seed`.
pub fn play(task: CopierTask, seed: u64, openings: u32) -> Result<CopierGame> {
    let CopierTask { variant, nodes, game } = task;
    let vi = Variant::ALL.iter().position(|&v| v == variant).unwrap_or(0) as u64;
    let parts = [vi, nodes, u64::from(game)];
    let mut pos = Opening { plies: openings, seed: bot_seed(seed, &parts) }.position(variant)?;
    let copier = if game % 2 == 0 { Side::South } else { Side::North };
    let mut random = Bot::new(Level::L1, bot_seed(seed, &[parts[0], parts[1], parts[2], 1]));
    // Ikibuguzo's secret choice of arrays has no analysis: the copier takes level 8's at the same budget.
    let mut secret =
        Bot::new(Level::L8, bot_seed(seed, &parts)).with_limits(Limits { nodes, depth: 64 }).with_safety_time(None);
    let reference_budget = reference_nodes(variant);
    let mut figures = Figures::new(None);
    let mut decisions = 0;
    let winner = loop {
        let movers: Vec<Side> = match pos.to_move() {
            ToMove::Nobody(outcome) => break outcome.winner,
            ToMove::Side(s) => vec![s],
            ToMove::Both { waiting } => Side::BOTH.into_iter().filter(|&s| waiting[s]).collect(),
        };
        let mut chosen = Vec::new();
        for side in movers {
            let d = match (side == copier, pos.to_move()) {
                (true, ToMove::Side(_)) => {
                    let best = analyse_exact(&pos, nodes)?.decisions[0].decision;
                    figures.add(best, &reference(&pos, side, reference_budget));
                    Some(best)
                }
                (true, _) => secret.decide(&pos, side),
                (false, _) => random.decide(&pos, side),
            };
            let Some(d) = d else { bail!("{variant}: no decision for {side} in `{}`", pos.to_text()) };
            chosen.push((side, d));
        }
        for (side, d) in chosen {
            decisions += 1;
            pos.apply(side, d, &mut NoEvents)?;
        }
        if decisions > 100_000 {
            bail!("{variant}: copier game {game} passed 100 000 decisions");
        }
    };
    Ok(CopierGame { task, decisions, figures, won: winner.map(|w| w == copier) })
}

/// Who the simulated copier plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// One opponent, a new account (1500 ± 350) rated by every game too: the outside test's random player.
    Same,
    /// A new account every game: a copier's rating climbs fastest so (of one opponent, a new one each
    /// game and players long at 1500 ± 50, measured), the worst case for the signal.
    New,
}

/// The copier's rating before each of `results`' games (its results in order, `None` a draw): the site's
/// update ([`rate_game`]) of a new account (1500 ± 350) playing them all against `opponent`.
pub fn ratings(results: &[Option<bool>], opponent: Opponent) -> Vec<Rating> {
    let (mut me, mut them) = (Rating::default(), Rating::default());
    let mut before = Vec::new();
    for &won in results {
        before.push(me);
        if opponent == Opponent::New {
            them = Rating::default();
        }
        let winner = won.map(|w| if w { Side::South } else { Side::North });
        let after = rate_game(BySide::new(me, them), winner);
        (me, them) = (after.south, after.north);
    }
    before
}

/// One line of the copier's table: after game `n`, the signal's window (its games since the last report)
/// and the bar at the rating before game `n` for the window's decisions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    pub n: usize,
    pub game: Option<f64>,
    pub window_games: usize,
    pub window_decisions: u32,
    pub window: Option<f64>,
    pub rating: f64,
    pub expected: f64,
    pub bar: f64,
    pub reported: bool,
}

/// The copier's simulated rating before each of `games` against `opponent` ([`ratings`] of their results).
pub fn simulated(games: &[CopierGame], opponent: Opponent) -> Vec<f64> {
    ratings(&games.iter().map(|g| g.won).collect::<Vec<_>>(), opponent).iter().map(|r| r.rating).collect()
}

/// What the server's signal does with `games` (one copier's, in order) and its `ratings` before each: at
/// each game the window of its newest games since the last report, at most [`WINDOW`], compared with the
/// bar of its rating before that game.
pub fn steps(variant: Variant, games: &[CopierGame], ratings: &[f64]) -> Vec<Step> {
    let mut since = 0;
    let mut out = Vec::new();
    for (i, (g, &rating)) in games.iter().zip(ratings).enumerate() {
        let newest_first: Vec<Figures> = games[since..=i].iter().rev().map(|g| g.figures).collect();
        let w = window(&newest_first[..newest_first.len().min(WINDOW)]);
        let reported = over(variant, rating, &w);
        out.push(Step {
            n: i + 1,
            game: g.figures.agreement(),
            window_games: w.games,
            window_decisions: w.counted,
            window: w.agreement(),
            rating,
            expected: expected(variant, rating),
            bar: threshold(variant, rating, w.counted),
            reported,
        });
        if reported {
            since = i + 1;
        }
    }
    out
}

/// The copier's tables: per variant and budget, a line per game.
pub fn report(games: &[CopierGame]) -> String {
    let mut runs: Vec<(Variant, u64)> = games.iter().map(|g| (g.task.variant, g.task.nodes)).collect();
    runs.dedup();
    let f = |x: Option<f64>| x.map_or("–".to_string(), |x| format!("{x:.1}"));
    let mut out = String::new();
    for (variant, nodes) in runs {
        let mut run: Vec<CopierGame> =
            games.iter().filter(|g| (g.task.variant, g.task.nodes) == (variant, nodes)).copied().collect();
        run.sort_by_key(|g| g.task.game);
        out.push_str(&format!("{variant}, the copier of the analysis at {nodes} nodes against a random player:\n\n"));
        out.push_str(
            "| games | agreement (game) | window (games, decisions) | rating before | expected | bar | reported | \
             rating, a new opponent each game | reported so | reported rated 2000 |\n",
        );
        out.push_str("|---|---|---|---|---|---|---|---|---|---|\n");
        let fastest = simulated(&run, Opponent::New);
        let worst = steps(variant, &run, &fastest);
        let at_2000 = steps(variant, &run, &vec![2000.0; run.len()]);
        let yes = |b: bool| if b { "yes" } else { "no" };
        for ((s, w), t) in steps(variant, &run, &simulated(&run, Opponent::Same)).iter().zip(&worst).zip(&at_2000) {
            out.push_str(&format!(
                "| {} | {} | {} ({}, {}) | {:.0} | {:.1} | {:.1} | {} | {:.0} | {} | {} |\n",
                s.n,
                f(s.game),
                f(s.window),
                s.window_games,
                s.window_decisions,
                s.rating,
                s.expected,
                s.bar,
                yes(s.reported),
                w.rating,
                yes(w.reported),
                yes(t.reported),
            ));
        }
        out.push('\n');
    }
    out
}

/// `games` as lines of text: `copier`, the variant, the nodes, the game, its decisions, the copier's counted
/// and agreed decisions, and its result (`w`, `d`, `l`).
pub fn save(games: &[CopierGame]) -> String {
    games
        .iter()
        .map(|g| {
            let result = match g.won {
                Some(true) => "w",
                Some(false) => "l",
                None => "d",
            };
            let CopierTask { variant, nodes, game } = g.task;
            format!(
                "copier {variant} {nodes} {game} {} {} {} {result}\n",
                g.decisions, g.figures.counted, g.figures.agreed
            )
        })
        .collect()
}

/// The copier games of `text`, as [`save`] wrote them (other lines are skipped).
pub fn load(text: &str) -> Result<Vec<CopierGame>> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| l.starts_with("copier ")) {
        let w: Vec<&str> = line.split_whitespace().collect();
        let bad = || anyhow::anyhow!("line {}: `{line}` is not a saved copier game", i + 1);
        if w.len() != 8 {
            return Err(bad());
        }
        let n = |k: usize| w[k].parse::<u64>().map_err(|_| bad());
        let won = match w[7] {
            "w" => Some(true),
            "l" => Some(false),
            "d" => None,
            _ => return Err(bad()),
        };
        out.push(CopierGame {
            task: CopierTask { variant: w[1].parse().map_err(|_| bad())?, nodes: n(2)?, game: n(3)? as u32 },
            decisions: n(4)? as u32,
            figures: Figures { counted: n(5)? as u32, agreed: n(6)? as u32, accuracy: None },
            won,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(n: u32, counted: u32, agreed: u32) -> CopierGame {
        let task = CopierTask { variant: Variant::Kubuguza, nodes: 200_000, game: n };
        CopierGame {
            task,
            decisions: 2 * counted,
            figures: Figures { counted, agreed, accuracy: None },
            won: Some(true),
        }
    }

    /// The simulated rating is the site's: a new account beating a new account climbs, less each game;
    /// it climbs faster against a new opponent each game, and even so, winning every game from 1500, it is
    /// under 2000 before its tenth game: the copier's 10 games are all judged at a rating of 2000 or less.
    #[test]
    fn a_winning_copiers_rating_climbs_by_the_sites_update_and_stays_under_2000_in_10_games() {
        let before = ratings(&[Some(true); 10], Opponent::Same);
        assert_eq!(before[0], Rating::default());
        let gains: Vec<f64> = before.windows(2).map(|p| p[1].rating - p[0].rating).collect();
        assert!(gains.iter().all(|&g| g > 0.0), "{gains:?}");
        assert!(gains.windows(2).all(|p| p[1] < p[0]), "{gains:?}");
        let one = rate_game(BySide::new(Rating::default(), Rating::default()), Some(Side::South));
        assert_eq!(before[1], one.south);
        let fastest = ratings(&[Some(true); 10], Opponent::New);
        assert!(fastest[2..].iter().zip(&before[2..]).all(|(f, s)| f.rating > s.rating));
        let established = Rating { rating: 1500.0, deviation: 50.0, volatility: 0.06, games: 100 };
        let mut me = Rating::default();
        for _ in 0..9 {
            me = rate_game(BySide::new(me, established), Some(Side::South)).south;
        }
        assert!(me.rating < fastest[9].rating, "1500 ± 50 opponents: {} against {}", me.rating, fastest[9].rating);
        assert!(fastest[9].rating < 2000.0, "{:?}", fastest[9]);
    }

    /// The signal's steps: no window before its fewest games, a report resets the window, and the lines
    /// save and load back.
    #[test]
    fn the_steps_follow_the_signal_and_the_lines_load_back() {
        let games: Vec<CopierGame> = (0..7).map(|n| game(n, 10, 10)).collect();
        let steps = steps(Variant::Kubuguza, &games, &simulated(&games, Opponent::Same));
        let reported: Vec<usize> = steps.iter().filter(|s| s.reported).map(|s| s.n).collect();
        assert_eq!(reported, [3, 6], "{steps:?}");
        assert_eq!(steps[3].window_games, 1, "the window starts again after a report");
        assert!(steps.windows(2).all(|p| p[1].rating > p[0].rating));
        assert_eq!(steps[2].bar, threshold(Variant::Kubuguza, steps[2].rating, 30));
        let text = save(&games);
        assert!(text.starts_with("copier kubuguza 200000 0 20 10 10 w\n"), "{text}");
        assert_eq!(load(&format!("# seed 1 openings 2\n{text}")).unwrap(), games);
        assert!(load("copier kubuguza 1 2 3").is_err());
    }
}
