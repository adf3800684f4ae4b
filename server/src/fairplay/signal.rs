//! The signal: when a game's figures are about to be stored, each account's window in that variant (its newest
//! [`WINDOW`] rated games of it since the server last reported it) is compared with the bar of the variant
//! and of the account's rating before its newest game ([`mancala_bot::fairplay::over`]: far above what
//! that rating leads to expect, or above the variant's absolute bar). Over it, the account gets a report
//! for "computer assistance" (`cheat`) from [`FAIR_PLAY`], a name nobody may register, merged into its
//! open report for that reason as any reporter's is, whose text is the evidence: the window's agreement,
//! accuracy and decisions, the rating, the agreement expected for it and the bar, and each game. The
//! report is written in the transaction that stores the figures. Nothing else: no report is ever closed,
//! nor an account marked, by the server.
//!
//! Games counted in one report are not counted again: the next report needs a window of games that all
//! ended after it, so an account over the bar is reported again every [`MIN_GAMES`] games or so, each
//! time with new evidence, never once per game.

use super::queries::{self, FairPlayRow, FairPlayWrite};
use crate::game::UnixMs;
use crate::ids::{FAIR_PLAY, PlayerName, ReportId};
use crate::store::{ReportEntry, ReportFiling, Store, StoreError, Write};
use mancala_bot::fairplay::{Figures, MIN_GAMES, WINDOW, Window, expected, over, threshold, window};
use mancala_engine::Variant;
use mancala_protocol::moderation::ReportReason;

/// A report the signal files: on the account `player_key`, with `entry`.
#[derive(Clone, Debug)]
pub struct Filed {
    pub player_key: String,
    pub entry: ReportEntry,
}

impl Filed {
    /// The write of this report, opened as `id` unless the account has an open `cheat` report already.
    pub fn write(&self, id: ReportId) -> Write {
        Write::feature(FairPlayWrite::Report(ReportFiling {
            new_id: id,
            player_key: self.player_key.clone(),
            reason: ReportReason::Cheat.id().to_string(),
            entry: self.entry.clone(),
        }))
    }
}

/// Looks at the window of `row`'s player and variant, `row` (not stored yet) its newest game: the report
/// to file with the figures when the account is over the bar.
pub async fn look(store: &Store, row: &FairPlayRow) -> Result<Option<Filed>, StoreError> {
    let Ok(variant) = row.variant.parse::<Variant>() else { return Ok(None) };
    // Bots have no account: rating rows under a seat name only.
    let Ok(name) = PlayerName::parse(&row.player_key) else { return Ok(None) };
    let Some(account) = store.player_by_name(&name).await? else { return Ok(None) };
    let since = queries::last_reported(store, &row.player_key).await?;
    let mut games = vec![row.clone()];
    let before = queries::figures_of(store, &row.player_key, Some(variant.id()), since, WINDOW as i64).await?;
    games.extend(before.into_iter().filter(|g| g.game_id != row.game_id));
    games.truncate(WINDOW);
    let figures: Vec<Figures> =
        games.iter().map(|g| Figures { counted: g.counted, agreed: g.agreed, accuracy: g.accuracy }).collect();
    let w = window(&figures);
    // The newest game's rating is the account's strength as the site knows it now: a copier's rating
    // climbs with its wins, and the bar with it.
    if !over(variant, row.rating, &w) {
        return Ok(None);
    }
    tracing::info!(player = %account.name, %variant, agreement = ?w.agreement(), "fair play: reported");
    Ok(Some(Filed {
        player_key: PlayerName::parse(&account.name).map(|n| n.key()).unwrap_or_else(|_| name.key()),
        entry: ReportEntry {
            reporter_key: FAIR_PLAY.to_string(),
            text: evidence(variant, &w, &games),
            game_id: Some(row.game_id.clone()),
            line_n: None,
            at: UnixMs::now(),
        },
    }))
}

/// The report's text: the window, the rating before the newest game with the agreement expected for it and
/// the bar, then each game newest first (id, agreed of counted, accuracy, rating).
fn evidence(variant: Variant, w: &Window, games: &[FairPlayRow]) -> String {
    let pct = |x: Option<f64>| x.map_or("–".to_string(), |x| format!("{x:.1} %"));
    let (rating, deviation) = games.first().map_or((0.0, 0.0), |g| (g.rating, g.deviation));
    let mut text = format!(
        "Fair play: {} agreement with level 8's decisions over {} rated {variant} games ({} of {} \
         decisions), accuracy {}, rating {rating:.0} ± {deviation:.0} before the newest; expected for that \
         rating {:.1} %, the bar {:.1} % for that many decisions over {MIN_GAMES} to {WINDOW} games. Games:",
        pct(w.agreement()),
        w.games,
        w.agreed,
        w.counted,
        pct(w.accuracy),
        expected(variant, rating),
        threshold(variant, rating, w.counted),
    );
    for g in games {
        text.push_str(&format!(" {} {}/{} {} {:.0};", g.game_id, g.agreed, g.counted, pct(g.accuracy), g.rating));
    }
    text.pop();
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::Side;

    #[test]
    fn the_evidence_names_the_window_and_each_game() {
        let row = |id: &str, agreed| FairPlayRow {
            game_id: id.into(),
            side: Side::South,
            player_key: "ann".into(),
            variant: "kubuguza".into(),
            counted: 40,
            agreed,
            accuracy: Some(98.5),
            rating: 1500.0,
            deviation: 350.0,
            at: UnixMs::from_millis(1),
        };
        let games = [row("g2", 39), row("g1", 38)];
        let w = Window { games: 2, counted: 80, agreed: 77, accuracy: Some(98.5) };
        let text = evidence(Variant::Kubuguza, &w, &games);
        assert!(text.starts_with("Fair play: 96.2 % agreement"), "{text}");
        assert!(text.contains("77 of 80 decisions"), "{text}");
        assert!(text.contains("rating 1500 ± 350 before the newest"), "{text}");
        let (e, bar) = (expected(Variant::Kubuguza, 1500.0), threshold(Variant::Kubuguza, 1500.0, 80));
        assert!(text.contains(&format!("expected for that rating {e:.1} %, the bar {bar:.1} % for")), "{text}");
        assert!(text.ends_with("Games: g2 39/40 98.5 % 1500; g1 38/40 98.5 % 1500"), "{text}");
    }
}
