//! What a moderator reads beside a report: the reported lines with the chat around them, and the player's
//! recent record (games, results, aborts, losses on time, and its newest rated games' fair-play figures).

use super::queries::ReportRow;
use crate::game::UnixMs;
use crate::ids::PlayerName;
use crate::store::{GameFilter, Store, StoreError};
use mancala_engine::Side;
use mancala_protocol::moderation::{ModChatLine, ModFairPlay, ModRecord, ModReport, ModReportEntry};
use std::time::Duration;

/// The recent games a record lists.
pub const RECENT_GAMES: u32 = 20;
/// The chat lines shown on each side of a reported one.
pub const CHAT_AROUND: i64 = 5;
/// How far back aborts are counted.
const ABORTS_OVER: Duration = Duration::from_secs(30 * 24 * 3600);

/// The record of the account `name`.
pub async fn of(store: &Store, name: &PlayerName) -> Result<ModRecord, StoreError> {
    let filter = GameFilter { player: Some(name.clone()), ..Default::default() };
    let games = store.list_games(&filter, None, RECENT_GAMES).await?;
    let seat_of = |g: &crate::game::GameHeader| {
        Side::BOTH
            .into_iter()
            .find(|&s| g.seats[s].as_ref().is_some_and(|o| o.who.is_account() && o.name().same_player(name)))
    };
    let timeouts = games
        .iter()
        .filter(|g| {
            let summary = g.summary();
            summary
                .result
                .as_ref()
                .is_some_and(|r| r.reason == "timeout" && r.winner.is_some() && r.winner.map(Side::other) == seat_of(g))
        })
        .count() as u64;
    let [_, wins, losses, draws, _] = store.player_stats(name).await?;
    let since = UnixMs::from_millis(UnixMs::now().millis() - ABORTS_OVER.as_millis() as i64);
    // The outcomes the penalties for leaving games count: an abort is one the player made.
    let outcomes = crate::playban::queries::outcomes_of(store, &name.key(), true, since).await?;
    let aborts = outcomes.iter().filter(|(_, o)| *o == crate::game::Conduct::Abort).count() as u64;
    let fair_play = crate::fairplay::queries::figures_of(store, &name.key(), None, None, RECENT_GAMES as i64)
        .await?
        .into_iter()
        .map(|f| ModFairPlay {
            agreement: (f.counted > 0).then(|| (10_000.0 * f64::from(f.agreed) / f64::from(f.counted)).round() / 100.0),
            game: f.game_id,
            variant: f.variant,
            decisions: f.counted,
            accuracy: f.accuracy,
            rating: f.rating.round() as i32,
            deviation: f.deviation.round() as i32,
            at: f.at.wire(),
        })
        .collect();
    Ok(ModRecord {
        recent_games: games.iter().map(|g| g.summary()).collect(),
        wins,
        losses,
        draws,
        aborts,
        timeouts,
        fair_play,
    })
}

/// `report` as the queue shows it: each entry with the chat around its line, and the player's record.
pub async fn report(store: &Store, report: ReportRow) -> Result<ModReport, StoreError> {
    let mut entries = Vec::with_capacity(report.entries.len());
    for e in report.entries {
        let chat = match (&e.game_id, e.line_n) {
            (Some(game), Some(n)) => store
                .chat(game)
                .await?
                .into_iter()
                .filter(|l| (l.n - n).abs() <= CHAT_AROUND)
                .map(|l| ModChatLine {
                    n: l.n as u64,
                    room: l.room,
                    by: l.author,
                    text: l.text,
                    at: l.at.max(0) as u64,
                    reported: l.n == n,
                    shadow: l.shadow,
                })
                .collect(),
            _ => Vec::new(),
        };
        entries.push(ModReportEntry {
            reporter: e.reporter_key,
            text: e.text,
            game: e.game_id,
            line: e.line_n.map(|n| n as u64),
            chat,
            at: e.at.wire(),
        });
    }
    let record = match PlayerName::parse(&report.player) {
        Ok(name) => of(store, &name).await?,
        Err(e) => return Err(StoreError::Corrupt(format!("reported name `{}`: {e}", report.player))),
    };
    Ok(ModReport {
        id: report.id.to_string(),
        player: report.player,
        reason: report.reason,
        open: report.open,
        created_at: report.created_at.wire(),
        entries,
        record,
    })
}
