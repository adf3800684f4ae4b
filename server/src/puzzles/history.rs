//! An account's puzzle history as the API gives it: its puzzle rating, its best streak, its attempts
//! (newest first) and how it did by theme. Asked by `GET /api/puzzles/history` and by the download of an
//! account's data, so it sits outside the routes.

use super::queries;
use crate::store::{Store, StoreError};
use mancala_protocol::puzzles::{AttemptEntry, PuzzleHistory, PuzzleRatingInfo, ThemeResult};
use std::collections::BTreeMap;

/// The puzzle history of the account `key`: its newest `recent` attempts (`None`: all of them, as the
/// account's download has them).
pub async fn of(store: &Store, key: &str, recent: Option<usize>) -> Result<PuzzleHistory, StoreError> {
    let standing = queries::puzzle_standing(store, key).await?;
    let all = queries::puzzle_attempts(store, key, None).await?;
    let mut themes: BTreeMap<&str, (u32, u32)> = BTreeMap::new();
    for a in &all {
        for t in &a.themes {
            let e = themes.entry(t.as_str()).or_default();
            e.0 += 1;
            e.1 += u32::from(a.won);
        }
    }
    let recent = all
        .iter()
        .take(recent.unwrap_or(usize::MAX))
        .map(|a| AttemptEntry {
            puzzle: a.puzzle.clone(),
            game: a.game.clone(),
            themes: a.themes.clone(),
            won: a.won,
            at: a.at.wire(),
            rating_before: a.before.round() as i32,
            rating_after: a.after.round() as i32,
        })
        .collect();
    Ok(PuzzleHistory {
        rating: standing.filter(|s| s.rating.games > 0).map(|s| PuzzleRatingInfo {
            rating: s.rating.shown(),
            deviation: s.rating.deviation.round() as i32,
            provisional: s.rating.provisional(),
            attempts: s.rating.games,
        }),
        streak_best: standing.map_or(0, |s| s.streak_best),
        recent,
        themes: themes
            .into_iter()
            .map(|(theme, (attempts, won))| ThemeResult { theme: theme.to_string(), attempts, won })
            .collect(),
    })
}
