//! Arena scoring: a player's score sheet recounted from their finished games, and the standings recounted
//! from all the games of the arena, so the server never has to trust a running total.

use crate::{PlayerId, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A draw shorter than this many plies scores nothing (lichess: 10 moves).
pub const EARLY_DRAW_PLIES: u32 = 10;
/// A berserk win earns its extra point only if the game lasted this many plies (lichess: 7 moves).
pub const BERSERK_MIN_PLIES: u32 = 7;

const WIN: u32 = 2;
const DRAW: u32 = 1;
const BERSERK_BONUS: u32 = 1;

/// The configurable thresholds of the scoring.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaRules {
    pub early_draw_plies: u32,
    pub berserk_min_plies: u32,
}

impl Default for ArenaRules {
    fn default() -> Self {
        ArenaRules { early_draw_plies: EARLY_DRAW_PLIES, berserk_min_plies: BERSERK_MIN_PLIES }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerResult {
    Win,
    Draw,
    Loss,
}

/// A finished game as one of its players sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerGame {
    pub result: PlayerResult,
    /// Plies played (a ply is one player's turn).
    pub plies: u32,
    /// Whether this player berserked.
    pub berserk: bool,
}

/// What one game scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetEntry {
    pub points: u32,
    /// The player was on fire (two wins in a row before it): the game scored double.
    pub on_fire: bool,
    pub berserk_bonus: bool,
}

/// A player's scores game by game.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreSheet {
    pub entries: Vec<SheetEntry>,
    pub total: u32,
    /// Whether the next game will score double.
    pub on_fire: bool,
}

/// The score sheet of a player's finished games, in the order they finished.
pub fn score_sheet(games: &[PlayerGame], rules: &ArenaRules) -> ScoreSheet {
    let mut sheet = ScoreSheet::default();
    let mut streak = 0u32;
    for game in games {
        // Fire lasts as long as the wins: the two games before this one were both won.
        let on_fire = streak >= 2;
        let factor = if on_fire { 2 } else { 1 };
        let berserk_bonus = game.berserk && game.result == PlayerResult::Win && game.plies >= rules.berserk_min_plies;
        let base = match game.result {
            PlayerResult::Win => WIN,
            PlayerResult::Draw if game.plies < rules.early_draw_plies => 0,
            PlayerResult::Draw => DRAW,
            PlayerResult::Loss => 0,
        };
        let points = base * factor + if berserk_bonus { BERSERK_BONUS } else { 0 };
        streak = if game.result == PlayerResult::Win { streak + 1 } else { 0 };
        sheet.total += points;
        sheet.entries.push(SheetEntry { points, on_fire, berserk_bonus });
    }
    sheet.on_fire = streak >= 2;
    sheet
}

/// A finished game of the arena.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaGame {
    pub first: PlayerId,
    pub second: PlayerId,
    /// `None` for a draw.
    pub winner: Option<Seat>,
    pub plies: u32,
    pub first_berserk: bool,
    pub second_berserk: bool,
}

impl ArenaGame {
    /// The game as `id` saw it, if they played it.
    pub fn for_player(&self, id: &PlayerId) -> Option<PlayerGame> {
        let (seat, berserk) = if *id == self.first {
            (Seat::First, self.first_berserk)
        } else if *id == self.second {
            (Seat::Second, self.second_berserk)
        } else {
            return None;
        };
        let result = match self.winner {
            None => PlayerResult::Draw,
            Some(w) if w == seat => PlayerResult::Win,
            Some(_) => PlayerResult::Loss,
        };
        Some(PlayerGame { result, plies: self.plies, berserk })
    }
}

/// A line of the arena's standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaStanding {
    /// Equal scores share a rank (1, 2, 2, 4); within it lines are by id.
    pub rank: u32,
    pub id: PlayerId,
    pub score: u32,
    pub games: u32,
    pub wins: u32,
    pub sheet: ScoreSheet,
}

/// The standings recounted from the arena's finished `games`, in the order they finished; every one of
/// `players` has a line, and so has anyone who played.
pub fn standings(players: &[PlayerId], games: &[ArenaGame], rules: &ArenaRules) -> Vec<ArenaStanding> {
    let mut played: BTreeMap<&PlayerId, Vec<PlayerGame>> = players.iter().map(|p| (p, Vec::new())).collect();
    for game in games {
        for id in [&game.first, &game.second] {
            played.entry(id).or_default().extend(game.for_player(id));
        }
    }
    let mut lines: Vec<ArenaStanding> = played
        .into_iter()
        .map(|(id, games)| {
            let sheet = score_sheet(&games, rules);
            let wins = games.iter().filter(|g| g.result == PlayerResult::Win).count();
            ArenaStanding {
                rank: 0,
                id: id.clone(),
                score: sheet.total,
                games: u32::try_from(games.len()).unwrap_or(u32::MAX),
                wins: u32::try_from(wins).unwrap_or(u32::MAX),
                sheet,
            }
        })
        .collect();
    // Stable: equal scores stay in id order.
    lines.sort_by_key(|l| std::cmp::Reverse(l.score));
    for i in 0..lines.len() {
        lines[i].rank = if i > 0 && lines[i - 1].score == lines[i].score { lines[i - 1].rank } else { i as u32 + 1 };
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use PlayerResult::{Draw, Loss, Win};

    fn game(result: PlayerResult, plies: u32, berserk: bool) -> PlayerGame {
        PlayerGame { result, plies, berserk }
    }

    fn points(games: &[PlayerGame]) -> Vec<u32> {
        score_sheet(games, &ArenaRules::default()).entries.iter().map(|e| e.points).collect()
    }

    #[test]
    fn streaks_double_until_a_game_is_not_won() {
        let g = |r| game(r, 40, false);
        assert_eq!(points(&[g(Win), g(Win), g(Win), g(Win), g(Loss), g(Win)]), [2, 2, 4, 4, 0, 2]);
        assert_eq!(points(&[g(Win), g(Win), g(Draw), g(Win), g(Win), g(Win)]), [2, 2, 2, 2, 2, 4]);
        assert_eq!(points(&[g(Win), g(Draw), g(Win), g(Win)]), [2, 1, 2, 2]);
        let sheet = score_sheet(&[g(Win), g(Win)], &ArenaRules::default());
        assert!(sheet.on_fire && !sheet.entries[1].on_fire);
        assert_eq!(sheet.total, 4);
    }

    #[test]
    fn early_draws_score_nothing_and_end_the_fire() {
        let g = |r, plies| game(r, plies, false);
        assert_eq!(points(&[g(Draw, 9), g(Draw, 10)]), [0, 1]);
        assert_eq!(points(&[g(Win, 30), g(Win, 30), g(Draw, 4), g(Win, 30)]), [2, 2, 0, 2]);
        let rules = ArenaRules { early_draw_plies: 0, ..ArenaRules::default() };
        assert_eq!(score_sheet(&[g(Draw, 0)], &rules).total, 1);
    }

    #[test]
    fn berserk_wins_a_point_in_a_long_enough_game() {
        assert_eq!(points(&[game(Win, 7, true), game(Win, 6, true), game(Win, 30, true)]), [3, 2, 5]);
        assert_eq!(points(&[game(Draw, 30, true), game(Loss, 30, true)]), [1, 0]);
        let sheet = score_sheet(&[game(Win, 7, true)], &ArenaRules::default());
        assert!(sheet.entries[0].berserk_bonus);
    }

    #[test]
    fn standings_recount_the_games() {
        let g = |first: &str, second: &str, winner, plies| ArenaGame {
            first: first.into(),
            second: second.into(),
            winner,
            plies,
            first_berserk: first == "a",
            second_berserk: second == "a",
        };
        let games = [
            g("a", "b", Some(Seat::First), 20),  // a 2 + 1 berserk
            g("c", "a", Some(Seat::Second), 20), // a 2 + 1
            g("b", "c", None, 20),               // b 1, c 1
            g("a", "b", Some(Seat::First), 20),  // a on fire: 4 + 1
            g("c", "b", None, 3),                // early draw: nothing
        ];
        let lines = standings(&["a".into(), "b".into(), "c".into(), "d".into()], &games, &ArenaRules::default());
        let got: Vec<(&str, u32, u32, u32, u32)> =
            lines.iter().map(|l| (l.id.0.as_str(), l.rank, l.score, l.games, l.wins)).collect();
        assert_eq!(got, [("a", 1, 11, 3, 3), ("b", 2, 1, 4, 0), ("c", 2, 1, 3, 0), ("d", 4, 0, 0, 0)]);
        assert!(lines[0].sheet.on_fire);
    }
}
