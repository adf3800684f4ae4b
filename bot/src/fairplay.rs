//! Fair play: how closely one side's decisions follow level 8's, game by game ([`Figures`]) and over an
//! account's recent rated games ([`Window`]), and the bar, per variant and rating, above which a window is
//! put before a moderator ([`threshold`], [`over`]).
//!
//! The **reference** of a decision is what level 8 would choose in its position ([`reference`]): the same
//! search with the same limits and a fresh table, as level 8 runs it for every decision (a bot keeps
//! nothing between decisions), so it is exactly the decisions among which level 8 picks, whatever its
//! seed (the generator only breaks ties between equally valued decisions, so all of them are the
//! reference). A side's **agreement** in a game is the share of its decisions that had a choice (more than
//! one legal decision; Ikibuguzo's secret choice of arrays is not counted) and are one of the reference's;
//! its **accuracy** is the post-game review's. A window pools its games' decisions (agreed decisions over
//! counted decisions), so a short game weighs less than a long one and one game's noise is diluted by the
//! others.
//!
//! The reference is level 8 rather than the review's best decision because level 8 searches ten times
//! deeper than the review: measured, it agreed with the review less than levels 6 and 7 do, so a copier of
//! the site's strongest bot was never caught (BENCHMARKS.md, "Fair play"). Against its own search, level 8
//! agrees on every decision it plays without a deadline.
//!
//! Agreement alone cannot tell a copier of a weaker search (the analysis board's) from honest levels 5 to
//! 7, all engines; the **rating** can: an account rated 1500 that agrees like a bot rated 2800. So the bar
//! is drawn from the rating: the honest levels' measured agreement placed on the levels' ladder
//! ([`expected`]), some standard deviations of the window above it ([`threshold`]), and an absolute bar
//! per variant above which any long enough window is reported ([`ceiling`]). Measured on the bots' own
//! games at each level and on a copier of the analysis (`mancala-fairplay`): no honest level's (1 to 7)
//! window of [`MIN_GAMES`] to [`WINDOW`] games is over the bar at its own rating. A signal, never a
//! verdict: it only opens a report for moderators.

use crate::search::{self, Limits};
use crate::{Kind, Level};
use mancala_engine::{Decision, Position, Side, Variant};

/// The most recent rated games of one variant a window holds.
pub const WINDOW: usize = 10;
/// The fewest games a window needs before it is compared with the bar.
pub const MIN_GAMES: usize = 3;
/// The fewest counted decisions (with a choice) a window needs before it is compared with the bar: a few
/// very short games say nothing.
pub const MIN_DECISIONS: u32 = 30;

/// The reference's budget in `variant` when nothing else is set: level 8's ([`crate::level_8_nodes`]).
pub fn reference_nodes(variant: Variant) -> u64 {
    crate::level_8_nodes(variant)
}

/// The reference of `side`'s decision in `pos`: the decisions level 8's search within `nodes` nodes values
/// highest (level 8 picks one of them at random), in legal order; empty when the decision is not counted
/// (`side` is not alone to decide, or has no choice). About a second of one core at level 8's budget.
pub fn reference(pos: &Position, side: Side, nodes: u64) -> Vec<Decision> {
    let (limits, config) = match Level::L8.kind() {
        Kind::Search(limits, config) => (limits, config),
        _ => unreachable!("level 8 is a search"),
    };
    search::best_decisions(pos, side, Limits { nodes, ..limits }, config)
}

/// One side's figures in one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figures {
    /// Decisions that had a choice.
    pub counted: u32,
    /// Of those, the ones in their reference.
    pub agreed: u32,
    /// The side's accuracy (percent) in the post-game review; `None` when it never had a choice.
    pub accuracy: Option<f64>,
}

impl Figures {
    /// No decision counted yet, and the review's `accuracy`.
    pub fn new(accuracy: Option<f64>) -> Figures {
        Figures { counted: 0, agreed: 0, accuracy }
    }

    /// Counts `decision`, whose [`reference`] is `reference` (not counted when it is empty).
    pub fn add(&mut self, decision: Decision, reference: &[Decision]) {
        if !reference.is_empty() {
            self.counted += 1;
            self.agreed += u32::from(reference.contains(&decision));
        }
    }

    /// The agreement (percent); `None` without a counted decision.
    pub fn agreement(&self) -> Option<f64> {
        (self.counted > 0).then(|| 100.0 * f64::from(self.agreed) / f64::from(self.counted))
    }
}

/// A window of games pooled.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Window {
    pub games: usize,
    pub counted: u32,
    pub agreed: u32,
    /// The mean of the games' accuracies (those with one).
    pub accuracy: Option<f64>,
}

impl Window {
    /// The pooled agreement (percent); `None` without a counted decision.
    pub fn agreement(&self) -> Option<f64> {
        (self.counted > 0).then(|| 100.0 * f64::from(self.agreed) / f64::from(self.counted))
    }
}

/// The window of `games`, newest first: the first [`WINDOW`] of them pooled.
pub fn window(games: &[Figures]) -> Window {
    let games = &games[..games.len().min(WINDOW)];
    let accuracies: Vec<f64> = games.iter().filter_map(|g| g.accuracy).collect();
    Window {
        games: games.len(),
        counted: games.iter().map(|g| g.counted).sum(),
        agreed: games.iter().map(|g| g.agreed).sum(),
        accuracy: (!accuracies.is_empty()).then(|| accuracies.iter().sum::<f64>() / accuracies.len() as f64),
    }
}

/// The absolute bar (percent) of `variant`: a window at or above it is reported whatever the account's
/// rating (module doc: above every honest level's highest window measured, under level 8's 100 %).
pub fn ceiling(variant: Variant) -> f64 {
    match variant {
        Variant::Kubuguza => KUBUGUZA,
        Variant::Ikibuguzo => IKIBUGUZO,
        Variant::IkibuguzoOpening1 => IKIBUGUZO_OPENING_1,
        Variant::IkibuguzoOpening2 => IKIBUGUZO_OPENING_2,
        Variant::Njombwa => NJOMBWA,
        Variant::Azigo => AZIGO,
    }
}

// The absolute bars, percent (BENCHMARKS.md "Fair play": level 8 agrees on every decision, 100 %, in every
// variant; the honest levels' highest windows of 60 decisions or more are 97.2 % in Kubuguza (level 7),
// 94.8 % in Njombwa, 89.4 % in Azigo, and 98.0 % in Ikibuguzo (level 7), whose short, often forced games
// separate badly: its bar is 99 %, and the two other Ikibuguzo rule sets, the same game from fixed
// openings and not measured, take it too).
const KUBUGUZA: f64 = 98.0;
const IKIBUGUZO: f64 = 99.0;
const IKIBUGUZO_OPENING_1: f64 = 99.0;
const IKIBUGUZO_OPENING_2: f64 = 99.0;
const NJOMBWA: f64 = 98.0;
const AZIGO: f64 = 98.0;

/// The fewest points above its expectation from which an account's window is reported: the spread of
/// one honest level's games is wider than their decisions alone make it (a level plays better in one game
/// than in another), which a window of many decisions, as Azigo's long games give, would otherwise hide.
pub const MARGIN: f64 = 10.0;

/// Standard deviations above its expectation from which an account's window of `variant` is reported: an
/// honest window of `n` decisions agreeing at `p` on average varies by about `sqrt(p (1 - p) / n)` (a few
/// decisions say little, many say much). Measured (BENCHMARKS.md, "Fair play calibrated to the rating"):
/// no honest level's window was more than 2.2 of them above its level's figure in Kubuguza, 1.0 in
/// Njombwa and 0.5 in Azigo, which take 2.5; in Ikibuguzo, whose short, often forced games repeat and
/// vary most, random play (level 1) reached 2.8, and its rule sets take 3.
pub fn deviations(variant: Variant) -> f64 {
    match variant {
        Variant::Kubuguza | Variant::Njombwa | Variant::Azigo => 2.5,
        Variant::Ikibuguzo | Variant::IkibuguzoOpening1 | Variant::IkibuguzoOpening2 => 3.0,
    }
}

/// The fewest counted decisions a window needs before it is compared with the absolute bar ([`ceiling`]):
/// honest level 7 agreed on all 33 decisions of 3 short Kubuguza games in a row (and 98.3 % of 58 in 5),
/// while none of its windows of 60 decisions or more reached 98 %.
pub const CEILING_DECISIONS: u32 = 60;

/// The agreement (percent) with level 8 that an honest account of `rating` in `variant` is expected to
/// show: the honest levels' (1 to 7) measured agreement ([`level_agreement`]) placed at their ratings on
/// the ladder ([`crate::ladder::elo`]), never going down as the rating rises (a level that agrees less
/// than a weaker one takes the weaker one's figure), straight lines between the levels, level 1's figure
/// below its rating and the strongest figure above the top. Level 8 is not a point of it: it is the
/// reference itself, 100 % by construction.
pub fn expected(variant: Variant, rating: f64) -> f64 {
    let mut points: Vec<(f64, f64)> = Vec::new();
    let mut highest = 0.0_f64;
    for level in &Level::ALL[..7] {
        let (Some(elo), Some(agreement)) = (crate::ladder::elo(variant, *level), level_agreement(variant, *level))
        else {
            continue;
        };
        highest = highest.max(agreement);
        match points.last_mut() {
            // Levels sharing a rating: the point is the highest of them.
            Some(last) if last.0 >= f64::from(elo) => last.1 = highest,
            _ => points.push((f64::from(elo), highest)),
        }
    }
    let Some(&(first_rating, first)) = points.first() else { return 0.0 };
    if rating <= first_rating {
        return first;
    }
    for pair in points.windows(2) {
        let [(r0, a0), (r1, a1)] = [pair[0], pair[1]];
        if rating <= r1 {
            return a0 + (a1 - a0) * (rating - r0) / (r1 - r0);
        }
    }
    highest
}

/// The agreement (percent) from which a window of `variant` of `counted` decisions, of an account rated
/// `rating` (before its newest game), is reported: well above what its rating leads to expect
/// ([`expected`]): by [`deviations`] standard deviations of such a window (those of a lower expectation
/// where they are wider), and at least [`MARGIN`] points; and from [`CEILING_DECISIONS`] decisions never above the variant's absolute bar ([`ceiling`]).
/// Above 100 %: nothing is reported.
pub fn threshold(variant: Variant, rating: f64, counted: u32) -> f64 {
    let e = expected(variant, rating);
    // An expectation `x` plus its deviations, `x + c sqrt(x (100 - x))`, climbs with `x` up to `peak`, then
    // falls as the deviation narrows towards 100 %: past it the bar keeps the peak's, so that it never
    // goes down as the rating rises.
    let c = deviations(variant) / f64::from(counted.max(1)).sqrt();
    let peak = 50.0 + 50.0 / (1.0 + c * c).sqrt();
    let x = e.min(peak);
    let relative = (e + MARGIN).max(x + c * (x * (100.0 - x)).sqrt());
    if counted >= CEILING_DECISIONS { relative.min(ceiling(variant)) } else { relative }
}

/// Whether `w`, a window of `variant` of an account rated `rating`, is over the bar: enough games and
/// decisions, and an agreement at or above [`threshold`].
pub fn over(variant: Variant, rating: f64, w: &Window) -> bool {
    w.games >= MIN_GAMES
        && w.counted >= MIN_DECISIONS
        && w.agreement().is_some_and(|a| a >= threshold(variant, rating, w.counted))
}

/// The measured agreement (percent) of honest `level` (1 to 7) in `variant`: every decision of its games
/// against itself pooled (`mancala-fairplay`, the saved lines in `tools/bench/fairplay/`; a test of the
/// tools checks these figures against the files). The Ikibuguzo rule sets from fixed openings are the same
/// game and take Ikibuguzo's figures (at their own ladder's ratings). `None` for level 8.
pub fn level_agreement(variant: Variant, level: Level) -> Option<f64> {
    let row = match variant {
        Variant::Kubuguza => &AGREEMENT_KUBUGUZA,
        Variant::Ikibuguzo | Variant::IkibuguzoOpening1 | Variant::IkibuguzoOpening2 => &AGREEMENT_IKIBUGUZO,
        Variant::Njombwa => &AGREEMENT_NJOMBWA,
        Variant::Azigo => &AGREEMENT_AZIGO,
    };
    row.get(level as usize).copied()
}

// Levels 1 to 7, percent.
const AGREEMENT_KUBUGUZA: [f64; 7] = [34.0, 50.8, 55.6, 74.9, 85.1, 90.7, 89.9];
const AGREEMENT_IKIBUGUZO: [f64; 7] = [34.3, 49.1, 60.4, 79.0, 88.3, 87.5, 94.0];
const AGREEMENT_NJOMBWA: [f64; 7] = [47.9, 58.9, 55.6, 79.1, 86.4, 92.2, 91.3];
const AGREEMENT_AZIGO: [f64; 7] = [26.0, 71.0, 67.0, 84.6, 79.7, 89.0, 83.6];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Bot;
    use mancala_engine::{NoEvents, Options, ToMove};

    fn figures(counted: u32, agreed: u32) -> Figures {
        Figures { counted, agreed, accuracy: Some(90.0) }
    }

    #[test]
    fn a_window_pools_its_newest_games() {
        let mut games = vec![figures(20, 20); 3];
        games.extend(vec![figures(10, 0); WINDOW]);
        let w = window(&games);
        assert_eq!(w.games, WINDOW);
        assert_eq!((w.counted, w.agreed), (3 * 20 + 7 * 10, 60));
        assert_eq!(w.accuracy, Some(90.0));
        assert!((w.agreement().unwrap() - 100.0 * 60.0 / 130.0).abs() < 1e-9);
        assert_eq!(window(&[]).agreement(), None);
    }

    #[test]
    fn the_bar_needs_enough_games_decisions_and_agreement() {
        for variant in Variant::ALL {
            for rating in [800.0, 1500.0, 2000.0, 2600.0, 3200.0] {
                let bar = threshold(variant, rating, 100);
                assert!(bar > 30.0 && bar <= 100.0, "{variant} at {rating}: {bar}");
                let at = |games: usize, counted: u32, agreed: u32| Window { games, counted, agreed, accuracy: None };
                let just = bar.ceil() as u32;
                assert!(over(variant, rating, &at(MIN_GAMES, 100, just)), "{variant} at {rating}");
                assert!(!over(variant, rating, &at(MIN_GAMES, 100, just - 1)), "{variant} at {rating}: under");
                assert!(!over(variant, rating, &at(MIN_GAMES - 1, 100, 100)), "{variant}: too few games");
                assert!(
                    !over(variant, rating, &at(MIN_GAMES, MIN_DECISIONS - 1, MIN_DECISIONS - 1)),
                    "{variant}: too few decisions"
                );
            }
        }
    }

    /// The expectation climbs with the rating and stays within the honest levels' figures; the bar is
    /// over it by [`MARGIN`] at least, by more for a window of few decisions, and from
    /// [`CEILING_DECISIONS`] never over the absolute bar, which it reaches at the strong levels' ratings.
    #[test]
    fn the_bar_climbs_with_the_rating_to_the_absolute_bar() {
        for variant in Variant::ALL {
            let figures: Vec<f64> = Level::ALL[..7].iter().filter_map(|&l| level_agreement(variant, l)).collect();
            let (lowest, highest) = (figures[0], figures.iter().copied().fold(0.0, f64::max));
            assert_eq!(expected(variant, 0.0), lowest, "{variant}: level 1's figure under its rating");
            for counted in [MIN_DECISIONS, CEILING_DECISIONS - 1, CEILING_DECISIONS, 200, 2000] {
                let mut previous = (expected(variant, 0.0), threshold(variant, 0.0, counted));
                for rating in (0..=4000).step_by(10).map(f64::from) {
                    let (e, bar) = (expected(variant, rating), threshold(variant, rating, counted));
                    assert!(
                        e >= previous.0 && bar >= previous.1,
                        "{variant} at {rating}: {e} {bar} after {previous:?}"
                    );
                    assert!((lowest..=highest).contains(&e), "{variant} at {rating}: {e}");
                    let ceiled = counted >= CEILING_DECISIONS;
                    assert!(!ceiled || bar <= ceiling(variant), "{variant} at {rating}");
                    assert!((ceiled && bar == ceiling(variant)) || bar >= e + MARGIN, "{variant} at {rating}");
                    let more = threshold(variant, rating, counted * 2);
                    assert!(more <= bar, "{variant} at {rating}: more decisions, a bar as low or lower");
                    previous = (e, bar);
                }
            }
            assert_eq!(expected(variant, 10_000.0), highest, "{variant}: the strongest figure above the top");
            assert_eq!(level_agreement(variant, Level::L8), None, "{variant}: level 8 is the reference");
            // At each level's rating the expectation is at least its own figure (the ladder is monotone).
            for &level in &Level::ALL[..7] {
                let elo = f64::from(crate::ladder::elo(variant, level).unwrap());
                assert!(expected(variant, elo) >= level_agreement(variant, level).unwrap(), "{variant} {level}");
            }
        }
        // Kubuguza: the bar of a low rating far under the absolute bar, and closer to the expectation as
        // the window grows; the strong levels' ratings at the absolute bar.
        let k = Variant::Kubuguza;
        assert!(threshold(k, 1500.0, 100) < 85.0);
        assert_eq!(threshold(k, 1500.0, 2000), expected(k, 1500.0) + MARGIN);
        assert!(threshold(k, 1500.0, MIN_DECISIONS) > threshold(k, 1500.0, 100));
        assert_eq!(threshold(k, 3000.0, CEILING_DECISIONS), ceiling(k));
        assert!(threshold(k, 3000.0, CEILING_DECISIONS - 1) > 100.0, "a short window of a strong account");
    }

    /// Only decisions with a reference count, and agree when they are one of it.
    #[test]
    fn figures_count_the_decisions_with_a_reference() {
        let start = Position::start(Variant::Kubuguza, Options::defaults(Variant::Kubuguza)).unwrap();
        let ToMove::Side(side) = start.to_move() else { panic!("Kubuguza starts with one side") };
        let legal = start.legal_decisions(side);
        let mut f = Figures::new(Some(75.0));
        f.add(legal[0], &[legal[0], legal[2]]);
        f.add(legal[1], &[legal[0]]);
        f.add(legal[0], &[]);
        assert_eq!((f.counted, f.agreed, f.accuracy), (2, 1, Some(75.0)));
        assert_eq!(f.agreement(), Some(50.0));
        assert_eq!(Figures::new(None).agreement(), None);
    }

    /// The reference is what level 8 plays: whatever its seed, a level-8 bot at the same budget plays one
    /// of the reference's decisions, the reference holds only decisions of the highest value, and a side
    /// without a choice has none.
    #[test]
    fn level_8_always_plays_one_of_its_reference() {
        let nodes = 20_000;
        for variant in [Variant::Kubuguza, Variant::Njombwa, Variant::Azigo, Variant::Ikibuguzo] {
            let mut pos = Position::start(variant, Options::defaults(variant)).unwrap();
            let mut bots: Vec<Bot> =
                (0..4).map(|seed| Bot::new(Level::L8, seed).with_limits(Limits { nodes, depth: 64 })).collect();
            // Ikibuguzo's secret choice is not counted: both sides choose, then the game is checked.
            while let ToMove::Both { waiting } = pos.to_move() {
                let side = Side::BOTH.into_iter().find(|&s| waiting[s]).unwrap();
                assert!(reference(&pos, side, nodes).is_empty(), "{variant}: a secret choice is not counted");
                let d = bots[0].decide(&pos, side).expect("a choice");
                pos.apply(side, d, &mut NoEvents).unwrap();
            }
            let mut checked = 0;
            for ply in 0..40 {
                let ToMove::Side(side) = pos.to_move() else { break };
                let reference = reference(&pos, side, nodes);
                assert_eq!(reference.is_empty(), pos.legal_decisions(side).len() < 2, "{variant} ply {ply}");
                let mut played = None;
                for bot in &mut bots {
                    let d = bot.decide(&pos, side).expect("a decision");
                    if !reference.is_empty() {
                        assert!(reference.contains(&d), "{variant} ply {ply}: {d:?} not in {reference:?}");
                        checked += 1;
                    }
                    played.get_or_insert(d);
                }
                pos.apply(side, played.unwrap(), &mut NoEvents).unwrap();
            }
            assert!(checked > 20, "{variant}: {checked} decisions checked");
        }
    }

    /// A search cut by the wall clock is not level 8's: with a safety net that fires at its first look at
    /// the clock (what a machine so loaded that a low-priority search passes the net's 30 s does), level 8
    /// plays outside its reference, which the clock never cuts; without the net, as `mancala-fairplay`
    /// plays it, it stays inside.
    #[test]
    fn a_search_cut_by_the_clock_leaves_the_reference() {
        let nodes = 20_000;
        let variant = Variant::Ikibuguzo;
        let limits = Limits { nodes, depth: 64 };
        let mut pos = Position::start(variant, Options::defaults(variant)).unwrap();
        let mut cut = Bot::new(Level::L8, 1).with_limits(limits).with_safety_time(Some(std::time::Duration::ZERO));
        let mut exact = Bot::new(Level::L8, 1).with_limits(limits).with_safety_time(None);
        while let ToMove::Both { waiting } = pos.to_move() {
            let side = Side::BOTH.into_iter().find(|&s| waiting[s]).unwrap();
            let d = exact.decide(&pos, side).expect("a choice");
            pos.apply(side, d, &mut NoEvents).unwrap();
        }
        let (mut counted, mut outside) = (0, 0);
        for _ in 0..40 {
            let ToMove::Side(side) = pos.to_move() else { break };
            let reference = reference(&pos, side, nodes);
            let d = exact.decide(&pos, side).expect("a decision");
            if !reference.is_empty() {
                assert!(reference.contains(&d), "{d:?} not in {reference:?}: {}", pos.to_text());
                counted += 1;
                outside += usize::from(!reference.contains(&cut.decide(&pos, side).expect("a decision")));
            }
            pos.apply(side, d, &mut NoEvents).unwrap();
        }
        assert!(counted > 10, "{counted} decisions counted");
        assert!(outside > 0, "cut short, level 8 still agreed on all {counted} decisions");
    }
}
